import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { invoicesApi } from '../invoices/api';
import { invoicePath } from '../invoices/InvoicesPage';
import { InvoiceStatusBadge } from '../invoices/InvoiceView';
import { formatInvoiceDate, money } from '../invoices/invoice-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** /store: the desk's way into a sale, and the latest invoices to check what was just sold. */
export default function StorePage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Store');
  const recent = useQuery({
    queryKey: ['invoices', 'list', 'store-recent'],
    queryFn: ({ signal }) =>
      invoicesApi.list(
        { offset: 0, max: 10, search: '', showArchive: false, sort: 'createdAt', order: 'desc' },
        signal,
      ),
  });
  const rows = recent.data?.data ?? [];
  return (
    <Stack component="section" aria-labelledby="store-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="store-title">
          Store
        </Title>
        <Button component={Link} to="/store/new">
          New sale
        </Button>
      </Group>
      <Title order={2} size="h3">
        Recent sales
      </Title>
      {recent.isPending ? (
        <Loader size="sm" aria-label="Loading recent sales" />
      ) : recent.isError ? (
        <Alert color="red">The recent sales could not be loaded.</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No sales yet</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={invoicePath(row.id)}>
                      {row.invoiceId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatInvoiceDate(row.createdAt, tenant.timezone)}</Table.Td>
                  <Table.Td>{row.contact.name}</Table.Td>
                  <Table.Td ta="right">{money(row.total, row.currency)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={row.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
