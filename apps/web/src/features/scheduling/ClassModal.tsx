import type { ClassSession } from '@atrium/contracts';
import { Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { SessionDetails } from './SessionDetails';

/**
 * The class picked in a timetable (the public calendar, the student's classes): a dialog named for it,
 * full screen on a phone, with its details and under them what the viewer may do (`children`, told
 * whether the class is still to start).
 */
export function ClassModal<S extends ClassSession>({
  session,
  timeZone,
  onClose,
  children,
}: {
  session: S | null;
  timeZone: string;
  onClose: () => void;
  children: (session: S, upcoming: boolean) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      title={session?.name ?? 'Class'}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {session ? (
        <Stack gap="sm">
          <SessionDetails session={session} timeZone={timeZone} />
          {children(session, new Date(session.startsAt).getTime() > Date.now())}
        </Stack>
      ) : null}
    </Modal>
  );
}
