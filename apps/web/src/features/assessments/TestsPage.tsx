import { ASSESSMENT_MESSAGES, type AssessmentKind, type Test } from '@atrium/contracts';
import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { IconChecklist, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useConfirmedDelete } from '../dialogs/useConfirmedDelete';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { assessmentKeys, assessmentsApi } from './api';
import { TestFormDialog } from './TestFormDialog';

const LIST = { pageSizes: [25, 50, 100] as const, defaultPageSize: 25 };
const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * Assessments (/tests) and Self Assessments (/assesment): the studio's tests, added and changed in a
 * dialog; their attempts are reviewed at /assessment.
 */
export default function TestsPage({ kind }: { kind: AssessmentKind }) {
  const tenant = useTenant();
  const title = kind === 'self' ? 'Self Assessments' : 'Assessments';
  useDocumentHead(tenant, title);
  const list = useListState(LIST);
  const params = { kind, page: list.params.page, size: list.params.pageSize, search: list.params.search.trim() };
  const tests = useQuery({
    queryKey: [...assessmentKeys.all, 'tests', params],
    queryFn: () => assessmentsApi.list(params),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: assessmentKeys.all });
  const remover = useConfirmedDelete<Test>((row) => assessmentsApi.remove(row._id), refresh);
  const [editing, setEditing] = useState<Test | 'new' | null>(null);
  const noun = kind === 'self' ? 'self assessment' : 'test';

  const columns: ListColumn<Test>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (t) => (
        <>
          <Text size="sm" fw={500} style={wrap}>
            {t.name}
          </Text>
          <Text size="xs" c="dimmed" style={wrap}>
            {t.assignments.map((a) => a.name).join(', ') || 'Not assigned'}
          </Text>
        </>
      ),
    },
    {
      key: 'questions',
      header: 'Questions',
      cell: (t) => (t.draw === 'random' ? `${t.questionCount} drawn` : t.questionCount),
    },
    { key: 'time', header: 'Time limit', cell: (t) => (t.timeLimitMinutes ? `${t.timeLimitMinutes} min` : 'None') },
    ...(kind === 'test'
      ? [{ key: 'pass', header: 'Pass mark', cell: (t: Test) => `${t.passPercent}%` } satisfies ListColumn<Test>]
      : []),
    { key: 'attempts', header: 'Taken', cell: (t) => t.attemptCount },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <Badge variant="light" color={t.isPublished ? 'green' : 'gray'}>
          {t.isPublished ? 'Published' : 'Private'}
        </Badge>
      ),
    },
  ];

  return (
    <ListScreen
      id={kind === 'self' ? 'self-assessments' : 'tests'}
      title={title}
      list={list}
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to={kind === 'self' ? '/assessment?kind=self' : '/assessment'}
            leftSection={<IconChecklist size={16} aria-hidden />}
          >
            Review attempts
          </Button>
          <Button onClick={() => setEditing('new')} leftSection={<IconPlus size={16} aria-hidden />}>
            {kind === 'self' ? 'Add Self Assessment' : 'Add Test'}
          </Button>
        </Group>
      }
      search={{ label: `Search ${noun}s`, placeholder: 'Search by name', type: 'search' }}
      query={tests}
      rows={tests.data?.data ?? []}
      total={tests.data?.total ?? 0}
      rowKey={(t) => t._id}
      columns={columns}
      onRowClick={(t) => setEditing(t)}
      rowActions={(t) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${t.name}`} onClick={() => remover.ask(t)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      noun={`${noun}s`}
      texts={{ none: ASSESSMENT_MESSAGES.noTests }}
      emptyHint={`Add a ${noun} from your question banks and assign it to a class, a course, a membership or members.`}
      minWidth={720}
    >
      {editing !== null && (
        <TestFormDialog
          key={editing === 'new' ? 'new' : editing._id}
          kind={kind}
          test={editing === 'new' ? null : editing}
          opened
          timeZone={tenant?.timezone ?? 'UTC'}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDialog
        {...remover.dialog}
        title={`Delete ${noun}`}
        message="Are you sure you want to delete?"
        confirmLabel="Delete"
        danger
      />
    </ListScreen>
  );
}
