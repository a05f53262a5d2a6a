import { type Attempt, type AttemptSummary, questionTypeLabel, quizResultLabel } from '@atrium/contracts';
import { Badge, Group, List, Paper, Stack, Text, Typography } from '@mantine/core';
import type { ReactNode } from 'react';

const RESULT_COLOURS: Record<string, string> = {
  Pass: 'green',
  Fail: 'red',
  'In Review': 'yellow',
  'In Progress': 'blue',
  Abandoned: 'gray',
  'N/A': 'gray',
};

/** The spec's result state (In Review, Pass, Fail, In Progress, Abandoned, N/A for graded) as a badge. */
export function ResultBadge({ attempt }: { attempt: Pick<AttemptSummary, 'quizType' | 'status' | 'isPass'> }) {
  const label = quizResultLabel(attempt);
  return (
    <Badge variant="light" color={RESULT_COLOURS[label] ?? 'gray'}>
      {label}
    </Badge>
  );
}

export function scoreText(attempt: Pick<AttemptSummary, 'score' | 'maxScore'>): string {
  return attempt.score === null ? `— of ${attempt.maxScore}` : `${attempt.score} of ${attempt.maxScore}`;
}

/** Each rubric criterion with the points staff gave it (— before grading) and their comment. */
function RubricScores({ q }: { q: Attempt['questions'][number] }) {
  return (
    <List size="sm" spacing={2} mt={4} aria-label={`Rubric of question ${q.position + 1}`}>
      {q.rubric.map((c, i) => {
        const given = q.rubricScores?.[i];
        return (
          <List.Item key={c.name}>
            {c.name}: {given ? given.points : '—'} of {c.points}
            {given?.comment ? (
              <Text size="xs" c="dimmed" span>
                {' '}
                · {given.comment}
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}

/**
 * A finished attempt, question by question: the member's answer, the right ones, the points given and
 * staff's comment. `grade` adds staff's marking under an open-ended answer.
 */
export function AttemptAnswers({ attempt, grade }: { attempt: Attempt; grade?: (position: number) => ReactNode }) {
  return (
    <Stack gap="sm">
      {attempt.questions.map((q) => (
        <Paper key={q.position} withBorder p="sm" component="section" aria-labelledby={`answer-${q.position}`}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Text fw={600} id={`answer-${q.position}`}>
              Question {q.position + 1} · {questionTypeLabel(q.type)}
            </Text>
            <Text size="sm">
              {q.awarded === null ? (q.type === 'openended' && q.answer ? 'To grade' : '—') : q.awarded} of {q.points}{' '}
              points
            </Text>
          </Group>
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitizePageHtml) before it is stored */}
            <div dangerouslySetInnerHTML={{ __html: q.question }} />
          </Typography>
          {q.type === 'openended' ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <strong>Answer: </strong>
              {q.answer?.text || 'No answer'}
            </Text>
          ) : (
            <List size="sm" listStyleType="none" spacing={2}>
              {q.options.map((o, i) => {
                const picked = q.answer?.selected.includes(i) ?? false;
                const marks = [
                  picked ? 'Chosen' : null,
                  o.isCorrect ? 'Right answer' : null,
                  q.type === 'graded' && o.points !== undefined ? `${o.points} points` : null,
                ].filter(Boolean);
                return (
                  <List.Item key={o.text}>
                    <Text size="sm" fw={picked ? 600 : 400} span>
                      {picked ? '● ' : '○ '}
                      {o.text}
                    </Text>
                    {marks.length > 0 && (
                      <Text size="xs" c="dimmed" span>
                        {' '}
                        ({marks.join(', ')})
                      </Text>
                    )}
                  </List.Item>
                );
              })}
            </List>
          )}
          {q.explanation ? (
            <Text size="sm" c="dimmed" mt={4}>
              {q.explanation}
            </Text>
          ) : null}
          {q.rubric.length > 0 ? <RubricScores q={q} /> : null}
          {q.comment ? (
            <Text size="sm" mt={4}>
              <strong>Comment: </strong>
              {q.comment}
            </Text>
          ) : null}
          {grade?.(q.position)}
        </Paper>
      ))}
    </Stack>
  );
}
