import { QBANK_MESSAGES, QUESTION_TYPE_LABELS, QUESTION_TYPES, type QuestionType } from '@atrium/contracts';
import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showServerError } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { RichTextField } from '../forms/RichTextField';
import { fetchMedia } from '../media/api';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { qbankApi, qbankKeys } from './api';
import {
  canAddCriterion,
  canAddOption,
  formProblem,
  formValuesOf,
  hasOptions,
  markCorrect,
  newQuestion,
  type QuestionFormValues,
  questionBody,
  withType,
} from './qbank-rules';

/** /qbank/add: add a question; /qbank/add?id={id}: change it. */
export default function QuestionFormPage() {
  const [search] = useSearchParams();
  const id = search.get('id');
  const question = useQuery({
    queryKey: [...qbankKeys.all, 'one', id],
    queryFn: () => qbankApi.get(id ?? ''),
    enabled: id !== null,
  });
  if (id && question.isPending) return <Loader aria-label="Loading question" />;
  if (id && !question.data) {
    return (
      <Stack>
        <Title order={1}>Question not found</Title>
        <Anchor component={Link} to="/qbank">
          Back to Question Banks
        </Anchor>
      </Stack>
    );
  }
  return <QuestionForm key={id ?? 'new'} id={id} initial={question.data ? formValuesOf(question.data) : null} />;
}

function QuestionForm({ id, initial }: { id: string | null; initial: QuestionFormValues | null }) {
  const tenant = useTenant();
  const [search] = useSearchParams();
  const title = id ? 'Edit Question' : 'Add Question';
  useDocumentHead(tenant, title);
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<QuestionFormValues>({ initialValues: initial ?? newQuestion(search.get('bank') ?? '') });
  const [pending, setPending] = useState(false);
  // The rich-text editor keeps its own text: a new round (save and add another) starts it empty.
  const [round, setRound] = useState(0);
  const lists = useQuery({
    queryKey: [...qbankKeys.all, 'list', 'suggestions'],
    queryFn: () => qbankApi.list({ page: 1, size: 1, search: '', bank: null, tag: null, type: null }),
  });
  const media = useQuery({ queryKey: ['media'], queryFn: fetchMedia });
  const values = form.values;
  const set = (next: QuestionFormValues) => form.setValues(next);
  const graded = values.type === 'graded';

  const save = async (again: boolean) => {
    const problem = formProblem(values);
    if (problem) {
      form.setFieldError(problem.field, problem.message);
      return;
    }
    setPending(true);
    try {
      const body = questionBody(values);
      if (id) await qbankApi.update(id, body);
      else await qbankApi.create(body);
      showSuccessToast(QBANK_MESSAGES.saved);
      void client.invalidateQueries({ queryKey: qbankKeys.all });
      if (again) {
        form.setValues({ ...newQuestion(values.bank), type: values.type, tags: values.tags });
        form.resetDirty();
        setRound((n) => n + 1);
      } else navigate('/qbank');
    } catch (error) {
      showServerError(error, (field, message) =>
        form.setFieldError(
          field.startsWith('options') ? 'options' : field.startsWith('rubric') ? 'rubric' : field,
          message,
        ),
      );
    }
    setPending(false);
  };

  return (
    <Stack maw={820} gap="md">
      <Anchor component={Link} to="/qbank" size="sm">
        Back to Question Banks
      </Anchor>
      <Title order={1}>{title}</Title>
      <form
        aria-label={title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <Autocomplete
              label="Question bank"
              required
              description="A bank groups questions; type a new name to start one."
              data={lists.data?.banks ?? []}
              miw={220}
              {...form.getInputProps('bank')}
            />
            <Select
              label="Type"
              required
              allowDeselect={false}
              data={QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }))}
              value={values.type}
              onChange={(type) => type && set(withType(values, type as QuestionType))}
              miw={180}
            />
          </Group>
          <div>
            <RichTextField
              key={round}
              label="Question"
              value={values.question}
              onChange={(html) => form.setFieldValue('question', html)}
            />
            {form.errors.question ? (
              <Text size="xs" c="red.8" mt={4} role="alert">
                {form.errors.question}
              </Text>
            ) : null}
          </div>
          {hasOptions(values.type) ? (
            <ListFieldset
              legend="Options"
              hint={
                values.type === 'singlechoice'
                  ? 'Mark the one right answer.'
                  : values.type === 'multichoice'
                    ? 'Mark every right answer.'
                    : 'Give each option its points; the best option is what the question is worth.'
              }
              error={form.errors.options}
              addLabel="Add option"
              canAdd={canAddOption(values)}
              onAdd={() => form.insertListItem('options', { text: '', isCorrect: false, points: 0 })}
            >
              {values.options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options have no id of their own; their place is their name
                <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
                  {values.type === 'singlechoice' ? (
                    <Radio
                      aria-label={`Option ${index + 1} is the right answer`}
                      checked={option.isCorrect}
                      onChange={() => set(markCorrect(values, index, true))}
                      mb={8}
                    />
                  ) : values.type === 'multichoice' ? (
                    <Checkbox
                      aria-label={`Option ${index + 1} is right`}
                      checked={option.isCorrect}
                      onChange={(event) => set(markCorrect(values, index, event.currentTarget.checked))}
                      mb={8}
                    />
                  ) : null}
                  <TextInput
                    label={`Option ${index + 1}`}
                    value={option.text}
                    onChange={(event) => form.setFieldValue(`options.${index}.text`, event.currentTarget.value)}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  {graded ? (
                    <PointsInput
                      name={`Option ${index + 1} points`}
                      min={0}
                      value={option.points}
                      onChange={(points) => form.setFieldValue(`options.${index}.points`, points)}
                    />
                  ) : null}
                  <RemoveRowButton
                    label={`Remove option ${index + 1}`}
                    disabled={values.options.length <= 2}
                    onClick={() => form.removeListItem('options', index)}
                  />
                </Group>
              ))}
            </ListFieldset>
          ) : null}
          {graded || values.rubric.length > 0 ? null : (
            <NumberInput
              label="Points"
              description="What a right answer scores."
              required
              min={1}
              max={1000}
              allowDecimal={false}
              w={160}
              {...form.getInputProps('points')}
            />
          )}
          {values.type === 'openended' ? (
            <ListFieldset
              legend="Rubric"
              hint={
                values.rubric.length > 0
                  ? `Staff score each criterion; the question is worth ${values.rubric.reduce((sum, c) => sum + (c.points || 0), 0)} points.`
                  : 'Optional: the criteria staff score the answer by, each worth its points.'
              }
              error={form.errors.rubric}
              addLabel="Add criterion"
              canAdd={canAddCriterion(values)}
              onAdd={() => form.insertListItem('rubric', { name: '', points: 1 })}
            >
              {values.rubric.map((criterion, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: criteria have no id of their own; their place is their name
                <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label={`Criterion ${index + 1}`}
                    maxLength={100}
                    value={criterion.name}
                    onChange={(event) => form.setFieldValue(`rubric.${index}.name`, event.currentTarget.value)}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <PointsInput
                    name={`Criterion ${index + 1} points`}
                    min={1}
                    value={criterion.points}
                    onChange={(points) => form.setFieldValue(`rubric.${index}.points`, points)}
                  />
                  <RemoveRowButton
                    label={`Remove criterion ${index + 1}`}
                    onClick={() => form.removeListItem('rubric', index)}
                  />
                </Group>
              ))}
            </ListFieldset>
          ) : null}
          <Textarea
            label="Explanation"
            description="Shown to the student after they answer."
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('explanation')}
          />
          <TagsInput
            label="Tags"
            description="Press Enter after each tag."
            data={lists.data?.tags ?? []}
            maxTags={20}
            {...form.getInputProps('tags')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Media from the library"
              placeholder="None"
              clearable
              searchable
              miw={220}
              data={(media.data ?? []).map((item) => ({ value: item.url, label: item.fileName }))}
              value={(media.data ?? []).some((item) => item.url === values.mediaUrl) ? values.mediaUrl : null}
              onChange={(url) => form.setFieldValue('mediaUrl', url ?? '')}
            />
            <TextInput
              label="Media address"
              description="An image or video shown with the question."
              miw={220}
              {...form.getInputProps('mediaUrl')}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/qbank">
              Cancel
            </Button>
            {id ? null : (
              <Button variant="default" loading={pending} onClick={() => void save(true)}>
                Save and add another
              </Button>
            )}
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The question's options or its rubric: a list under its legend and hint, its problem, and the button that adds a row. */
function ListFieldset({
  legend,
  hint,
  error,
  addLabel,
  canAdd,
  onAdd,
  children,
}: {
  legend: string;
  hint: string;
  error: ReactNode;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm">
      <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <legend>
          <Text fw={500} size="sm">
            {legend}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </legend>
        <Stack gap="xs" mt="xs">
          {children}
          {error ? (
            <Text size="xs" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={!canAdd}
              onClick={onAdd}
            >
              {addLabel}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </Paper>
  );
}

/** An option's or a criterion's points: a whole number up to 1,000, named for screen readers by its row. */
function PointsInput(props: { name: string; min: number; value: number; onChange: (points: number) => void }) {
  return (
    <NumberInput
      label="Points"
      aria-label={props.name}
      min={props.min}
      max={1000}
      allowDecimal={false}
      w={90}
      value={props.value}
      onChange={(value) => props.onChange(Number(value) || 0)}
    />
  );
}

/** The bin at the end of an option's or a criterion's row, named for screen readers by its row. */
function RemoveRowButton(props: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      mb={4}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}
