import {
  formatMoney,
  SALES_GROUP_BASIS,
  SALES_GROUP_LABELS,
  SALES_GROUPS,
  type SalesGroup,
  type SalesReport,
  type SalesReportRow,
} from '@atrium/contracts';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { downloadSalesCsv, type SalesParams, useSalesReport } from './api';
import { salesParamsFrom } from './report-params';

type Column = { key: keyof SalesReportRow; label: string; money: boolean };

const COLUMNS: Record<SalesReport['basis'], Column[]> = {
  payments: [
    { key: 'count', label: 'Payments', money: false },
    { key: 'gross', label: 'Received', money: true },
    { key: 'refunds', label: 'Refunded', money: true },
    { key: 'net', label: 'Net', money: true },
  ],
  sales: [
    { key: 'count', label: 'Units', money: false },
    { key: 'gross', label: 'Before discounts', money: true },
    { key: 'discount', label: 'Discounts', money: true },
    { key: 'tax', label: 'Tax', money: true },
    { key: 'net', label: 'Total', money: true },
  ],
};

function cell(row: SalesReportRow, column: Column, currency: string): string {
  const value = row[column.key] as number;
  return column.money ? formatMoney(value, currency) : String(value);
}

function SalesTable({ report }: { report: SalesReport }) {
  const columns = COLUMNS[report.basis];
  if (report.rows.length === 0) {
    return <Text mt="md">No sales in this period. Try a longer range.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={480} mt="md">
      <Table striped withTableBorder aria-label={`Sales by ${SALES_GROUP_LABELS[report.groupBy].toLowerCase()}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{SALES_GROUP_LABELS[report.groupBy]}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta="right">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.key} ta="right">
                  {cell(row, column, report.currency)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} ta="right">
                {cell(report.totals, column, report.currency)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /reports (issue 24): the sales report over a range in the studio's zone, grouped by day, week,
 * month, payment method, who took it, item, category or kind; its state lives in the address, so a
 * filtered report can be linked and survives a reload. Downloads as CSV and prints cleanly.
 */
export default function ReportsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Reports');
  const [search, setSearch] = useSearchParams();
  const params = salesParamsFrom(search, tenant.timezone);
  const report = useSalesReport(params, true);
  const [downloading, setDownloading] = useState(false);

  const change = (patch: Partial<SalesParams>) => {
    const next = { ...params, ...patch };
    setSearch(new URLSearchParams({ from: next.from, to: next.to, groupBy: next.groupBy }), { replace: true });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadSalesCsv(params);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>Reports</Title>
      <section aria-labelledby="sales-title">
        <Group justify="space-between" align="flex-end" className="no-print">
          <Title order={2} size="h3" id="sales-title">
            Sales
          </Title>
          <Group gap="xs">
            <Button variant="light" onClick={download} loading={downloading} disabled={!report.data}>
              Download CSV
            </Button>
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} mt="sm" className="no-print">
          <TextInput
            type="date"
            label="From"
            value={params.from}
            onChange={(event) => event.currentTarget.value && change({ from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={params.to}
            onChange={(event) => event.currentTarget.value && change({ to: event.currentTarget.value })}
          />
          <Select
            label="Group by"
            allowDeselect={false}
            value={params.groupBy}
            data={SALES_GROUPS.map((value) => ({ value, label: SALES_GROUP_LABELS[value] }))}
            onChange={(value) => value && change({ groupBy: value as SalesGroup })}
          />
        </SimpleGrid>
        <Text size="sm" mt="xs">
          {params.from} to {params.to}, {tenant.timezone} time
          {SALES_GROUP_BASIS[params.groupBy] === 'sales'
            ? ': what the invoices of the period sold (void ones left out)'
            : ': money received and refunded in the period'}
        </Text>
        {report.isError ? (
          <Alert color="red" mt="md" role="alert" title="The report could not be made">
            <Group justify="space-between">
              <Text size="sm">{report.error instanceof Error ? report.error.message : 'Please try again.'}</Text>
              <Button size="xs" variant="light" onClick={() => report.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : report.data ? (
          <div aria-busy={report.isFetching}>
            <SalesTable report={report.data} />
          </div>
        ) : (
          <Loader size="sm" mt="md" aria-label="Making the report" />
        )}
      </section>
    </Stack>
  );
}
