import {
  ATTENDANCE_GROUP_LABELS,
  type AttendanceReport,
  type AttendanceReportRow,
  type DonationReport,
  type DonationReportRow,
  formatMoney,
  type MembershipReport,
  type MembershipReportRow,
  SALES_GROUP_BASIS,
  SALES_GROUP_LABELS,
  type SalesGroup,
  type SalesReport,
  type SalesReportRow,
  timeZoneLabel,
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
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { downloadReportCsv, useReport } from './api';
import { REPORT_KINDS, type ReportKind, type ReportParams, reportParamsFrom } from './report-params';

interface TableColumn<Row> {
  key: string;
  label: string;
  value: (row: Row) => string;
}

/** One report's table: a row per group, the totals in the footer; an empty range says what to try. */
function ReportTable<Row extends { key: string; label: string }>(props: {
  name: string;
  groupLabel: string;
  rows: readonly Row[];
  totals: Row;
  columns: readonly TableColumn<Row>[];
  empty: string;
}) {
  const { name, groupLabel, rows, totals, columns, empty } = props;
  if (rows.length === 0) return <Text mt="md">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={480 + 40 * columns.length} mt="md">
      <Table striped withTableBorder aria-label={name}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{groupLabel}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta="right">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.key} ta="right">
                  {column.value(row)}
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
                {column.value(totals)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

const money = (key: 'gross' | 'discount' | 'tax' | 'refunds' | 'net', label: string, currency: string) => ({
  key,
  label,
  value: (row: SalesReportRow) => formatMoney(row[key], currency),
});

function salesColumns(report: SalesReport): TableColumn<SalesReportRow>[] {
  const count = (label: string) => ({ key: 'count', label, value: (row: SalesReportRow) => String(row.count) });
  const c = report.currency;
  return report.basis === 'payments'
    ? [count('Payments'), money('gross', 'Received', c), money('refunds', 'Refunded', c), money('net', 'Net', c)]
    : [
        count('Units'),
        money('gross', 'Before discounts', c),
        money('discount', 'Discounts', c),
        money('tax', 'Tax', c),
        money('net', 'Total', c),
      ];
}

const ATTENDANCE_COLUMNS: TableColumn<AttendanceReportRow>[] = [
  ...(
    [
      ['sessions', 'Sessions'],
      ['capacity', 'Places'],
      ['booked', 'Booked'],
      ['attended', 'Checked in'],
      ['noShows', 'No-shows'],
      ['lateCancels', 'Late cancels'],
    ] as const
  ).map(([key, label]) => ({ key, label, value: (row: AttendanceReportRow) => String(row[key]) })),
  { key: 'fillRate', label: 'Fill rate', value: (row) => (row.fillRate === null ? '–' : `${row.fillRate}%`) },
];

const MEMBERSHIP_COLUMNS = (currency: string): TableColumn<MembershipReportRow>[] => [
  ...(
    [
      ['activeAtStart', 'Members at start'],
      ['activeAtEnd', 'Members at end'],
      ['started', 'New'],
      ['cancelled', 'Cancelled'],
      ['paused', 'Paused now'],
      ['pastDue', 'Past due now'],
      ['suspended', 'Suspended now'],
    ] as const
  ).map(([key, label]) => ({ key, label, value: (row: MembershipReportRow) => String(row[key]) })),
  { key: 'mrr', label: 'Monthly revenue', value: (row) => formatMoney(row.mrr, currency) },
  { key: 'churnRate', label: 'Churn', value: (row) => (row.churnRate === null ? '–' : `${row.churnRate}%`) },
];

const DONATION_COLUMNS = (currency: string): TableColumn<DonationReportRow>[] => [
  { key: 'gifts', label: 'Gifts', value: (row) => String(row.gifts) },
  { key: 'donors', label: 'Donors', value: (row) => String(row.donors) },
  ...(
    [
      ['oneTime', 'One-time'],
      ['monthly', 'Monthly'],
      ['refunded', 'Refunded'],
      ['net', 'Net'],
    ] as const
  ).map(([key, label]) => ({ key, label, value: (row: DonationReportRow) => formatMoney(row[key], currency) })),
];

/** What the chosen report counts, said under its controls. */
function basisOf(params: ReportParams): string {
  if (params.report === 'attendance') return ': the classes that start in the period (cancelled ones left out)';
  if (params.report === 'donations') return ': the gifts paid in the period, and what was refunded of them';
  if (params.report === 'memberships') {
    return ': members at the start and end of the period, who joined and left in it; paused, past due and suspended as they are now; monthly revenue of those still billed';
  }
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
  if (params.report === 'sales') {
    const sales = report.data as SalesReport;
    const group = SALES_GROUP_LABELS[sales.groupBy];
    return (
      <div aria-busy={report.isFetching}>
        <ReportTable
          name={`Sales by ${group.toLowerCase()}`}
          groupLabel={group}
          rows={sales.rows}
          totals={sales.totals}
          columns={salesColumns(sales)}
          empty="No sales in this period. Try a longer range."
        />
      </div>
    );
  }
  if (params.report === 'donations') {
    const gifts = report.data as DonationReport;
    return (
      <div aria-busy={report.isFetching}>
        <ReportTable
          name="Donations by campaign"
          groupLabel="Campaign"
          rows={gifts.rows}
          totals={gifts.totals}
          columns={DONATION_COLUMNS(gifts.currency)}
          empty="No gifts in this period. Try a longer range."
        />
      </div>
    );
  }
  if (params.report === 'memberships') {
    const members = report.data as MembershipReport;
    return (
      <div aria-busy={report.isFetching}>
        <ReportTable
          name="Memberships by membership"
          groupLabel="Membership"
          rows={members.rows}
          totals={members.totals}
          columns={MEMBERSHIP_COLUMNS(members.currency)}
          empty="No memberships yet."
        />
      </div>
    );
  }
  const attendance = report.data as AttendanceReport;
  const group = ATTENDANCE_GROUP_LABELS[attendance.groupBy];
  return (
    <div aria-busy={report.isFetching}>
      <ReportTable
        name={`Attendance by ${group.toLowerCase()}`}
        groupLabel={group}
        rows={attendance.rows}
        totals={attendance.totals}
        columns={ATTENDANCE_COLUMNS}
        empty="No classes in this period. Try a longer range."
      />
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
  // four reports do not fit side by side on a phone
  const phone = useMediaQuery('(max-width: 36em)');
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
        fullWidth
        orientation={phone ? 'vertical' : 'horizontal'}
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
          {params.from} to {params.to}, {timeZoneLabel(tenant.timezone)} time{basisOf(params)}
        </Text>
        <ReportResult params={params} />
      </section>
    </Stack>
  );
}
