import { Alert, Button, Container, Group, Loader, Stack } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { queryClient } from '../../lib/query-client';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { invoicePdfUrl, invoicesApi } from './api';
import { InvoiceView } from './InvoiceView';

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
  const invoice = useQuery({
    queryKey: ['invoices', 'public', id],
    queryFn: () => invoicesApi.publicInvoice(id),
    retry: false,
  });
  return (
    <Container size="md" py="lg" component="section" aria-label="Invoice">
      {invoice.isPending ? (
        <Loader aria-label="Loading invoice" />
      ) : invoice.data ? (
        <Stack>
          <InvoiceView invoice={invoice.data} timeZone={tenant.timezone} />
          <Group justify="flex-end">
            <Button component="a" href={invoicePdfUrl(id)} target="_blank" rel="noopener" variant="light">
              Download PDF
            </Button>
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
