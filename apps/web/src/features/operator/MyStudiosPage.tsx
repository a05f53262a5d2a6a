import { TENANT_PAYMENT_LABELS } from '@atrium/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../session/session-store';
import { operatorApi, operatorKeys } from './api';

/** A day in the operator's zone ("Nov 29, 2026"). */
function formatDay(iso: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
  }
}

/**
 * Student /tenant on the operator's site (issue 28): the studios this member owns (started from the
 * plan pages with their email), each with its plan and a way in; else the way to start one.
 */
export default function MyStudiosPage() {
  const site = useTenant();
  const studios = useQuery({ queryKey: operatorKeys.myStudios, queryFn: operatorApi.myStudios });
  useEffect(() => {
    document.title = `My studios | ${site.title || site.name}`;
  }, [site.title, site.name]);

  return (
    <Stack gap="md" p="md" maw={760} mx="auto" component="section" aria-labelledby="my-studios-title">
      <Title order={1} id="my-studios-title">
        My studios
      </Title>
      {studios.isPending ? (
        <Loader aria-label="Loading your studios" />
      ) : studios.isError ? (
        <Alert color="red" role="alert">
          Your studios could not be loaded. Please reload the page.
        </Alert>
      ) : studios.data.data.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text>You have no studio of your own yet.</Text>
          <Button component={Link} to="/tplan">
            See the plans
          </Button>
        </Stack>
      ) : (
        studios.data.data.map((studio) => (
          <Card key={studio.orgId} withBorder padding="md" component="article" aria-label={studio.name}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h4">
                  {studio.name}
                </Title>
                {studio.suspended ? <Badge color="red">Suspended</Badge> : null}
              </Group>
              <Text size="sm">
                {studio.planLabel} · {TENANT_PAYMENT_LABELS[studio.paymentState]}
                {studio.nextBillingDate ? ` · next bill ${formatDay(studio.nextBillingDate, site.timezone)}` : ''}
              </Text>
              <Text size="sm" c="dimmed">
                Started {formatDay(studio.createdAt, site.timezone)}
              </Text>
              <Group gap="md">
                <Anchor href={`${studio.url}/login`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  Open {studio.name}
                </Anchor>
                <Anchor href={`${studio.url}/settings/plan`} size="sm">
                  Manage its plan
                </Anchor>
              </Group>
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
