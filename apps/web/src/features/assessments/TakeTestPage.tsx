import { type Attempt, type AttemptQuestion, resumePosition, secondsLeft } from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
  Typography,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { AttemptAnswers, ResultBadge, scoreText } from './AttemptAnswers';
import { assessmentKeys, assessmentsApi, downloadResult } from './api';

/**
 * /myassessment?test={id}: starts the test (or resumes the attempt in progress) and moves to
 * /myassessment?attempt={id}, where it is taken (every answer saved as it is given, the timer counting
 * to the server's deadline) or, once finished, its result is shown.
 */
export default function TakeTestPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Assessments');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const testId = search.get('test');
  const attemptId = search.get('attempt');
  const start = useQuery({
    queryKey: [...assessmentKeys.all, 'start', testId],
    queryFn: () => assessmentsApi.start(testId ?? ''),
    enabled: testId !== null && attemptId === null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (start.data) navigate(`/myassessment?attempt=${encodeURIComponent(start.data._id)}`, { replace: true });
  }, [start.data, navigate]);
  const attempt = useQuery({
    queryKey: [...assessmentKeys.all, 'attempt', attemptId],
    queryFn: () => assessmentsApi.attempt(attemptId ?? ''),
    enabled: attemptId !== null,
    retry: false,
  });
  const back = (
    <Anchor component={Link} to="/student-assessments">
      Back to my assessments
    </Anchor>
  );
  if (!testId && !attemptId) return <Stack>{back}</Stack>;
  const failed = start.error ?? attempt.error;
  if (failed)
    return (
      <Stack maw={760}>
        <Alert color="red" title="This test cannot be opened">
          {failed.message}
        </Alert>
        {back}
      </Stack>
    );
  if (!attempt.data) return <Loader aria-label="Loading the test" />;
  return attempt.data.status === 'inprogress' ? (
    <TakeAttempt key={attempt.data._id} attempt={attempt.data} onFinished={() => void attempt.refetch()} />
  ) : (
    <AttemptResult attempt={attempt.data} back={back} />
  );
}

function AttemptResult({ attempt, back }: { attempt: Attempt; back: React.ReactNode }) {
  return (
    <Stack component="section" aria-labelledby="result-title" maw={860} gap="md">
      <Title order={1} id="result-title" style={{ overflowWrap: 'anywhere' }}>
        {attempt.testName}
      </Title>
      <Group gap="sm">
        <Text fw={600}>Result:</Text>
        <ResultBadge attempt={attempt} />
        <Text>Score: {scoreText(attempt)}</Text>
      </Group>
      {attempt.status === 'inreview' ? (
        <Text>Your written answers are with your teacher. You will get an email when they are marked.</Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            void downloadResult(attempt).catch((e) => showErrorToast(e instanceof Error ? e.message : String(e)))
          }
        >
          Download result (PDF)
        </Button>
      </Group>
      {attempt.status !== 'abandoned' ? (
        <AttemptAnswers attempt={attempt} />
      ) : (
        <Text>Nothing was answered in time.</Text>
      )}
      {back}
    </Stack>
  );
}

type Answers = Record<number, { selected: number[]; text: string }>;

function TakeAttempt({ attempt, onFinished }: { attempt: Attempt; onFinished: () => void }) {
  const client = useQueryClient();
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries(attempt.questions.map((q) => [q.position, q.answer ?? { selected: [], text: '' }])),
  );
  const [saved, setSaved] = useState<Record<number, 'saving' | 'saved' | 'error'>>(() =>
    Object.fromEntries(attempt.questions.filter((q) => q.savedAt).map((q) => [q.position, 'saved' as const])),
  );
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // one question at a time: a resumed attempt opens at the first question not answered yet (forward
  // only: at the furthest one answered)
  const [current, setCurrent] = useState(() => resumePosition(attempt.questions, attempt.noGoingBack));
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Set<Promise<unknown>>());
  const loadedAt = useRef(performance.now());
  const [left, setLeft] = useState(() => secondsLeft(attempt.deadline, attempt.serverNow));

  useEffect(() => {
    if (!attempt.deadline) return;
    const tick = setInterval(() => {
      const next = secondsLeft(attempt.deadline, attempt.serverNow, performance.now() - loadedAt.current);
      setLeft(next);
      if (next === 0) {
        clearInterval(tick);
        onFinished();
      }
    }, 1000);
    return () => clearInterval(tick);
  }, [attempt.deadline, attempt.serverNow, onFinished]);

  const closed = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      showErrorToast(error.message);
      onFinished();
      return true;
    }
    return false;
  };

  const save = (position: number, answer: { selected: number[]; text: string }) => {
    setSaved((s) => ({ ...s, [position]: 'saving' }));
    const p = assessmentsApi
      .save(attempt._id, position, answer)
      .then(() => setSaved((s) => ({ ...s, [position]: 'saved' })))
      .catch((error) => {
        setSaved((s) => ({ ...s, [position]: 'error' }));
        if (!closed(error)) showErrorToast(error instanceof Error ? error.message : String(error));
      })
      .finally(() => inFlight.current.delete(p));
    inFlight.current.add(p);
  };

  const answer = (q: AttemptQuestion, next: { selected: number[]; text: string }, wait = 0) => {
    setAnswers((a) => ({ ...a, [q.position]: next }));
    const pending = timers.current.get(q.position);
    if (pending) clearTimeout(pending);
    if (wait === 0) save(q.position, next);
    else
      timers.current.set(
        q.position,
        setTimeout(() => {
          timers.current.delete(q.position);
          save(q.position, next);
        }, wait),
      );
  };

  const flush = async () => {
    for (const [position, timer] of timers.current) {
      clearTimeout(timer);
      timers.current.delete(position);
      const current = answers[position];
      if (current) save(position, current);
    }
    await Promise.all([...inFlight.current]);
  };

  const submit = async () => {
    setSubmitting(true);
    await flush();
    try {
      const done = await assessmentsApi.submit(attempt._id);
      client.setQueryData([...assessmentKeys.all, 'attempt', attempt._id], done);
      void client.invalidateQueries({ queryKey: [...assessmentKeys.all, 'mine'] });
      showSuccessToast('Your answers were submitted.');
    } catch (error) {
      if (!closed(error)) showErrorToast(error instanceof Error ? error.message : String(error));
    }
    setSubmitting(false);
    setConfirming(false);
  };

  const answered = attempt.questions.filter((q) => isAnswered(answers[q.position])).length;

  /**
   * To another question, the answers waiting for their pause sent first. Forward only, once they are
   * saved and the arrival is recorded: the question moved to is saved as it stands (empty when new), so
   * the server closes the ones before it at once, a skipped one too, and a reload opens here.
   */
  const moveTo = (position: number) => {
    if (!attempt.noGoingBack) {
      void flush();
      setCurrent(position);
      return;
    }
    if (position <= current) return;
    void flush()
      .then(() =>
        saved[position] ? undefined : assessmentsApi.save(attempt._id, position, answers[position] ?? emptyAnswer),
      )
      .then(
        () => setCurrent((c) => Math.max(c, position)),
        (error) => {
          if (!closed(error)) showErrorToast(error instanceof Error ? error.message : String(error));
        },
      );
  };

  return (
    <Stack component="section" aria-labelledby="take-title" maw={860} gap="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={1} id="take-title" style={{ overflowWrap: 'anywhere' }}>
          {attempt.testName}
        </Title>
        {left !== null ? (
          <Paper withBorder px="sm" py={4} role="timer" aria-label="Time left">
            <Text fw={700} c={left < 60 ? 'red.8' : undefined}>
              {clock(left)} left
            </Text>
          </Paper>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {answered} of {attempt.questions.length} answered. Each answer is saved as you give it: you can close this page
        and come back.
        {attempt.noGoingBack ? ' This test goes forward only: once you move on, you cannot go back to a question.' : ''}
      </Text>
      {attempt.oneAtATime ? (
        <QuestionMap
          count={attempt.questions.length}
          current={current}
          isAnswered={(position) => isAnswered(answers[position])}
          closedBefore={attempt.noGoingBack}
          onPick={moveTo}
        />
      ) : null}
      {(attempt.oneAtATime ? attempt.questions.filter((q) => q.position === current) : attempt.questions).map((q) => (
        <QuestionCard
          key={q.position}
          q={q}
          total={attempt.questions.length}
          value={answers[q.position] ?? { selected: [], text: '' }}
          state={saved[q.position]}
          onChange={(next, wait) => answer(q, next, wait)}
          onBlurText={() => void flush()}
        />
      ))}
      <Group>
        {attempt.oneAtATime ? (
          <>
            {attempt.noGoingBack ? null : (
              <Button variant="default" disabled={current === 0} onClick={() => moveTo(Math.max(0, current - 1))}>
                Previous
              </Button>
            )}
            <Button
              variant="default"
              disabled={current >= attempt.questions.length - 1}
              onClick={() => moveTo(Math.min(attempt.questions.length - 1, current + 1))}
            >
              Next
            </Button>
          </>
        ) : null}
        <Button onClick={() => setConfirming(true)}>Submit answers</Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Submit your answers?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>
            {answered} of {attempt.questions.length} questions answered. Once submitted, the answers cannot be changed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep answering
            </Button>
            <Button loading={submitting} onClick={() => void submit()}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const emptyAnswer = { selected: [], text: '' };

const isAnswered = (a: { selected: number[]; text: string } | undefined) =>
  Boolean(a && (a.selected.length > 0 || a.text.trim() !== ''));

/**
 * One question at a time: a button per question (answered ones filled), the current one marked; forward
 * only, the questions before the current one are closed.
 */
function QuestionMap({
  count,
  current,
  isAnswered: answered,
  closedBefore,
  onPick,
}: {
  count: number;
  current: number;
  isAnswered: (position: number) => boolean;
  closedBefore: boolean;
  onPick: (position: number) => void;
}) {
  return (
    <Group gap={6} component="nav" aria-label="Questions">
      {Array.from({ length: count }, (_, position) => (
        <Button
          // biome-ignore lint/suspicious/noArrayIndexKey: a question's place is its identity here
          key={position}
          size="compact-sm"
          miw={36}
          variant={position === current ? 'filled' : answered(position) ? 'light' : 'default'}
          aria-current={position === current ? 'step' : undefined}
          aria-label={`Question ${position + 1}${answered(position) ? ', answered' : ''}${closedBefore && position < current ? ', closed' : ''}`}
          disabled={closedBefore && position < current}
          onClick={() => onPick(position)}
        >
          {position + 1}
        </Button>
      ))}
    </Group>
  );
}

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

function QuestionCard({
  q,
  total,
  value,
  state,
  onChange,
  onBlurText,
}: {
  q: AttemptQuestion;
  total: number;
  value: { selected: number[]; text: string };
  state: 'saving' | 'saved' | 'error' | undefined;
  onChange: (next: { selected: number[]; text: string }, wait?: number) => void;
  onBlurText: () => void;
}) {
  const label = `Question ${q.position + 1} of ${total}`;
  const headId = `q-${q.position}-head`;
  const textId = `q-${q.position}-text`;
  const status = state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved' : state === 'error' ? 'Not saved' : '';
  return (
    <Paper withBorder p="md" component="fieldset" aria-labelledby={`${headId} ${textId}`} style={{ minWidth: 0 }}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fw={600} id={headId}>
          {label}
        </Text>
        <Text size="xs" c={state === 'error' ? 'red.8' : 'dimmed'} aria-live="polite">
          {status}
        </Text>
      </Group>
      <Typography id={textId}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitizePageHtml) before it is stored */}
        <div dangerouslySetInnerHTML={{ __html: q.question }} />
      </Typography>
      {q.mediaUrl && /\.(png|jpe?g|gif|webp|svg)$/i.test(q.mediaUrl) ? (
        <img src={q.mediaUrl} alt="" style={{ maxWidth: '100%' }} />
      ) : null}
      {q.type === 'openended' ? (
        <Textarea
          label="Your answer"
          autosize
          minRows={3}
          maxLength={10000}
          value={value.text}
          description={
            q.rubric.length > 0
              ? `Marked on: ${q.rubric.map((c) => `${c.name} (${c.points} ${c.points === 1 ? 'point' : 'points'})`).join(', ')}`
              : undefined
          }
          onChange={(e) => onChange({ selected: [], text: e.currentTarget.value }, 800)}
          onBlur={onBlurText}
        />
      ) : q.type === 'multichoice' ? (
        <Checkbox.Group
          label="Choose every right answer"
          value={value.selected.map(String)}
          onChange={(v) => onChange({ selected: v.map(Number).sort((x, y) => x - y), text: '' })}
        >
          <Stack gap={6} mt={6}>
            {q.options.map((o, i) => (
              <Checkbox key={o.text} value={String(i)} label={o.text} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Radio.Group
          label="Choose one answer"
          value={value.selected[0] === undefined ? null : String(value.selected[0])}
          onChange={(v) => onChange({ selected: [Number(v)], text: '' })}
        >
          <Stack gap={6} mt={6}>
            {q.options.map((o, i) => (
              <Radio key={o.text} value={String(i)} label={o.text} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Paper>
  );
}
