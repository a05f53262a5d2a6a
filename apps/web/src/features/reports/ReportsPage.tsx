import {
  ATTENDANCE_GROUP_LABELS,
  type AttendanceReport,
  type AttendanceReportRow,
  formatMoney,
  SALES_GROUP_BASIS,
  SALES_GROUP_LABELS,
  type SalesGroup,
  type SalesReport,
  type SalesReportRow,
} from '@atrium/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { downloadReportCsv, useReport } from './api';
import { REPORT_KINDS, type ReportKind, type ReportParams, reportParamsFrom } from './report-params';

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

const ATTENDANCE_COLUMNS: { key: keyof AttendanceReportRow; label: string }[] = [
  { key: 'sessions', label: 'Sessions' },
  { key: 'capacity', label: 'Places' },
  { key: 'booked', label: 'Booked' },
  { key: 'attended', label: 'Checked in' },
  { key: 'noShows', label: 'No-shows' },
  { key: 'lateCancels', label: 'Late cancels' },
  { key: 'fillRate', label: 'Fill rate' },
];

const attendanceCell = (row: AttendanceReportRow, key: keyof AttendanceReportRow) =>
  key === 'fillRate' ? (row.fillRate === null ? '–' : `${row.fillRate}%`) : String(row[key]);

function AttendanceTable({ report }: { report: AttendanceReport }) {
  if (report.rows.length === 0) return <Text mt="md">No classes in this period. Try a longer range.</Text>;
  return (
    <Table.ScrollContainer minWidth={560} mt="md">
      <Table
        striped
        withTableBorder
        aria-label={`Attendance by ${ATTENDANCE_GROUP_LABELS[report.groupBy].toLowerCase()}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{ATTENDANCE_GROUP_LABELS[report.groupBy]}</Table.Th>
            {ATTENDANCE_COLUMNS.map((column) => (
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
              {ATTENDANCE_COLUMNS.map((column) => (
                <Table.Td key={column.key} ta="right">
                  {attendanceCell(row, column.key)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {ATTENDANCE_COLUMNS.map((column) => (
              <Table.Th key={column.key} ta="right">
                {attendanceCell(report.totals, column.key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What the chosen report counts, said under its controls. */
function basisOf(params: ReportParams): string {
  if (params.report === 'attendance') return ': the classes that start in the period (cancelled ones left out)';
  return SALES_GROUP_BASIS[params.groupBy as SalesGroup] === 'sales'
    ? ': what the invoices of the period sold (void ones left out)'
    : ': money received and refunded in the period';
}

function ReportResult({ params }: { params: ReportParams }) {
  const report = useReport(params);
  if (report.isError) {
    return (
      <Alert color="red" mt="md" role="alert" title="The report could not be made">
        <Group justify="space-between">
          <Text size="sm">{report.error instanceof Error ? report.error.message : 'Please try again.'}</Text>
          <Button size="xs" variant="light" onClick={() => report.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!report.data) return <Loader size="sm" mt="md" aria-label="Making the report" />;
  return (
    <div aria-busy={report.isFetching}>
      {params.report === 'sales' ? (
        <SalesTable report={report.data as SalesReport} />
      ) : (
        <AttendanceTable report={report.data as AttendanceReport} />
      )}
    </div>
  );
}

/**
 * /reports (issue 24): sales and attendance over a range in the studio's zone, each grouped as the
 * owner asks; the state lives in the address, so a filtered report can be linked and survives a
 * reload. Each downloads as CSV and prints cleanly.
 */
export default function ReportsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Reports');
  const [search, setSearch] = useSearchParams();
  const params = reportParamsFrom(search, tenant.timezone);
  const kind = REPORT_KINDS[params.report];
  const [downloading, setDownloading] = useState(false);

  const change = (patch: Partial<ReportParams>) => {
    const next = { ...params, ...patch };
    const { report, from, to, groupBy } = next;
    setSearch(new URLSearchParams({ report, from, to, groupBy }), { replace: true });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReportCsv(params);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>Reports</Title>
      <SegmentedControl
        className="no-print"
        aria-label="Report"
        value={params.report}
        onChange={(value) =>
          change({ report: value as ReportKind, groupBy: REPORT_KINDS[value as ReportKind].groups[0] })
        }
        data={Object.entries(REPORT_KINDS).map(([value, report]) => ({ value, label: report.title }))}
      />
      <section aria-labelledby="report-title">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="report-title">
            {kind.title}
          </Title>
          <Group gap="xs" className="no-print">
            <Button variant="light" onClick={download} loading={downloading}>
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
            data={kind.groups.map((value) => ({ value, label: kind.labels[value] ?? value }))}
            onChange={(value) => value && change({ groupBy: value })}
          />
        </SimpleGrid>
        <Text size="sm" mt="xs">
          {params.from} to {params.to}, {tenant.timezone} time{basisOf(params)}
        </Text>
        <ReportResult params={params} />
      </section>
    </Stack>
  );
}
