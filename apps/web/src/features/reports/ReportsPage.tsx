import { timeZoneLabel } from '@atrium/contracts';
import {
  Alert,
  Anchor,
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
import { Link, useSearchParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { downloadReportCsv, useReport } from './api';
import { EmailReportButton } from './EmailReportButton';
import { ReportFilters } from './ReportFilters';
import { cellText, type ReportAnswer, type ReportColumn, type ReportRow } from './report-kinds';
import {
  applicableFilters,
  REPORT_KINDS,
  type ReportKind,
  type ReportParams,
  reportParamsFrom,
  reportSearch,
} from './report-params';
import { salesLinesPath } from './sales-lines-params';

/** One report's table: a row per group, the totals in the footer; an empty range says what to try. */
function ReportTable(props: {
  name: string;
  groupLabel: string;
  report: ReportAnswer;
  columns: readonly Column[];
  /** Where a row's rows are (no key: the totals'); a report without it shows plain labels. */
  rowsLink?: (key?: string) => string;
}) {
  const { name, groupLabel, report, columns, rowsLink } = props;
  const currency = report.currency ?? '';
  const cell = (row: ReportRow, column: Column) =>
    cellText((row as unknown as Record<string, unknown>)[column.key], column.format, currency);
  return (
    <Table.ScrollContainer
      minWidth={480 + 40 * columns.length}
      mt="md"
      // on a phone the table scrolls sideways: its frame takes the keyboard's focus (arrow keys scroll it)
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': name } }}
    >
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
          {report.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {rowsLink ? (
                  <Anchor component={Link} to={rowsLink(row.key)} inherit>
                    {row.label}
                  </Anchor>
                ) : (
                  row.label
                )}
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.key} ta="right">
                  {cell(row, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">
              {rowsLink ? (
                <Anchor component={Link} to={rowsLink()} inherit aria-label="Total: every row">
                  Total
                </Anchor>
              ) : (
                'Total'
              )}
            </Table.Th>
            {columns.map((column) => (
              <Table.Td key={column.key} ta="right" fw={700}>
                {cell(report.totals, column)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

type Column = ReportColumn<ReportRow>;

/** The chosen report, as its kind's table config says. */
function ReportResult({ params }: { params: ReportParams }) {
  const report = useReport(params);
  const kind = REPORT_KINDS[params.report];
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
  const group = kind.groupLabels[report.data.groupBy] ?? report.data.groupBy;
  return (
    <div aria-busy={report.isFetching}>
      {report.data.rows.length === 0 ? (
        <Text mt="md">{kind.empty}</Text>
      ) : (
        <ReportTable
          name={`${kind.title} by ${group.toLowerCase()}`}
          groupLabel={group}
          report={report.data}
          columns={kind.columns(report.data)}
          // every sales figure links to the rows behind it (/reports/lines)
          rowsLink={params.report === 'sales' ? (key) => salesLinesPath(params, key) : undefined}
        />
      )}
    </div>
  );
}

/**
 * /reports (issue 24): each report of REPORT_KINDS (report-kinds.ts) over a range in the studio's
 * zone, grouped and filtered as the owner asks; the state lives in the address, so a filtered report
 * can be linked and survives a reload. Each downloads as CSV and prints cleanly.
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
    // another report starts unfiltered; another grouping keeps the filters it takes
    const filters =
      next.report === params.report ? applicableFilters(next.report, next.groupBy, next.filters ?? {}) : undefined;
    setSearch(reportSearch({ ...next, filters }), { replace: true });
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
            <EmailReportButton params={params} />
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
            data={kind.groups.map((value) => ({ value, label: kind.groupLabels[value] ?? value }))}
            onChange={(value) => value && change({ groupBy: value })}
          />
        </SimpleGrid>
        <ReportFilters params={params} onChange={(filters) => change({ filters })} />
        <Text size="sm" mt="xs">
          {params.from} to {params.to}, {timeZoneLabel(tenant.timezone)} time{kind.basis(params.groupBy)}
        </Text>
        <ReportResult params={params} />
      </section>
    </Stack>
  );
}
