import { GET_STARTED_STEPS, type GetStartedResponse } from '@atrium/contracts';
import { Anchor, Card, Group, Loader, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiRequest } from '../../lib/api';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

const useGetStarted = () =>
  useQuery({ queryKey: ['getstarted'], queryFn: () => apiRequest<GetStartedResponse>('/rest/getstarted') });

/** The new studio's first steps (/getstarted), each done when the studio's own data shows it. */
export default function GetStartedPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Get Started');
  const query = useGetStarted();
  const done = new Set(query.data?.steps.filter((step) => step.done).map((step) => step.key));
  const total = GET_STARTED_STEPS.length;
  return (
    <section aria-labelledby="getstarted-title">
      <Title order={1} id="getstarted-title">
        Get Started
      </Title>
      {query.isPending ? (
        <Loader mt="md" aria-label="Loading your first steps" />
      ) : query.isError ? (
        <Text role="alert" mt="md">
          Your first steps could not be loaded. Please reload the page.
        </Text>
      ) : (
        <>
          <Text mt="sm" id="getstarted-progress">
            {done.size === total
              ? `All ${total} steps are done: ${tenant.name} is ready for its members.`
              : `${done.size} of ${total} steps done`}
          </Text>
          {/* Mantine puts the progressbar role on the section, so the label goes there */}
          <Progress.Root mt="xs" maw={480}>
            <Progress.Section value={(done.size / total) * 100} aria-labelledby="getstarted-progress" />
          </Progress.Root>
          <Stack component="ol" gap="sm" mt="lg" p={0} style={{ listStyle: 'none' }} maw={720}>
            {GET_STARTED_STEPS.map((step) => {
              const isDone = done.has(step.key);
              return (
                <Card component="li" key={step.key} withBorder padding="md">
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon
                      variant={isDone ? 'filled' : 'light'}
                      color={isDone ? 'teal.8' : 'gray'}
                      radius="xl"
                      aria-hidden
                    >
                      {isDone ? <IconCheck size={18} /> : <IconCircleDashed size={18} />}
                    </ThemeIcon>
                    <div>
                      <Anchor component={Link} to={step.path} fw={600}>
                        {step.title}
                      </Anchor>
                      <Text size="sm" mt={2}>
                        {step.text}
                      </Text>
                      <Text size="sm" fw={600} mt={4} c={isDone ? 'teal.9' : undefined}>
                        {isDone ? 'Done' : 'To do'}
                      </Text>
                    </div>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        </>
      )}
    </section>
  );
}
