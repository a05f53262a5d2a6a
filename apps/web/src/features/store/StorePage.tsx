import type { InvoiceListRow } from '@atrium/contracts';
import { Anchor, Button, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { invoicesApi } from '../invoices/api';
import { invoicePath } from '../invoices/InvoicesPage';
import { InvoiceStatusBadge } from '../invoices/InvoiceView';
import { formatInvoiceDate, money } from '../invoices/invoice-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** How many of the latest invoices the desk sees. */
const RECENT_SALES = 10;

/** /store: the desk's way into a sale, and the latest invoices to check what was just sold. */
export default function StorePage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Store');
  const list = useListState(WHOLE_LIST_PAGING);
  const recent = useQuery({
    queryKey: ['invoices', 'list', 'store-recent'],
    queryFn: ({ signal }) =>
      invoicesApi.list(
        { offset: 0, max: RECENT_SALES, search: '', showArchive: false, sort: 'createdAt', order: 'desc' },
        signal,
      ),
  });
  const columns: ListColumn<InvoiceListRow>[] = [
    {
      key: 'invoice',
      header: 'Invoice',
      cell: (row) => (
        <Anchor component={Link} to={invoicePath(row.id)}>
          {row.invoiceId}
        </Anchor>
      ),
    },
    { key: 'date', header: 'Date', cell: (row) => formatInvoiceDate(row.createdAt, tenant.timezone) },
    { key: 'contact', header: 'Contact', cell: (row) => row.contact.name },
    { key: 'total', header: 'Total', align: 'right', cell: (row) => money(row.total, row.currency) },
    { key: 'status', header: 'Status', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  ];
  return (
    <ListScreen
      id="store"
      title="Store"
      actions={
        <Button component={Link} to="/store/new">
          New sale
        </Button>
      }
      description={
        <Title order={2} size="h3">
          Recent sales
        </Title>
      }
      tableLabel="Recent sales"
      list={list}
      query={recent}
      rows={recent.data?.data ?? []}
      rowKey={(row) => row.id}
      columns={columns}
      paging={false}
      noun="recent sales"
      texts={{
        loading: 'Loading recent sales',
        error: 'The recent sales could not be loaded',
        none: 'No sales yet',
      }}
      emptyHint="Start one with New sale; sales made here and online show here."
      minWidth={480}
    />
  );
}
