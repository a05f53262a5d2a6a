import { Button } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

const icon = <IconMessage2 size={18} aria-hidden />;

/** The member's toolbar feedback button (spec 3 §2.6): opens the feedback dialog. */
export function MemberFeedbackButton({ labelClassName }: { labelClassName?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        leftSection={icon}
        px="xs"
        onClick={() => setOpen(true)}
        style={{ flexShrink: 0, marginLeft: 'auto' }}
      >
        <span className={labelClassName}>Feedback</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FeedbackDialog opened onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The staff's toolbar feedback button (spec 3 §6 "the feedback list"): the list at /feedback. */
export function StaffFeedbackLink({ labelClassName }: { labelClassName?: string }) {
  return (
    <Button component={Link} to="/feedback" variant="subtle" leftSection={icon} px="xs">
      <span className={labelClassName}>Feedback</span>
    </Button>
  );
}
