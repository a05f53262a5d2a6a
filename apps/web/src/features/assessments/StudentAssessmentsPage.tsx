import { ASSESSMENT_MESSAGES, type MyTest } from '@atrium/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ResultBadge, scoreText } from './AttemptAnswers';
import { assessmentKeys, assessmentsApi } from './api';

/** /student-assessments: the tests assigned to me, with where I am in each (the spec's result states). */
export default function StudentAssessmentsPage() {
  const tenant = useTenant();
  const title = tenant?.appLabels?.[3] || 'Assessments';
  useDocumentHead(tenant, title);
  const tests = useQuery({ queryKey: [...assessmentKeys.all, 'mine'], queryFn: assessmentsApi.myTests });
  const zone = tenant?.timezone ?? 'UTC';
  return (
    <Stack component="section" aria-labelledby="myassessments-title" gap="md" maw={760}>
      <Title order={1} id="myassessments-title">
        {title}
      </Title>
      {tests.isPending ? (
        <Loader aria-label="Loading assessments" />
      ) : tests.isError ? (
        <Alert color="red">{tests.error.message}</Alert>
      ) : tests.data.data.length === 0 ? (
        <Text>{ASSESSMENT_MESSAGES.noMyTests}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {tests.data.data.map((t) => (
            <Card component="li" key={t._id} withBorder aria-labelledby={`mytest-${t._id}`}>
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Title order={2} size="h4" id={`mytest-${t._id}`} style={{ overflowWrap: 'anywhere' }}>
                    {t.name}
                  </Title>
                  {t.latest ? <ResultBadge attempt={t.latest} /> : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {facts(t, zone)}
                </Text>
                {t.description ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {t.description}
                  </Text>
                ) : null}
                {t.latest && t.latest.status !== 'inprogress' ? (
                  <Text size="sm">Score: {scoreText(t.latest)}</Text>
                ) : null}
                <Group gap="xs">
                  {t.canStart ? (
                    <Button component={Link} to={`/myassessment?test=${encodeURIComponent(t._id)}`}>
                      {t.latest?.status === 'inprogress' ? 'Resume' : t.latest ? 'Try again' : 'Start'}
                      <VisuallyHidden> {t.name}</VisuallyHidden>
                    </Button>
                  ) : null}
                  {t.latest && t.latest.status !== 'inprogress' ? (
                    <Button
                      variant="default"
                      component={Link}
                      to={`/myassessment?attempt=${encodeURIComponent(t.latest._id)}`}
                    >
                      View result<VisuallyHidden> of {t.name}</VisuallyHidden>
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function facts(t: MyTest, zone: string): string {
  return [
    `${t.questionCount} question${t.questionCount === 1 ? '' : 's'}`,
    t.timeLimitMinutes ? `${t.timeLimitMinutes} minutes` : 'No time limit',
    `${t.attemptsUsed} of ${t.attemptsAllowed} attempt${t.attemptsAllowed === 1 ? '' : 's'} used`,
    t.closesAt ? `Closes ${formatDateTime(t.closesAt, zone)}` : null,
    t.opensAt && new Date(t.opensAt) > new Date() ? `Opens ${formatDateTime(t.opensAt, zone)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
