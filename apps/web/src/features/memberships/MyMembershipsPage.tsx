import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showErrorToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { membershipsApi } from './api';
import { CreditsPanel } from './CreditsPanel';
import { useMembershipProducts, useMyCredits, useMySubscriptions, useSetupReturn } from './hooks';
import { priceLabel, termsLabel } from './membership-format';
import { SubscriptionCard } from './SubscriptionCard';

/** /memberships: the member's memberships (next payment, card, cancel), credits, and what they can join. */
export default function MyMembershipsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Memberships');
  const mine = useMySubscriptions();
  const credits = useMyCredits();
  const products = useMembershipProducts();
  const [buying, setBuying] = useState<string | null>(null);
  const returned = useSetupReturn('/memberships', (sub) =>
    sub.status === 'paused'
      ? `${sub.name}: your card is saved. Payments start again when the membership resumes.`
      : `${sub.name}: you are all set.`,
  );
  const { problem } = returned;

  async function buy(id: string) {
    setBuying(id);
    try {
      const { url } = await membershipsApi.startPurchase(id);
      window.location.assign(url);
    } catch (error) {
      setBuying(null);
      if (!isApiError(error)) showErrorToast(String(error));
    }
  }

  const timeZone = tenant.timezone;
  const current = mine.data?.data ?? [];
  return (
    <Stack component="section" aria-labelledby="memberships-title" gap="lg">
      <Title order={1} id="memberships-title">
        My Memberships
      </Title>
      {returned.pending ? (
        <Group role="status" gap="xs">
          <Loader size="sm" aria-label="Saving your card" />
          <Text>Setting up your membership…</Text>
        </Group>
      ) : null}
      {problem ? (
        <Alert color="red" title="Payment failed" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your memberships
        </Title>
        {mine.isLoading ? <Loader size="sm" aria-label="Loading memberships" /> : null}
        {mine.data && current.length === 0 ? <Text>You have no memberships yet.</Text> : null}
        {current.map((sub) => (
          <SubscriptionCard key={sub.guId} sub={sub} timeZone={timeZone} />
        ))}
      </Stack>
      {credits.data ? <CreditsPanel credits={credits.data} timeZone={timeZone} /> : null}
      <Stack gap="sm" component="section" aria-labelledby="join-title">
        <Title order={2} size="h3" id="join-title">
          Join
        </Title>
        {products.data?.data.length === 0 ? <Text>Nothing is on offer right now.</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {products.data?.data.map((m) => (
            <Card key={m.guId} withBorder component="article" aria-label={m.name}>
              <Stack gap={6}>
                <Title order={3} size="h4">
                  {m.name}
                </Title>
                <Text fw={600}>{priceLabel(m)}</Text>
                <Text size="sm">{termsLabel(m)}</Text>
                {m.description ? <Text size="sm">{m.description}</Text> : null}
                <Group justify="flex-end">
                  <Button loading={buying === m.guId} onClick={() => buy(m.guId)} aria-label={`Buy ${m.name}`}>
                    Buy
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
