import {
  formatDecimal,
  type InvoiceDetail,
  type InvoicePayment,
  OPEN_INVOICE_STATUSES,
  PAYMENT_METHOD_LABELS,
  takesCardPayments,
  toMinorUnits,
} from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormActions } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { invoicePdfUrl, invoicesApi } from './api';
import { CardTokenForm } from './CardTokenForm';
import { AlertTitle, PaymentReturnNotice, useCardPayment, useInvoiceAfterPayment } from './card-payment';
import { InvoiceView } from './InvoiceView';
import { formatInvoiceDate, money } from './invoice-format';

const newKey = () => crypto.randomUUID();

function PaymentDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<'cash' | 'account'>('cash');
  const [amount, setAmount] = useState(() =>
    formatDecimal(toMinorUnits(invoice.balance, invoice.currency), invoice.currency),
  );
  // One key per dialog: a double click or a retry records the payment once.
  const [key] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: () => invoicesApi.pay(invoice.id, { method, amount: amount.trim(), idempotencyKey: key }),
    onSuccess: (updated) => {
      queryClient.setQueryData(['invoices', 'detail', invoice.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'list'] });
      showSuccessToast('Payment recorded.');
      onClose();
    },
    onError: (failure: Error) => setError(failure.message),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d+(\.\d+)?$/.test(amount.trim())) return setError('Amount must be a number');
    setError(null);
    pay.mutate();
  }
  return (
    <Modal opened onClose={onClose} title="Record payment" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">Balance: {money(invoice.balance, invoice.currency)}</Text>
          <Select
            label="Payment method"
            data={[
              { value: 'cash', label: PAYMENT_METHOD_LABELS.cash },
              { value: 'account', label: PAYMENT_METHOD_LABELS.account },
            ]}
            value={method}
            onChange={(value) => setMethod((value as 'cash' | 'account') ?? 'cash')}
            allowDeselect={false}
          />
          <AmountInput value={amount} onChange={setAmount} error={error} />
          <FormActions onCancel={onClose} pending={pay.isPending} submitLabel="Record payment" />
        </Stack>
      </form>
    </Modal>
  );
}

/** The amount of a payment or refund, typed as a decimal; it takes the dialog's focus. */
function AmountInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextInput
      label="Amount"
      inputMode="decimal"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required
      data-autofocus
    />
  );
}

function RefundDialog({
  invoice,
  payment,
  onClose,
}: {
  invoice: InvoiceDetail;
  payment: InvoicePayment;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(() =>
    formatDecimal(toMinorUnits(payment.refundable, invoice.currency), invoice.currency),
  );
  const [key] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: () =>
      invoicesApi.refund(invoice.id, { paymentId: payment.id, amount: amount.trim(), idempotencyKey: key }),
    onSuccess: (updated) => {
      queryClient.setQueryData(['invoices', 'detail', invoice.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'list'] });
      showSuccessToast('Refund recorded.');
      onClose();
    },
    onError: (failure: Error) => setError(failure.message),
  });
  return (
    <Modal opened onClose={onClose} title="Refund payment" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          refund.mutate();
        }}
      >
        <Stack>
          <Text size="sm">
            Refundable: {money(payment.refundable, invoice.currency)} ({PAYMENT_METHOD_LABELS[payment.method]})
          </Text>
          {payment.provider ? (
            <Text size="sm">The money goes back to the card it was paid with, through the payment provider.</Text>
          ) : null}
          <AmountInput value={amount} onChange={setAmount} error={error} />
          <FormActions onCancel={onClose} pending={refund.isPending} submitColor="red.9" submitLabel="Refund" />
        </Stack>
      </form>
    </Modal>
  );
}

/** /invoices/:id: one invoice, its payments, and what staff can do with it. */
export default function InvoiceDetailPage() {
  const tenant = useTenant();
  const { user } = useSession();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const { invoice, outcome, stillOwed, waiting, message } = useInvoiceAfterPayment(['invoices', 'detail', id], () =>
    invoicesApi.get(id),
  );
  useDocumentHead(tenant, invoice.data ? `Invoice ${invoice.data.invoiceId}` : 'Invoice');
  const [paying, setPaying] = useState(false);
  const [refunding, setRefunding] = useState<InvoicePayment | null>(null);
  const [voiding, setVoiding] = useState(false);
  const canManage = user?.role === 'admin' || user?.role === 'staff';
  const act = useMutation({
    mutationFn: (action: () => Promise<InvoiceDetail>) => action(),
    onSuccess: (updated) => {
      queryClient.setQueryData(['invoices', 'detail', id], updated);
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'list'] });
    },
  });
  const run = (action: () => Promise<InvoiceDetail>, message: string) =>
    act.mutateAsync(action).then(
      () => showSuccessToast(message),
      () => undefined,
    );

  const loaded = invoice.data;
  const cardPayable =
    !!loaded &&
    OPEN_INVOICE_STATUSES.includes(loaded.status) &&
    loaded.balance > 0 &&
    takesCardPayments(tenant.paymentProvider) &&
    !waiting.polling;
  const cardPay = useCardPayment(() => invoicesApi.cardPayment(id), cardPayable);

  if (invoice.isPending) return <Loader aria-label="Loading invoice" />;
  if (!invoice.data) {
    return (
      <Alert color="red" role="alert" title={<AlertTitle text="This invoice could not be loaded." />}>
        <Text size="sm" c="dark.7">
          It may belong to another studio, or the link may be wrong.
        </Text>
      </Alert>
    );
  }
  const data = invoice.data;
  const open = OPEN_INVOICE_STATUSES.includes(data.status) && data.balance > 0;
  const payments = data.payments.filter((payment) => payment.kind === 'payment');

  return (
    <Stack component="section" aria-labelledby="invoice-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Anchor component={Link} to="/invoices" size="sm">
            ← Invoices
          </Anchor>
          <Title order={1} id="invoice-title">
            Invoice {data.invoiceId}
          </Title>
          {data.isArchived ? (
            <Text size="sm" c="gray.7">
              Archived
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {open ? <Button onClick={() => setPaying(true)}>Record payment</Button> : null}
          {cardPayable && !cardPay.card ? (
            <Button variant="light" onClick={cardPay.start} loading={cardPay.busy}>
              Pay by card
            </Button>
          ) : null}
          <Button
            variant="light"
            loading={act.isPending}
            onClick={() => run(() => invoicesApi.email(id, false), 'Invoice emailed.')}
            disabled={data.status === 'void' || data.status === 'refunded'}
          >
            Email invoice
          </Button>
          {open ? (
            <Button variant="light" onClick={() => run(() => invoicesApi.email(id, true), 'Reminder sent.')}>
              Send reminder
            </Button>
          ) : null}
          <Button component="a" variant="default" href={invoicePdfUrl(data.publicId)} target="_blank" rel="noopener">
            Download PDF
          </Button>
          {canManage && data.amountPaid === 0 && data.status !== 'void' ? (
            <Button variant="outline" color="red.9" onClick={() => setVoiding(true)}>
              Void
            </Button>
          ) : null}
          {canManage ? (
            data.isArchived ? (
              <Button variant="subtle" onClick={() => run(() => invoicesApi.restore(id), 'Invoice restored.')}>
                Restore
              </Button>
            ) : (
              <Button variant="subtle" onClick={() => run(() => invoicesApi.archive(id), 'Invoice archived.')}>
                Archive
              </Button>
            )
          ) : null}
        </Group>
      </Group>

      <PaymentReturnNotice outcome={outcome} stillOwed={stillOwed} waitedOut={waiting.waitedOut} message={message} />
      {cardPay.error ? (
        <Alert color="red" role="alert" title={<AlertTitle text="The card payment could not be started" />}>
          {cardPay.error.message}
        </Alert>
      ) : null}
      {cardPay.card && cardPayable ? (
        <CardTokenForm
          card={cardPay.card}
          amount={`Charge ${money(data.balance, data.currency)}`}
          charge={(token) => invoicesApi.deskTokenPayment(id, token)}
          onCancel={cardPay.cancel}
        />
      ) : null}
      <InvoiceView invoice={data} timeZone={tenant.timezone} />

      <Text size="sm">
        Public link:{' '}
        <Anchor href={data.publicUrl} target="_blank" rel="noopener">
          {data.publicUrl}
        </Anchor>
      </Text>

      {payments.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Payment history
          </Title>
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Payments">
            <Table miw={560} aria-label="Payment history" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Recorded by</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Refundable</Table.Th>
                  {canManage ? <Table.Th aria-label="Actions" /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{formatInvoiceDate(payment.createdAt, tenant.timezone)}</Table.Td>
                    <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
                    <Table.Td>{payment.recordedBy}</Table.Td>
                    <Table.Td ta="right">{money(payment.amount, data.currency)}</Table.Td>
                    <Table.Td ta="right">{money(payment.refundable, data.currency)}</Table.Td>
                    {canManage ? (
                      <Table.Td ta="right">
                        {payment.refundable > 0 ? (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setRefunding(payment)}
                            aria-label={`Refund payment of ${money(payment.amount, data.currency)}`}
                          >
                            Refund
                          </Button>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Stack>
      ) : null}

      {paying ? <PaymentDialog invoice={data} onClose={() => setPaying(false)} /> : null}
      {refunding ? <RefundDialog invoice={data} payment={refunding} onClose={() => setRefunding(null)} /> : null}
      <ConfirmDialog
        opened={voiding}
        title="Void invoice"
        message={`Void invoice ${data.invoiceId}? It will no longer be owed.`}
        confirmLabel="Void"
        danger
        busy={act.isPending}
        onCancel={() => setVoiding(false)}
        onConfirm={() => run(() => invoicesApi.void(id), 'Invoice voided.').finally(() => setVoiding(false))}
      />
    </Stack>
  );
}
