import { NOTICE_MESSAGES, type Notice, noticeText } from '@atrium/contracts';
import { ActionIcon, Badge, Button, Group, Loader, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { noticeKeys, noticesApi } from './api';
import { NoticeFormDialog } from './NoticeFormDialog';
import { expiryText, filterNotices, type NoticeFilter, noticeStatus } from './notice-rules';
import { useNotices } from './useNotices';

type View = { kind: 'list' } | { kind: 'form'; notice: Notice | null } | { kind: 'delete'; notice: Notice };

const STATUS_COLOURS = { Published: 'teal', Private: 'gray', Expired: 'orange' } as const;
const excerpt = (notice: Notice) => {
  const text = noticeText(notice.message) || 'Image';
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/**
 * The notice manager (spec 3 §2.6: list, add and edit views; dialog 700 wide): every notice and quote,
 * private and expired ones too, filtered by type; add, edit, delete (admins and staff).
 */
export default function NoticeManagerDialog({
  initialFilter,
  onClose,
}: {
  initialFilter: NoticeFilter;
  onClose: () => void;
}) {
  const tenant = useTenant();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const client = useQueryClient();
  const { query, all } = useNotices(true);
  const [filter, setFilter] = useState<NoticeFilter>(initialFilter);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [deleting, setDeleting] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: noticeKeys.all });
  const shown = filterNotices(all, filter);

  return (
    <>
      <Modal
        opened={view.kind === 'list'}
        onClose={onClose}
        title="Notices and quotes"
        size={700}
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Group justify="space-between" mb="md" wrap="wrap">
          <SegmentedControl
            aria-label="Show"
            value={filter}
            onChange={(value) => setFilter(value as NoticeFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'notice', label: 'Notices' },
              { value: 'quote', label: 'Quotes' },
            ]}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setView({ kind: 'form', notice: null })}
          >
            Add
          </Button>
        </Group>
        {query.isPending ? (
          <Loader size="sm" aria-label="Loading notices" />
        ) : shown.length === 0 ? (
          <Text c="dimmed">{NOTICE_MESSAGES.noneAvailable}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((notice) => {
              const status = noticeStatus(notice);
              const words = excerpt(notice);
              return (
                <Paper key={notice._id} component="li" withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6} mb={4}>
                        <Badge size="sm" variant="light" color={notice.type === 'quote' ? 'grape' : 'blue'}>
                          {notice.type === 'quote' ? 'Quote' : 'Notice'}
                        </Badge>
                        <Badge size="sm" variant="light" color={STATUS_COLOURS[status]}>
                          {status}
                        </Badge>
                      </Group>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {words}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {expiryText(notice)}
                      </Text>
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${notice.type}: ${words}`}
                        onClick={() => setView({ kind: 'form', notice })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${notice.type}: ${words}`}
                        onClick={() => setView({ kind: 'delete', notice })}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Modal>
      {view.kind === 'form' ? (
        <NoticeFormDialog
          notice={view.notice}
          timeZone={tenant.timezone}
          onClose={() => setView({ kind: 'list' })}
          onSaved={refresh}
        />
      ) : null}
      <ConfirmDialog
        opened={view.kind === 'delete'}
        title={view.kind === 'delete' ? `Delete ${view.notice.type}` : 'Delete'}
        message={NOTICE_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        danger
        busy={deleting}
        onCancel={() => setView({ kind: 'list' })}
        onConfirm={async () => {
          if (view.kind !== 'delete') return;
          setDeleting(true);
          try {
            const { message } = await noticesApi.remove(view.notice._id);
            showSuccessToast(message);
            refresh();
          } catch (error) {
            showErrorToast(error instanceof Error ? error.message : String(error));
          }
          setDeleting(false);
          setView({ kind: 'list' });
        }}
      />
    </>
  );
}
