import {
  ASSESSMENT_MESSAGES,
  type AssessmentKind,
  ATTEMPT_STATUSES,
  type AttemptStatus,
  type AttemptSummary,
} from '@atrium/contracts';
import { Button, SegmentedControl, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ResultBadge, scoreText } from './AttemptAnswers';
import { assessmentKeys, assessmentsApi } from './api';
import { ReviewAttemptDialog } from './ReviewAttemptDialog';

const LIST = { pageSizes: [25, 50, 100] as const, defaultPageSize: 25, filters: ['status'] };
const STATUS_LABELS: Record<AttemptStatus, string> = {
  inreview: 'In Review',
  completed: 'Completed',
  inprogress: 'In Progress',
  abandoned: 'Abandoned',
};
const isStatus = (value: string | null): value is AttemptStatus =>
  value !== null && (ATTEMPT_STATUSES as readonly string[]).includes(value);

/**
 * /assessment: every attempt at the studio's tests (or, ?kind=self, self assessments), the ones In
 * Review first; opening one shows the answers and grades the open-ended ones.
 */
export default function AttemptsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Assessment');
  const [search, setSearch] = useSearchParams();
  const kind: AssessmentKind = search.get('kind') === 'self' ? 'self' : 'test';
  const list = useListState(LIST);
  const status = list.params.filters.status ?? null;
  const params = {
    kind,
    page: list.params.page,
    size: list.params.pageSize,
    status: isStatus(status) ? status : null,
    testId: search.get('testId'),
  };
  const attempts = useQuery({
    queryKey: [...assessmentKeys.all, 'attempts', params],
    queryFn: () => assessmentsApi.attempts(params),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<string | null>(null);
  const zone = tenant?.timezone ?? 'UTC';

  const columns: ListColumn<AttemptSummary>[] = [
    {
      key: 'member',
      header: 'Member',
      cell: (a) => (
        <>
          <Text size="sm" fw={500}>
            {a.contactName}
          </Text>
          <Text size="xs" c="dimmed">
            {a.testName} · attempt {a.attemptNo}
          </Text>
        </>
      ),
    },
    { key: 'result', header: 'Result', cell: (a) => <ResultBadge attempt={a} /> },
    { key: 'score', header: 'Score', cell: (a) => scoreText(a) },
    { key: 'grade', header: 'To grade', cell: (a) => (a.toGrade > 0 ? a.toGrade : '—') },
    {
      key: 'when',
      header: 'Submitted',
      cell: (a) =>
        a.submittedAt ? formatDateTime(a.submittedAt, zone) : `Started ${formatDateTime(a.startedAt, zone)}`,
    },
  ];

  return (
    <ListScreen
      id="attempts"
      title="Assessment"
      list={list}
      before={
        <SegmentedControl
          aria-label="Kind"
          value={kind}
          onChange={(value) => {
            const next = new URLSearchParams(search);
            if (value === 'self') next.set('kind', 'self');
            else next.delete('kind');
            next.delete('testId');
            setSearch(next);
          }}
          data={[
            { value: 'test', label: 'Tests' },
            { value: 'self', label: 'Self Assessments' },
          ]}
        />
      }
      filters={[
        {
          key: 'status',
          label: 'Status',
          placeholder: 'Any status',
          data: ATTEMPT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
        },
      ]}
      query={attempts}
      rows={attempts.data?.data ?? []}
      total={attempts.data?.total ?? 0}
      rowKey={(a) => a._id}
      columns={columns}
      onRowClick={(a) => setOpen(a._id)}
      rowActions={(a) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpen(a._id)}
          aria-label={`Review ${a.contactName}’s attempt at ${a.testName}`}
        >
          {a.toGrade > 0 ? 'Grade' : 'View'}
        </Button>
      )}
      noun="attempts"
      texts={{ none: ASSESSMENT_MESSAGES.noAttempts }}
      emptyHint="Members' attempts appear here once they start a test."
      minWidth={720}
    >
      {open && <ReviewAttemptDialog attemptId={open} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
