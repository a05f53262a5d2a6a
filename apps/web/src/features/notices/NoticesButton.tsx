import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { badgeText } from './notice-rules';
import { useNotices } from './useNotices';

const NoticeBoardDrawer = lazy(() => import('./NoticeBoardDrawer'));

/**
 * Spec 3 §2.6: the toolbar's notices button with a badge counting the notices and quotes on the board.
 * It opens the board; `manage` (admins and staff, never a student preview) adds the Manage links.
 */
export function NoticesButton({ manage = false }: { manage?: boolean }) {
  const [open, setOpen] = useState(false);
  const { board } = useNotices(manage);
  const count = board.notices.length + board.quotes.length;
  const label = count === 1 ? 'Notices, 1 on the board' : `Notices, ${count} on the board`;
  return (
    <>
      <Tooltip label="Notices">
        <Indicator label={badgeText(count)} disabled={count === 0} size={16} offset={4} color="red">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => setOpen(true)}>
            <IconSpeakerphone size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <NoticeBoardDrawer manage={manage} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
