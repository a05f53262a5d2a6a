import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { membershipsApi } from './api';
import { useMembershipProducts } from './hooks';
import { priceLabel } from './membership-format';

/**
 * The desk sells a membership to the contact on /store/new: the member types their card on the
 * payment provider's page (never on ours); it comes back to /subscriptions, which sets it up.
 */
export function DeskMembershipSale({ contactId, contactName }: { contactId: string; contactName: string }) {
  const products = useMembershipProducts();
  const [picked, setPicked] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const options = (products.data?.data ?? []).map((m) => ({ value: m.guId, label: `${m.name} · ${priceLabel(m)}` }));

  async function sell() {
    if (!picked) return;
    setProblem(null);
    setLeaving(true);
    try {
      const { url } = await membershipsApi.startPurchase(picked, contactId);
      window.location.assign(url);
    } catch (error) {
      setLeaving(false);
      setProblem(isApiError(error) || error instanceof Error ? error.message : String(error));
    }
  }

  if (products.isSuccess && options.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="desk-membership-title" gap="sm">
      <Title order={2} size="h4" id="desk-membership-title">
        Membership
      </Title>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={`Membership for ${contactName}`}
          placeholder="Choose a membership"
          data={options}
          value={picked}
          onChange={setPicked}
          style={{ flex: '1 1 260px' }}
        />
        <Button onClick={sell} disabled={!picked} loading={leaving}>
          Sell membership
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        The member enters their card on the payment provider's secure page; what is due today is charged there.
      </Text>
      {problem ? (
        <Alert color="red" role="alert" title="The membership could not be sold">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
