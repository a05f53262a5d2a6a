import { type ExcessPayment, formatInvoiceNumber, formatMoney } from '@atrium/contracts';
import { Alert, Anchor, Badge, Box, Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useSession, useTenant } from '../session/session-store';
import { invoicesApi } from './api';

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', razorpay: 'Razorpay', phonepe: 'PhonePe' };
const key = ['invoices', 'excess-payments'];

/**
 * Money a provider took that found nothing left to pay: it goes back on its own; the desk sees a
 * refund the provider refused (retry it, or record it given back by hand) and those still on their way.
 * Shown to admins and staff only when there is one.
 */
export function ExcessPaymentsPanel() {
  const { user } = useSession();
  const tenant = useTenant();
  const canManage = user?.role === 'admin' || user?.role === 'staff';
  const client = useQueryClient();
  const [settling, setSettling] = useState<ExcessPayment | null>(null);
  const list = useQuery({ queryKey: key, queryFn: invoicesApi.excessPayments, enabled: canManage });
  const retry = useMutation({
    mutationFn: (p: ExcessPayment) => invoicesApi.retryExcessRefund(p.provider, p.eventId),
    onSuccess: () => showSuccessToast('The refund is being tried again.'),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const settle = useMutation({
    mutationFn: (p: ExcessPayment) => invoicesApi.settleExcessRefund(p.provider, p.eventId),
    onSuccess: () => {
      showSuccessToast('Marked as refunded by hand.');
      setSettling(null);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const payments = list.data?.data ?? [];
  if (!canManage || payments.length === 0) return null;
  const failed = payments.filter((p) => p.outcome === 'refund_failed').length;
  return (
    <Alert
      color={failed > 0 ? 'red' : 'orange.9'}
      title={failed > 0 ? 'Refunds that need you' : 'Refunds on their way'}
      component="section"
      aria-label="Payments to give back"
    >
      <Text size="sm" mb="xs">
        These card payments arrived for invoices that had nothing left to pay, so the money goes back to the buyer.
      </Text>
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Payments to give back list">
        <Table aria-label="Payments to give back" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((p) => (
              <Table.Tr key={`${p.provider}:${p.eventId}`}>
                <Table.Td>{formatDateTime(p.receivedAt, tenant.timezone)}</Table.Td>
                <Table.Td>
                  {p.invoiceId && p.invoiceNumber !== null ? (
                    <Anchor component={Link} to={`/invoices/${encodeURIComponent(p.invoiceId)}`}>
                      {formatInvoiceNumber(p.invoiceNumber)}
                    </Anchor>
                  ) : (
                    'None'
                  )}
                </Table.Td>
                <Table.Td>
                  {formatMoney(p.excess, p.currency)}
                  <Text size="xs" c="dimmed">
                    {PROVIDER_NAMES[p.provider] ?? p.provider} · {p.chargeRef}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={p.outcome === 'refund_failed' ? 'red' : 'yellow'} variant="light">
                    {p.outcome === 'refund_failed' ? 'Refund failed' : 'Refund on its way'}
                  </Badge>
                  {p.message ? (
                    <Text size="xs" mt={4}>
                      {p.message}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {p.outcome === 'refund_failed' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        loading={retry.isPending && retry.variables === p}
                        onClick={() => retry.mutate(p)}
                        aria-label={`Retry the refund of ${formatMoney(p.excess, p.currency)}`}
                      >
                        Retry refund
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setSettling(p)}>
                        Refunded by hand
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <ConfirmDialog
        opened={settling !== null}
        title="Refunded by hand?"
        message={
          settling
            ? `Record that ${formatMoney(settling.excess, settling.currency)} was given back outside (on the provider's dashboard, in cash). Nothing more will be tried.`
            : ''
        }
        confirmLabel="Mark refunded"
        busy={settle.isPending}
        onCancel={() => setSettling(null)}
        onConfirm={() => settling && settle.mutate(settling)}
      />
    </Alert>
  );
}
