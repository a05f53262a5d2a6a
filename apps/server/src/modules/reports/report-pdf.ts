import {
  ATTENDANCE_GROUP_LABELS,
  CONTACT_REPORT_GROUP_LABELS,
  DONATION_GROUP_LABELS,
  formatMoney,
  MEMBERSHIP_GROUP_LABELS,
  PACK_GROUP_LABELS,
  PACK_KIND_LABELS,
  parseCsv,
  SALES_GROUP_LABELS,
  timeZoneLabel,
  toMinorUnits,
} from '@atrium/contracts';
import { Document, Page, renderToBuffer, StyleSheet, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { PDF_FONT_FAMILY, pdfFontsReady, PdfText as Text } from '../../pdf/pdf-fonts.ts';

// A report as a PDF table (issue 24, "a report can be emailed as a PDF"). Its cells are the report's
// own CSV (each service's CSV columns, read back), so the PDF and the CSV never disagree; this file
// only says how a CSV column prints: its heading as on /reports, money in the studio's currency,
// rates as percents. Printed with the shared font chain (pdf-fonts.ts): any script a studio or an
// item is named in prints.

/** What every report answers (the four of issue 24 and any later one). */
export interface ReportLike {
  from: string;
  to: string;
  timeZone: string;
  currency?: string;
  groupBy: string;
  /** Set by the sales report: what its grouping counts (the headings differ). */
  basis?: string;
  rows: readonly { key: string; label: string }[];
  totals: { key: string; label: string };
  /** The filters it was narrowed by (the sales report's), query name to value. */
  filters?: Record<string, string>;
}

type Format = 'count' | 'money' | 'percent' | 'text';
interface ColumnStyle {
  label: string;
  format: Format;
  /** A text column's codes in words. */
  words?: Record<string, string>;
}

const count = (label: string): ColumnStyle => ({ label, format: 'count' });
const money = (label: string): ColumnStyle => ({ label, format: 'money' });
const percent = (label: string): ColumnStyle => ({ label, format: 'percent' });

/** The headings of the reports' CSV columns as /reports shows them; `basis.column` first (sales). */
const COLUMNS: Record<string, ColumnStyle> = {
  'payments.count': count('Payments'),
  'payments.gross': money('Received'),
  'sales.count': count('Units'),
  'sales.gross': money('Before discounts'),
  'sales.net': money('Total'),
  gross: money('Gross'),
  discount: money('Discounts'),
  tax: money('Tax'),
  refunds: money('Refunded'),
  net: money('Net'),
  sessions: count('Sessions'),
  capacity: count('Places'),
  booked: count('Booked'),
  attended: count('Checked in'),
  noShows: count('No-shows'),
  lateCancels: count('Late cancels'),
  fillRate: percent('Fill rate'),
  activeAtStart: count('Members at start'),
  activeAtEnd: count('Members at end'),
  started: count('New'),
  cancelled: count('Cancelled'),
  paused: count('Paused now'),
  pastDue: count('Past due now'),
  suspended: count('Suspended now'),
  mrr: money('Monthly revenue'),
  churnRate: percent('Churn'),
  gifts: count('Gifts'),
  donors: count('Donors'),
  oneTime: money('One-time'),
  monthly: money('Monthly'),
  refunded: money('Refunded'),
  kind: { label: 'Kind', format: 'text', words: PACK_KIND_LABELS },
  sold: count('Sold'),
  amount: money('Revenue'),
  granted: count('Credits given'),
  used: count('Used'),
  returned: count('Given back'),
  expired: count('Expired'),
  expiring: count('Expiring within 30 days'),
  open: count('Open now'),
  atStart: count('At start'),
  added: count('New'),
  atEnd: count('At end'),
};

const GROUP_LABELS: Record<string, string> = {
  ...SALES_GROUP_LABELS,
  ...ATTENDANCE_GROUP_LABELS,
  ...MEMBERSHIP_GROUP_LABELS,
  ...DONATION_GROUP_LABELS,
  ...PACK_GROUP_LABELS,
  ...CONTACT_REPORT_GROUP_LABELS,
};

/** `lateCancels` -> `Late cancels`: the heading of a column no entry above names (a new report's). */
function spelled(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function columnStyle(key: string, basis: string | undefined): ColumnStyle {
  return COLUMNS[`${basis}.${key}`] ?? COLUMNS[key] ?? count(spelled(key));
}

/** A date of the range in words: `2026-11-01` -> `November 1, 2026` (a calendar day, no zone shift). */
export function dateInWords(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The period line: `November 1, 2026 to November 29, 2026, America/New York time`. */
export function periodInWords(report: Pick<ReportLike, 'from' | 'to' | 'timeZone'>): string {
  return `${rangeInWords(report)}, ${timeZoneLabel(report.timeZone)} time`;
}

/** `November 1, 2026 to November 29, 2026` (one day is said once). */
export function rangeInWords(report: Pick<ReportLike, 'from' | 'to'>): string {
  return report.from === report.to
    ? dateInWords(report.from)
    : `${dateInWords(report.from)} to ${dateInWords(report.to)}`;
}

export interface ReportPdfTable {
  /** The table's heading row: the grouping, then each figure. */
  headings: string[];
  /** Which columns hold figures (set right). */
  numeric: boolean[];
  rows: string[][];
  totals: string[];
}

/**
 * The report's table from its CSV (header, a line per row, the totals last): the cells as the CSV
 * has them, each figure printed as /reports prints it (money in the currency, rates with %). The
 * labels are the report's own (the CSV guards labels that look like formulas with a quote).
 */
export function reportTable(report: ReportLike, csv: string): ReportPdfTable {
  const records = parseCsv(csv).filter((record) => record.some((cell) => cell !== ''));
  const [header, ...lines] = records;
  if (!header || lines.length !== report.rows.length + 1) {
    throw new Error(`the report's CSV has ${lines.length} lines for ${report.rows.length} rows and the totals`);
  }
  const styles = header.slice(1).map((key) => columnStyle(key, report.basis));
  const currency = report.currency ?? 'USD';
  const cell = (value: string, style: ColumnStyle) => {
    if (style.format === 'text') return style.words?.[value] ?? value;
    if (value === '') return '–';
    if (style.format === 'money') return formatMoney(toMinorUnits(value, currency, { allowNegative: true }), currency);
    if (style.format === 'percent') return `${value}%`;
    return value;
  };
  const line = (record: string[], label: string) => [
    label,
    ...styles.map((style, index) => cell(record[index + 1] ?? '', style)),
  ];
  const labels = [...report.rows.map((row) => row.label), report.totals.label];
  const [totals = [], ...reversed] = lines.map((record, index) => line(record, labels[index] ?? '')).reverse();
  return {
    headings: [GROUP_LABELS[report.groupBy] ?? spelled(report.groupBy), ...styles.map((style) => style.label)],
    numeric: [false, ...styles.map((style) => style.format !== 'text')],
    rows: reversed.reverse(),
    totals,
  };
}

export interface ReportPdfInput {
  studio: string;
  /** `Sales by day` */
  title: string;
  report: ReportLike;
  table: ReportPdfTable;
  /** When the figures were read, in words (the studio's zone). */
  madeAt: string;
  /** Said instead of an empty table. */
  empty: string;
  /** What the report was narrowed to, in words (`Kind: Products`); none when empty. */
  narrowedTo?: string[];
}

type Style = Parameters<typeof StyleSheet.create>[0][string];

/** A report's A4 page (the reports and a contact's activity): margins with room for the footer. */
export const REPORT_PAGE: Style = {
  fontFamily: PDF_FONT_FAMILY,
  fontSize: 9,
  paddingTop: 36,
  paddingBottom: 48,
  paddingHorizontal: 36,
  color: '#222',
};

/** A report's footer line (what it is on the left, the page on the right), fixed `bottom` points up. */
export const reportFooter = (bottom: number): Style => ({
  position: 'absolute',
  bottom,
  left: 36,
  right: 36,
  flexDirection: 'row',
  justifyContent: 'space-between',
  color: '#555',
  fontSize: 8,
});

const styles = StyleSheet.create({
  page: REPORT_PAGE,
  studio: { fontSize: 14, fontWeight: 700 },
  title: { fontSize: 12, fontWeight: 700, marginTop: 4 },
  muted: { color: '#555', marginTop: 2 },
  table: { marginTop: 16 },
  headRow: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#222', paddingVertical: 4 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  totalRow: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: '#222', paddingVertical: 4 },
  label: { flexGrow: 2, flexBasis: 0, paddingRight: 6 },
  figure: { flexGrow: 1, flexBasis: 0, textAlign: 'right', paddingLeft: 4 },
  strong: { fontWeight: 700 },
  footer: reportFooter(20),
});

function reportDocument({
  studio,
  title,
  report,
  table,
  madeAt,
  empty,
  narrowedTo = [],
}: ReportPdfInput): ReactElement {
  const row = (cells: string[], style: Style, strong = false, key?: string) =>
    h(
      View,
      { style, key, wrap: false },
      ...cells.map((text, index) =>
        h(
          Text,
          {
            key: String(index),
            style: [
              index === 0 ? styles.label : styles.figure,
              table.numeric[index] ? {} : { textAlign: 'left' as const },
              strong ? styles.strong : {},
            ],
          },
          text,
        ),
      ),
    );
  // Many columns (memberships has nine figures) read better across the page.
  const orientation = table.headings.length > 7 ? 'landscape' : 'portrait';
  return h(
    Document,
    { title: `${title} – ${studio}`, author: studio, creator: studio, producer: studio },
    h(
      Page,
      { size: 'A4', orientation, style: styles.page },
      h(Text, { style: styles.studio }, studio),
      h(Text, { style: styles.title }, title),
      h(Text, { style: styles.muted }, periodInWords(report)),
      narrowedTo.length > 0 ? h(Text, { style: styles.muted }, `Narrowed to ${narrowedTo.join('; ')}`) : null,
      report.currency ? h(Text, { style: styles.muted }, `Amounts in ${report.currency}`) : null,
      table.rows.length === 0
        ? h(Text, { style: styles.table }, empty)
        : h(
            View,
            { style: styles.table },
            // the heading row repeats on every page of a long report
            h(View, { fixed: true }, row(table.headings, styles.headRow, true)),
            ...table.rows.map((cells, index) => row(cells, styles.row, false, String(index))),
            row(table.totals, styles.totalRow, true),
          ),
      h(
        View,
        { style: styles.footer, fixed: true },
        h(Text, null, `${studio} · ${madeAt}`),
        h(Text, { render: ({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}` }),
      ),
    ),
  );
}

/** The report's PDF (A4; landscape for wide reports). */
export async function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  await pdfFontsReady();
  return renderToBuffer(reportDocument(input) as Parameters<typeof renderToBuffer>[0]);
}
