import { ASSESSMENT_MESSAGES, type Attempt } from '@atrium/contracts';
import { Button, Group, Loader, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { AttemptAnswers, ResultBadge, scoreText } from './AttemptAnswers';
import { assessmentKeys, assessmentsApi } from './api';

/** Staff review an attempt and grade its open-ended answers (points and a comment). */
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
                  key={`${position}-${q.awarded}`}
                  attempt={a}
                  position={position}
                  onGraded={(next) => {
                    client.setQueryData([...assessmentKeys.all, 'attempt', attemptId], next);
                    void client.invalidateQueries({ queryKey: [...assessmentKeys.all, 'attempts'] });
                  }}
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
}: {
  attempt: Attempt;
  position: number;
  onGraded: (attempt: Attempt) => void;
}) {
  const q = attempt.questions[position];
  const [points, setPoints] = useState<number | string>(q?.awarded ?? '');
  const [comment, setComment] = useState(q?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!q) return null;
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        setError(null);
        try {
          const next = await assessmentsApi.grade(attempt._id, position, { points: Number(points), comment });
          showSuccessToast(ASSESSMENT_MESSAGES.graded);
          onGraded(next);
        } catch (e) {
          if (isApiError(e) && e.field === 'points') setError(e.message);
          else showErrorToast(e instanceof Error ? e.message : String(e));
        }
        setPending(false);
      }}
    >
      <Stack gap="xs" mt="sm">
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
        <Textarea
          label="Comment for the member"
          autosize
          minRows={2}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={pending} disabled={points === ''}>
            Save grade
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
