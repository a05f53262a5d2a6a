import { REVIEW_PAGE_SIZE_DEFAULT, REVIEW_PAGE_SIZES, type Review } from '@atrium/contracts';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { type ReviewListParams, reviewKeys, reviewsApi } from './api';
import { GoogleLinkCard } from './GoogleLinkCard';
import { ReplyDialog } from './ReplyDialog';
import { oneOf, reviewSortOf, starsFilter, starsLabel, starsText, summaryText } from './review-rules';

const LIST = {
  pageSizes: REVIEW_PAGE_SIZES,
  defaultPageSize: REVIEW_PAGE_SIZE_DEFAULT,
  filters: ['stars', 'replied', 'google'],
};
const YES_NO = ['yes', 'no'] as const;
const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * G-Reviews (/reviews): every member's review of the studio, newest first, with a summary, filters by
 * stars, answered and posted on Google; staff answer a review (emailed to the member); the admin sets
 * the Google review link that the members' rating prompt needs.
 */
export default function ReviewsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'G-Reviews');
  const { user } = useSession();
  const mayAnswer = user?.role === 'admin' || user?.role === 'staff';
  const list = useListState(LIST);
  const { params: state } = list;
  const params: ReviewListParams = {
    page: state.page,
    size: state.pageSize,
    search: state.search.trim(),
    stars: starsFilter(state.filters.stars),
    replied: oneOf(state.filters.replied, YES_NO),
    google: oneOf(state.filters.google, YES_NO),
    sort: reviewSortOf(state.sort),
  };
  const reviews = useQuery({
    queryKey: [...reviewKeys.all, 'list', params],
    queryFn: () => reviewsApi.list(params),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const [answering, setAnswering] = useState<Review | null>(null);

  const columns: ListColumn<Review>[] = [
    {
      key: 'member',
      header: 'Member',
      cell: (review) => (
        <>
          <Text size="sm" fw={500} style={wrap}>
            <Link to={`/contacts/${encodeURIComponent(review.contactId)}/detail`}>
              {review.contactName || review.contactEmail}
            </Link>
          </Text>
          <Text size="xs" c="dimmed" style={wrap}>
            {review.contactEmail}
          </Text>
        </>
      ),
    },
    {
      key: 'stars',
      header: 'Rating',
      sortable: true,
      cell: (review) => (
        <Text size="sm" aria-label={starsLabel(review.stars)} role="img" c="yellow.9" style={{ whiteSpace: 'nowrap' }}>
          {starsText(review.stars)}
        </Text>
      ),
    },
    {
      key: 'review',
      header: 'Review',
      cell: (review) => (
        <>
          <Text size="sm" style={wrap}>
            {review.reviewText || (
              <Text span c="dimmed" size="sm">
                Stars only
              </Text>
            )}
          </Text>
          {review.reply && (
            <Text size="xs" c="dimmed" mt={4} style={wrap}>
              Answered{review.repliedByName ? ` by ${review.repliedByName}` : ''}: {review.reply}
            </Text>
          )}
          <Group gap={4} mt={4}>
            {review.isReviewedOnGoogle && (
              <Badge size="sm" variant="light" color="teal">
                On Google
              </Badge>
            )}
            {review.isShownOnWebsite && (
              <Badge size="sm" variant="light" color="blue">
                May be shown on the website
              </Badge>
            )}
          </Group>
        </>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      sortable: true,
      cell: (review) => formatDateTime(review.createdAt, tenant.timezone),
    },
  ];

  return (
    <ListScreen
      id="reviews"
      title="G-Reviews"
      description={reviews.data ? summaryText(reviews.data.summary) : undefined}
      before={<GoogleLinkCard editable={user?.role === 'admin'} />}
      list={list}
      search={{ label: 'Search reviews', placeholder: 'Search by member or words' }}
      filters={[
        {
          key: 'stars',
          label: 'Rating',
          placeholder: 'Any rating',
          data: [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: starsLabel(n) })),
        },
        {
          key: 'replied',
          label: 'Answered',
          placeholder: 'Answered or not',
          data: [
            { value: 'no', label: 'Not answered' },
            { value: 'yes', label: 'Answered' },
          ],
        },
        {
          key: 'google',
          label: 'On Google',
          placeholder: 'Anywhere',
          data: [
            { value: 'yes', label: 'Posted on Google' },
            { value: 'no', label: 'Not on Google' },
          ],
        },
      ]}
      query={reviews}
      rows={reviews.data?.items ?? []}
      total={reviews.data?.total ?? 0}
      rowKey={(review) => review._id}
      columns={columns}
      rowActions={
        mayAnswer
          ? (review) => (
              <ActionIcon
                variant="subtle"
                aria-label={`Answer ${review.contactName || review.contactEmail}`}
                onClick={() => setAnswering(review)}
              >
                <IconMessageReply size={18} aria-hidden />
              </ActionIcon>
            )
          : undefined
      }
      noun="reviews"
      emptyHint="Members are asked to rate you once the Google review link is set; their reviews show here."
      minWidth={760}
    >
      <ReplyDialog
        review={answering}
        onClose={() => setAnswering(null)}
        onSaved={() => void client.invalidateQueries({ queryKey: reviewKeys.all })}
      />
    </ListScreen>
  );
}
