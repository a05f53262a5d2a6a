import {
  formatInvoiceNumber,
  formatMoney,
  LINE_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  SALES_GROUP_LABELS,
  type SalesInvoiceLine,
  type SalesLineSort,
  type SalesLines,
  type SalesPaymentLine,
  timeZoneLabel,
} from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { downloadSalesLinesCsv, useSalesLines } from './sales-lines-api';
import {
  SALES_LINES_PAGE_SIZE,
  type SalesLinesParams,
  salesLinesParamsFrom,
  salesLinesSearch,
  salesReportPath,
} from './sales-lines-params';

interface Column<Row> {
  label: string;
  /** The server's sort of this column, when it sorts. */
  sort?: SalesLineSort;
  numeric?: boolean;
  cell: (row: Row, currency: string) => ReactNode;
}

const invoiceCell = (row: { invoiceId: string; invoiceNumber: number }) => (
  <Anchor component={Link} to={`/invoices/${encodeURIComponent(row.invoiceId)}`}>
    {formatInvoiceNumber(row.invoiceNumber)}
  </Anchor>
);

const PAYMENT_COLUMNS: Column<SalesPaymentLine>[] = [
  { label: 'Date', sort: 'date', cell: (row) => row.local },
  { label: 'Invoice', sort: 'number', cell: invoiceCell },
  { label: 'Contact', sort: 'contact', cell: (row) => row.contactName },
  { label: 'Kind', cell: (row) => (row.kind === 'refund' ? 'Refund' : 'Payment') },
  {
    label: 'Method',
    sort: 'method',
    cell: (row) => PAYMENT_METHOD_LABELS[row.method as keyof typeof PAYMENT_METHOD_LABELS] ?? row.method,
  },
  { label: 'Taken by', cell: (row) => row.takenBy || 'Online' },
  { label: 'Amount', sort: 'amount', numeric: true, cell: (row, currency) => formatMoney(row.amount, currency) },
];

const LINE_COLUMNS: Column<SalesInvoiceLine>[] = [
  { label: 'Date', sort: 'date', cell: (row) => row.local.slice(0, 10) },
  { label: 'Invoice', sort: 'number', cell: invoiceCell },
  { label: 'Contact', sort: 'contact', cell: (row) => row.contactName },
  { label: 'Item', sort: 'item', cell: (row) => row.item },
  { label: 'Category', cell: (row) => row.category || '–' },
  { label: 'Kind', cell: (row) => LINE_KIND_LABELS[row.kind as keyof typeof LINE_KIND_LABELS] ?? row.kind },
  { label: 'Quantity', sort: 'quantity', numeric: true, cell: (row) => String(row.quantity) },
  { label: 'Before discounts', numeric: true, cell: (row, currency) => formatMoney(row.gross, currency) },
  { label: 'Discount', sort: 'discount', numeric: true, cell: (row, currency) => formatMoney(row.discount, currency) },
  { label: 'Tax', sort: 'tax', numeric: true, cell: (row, currency) => formatMoney(row.tax, currency) },
  { label: 'Total', sort: 'total', numeric: true, cell: (row, currency) => formatMoney(row.total, currency) },
];

/** A sortable column head: a button that sorts by it (again: the other way), its state in aria-sort. */
function SortHead(props: {
  label: string;
  numeric?: boolean;
  sort?: SalesLineSort;
  params: SalesLinesParams;
  onSort: (sort: SalesLineSort, order: 'asc' | 'desc') => void;
}) {
  const { label, numeric, sort, params, onSort } = props;
  if (!sort) {
    return (
      <Table.Th scope="col" ta={numeric ? 'right' : undefined}>
        {label}
      </Table.Th>
    );
  }
  const active = params.sort === sort;
  const next = active && params.order === 'desc' ? 'asc' : 'desc';
  return (
    <Table.Th
      scope="col"
      ta={numeric ? 'right' : undefined}
      aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(sort, next)} fw={700} fz="sm">
        {label}
        <span aria-hidden="true">{active ? (params.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function LinesTable<Row extends { id: string }>(props: {
  caption: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  currency: string;
  params: SalesLinesParams;
  onSort: (sort: SalesLineSort, order: 'asc' | 'desc') => void;
}) {
  const { caption, rows, columns, currency, params, onSort } = props;
  return (
    <Table.ScrollContainer minWidth={120 * columns.length}>
      <Table striped withTableBorder aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <SortHead key={column.label} {...column} params={params} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column) => (
                <Table.Td key={column.label} ta={column.numeric ? 'right' : undefined}>
                  {column.cell(row, currency)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What every row adds up to: the report row's own figures. */
function sumsText(lines: SalesLines): string {
  const money = (minor: number) => formatMoney(minor, lines.currency);
  const { sums } = lines;
  const rows = `${sums.rows.toLocaleString('en-US')} ${sums.rows === 1 ? 'row' : 'rows'}`;
  return lines.basis === 'payments'
    ? `${rows}: ${sums.count} payments, received ${money(sums.gross)}, refunded ${money(sums.refunds)}, net ${money(sums.net)}`
    : `${rows}: ${sums.count} units, before discounts ${money(sums.gross)}, discounts ${money(sums.discount)}, tax ${money(sums.tax)}, total ${money(sums.net)}`;
}

/**
 * /reports/lines (issue 24, "every figure links to the rows behind it"): the payments and refunds, or
 * the invoice lines, that one figure of the sales report adds up; paged and sorted in the address,
 * each invoice opening on its own screen, and every row as a streamed CSV.
 */
export default function SalesLinesPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Sales rows');
  const [search, setSearch] = useSearchParams();
  const params = salesLinesParamsFrom(search, tenant.timezone);
  const lines = useSalesLines(params);
  const [downloaded, setDownloaded] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const change = (patch: Partial<SalesLinesParams>) =>
    setSearch(salesLinesSearch({ ...params, ...patch }), { replace: true });
  const download = async () => {
    abort.current = new AbortController();
    setDownloaded(0);
    try {
      await downloadSalesLinesCsv(params, setDownloaded, abort.current.signal);
    } catch {
      // toasted
    } finally {
      setDownloaded(null);
      abort.current = null;
    }
  };

  const data = lines.data;
  const group = SALES_GROUP_LABELS[params.groupBy];
  const page = Math.floor(params.offset / SALES_LINES_PAGE_SIZE) + 1;
  const pages = data ? Math.max(1, Math.ceil(data.sums.rows / SALES_LINES_PAGE_SIZE)) : 1;
  const onSort = (sort: SalesLineSort, order: 'asc' | 'desc') => change({ sort, order, offset: 0 });
  const caption = data ? `Sales rows, ${group.toLowerCase()}: ${data.label}` : 'Sales rows';

  return (
    <Stack gap="md">
      <Anchor component={Link} to={salesReportPath(params)} className="no-print" size="sm">
        Back to the sales report
      </Anchor>
      <Title order={1}>Sales rows</Title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600}>
            {group}: {data ? data.label : '…'}
          </Text>
          <Text size="sm">
            {params.from} to {params.to}, {timeZoneLabel(tenant.timezone)} time
            {Object.keys(params.filters ?? {}).length > 0 ? ', filtered as the report' : ''}
          </Text>
        </div>
        <Group gap="xs" className="no-print">
          {downloaded !== null ? (
            <Text size="sm" aria-live="polite">
              {downloaded.toLocaleString('en-US')} rows downloaded
            </Text>
          ) : null}
          {downloaded !== null ? (
            <Button variant="default" onClick={() => abort.current?.abort()}>
              Stop
            </Button>
          ) : null}
          <Button variant="light" onClick={download} loading={downloaded !== null}>
            Download CSV
          </Button>
        </Group>
      </Group>
      {lines.isError ? (
        <Alert color="red" role="alert" title="The rows could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{lines.error instanceof Error ? lines.error.message : 'Please try again.'}</Text>
            <Button size="xs" variant="light" onClick={() => lines.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <Loader size="sm" aria-label="Loading the rows" />
      ) : (
        <Box aria-busy={lines.isFetching}>
          <Text size="sm" mb="sm" aria-live="polite">
            {sumsText(data)}
          </Text>
          {data.rows.length === 0 ? (
            <Text>No rows in this period. Try a longer range.</Text>
          ) : data.basis === 'payments' ? (
            <LinesTable
              caption={caption}
              rows={data.rows}
              columns={PAYMENT_COLUMNS}
              currency={data.currency}
              params={params}
              onSort={onSort}
            />
          ) : (
            <LinesTable
              caption={caption}
              rows={data.rows}
              columns={LINE_COLUMNS}
              currency={data.currency}
              params={params}
              onSort={onSort}
            />
          )}
          {pages > 1 ? (
            <Group justify="flex-end" mt="sm" className="no-print">
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => change({ offset: (next - 1) * SALES_LINES_PAGE_SIZE })}
                aria-label="Pages of rows"
                getControlProps={(control) => ({
                  'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
                })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Group>
          ) : null}
        </Box>
      )}
    </Stack>
  );
}
