import {
  ASSESSMENT_MESSAGES,
  ASSIGNMENT_KIND_LABELS,
  type AssessmentKind,
  questionTypeLabel,
  type Test,
} from '@atrium/contracts';
import {
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormDialog, saveAndClose } from '../../app/components/FormDialog';
import { qbankApi, qbankKeys } from '../qbank/api';
import { questionExcerpt } from '../qbank/qbank-rules';
import { assessmentsApi } from './api';
import { newTestValues, type TestFormValues, testBody, testValuesOf } from './test-form';

interface Props {
  kind: AssessmentKind;
  /** null: a new test. */
  test: Test | null;
  opened: boolean;
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add or change a test (or a self assessment): its questions (picked from the banks, or a number drawn
 * at random per student from chosen banks), time limit, attempts, pass mark, window and who takes it.
 */
export function TestFormDialog({ kind, test, opened, timeZone, onClose, onSaved }: Props) {
  const form = useForm<TestFormValues>({ initialValues: test ? testValuesOf(test, timeZone) : newTestValues() });
  const [pending, setPending] = useState(false);
  const [who, setWho] = useState('');
  const [whoSearch] = useDebouncedValue(who, 250);
  const phone = useMediaQuery('(max-width: 40em)');
  const [questionSearch, setQuestionSearch] = useState('');
  const [questionWords] = useDebouncedValue(questionSearch, 250);
  // the bank is searched on the server (a studio's banks outgrow one page); labels once seen are kept
  const questions = useQuery({
    queryKey: [...qbankKeys.all, 'list', 'for-tests', kind, questionWords],
    queryFn: () =>
      qbankApi.list({
        page: 1,
        size: 100,
        search: questionWords,
        bank: null,
        tag: null,
        type: kind === 'self' ? 'graded' : null,
      }),
    enabled: opened,
  });
  const seenQuestions = useRef(new Map<string, string>());
  for (const q of questions.data?.data ?? []) {
    seenQuestions.current.set(
      q._id,
      `${questionExcerpt(q.question, 70) || 'Image'} (${questionTypeLabel(q.type)}, ${q.bank})`,
    );
  }
  const unseen = form.values.questionIds.filter((id) => !seenQuestions.current.has(id));
  const chosenQuestions = useQueries({
    queries: unseen.map((id) => ({ queryKey: [...qbankKeys.all, 'one', id], queryFn: () => qbankApi.get(id) })),
  });
  for (const answer of chosenQuestions) {
    const q = answer.data;
    if (q)
      seenQuestions.current.set(
        q._id,
        `${questionExcerpt(q.question, 70) || 'Image'} (${questionTypeLabel(q.type)}, ${q.bank})`,
      );
  }
  const questionIdsShown = new Set([...form.values.questionIds, ...(questions.data?.data ?? []).map((q) => q._id)]);
  const questionData = [...questionIdsShown]
    .filter((id) => seenQuestions.current.has(id))
    .map((id) => ({ value: id, label: seenQuestions.current.get(id) ?? id }));
  const assignables = useQuery({
    queryKey: ['assessments', 'assignables', whoSearch],
    queryFn: () => assessmentsApi.assignables(whoSearch),
    enabled: opened,
  });
  const seenAssignables = useRef(new Map((test?.assignments ?? []).map((a) => [`${a.kind}:${a.id}`, a])));
  for (const a of assignables.data?.data ?? []) seenAssignables.current.set(`${a.kind}:${a.id}`, a);
  const shown = new Set([
    ...form.values.assignments,
    ...(assignables.data?.data ?? []).map((a) => `${a.kind}:${a.id}`),
  ]);
  const groups = (['class', 'course', 'membership', 'contact'] as const).map((k) => ({
    group: ASSIGNMENT_KIND_LABELS[k],
    items: [...shown].flatMap((value) => {
      const a = seenAssignables.current.get(value);
      return a && a.kind === k ? [{ value, label: a.name }] : [];
    }),
  }));
  const self = kind === 'self';
  const title = `${test ? 'Edit' : 'Add'} ${self ? 'Self Assessment' : 'Test'}`;

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      pending={pending}
      submitLabel="Save"
      onSubmit={form.onSubmit(async (values) => {
        setPending(true);
        await saveAndClose(
          () =>
            test
              ? assessmentsApi.update(test._id, testBody(values, kind, timeZone))
              : assessmentsApi.create(testBody(values, kind, timeZone)),
          {
            success: ASSESSMENT_MESSAGES.saved,
            close: () => {
              onSaved();
              onClose();
            },
            setFieldError: (field, message) => form.setFieldError(field, message),
          },
        );
        setPending(false);
      })}
    >
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
        <Textarea label="Instructions" autosize minRows={2} maxLength={2000} {...form.getInputProps('description')} />
        <div>
          <Text size="sm" fw={500} id="test-draw-label" mb={4}>
            Questions
          </Text>
          <SegmentedControl
            aria-labelledby="test-draw-label"
            data={[
              { value: 'fixed', label: 'Chosen questions' },
              { value: 'random', label: 'Drawn at random' },
            ]}
            {...form.getInputProps('draw')}
          />
        </div>
        {form.values.draw === 'fixed' ? (
          <MultiSelect
            label="Questions from the banks"
            description={self ? 'A self assessment holds graded questions.' : 'In the order chosen.'}
            searchable
            searchValue={questionSearch}
            onSearchChange={setQuestionSearch}
            data={questionData}
            nothingFoundMessage="No Questions Found"
            {...form.getInputProps('questionIds')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <MultiSelect
              label="Banks to draw from"
              data={questions.data?.banks ?? []}
              searchable
              {...form.getInputProps('banks')}
            />
            <NumberInput
              label="Questions per student"
              min={1}
              max={200}
              allowDecimal={false}
              {...form.getInputProps('randomCount')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <NumberInput
            label="Time limit (minutes)"
            description="Empty: no limit"
            min={1}
            max={600}
            allowDecimal={false}
            {...form.getInputProps('timeLimitMinutes')}
          />
          <NumberInput
            label="Attempts allowed"
            min={1}
            max={20}
            allowDecimal={false}
            {...form.getInputProps('attemptsAllowed')}
          />
          {!self && (
            <NumberInput
              label="Pass mark (%)"
              min={0}
              max={100}
              allowDecimal={false}
              {...form.getInputProps('passPercent')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="datetime-local" label="Opens" {...form.getInputProps('opensAt')} />
          <TextInput type="datetime-local" label="Closes" {...form.getInputProps('closesAt')} />
        </SimpleGrid>
        <MultiSelect
          label="Assigned to"
          description="Classes, courses, memberships or members"
          searchable
          searchValue={who}
          onSearchChange={setWho}
          data={groups}
          nothingFoundMessage="Nothing found"
          {...form.getInputProps('assignments')}
        />
        <Select
          label="Completes a course chapter"
          description={self ? 'When the member finishes it' : 'When the member passes'}
          clearable
          searchable
          data={(assignables.data?.chapters ?? []).map((c) => ({ value: c.id, label: c.name }))}
          {...form.getInputProps('chapterId')}
        />
        <Switch label="Published" {...form.getInputProps('isPublished', { type: 'checkbox' })} />
        <Switch
          label="One question at a time"
          description="Members move through the questions with Previous, Next and a question map."
          {...form.getInputProps('oneAtATime', { type: 'checkbox' })}
        />
        <Switch
          label="No going back"
          description="Once a member answers a later question, the earlier ones are closed (one question at a time only)."
          disabled={!form.values.oneAtATime}
          {...form.getInputProps('noGoingBack', { type: 'checkbox' })}
          checked={form.values.oneAtATime && form.values.noGoingBack}
        />
      </Stack>
    </FormDialog>
  );
}
