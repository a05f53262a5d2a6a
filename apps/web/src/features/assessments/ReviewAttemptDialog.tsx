import { ASSESSMENT_MESSAGES, type Attempt } from '@atrium/contracts';
import { Button, Group, Loader, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { AttemptAnswers, ResultBadge, scoreText } from './AttemptAnswers';
import { assessmentKeys, assessmentsApi } from './api';

/**
 * Staff review an attempt and grade its open-ended answers: points (or a score per rubric criterion,
 * each with an optional comment) and a comment for the member.
 */
export function ReviewAttemptDialog({ attemptId, onClose }: { attemptId: string; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 40em)');
  const client = useQueryClient();
  const attempt = useQuery({
    queryKey: [...assessmentKeys.all, 'attempt', attemptId],
    queryFn: () => assessmentsApi.attempt(attemptId),
  });
  const a = attempt.data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={a ? `${a.contactName} · ${a.testName}` : 'Attempt'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!a ? (
        <Loader aria-label="Loading attempt" />
      ) : (
        <Stack>
          <Group gap="sm">
            <ResultBadge attempt={a} />
            <Text size="sm">Score: {scoreText(a)}</Text>
          </Group>
          <AttemptAnswers
            attempt={a}
            grade={(position) => {
              const q = a.questions[position];
              if (q?.type !== 'openended' || a.status === 'inprogress' || a.status === 'abandoned') return null;
              return (
                <GradeForm
                  key={`${position}-${q.gradedAt}`}
                  attempt={a}
                  position={position}
                  onGraded={(next) => {
                    client.setQueryData([...assessmentKeys.all, 'attempt', attemptId], next);
                    void client.invalidateQueries({ queryKey: [...assessmentKeys.all, 'attempts'] });
                  }}
                  onStale={() => void attempt.refetch()}
                />
              );
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}

function GradeForm({
  attempt,
  position,
  onGraded,
  onStale,
}: {
  attempt: Attempt;
  position: number;
  onGraded: (attempt: Attempt) => void;
  onStale: () => void;
}) {
  const q = attempt.questions[position];
  const [points, setPoints] = useState<number | string>(q?.awarded ?? '');
  const [criteria, setCriteria] = useState<{ points: number | string; comment: string }[]>(
    () =>
      q?.rubric.map((_, i) => ({
        points: q.rubricScores?.[i]?.points ?? '',
        comment: q.rubricScores?.[i]?.comment ?? '',
      })) ?? [],
  );
  const [comment, setComment] = useState(q?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!q) return null;
  const byRubric = q.rubric.length > 0;
  const complete = byRubric ? criteria.every((c) => c.points !== '') : points !== '';
  const total = criteria.reduce((sum, c) => sum + (Number(c.points) || 0), 0);
  const setCriterion = (index: number, patch: Partial<{ points: number | string; comment: string }>) =>
    setCriteria((all) => all.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        setError(null);
        try {
          const next = await assessmentsApi.grade(attempt._id, position, {
            ...(byRubric
              ? { criteria: criteria.map((c) => ({ points: Number(c.points), comment: c.comment })) }
              : { points: Number(points) }),
            comment,
            previousGradedAt: q.gradedAt,
          });
          showSuccessToast(ASSESSMENT_MESSAGES.graded);
          onGraded(next);
        } catch (e) {
          if (isApiError(e) && (e.field === 'points' || e.field?.startsWith('criteria'))) setError(e.message);
          else {
            showErrorToast(e instanceof Error ? e.message : String(e));
            if (isApiError(e) && e.code === 'already_graded') onStale();
          }
        }
        setPending(false);
      }}
    >
      <Stack gap="xs" mt="sm">
        {byRubric ? (
          <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <legend>
              <Text fw={500} size="sm">
                Rubric for question {position + 1}: {total} of {q.points} points
              </Text>
            </legend>
            <Stack gap="xs" mt={4}>
              {q.rubric.map((c, i) => (
                <Group key={c.name} gap="xs" align="flex-end" wrap="wrap">
                  <NumberInput
                    label={`${c.name} (0 to ${c.points})`}
                    min={0}
                    max={c.points}
                    allowDecimal={false}
                    required
                    value={criteria[i]?.points ?? ''}
                    onChange={(value) => setCriterion(i, { points: value })}
                    w={200}
                  />
                  <TextInput
                    label={`Comment on ${c.name}`}
                    maxLength={1000}
                    value={criteria[i]?.comment ?? ''}
                    onChange={(e) => setCriterion(i, { comment: e.currentTarget.value })}
                    style={{ flex: 1, minWidth: 180 }}
                  />
                </Group>
              ))}
              {error ? (
                <Text size="xs" c="red.8" role="alert">
                  {error}
                </Text>
              ) : null}
            </Stack>
          </fieldset>
        ) : (
          <NumberInput
            label={`Points for question ${position + 1} (0 to ${q.points})`}
            min={0}
            max={q.points}
            allowDecimal={false}
            required
            value={points}
            onChange={setPoints}
            error={error}
            w={220}
          />
        )}
        <Textarea
          label="Comment for the member"
          autosize
          minRows={2}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={pending} disabled={!complete}>
            Save grade
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
