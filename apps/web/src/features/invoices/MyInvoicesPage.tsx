import { Alert, Box, Button, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { invoicesApi } from './api';
import { InvoiceRow } from './InvoiceView';

const PAGE_SIZE = 20;

/**
 * /invoices in the portal: the member's own invoices, newest first; each opens on its page, where
 * it is paid and its PDF downloaded. The page number lives in the address.
 */
export default function MyInvoicesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Invoices');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const mine = useQuery({
    queryKey: ['invoices', 'mine', page],
    queryFn: () => invoicesApi.mine((page - 1) * PAGE_SIZE, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((mine.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Stack component="section" aria-labelledby="my-invoices-title" gap="md">
      <Title order={1} id="my-invoices-title">
        My Invoices
      </Title>
      {mine.isPending ? (
        <Loader size="sm" aria-label="Loading your invoices" />
      ) : mine.isError ? (
        <Alert color="red" role="alert" title="Your invoices could not be loaded">
          <Group justify="space-between">
            <Text size="sm">Please try again.</Text>
            <Button size="xs" variant="light" onClick={() => mine.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : mine.data.data.length === 0 ? (
        <Text>You have no invoices yet. What you buy from {tenant.name} will be listed here.</Text>
      ) : (
        <>
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Your invoices, scrollable">
            <Table miw={420} verticalSpacing="xs" striped aria-label="Your invoices" aria-busy={mine.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">To pay</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.data.data.map((row) => (
                  <InvoiceRow
                    key={row.publicId}
                    row={row}
                    to={`/invoice/${encodeURIComponent(row.publicId)}`}
                    timeZone={tenant.timezone}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => setSearch(new URLSearchParams({ page: String(next) }))}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
