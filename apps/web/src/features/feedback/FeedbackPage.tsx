import { FEEDBACK_MESSAGES, FEEDBACK_PAGE_SIZE_DEFAULT, FEEDBACK_PAGE_SIZES, type Feedback } from '@atrium/contracts';
import { ActionIcon, Avatar, Group, Text } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { feedbackApi, feedbackKeys } from './api';
import { FeedbackReplyDialog } from './FeedbackReplyDialog';

const LIST = { pageSizes: FEEDBACK_PAGE_SIZES, defaultPageSize: FEEDBACK_PAGE_SIZE_DEFAULT };
const wrap = { overflowWrap: 'anywhere', whiteSpace: 'pre-line' } as const;

/** Spec 3 §2.6 "Contact feedback links go to contacts/{contactId}/details". */
export const contactLinkOf = (feedback: Pick<Feedback, 'contactId'>) =>
  `/contacts/${encodeURIComponent(feedback.contactId)}/details`;

/**
 * Feedback (/feedback): what members sent from the feedback dialog, newest first, paged 50, 100 or 150
 * (spec 3 §9); each links to its contact; admin and staff answer by email.
 */
export default function FeedbackPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Feedback');
  const { user } = useSession();
  const mayAnswer = user?.role === 'admin' || user?.role === 'staff';
  const list = useListState(LIST);
  const { page, pageSize } = list.params;
  const feedback = useQuery({
    queryKey: [...feedbackKeys.all, 'list', page, pageSize],
    queryFn: () => feedbackApi.list(page, pageSize),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const [answering, setAnswering] = useState<Feedback | null>(null);

  const columns: ListColumn<Feedback>[] = [
    {
      key: 'member',
      header: 'Member',
      cell: (item) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={item.picture} alt="" size="sm" radius="xl" name={item.name || item.email} color="initials" />
          <div>
            <Text size="sm" fw={500} style={wrap}>
              <Link to={contactLinkOf(item)}>{item.name || item.email}</Link>
            </Text>
            <Text size="xs" c="dimmed" style={wrap}>
              {item.email}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      key: 'message',
      header: 'Feedback',
      cell: (item) => (
        <>
          <Text size="sm" style={wrap}>
            {item.message}
          </Text>
          {item.reply && (
            <Text size="xs" c="dimmed" mt={4} style={wrap}>
              Answered{item.repliedByName ? ` by ${item.repliedByName}` : ''}: {item.reply}
            </Text>
          )}
        </>
      ),
    },
    { key: 'date', header: 'Date', cell: (item) => formatDateTime(item.createdAt, tenant.timezone) },
  ];

  return (
    <ListScreen
      id="feedback"
      title="Feedback"
      list={list}
      query={feedback}
      rows={feedback.data?.data ?? []}
      total={feedback.data?.total ?? 0}
      rowKey={(item) => item._id}
      columns={columns}
      rowActions={
        mayAnswer
          ? (item) => (
              <ActionIcon
                variant="subtle"
                aria-label={`Answer ${item.name || item.email}`}
                onClick={() => setAnswering(item)}
              >
                <IconMessageReply size={18} aria-hidden />
              </ActionIcon>
            )
          : undefined
      }
      noun="feedback"
      texts={{ none: FEEDBACK_MESSAGES.none }}
      emptyHint="Members send feedback with the Feedback button at the top of their pages; it shows here."
      minWidth={720}
    >
      <FeedbackReplyDialog
        feedback={answering}
        onClose={() => setAnswering(null)}
        onSaved={() => void client.invalidateQueries({ queryKey: feedbackKeys.all })}
      />
    </ListScreen>
  );
}
