import { formatMoney, type PlanSaleReceipt, paymentMethodWords, type SaleReceipt } from '@atrium/contracts';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPrinter, IconRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { Fact } from '../../app/components/Fact';
import { apiRequest } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/**
 * /reports/sales/{guId} (spec 2 §2: the Plan page's invoice link). A plan payment opens as its
 * receipt (admins); a studio's own invoice id goes on to its invoice screen, so report rows can link
 * here too (decisions.md "The sale page").
 */
export default function SaleReceiptPage() {
  const guId = useParams().guId ?? '';
  const tenant = useTenant();
  const sale = useQuery({
    queryKey: ['reports', 'sale', guId],
    queryFn: ({ signal }) =>
      apiRequest<SaleReceipt>(`/itemreport/sale/${encodeURIComponent(guId)}`, { signal, silent: true }),
    retry: false,
  });
  useDocumentHead(tenant, sale.data?.kind === 'plan_payment' ? `Receipt: ${sale.data.itemName}` : 'Sale');

  if (sale.isPending) return <Busy label="Loading the sale" />;
  if (sale.data?.kind === 'invoice') return <Navigate to={`/invoices/${sale.data.guId}`} replace />;
  if (sale.data) return <PlanReceipt receipt={sale.data} />;
  const status = isApiError(sale.error) ? sale.error.status : 0;
  const [title, words] =
    status === 403
      ? ['Not for your role', 'Only an administrator can see the plan and its payments.']
      : status === 404 || status === 400
        ? ['Sale not found', 'There is no sale with this address in this studio.']
        : ['The sale could not be loaded', 'Please reload the page.'];
  return (
    <Stack gap="md" maw={720}>
      <BackToPlan />
      <Card withBorder padding="lg" role="alert">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="red.9" mt="xs">
          {words}
        </Text>
      </Card>
    </Stack>
  );
}

function BackToPlan() {
  return (
    <Anchor component={Link} to="/settings/plan" size="sm" className="no-print">
      ← Plan
    </Anchor>
  );
}

const STATUS_COLOR = { Completed: 'teal', Processing: 'blue', Failed: 'red' } as const;

function PlanReceipt({ receipt }: { receipt: PlanSaleReceipt }) {
  const method = paymentMethodWords(receipt.paymentMethod);
  return (
    <Stack gap="md" maw={720}>
      <BackToPlan />
      <Card withBorder padding="lg" component="article" aria-labelledby="receipt-title">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Plan payment receipt
            </Text>
            <Group gap={6} wrap="nowrap">
              <Title order={1} size="h3" id="receipt-title">
                {receipt.itemName}
              </Title>
              {receipt.subscription ? (
                <Tooltip label="Recurring membership">
                  <IconRepeat size={18} aria-label="Recurring membership" role="img" />
                </Tooltip>
              ) : null}
            </Group>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            className="no-print"
          >
            Print
          </Button>
        </Group>
        <Text size="xl" fw={700} mt="md" data-testid="receipt-amount">
          {formatMoney(receipt.amount, receipt.currency)}
        </Text>
        <Group gap="xs" mt={4}>
          <Badge color={STATUS_COLOR[receipt.statusLabel]} variant="dot" c="dark.7">
            {receipt.statusLabel}
          </Badge>
          {receipt.message ? (
            <Text size="sm" c="red.9">
              {receipt.message}
            </Text>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="lg" spacing="md">
          <Fact label="Date" value={formatDateTime(receipt.paidAt, receipt.timeZone)} />
          <Fact label="Billed to" value={receipt.billedTo} />
          <div>
            <Text size="sm" c="dimmed">
              Paid by
            </Text>
            {receipt.payer.guId ? (
              <Anchor component={Link} to={`/contacts/${receipt.payer.guId}/details`} fw={500}>
                {receipt.payer.name}
              </Anchor>
            ) : (
              <Text fw={500}>{receipt.payer.name}</Text>
            )}
          </div>
          <Fact label="Payment method" value={method ?? '—'} />
          <Fact label="Reference" value={receipt.guId} />
          <Fact label="Time zone" value={receipt.timeZone} />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
