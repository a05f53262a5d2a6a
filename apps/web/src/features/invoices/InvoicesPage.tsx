import type { InvoiceListRow } from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Box,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { type InvoiceListParams, invoicesApi } from './api';
import { ExcessPaymentsPanel } from './ExcessPaymentsPanel';
import { InvoiceStatusBadge } from './InvoiceView';
import { formatInvoiceDate, money } from './invoice-format';

const SORTS: { value: string; label: string }[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'number:desc', label: 'Number (high to low)' },
  { value: 'name:asc', label: 'Contact (A-Z)' },
  { value: 'total:desc', label: 'Total (high to low)' },
  { value: 'balance:desc', label: 'Balance (high to low)' },
  { value: 'status:asc', label: 'Status' },
];
const PAGE_SIZES = ['10', '50', '100'];

export const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** /invoices: every invoice of the tenant, newest first; search by number, contact name or email. */
export default function InvoicesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Invoices');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [sort, setSort] = useState('createdAt:desc');
  const [showArchive, setShowArchive] = useState(false);
  const [max, setMax] = useState(50);
  const [page, setPage] = useState(1);
  const [field, order] = sort.split(':') as [InvoiceListParams['sort'], InvoiceListParams['order']];
  const params: InvoiceListParams = {
    offset: (page - 1) * max,
    max,
    search: debounced,
    showArchive,
    sort: field,
    order,
  };
  const list = useQuery({
    queryKey: ['invoices', 'list', params],
    queryFn: ({ signal }) => invoicesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const rows: InvoiceListRow[] = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / max));
  const resetting =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  return (
    <Stack component="section" aria-labelledby="invoices-title" gap="md">
      <Title order={1} id="invoices-title">
        Invoices
      </Title>
      <ExcessPaymentsPanel />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Invoice number, name or email"
          value={search}
          onChange={(event) => resetting(setSearch)(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Sort by"
          data={SORTS}
          value={sort}
          onChange={(value) => value && resetting(setSort)(value)}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
        <Switch
          label="Show archived"
          checked={showArchive}
          onChange={(event) => resetting(setShowArchive)(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {list.isError ? <Alert color="red">The invoices could not be loaded.</Alert> : null}
      {list.isPending ? (
        <Loader aria-label="Loading invoices" />
      ) : rows.length === 0 ? (
        <Text c="gray.7">No invoices found</Text>
      ) : (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Invoice list">
          <Table highlightOnHover verticalSpacing="xs" aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} onClick={() => navigate(invoicePath(row.id))} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <Anchor component={Link} to={invoicePath(row.id)} onClick={(event) => event.stopPropagation()}>
                      {row.invoiceId}
                    </Anchor>
                    {row.isArchived ? (
                      <Text span size="xs" c="gray.7" ml={6}>
                        Archived
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.contact.name}</Text>
                    <Text size="xs" c="gray.7">
                      {row.contact.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatInvoiceDate(row.createdAt, tenant.timezone)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td ta="right">{money(row.total, row.currency)}</Table.Td>
                  <Table.Td ta="right">{money(row.balance, row.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="gray.7" aria-live="polite">
          {total === 0
            ? '0 invoices'
            : `${params.offset + 1}-${Math.min(params.offset + max, total)} of ${total.toLocaleString('en-US')}${list.data?.capped ? '+' : ''}`}
        </Text>
        <Group gap="sm">
          <Select
            aria-label="Invoices per page"
            data={PAGE_SIZES}
            value={String(max)}
            onChange={(value) => value && resetting(setMax)(Number(value))}
            allowDeselect={false}
            w={90}
          />
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            aria-label="Invoice pages"
            getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      </Group>
    </Stack>
  );
}
