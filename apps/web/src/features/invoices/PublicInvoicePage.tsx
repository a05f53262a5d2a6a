import { OPEN_INVOICE_STATUSES, takesCardPayments } from '@atrium/contracts';
import { Alert, Button, Container, Group, Loader, Stack } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { queryClient } from '../../lib/query-client';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { invoicePdfUrl, invoicesApi } from './api';
import { CardTokenForm } from './CardTokenForm';
import { AlertTitle, PaymentReturnNotice, useCardPayment, useInvoiceAfterPayment } from './card-payment';
import { InvoiceView } from './InvoiceView';
import { money } from './invoice-format';

/** /invoice/:id: the invoice behind an emailed link, for anyone holding it (no login). */
export default function PublicInvoicePage() {
  // The public shell is plain CSS: this screen brings Mantine and the query client itself.
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <PublicInvoice />
      </QueryClientProvider>
    </MantineScope>
  );
}

function PublicInvoice() {
  const tenant = useTenant();
  const { id = '' } = useParams();
  useDocumentHead(tenant, 'Invoice');
  const { invoice, outcome, stillOwed, waiting, message } = useInvoiceAfterPayment(
    ['invoices', 'public', id],
    () => invoicesApi.publicInvoice(id),
    { retry: false },
  );
  const data = invoice.data;
  const payable =
    !!data &&
    OPEN_INVOICE_STATUSES.includes(data.status) &&
    data.balance > 0 &&
    takesCardPayments(tenant.paymentProvider) &&
    !waiting.polling;
  const pay = useCardPayment(() => invoicesApi.publicPayment(id), payable);
  return (
    <Container size="md" py="lg" component="section" aria-label="Invoice">
      {invoice.isPending ? (
        <Loader aria-label="Loading invoice" />
      ) : data ? (
        <Stack>
          <PaymentReturnNotice
            outcome={outcome}
            stillOwed={stillOwed}
            waitedOut={waiting.waitedOut}
            message={message}
          />
          {pay.error ? (
            <Alert color="red" role="alert" title={<AlertTitle text="The payment could not be started" />}>
              {pay.error.message}
            </Alert>
          ) : null}
          <InvoiceView invoice={data} timeZone={tenant.timezone} />
          {pay.card && payable ? (
            <CardTokenForm
              card={pay.card}
              amount={`Pay ${money(data.balance, data.currency)}`}
              charge={(token) => invoicesApi.publicTokenPayment(id, token)}
              onCancel={pay.cancel}
            />
          ) : null}
          <Group justify="flex-end">
            <Button component="a" href={invoicePdfUrl(id)} target="_blank" rel="noopener" variant="light">
              Download PDF
            </Button>
            {payable && !pay.card ? (
              <Button onClick={pay.start} loading={pay.busy}>
                Pay {money(data.balance, data.currency)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Alert color="red" title="Invoice not found">
          This invoice link is not valid.
        </Alert>
      )}
    </Container>
  );
}
