import { NOTICE_MESSAGES } from '@atrium/contracts';
import { Drawer, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { NoticeBoard } from './NoticeBoard';
import type { NoticeFilter } from './notice-rules';
import { useNotices } from './useNotices';

const NoticeManagerDialog = lazy(() => import('./NoticeManagerDialog'));

/** The board in a side panel (the whole screen on a phone); staff open the manager from it. */
export default function NoticeBoardDrawer({ manage, onClose }: { manage: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const { query, board } = useNotices(manage);
  const [managing, setManaging] = useState<NoticeFilter | null>(null);
  const empty = board.notices.length === 0 && board.quotes.length === 0;
  return (
    <>
      <Drawer
        opened={managing === null}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'md'}
        title="Notice board"
        closeButtonProps={{ 'aria-label': 'Close the notice board' }}
      >
        {query.isPending ? (
          <Loader size="sm" aria-label="Loading notices" />
        ) : query.isError ? (
          <Text c="red.8">{query.error.message}</Text>
        ) : (
          <>
            {empty ? (
              <Text mb="md" fw={500}>
                {NOTICE_MESSAGES.noneAvailable}
              </Text>
            ) : null}
            <NoticeBoard
              notices={board.notices}
              quotes={board.quotes}
              onManage={manage ? (type) => setManaging(type) : undefined}
            />
          </>
        )}
      </Drawer>
      {managing !== null ? (
        <Suspense fallback={null}>
          <NoticeManagerDialog initialFilter={managing} onClose={() => setManaging(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
