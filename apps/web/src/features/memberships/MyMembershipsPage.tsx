import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { membershipsApi } from './api';
import { CreditsPanel } from './CreditsPanel';
import { useCompletePurchase, useMembershipProducts, useMyCredits, useMySubscriptions } from './hooks';
import { priceLabel, termsLabel } from './membership-format';
import { SubscriptionCard } from './SubscriptionCard';

/** /memberships: the member's memberships (next payment, card, cancel), credits, and what they can join. */
export default function MyMembershipsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Memberships');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mine = useMySubscriptions();
  const credits = useMyCredits();
  const products = useMembershipProducts();
  const complete = useCompletePurchase();
  const [buying, setBuying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const returned = params.get('session_id');
  const handled = useRef<string | null>(null);

  // back from the provider's page: make (or update) the membership once, then drop the parameter
  useEffect(() => {
    if (!returned || handled.current === returned) return;
    handled.current = returned;
    complete
      .mutateAsync(returned)
      .then((sub) => {
        setProblem(sub.status === 'past_due' ? (sub.lastFailure ?? 'The payment did not go through.') : null);
        if (sub.status !== 'past_due') showSuccessToast(`${sub.name}: you are all set.`);
      })
      .catch((error: unknown) => setProblem(isApiError(error) ? error.message : 'Something went wrong.'))
      .finally(() => navigate('/memberships', { replace: true }));
  }, [returned, complete, navigate]);

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
      {complete.isPending ? (
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
