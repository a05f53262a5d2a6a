import type { InvoiceListRow } from '@atrium/contracts';
import { Anchor, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { type InvoiceListParams, invoicesApi } from './api';
import { ExcessPaymentsPanel } from './ExcessPaymentsPanel';
import { InvoiceStatusBadge } from './InvoiceView';
import { formatInvoiceDate, money } from './invoice-format';

const LIST = { pageSizes: [10, 50, 100], defaultPageSize: 50 };

export const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** /invoices: every invoice of the tenant, newest first; search by number, contact name or email. */
export default function InvoicesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Invoices');
  const navigate = useNavigate();
  // Each column sorts on the server (its key is the call's `sort`); unsorted is newest first.
  const list = useListState(LIST, 200);
  const { params: state } = list;
  const params: InvoiceListParams = {
    offset: (state.page - 1) * state.pageSize,
    max: state.pageSize,
    search: state.search,
    showArchive: state.showArchived,
    sort: (state.sort?.column as InvoiceListParams['sort'] | undefined) ?? 'createdAt',
    order: state.sort?.direction ?? 'desc',
  };
  const invoices = useQuery({
    queryKey: ['invoices', 'list', params],
    queryFn: ({ signal }) => invoicesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

  const columns: ListColumn<InvoiceListRow>[] = [
    {
      key: 'number',
      header: 'Invoice',
      sortable: true,
      cell: (row) => (
        <>
          <Anchor component={Link} to={invoicePath(row.id)} onClick={(event) => event.stopPropagation()}>
            {row.invoiceId}
          </Anchor>
          {row.isArchived ? (
            <Text span size="xs" c="gray.7" ml={6}>
              Archived
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'name',
      header: 'Contact',
      sortable: true,
      cell: (row) => (
        <>
          <Text size="sm">{row.contact.name}</Text>
          <Text size="xs" c="gray.7">
            {row.contact.email}
          </Text>
        </>
      ),
    },
    {
      key: 'createdAt',
      header: 'Date',
      sortable: true,
      cell: (row) => formatInvoiceDate(row.createdAt, tenant.timezone),
    },
    { key: 'status', header: 'Status', sortable: true, cell: (row) => <InvoiceStatusBadge status={row.status} /> },
    { key: 'total', header: 'Total', sortable: true, align: 'right', cell: (row) => money(row.total, row.currency) },
    {
      key: 'balance',
      header: 'Balance',
      sortable: true,
      align: 'right',
      cell: (row) => money(row.balance, row.currency),
    },
  ];

  return (
    <ListScreen
      id="invoices"
      title="Invoices"
      description={<ExcessPaymentsPanel />}
      list={list}
      search={{ label: 'Search', placeholder: 'Invoice number, name or email' }}
      archived
      query={invoices}
      rows={invoices.data?.data ?? []}
      total={invoices.data?.total ?? 0}
      totalCapped={invoices.data?.capped}
      rowKey={(row) => row.id}
      columns={columns}
      onRowClick={(row) => navigate(invoicePath(row.id))}
      noun="invoices"
      texts={{ none: 'No invoices found', noMatch: 'No invoices found' }}
      emptyHint="Invoices are made when something is sold: a sale in the Store, a booking, a membership or a gift."
      minWidth={640}
      highlightOnHover
    />
  );
}
