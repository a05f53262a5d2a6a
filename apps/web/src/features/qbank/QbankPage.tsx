import {
  QBANK_MESSAGES,
  QBANK_PAGE_SIZES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
  questionTypeLabel,
} from '@atrium/contracts';
import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useConfirmedDelete } from '../dialogs/useConfirmedDelete';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { type QuestionListParams, qbankApi, qbankKeys } from './api';
import { ImportQuestionsDialog } from './ImportQuestionsDialog';
import { answerSummary, questionExcerpt } from './qbank-rules';

const LIST = { pageSizes: QBANK_PAGE_SIZES, defaultPageSize: 25, filters: ['bank', 'tag', 'type'] };
const wrap = { overflowWrap: 'anywhere' } as const;
const isType = (value: string | null): value is QuestionType =>
  value !== null && (QUESTION_TYPES as readonly string[]).includes(value);

/**
 * Question Banks (/qbank): the studio's questions, bank by bank, found by words, bank, tag or type;
 * added at /qbank/add, changed there, deleted here; imported from a CSV file.
 */
export default function QbankPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Question Banks');
  const navigate = useNavigate();
  const list = useListState(LIST);
  const { params: state } = list;
  const params: QuestionListParams = {
    page: state.page,
    size: state.pageSize,
    search: state.search.trim(),
    bank: state.filters.bank ?? null,
    tag: state.filters.tag ?? null,
    type: isType(state.filters.type ?? null) ? (state.filters.type as QuestionType) : null,
  };
  const questions = useQuery({
    queryKey: [...qbankKeys.all, 'list', params],
    queryFn: () => qbankApi.list(params),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: qbankKeys.all });
  const remover = useConfirmedDelete<Question>((row) => qbankApi.remove(row._id), refresh);
  const [importing, setImporting] = useState(false);

  const columns: ListColumn<Question>[] = [
    {
      key: 'question',
      header: 'Question',
      cell: (q) => (
        <>
          <Text size="sm" fw={500} style={wrap}>
            <Link to={`/qbank/add?id=${encodeURIComponent(q._id)}`}>{questionExcerpt(q.question) || 'Image'}</Link>
          </Text>
          <Text size="xs" c="dimmed" style={wrap}>
            {answerSummary(q)}
          </Text>
        </>
      ),
    },
    { key: 'type', header: 'Type', cell: (q) => questionTypeLabel(q.type) },
    { key: 'bank', header: 'Bank', cell: (q) => <span style={wrap}>{q.bank}</span> },
    {
      key: 'tags',
      header: 'Tags',
      cell: (q) => (
        <Group gap={4}>
          {q.tags.map((tag) => (
            <Badge key={tag} variant="light" color="gray" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'points', header: 'Points', cell: (q) => q.points },
  ];

  return (
    <ListScreen
      id="qbank"
      title="Question Banks"
      list={list}
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
          <Button component={Link} to="/qbank/add" leftSection={<IconPlus size={16} aria-hidden />}>
            Add Question
          </Button>
        </Group>
      }
      search={{ label: 'Search questions', placeholder: 'Search by words of the question', type: 'search' }}
      filters={[
        {
          key: 'bank',
          label: 'Bank',
          placeholder: 'Every bank',
          data: (questions.data?.banks ?? []).map((bank) => ({ value: bank, label: bank })),
        },
        {
          key: 'tag',
          label: 'Tag',
          placeholder: 'Any tag',
          data: (questions.data?.tags ?? []).map((tag) => ({ value: tag, label: tag })),
        },
        {
          key: 'type',
          label: 'Type',
          placeholder: 'Any type',
          data: QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] })),
        },
      ]}
      query={questions}
      rows={questions.data?.data ?? []}
      total={questions.data?.total ?? 0}
      rowKey={(q) => q._id}
      columns={columns}
      onRowClick={(q) => navigate(`/qbank/add?id=${encodeURIComponent(q._id)}`)}
      rowActions={(q) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`/qbank/add?id=${encodeURIComponent(q._id)}`}
            aria-label={`Edit ${questionExcerpt(q.question, 40)}`}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${questionExcerpt(q.question, 40)}`}
            onClick={() => remover.ask(q)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      noun="questions"
      texts={{ none: QBANK_MESSAGES.none }}
      emptyHint="Add a question of any type, or import a CSV file of questions."
      minWidth={760}
    >
      <ImportQuestionsDialog opened={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <ConfirmDialog
        {...remover.dialog}
        title="Delete question"
        message={QBANK_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        danger
      />
    </ListScreen>
  );
}
