import {
  ATTENDANCE_GROUP_LABELS,
  ATTENDANCE_GROUPS,
  type AttendanceReport,
  CONTACT_REPORT_GROUP_LABELS,
  CONTACT_REPORT_GROUPS,
  type ContactReport,
  DONATION_GROUP_LABELS,
  DONATION_GROUPS,
  type DonationReport,
  formatMoney,
  MEMBERSHIP_GROUP_LABELS,
  MEMBERSHIP_GROUPS,
  type MembershipReport,
  PACK_GROUP_LABELS,
  PACK_GROUPS,
  type PackReport,
  SALES_FILTER_BASIS,
  SALES_GROUP_BASIS,
  SALES_GROUP_LABELS,
  SALES_GROUPS,
  type SalesGroup,
  type SalesReport,
} from '@atrium/contracts';

/**
 * The reports of /reports: one table config per report kind. Adding a report is one entry in
 * REPORT_KINDS: its title, the API address (its CSV is the same address with `.csv`), the groupings
 * (the first is the default), what it counts, the columns (label and how a cell reads) and the
 * filters it takes. The page, the address state, the calls and the CSV download read only this.
 */

/** How a cell reads: a whole number, money in the report's currency, or whole percent (null: a dash). */
export type CellFormat = 'count' | 'money' | 'percent';

export interface ReportColumn<Row> {
  key: Exclude<keyof Row, 'key' | 'label'> & string;
  label: string;
  format: CellFormat;
}

/** A row of any report: its group's key and label, then its figures. */
export interface ReportRow {
  key: string;
  label: string;
}

/** What every report call answers. */
export interface ReportAnswer<Row extends ReportRow = ReportRow> {
  groupBy: string;
  currency?: string;
  rows: readonly Row[];
  totals: Row;
}

/** A filter of a report: a query parameter, its label, and the groupings it applies to. */
export interface ReportFilter {
  name: string;
  label: string;
  /** Where its choices come from (the page feeds each source from the API). */
  options: 'items' | 'categories' | 'kinds' | 'methods';
  appliesTo: (groupBy: string) => boolean;
}

export interface ReportKindConfig<Answer extends ReportAnswer = ReportAnswer> {
  title: string;
  /** GET {path} answers the report; GET {path}.csv its CSV. */
  path: string;
  groups: readonly string[];
  groupLabels: Record<string, string>;
  /** What the report counts, said under its controls (after "from to, zone time"). */
  basis: (groupBy: string) => string;
  /** Said when the range has no rows. */
  empty: string;
  columns: (report: Answer) => readonly ReportColumn<Answer['rows'][number]>[];
  filters?: readonly ReportFilter[];
}

/** A report kind, typed by its answer (so its columns name real fields of its rows). */
const defineReport = <Answer extends ReportAnswer>(kind: ReportKindConfig<Answer>) =>
  kind as unknown as ReportKindConfig;

const counts = <Row>(pairs: readonly (readonly [ReportColumn<Row>['key'], string])[]): ReportColumn<Row>[] =>
  pairs.map(([key, label]) => ({ key, label, format: 'count' }));
const moneys = <Row>(pairs: readonly (readonly [ReportColumn<Row>['key'], string])[]): ReportColumn<Row>[] =>
  pairs.map(([key, label]) => ({ key, label, format: 'money' }));

type SalesRow = SalesReport['rows'][number];
type AttendanceRow = AttendanceReport['rows'][number];
type MembershipRow = MembershipReport['rows'][number];
type DonationRow = DonationReport['rows'][number];
type PackRow = PackReport['rows'][number];

export const REPORT_KINDS = {
  sales: defineReport<SalesReport>({
    title: 'Sales',
    path: '/itemreport/sales',
    groups: SALES_GROUPS,
    groupLabels: SALES_GROUP_LABELS,
    basis: (groupBy) =>
      SALES_GROUP_BASIS[groupBy as SalesGroup] === 'sales'
        ? ': what the invoices of the period sold (void ones left out)'
        : ': money received and refunded in the period',
    empty: 'No sales in this period. Try a longer range.',
    // what was sold narrows by item, category and kind; money received by its method (contracts SALES_FILTER_BASIS)
    filters: (
      [
        ['item', 'Item', 'items'],
        ['category', 'Category', 'categories'],
        ['kind', 'Kind', 'kinds'],
        ['method', 'Payment method', 'methods'],
      ] as const
    ).map(([name, label, options]) => ({
      name,
      label,
      options,
      appliesTo: (groupBy: string) => SALES_GROUP_BASIS[groupBy as SalesGroup] === SALES_FILTER_BASIS[name],
    })),
    columns: (report) =>
      report.basis === 'payments'
        ? [
            ...counts<SalesRow>([['count', 'Payments']]),
            ...moneys<SalesRow>([
              ['gross', 'Received'],
              ['refunds', 'Refunded'],
              ['net', 'Net'],
            ]),
          ]
        : [
            ...counts<SalesRow>([['count', 'Units']]),
            ...moneys<SalesRow>([
              ['gross', 'Before discounts'],
              ['discount', 'Discounts'],
              ['tax', 'Tax'],
              ['net', 'Total'],
            ]),
          ],
  }),
  attendance: defineReport<AttendanceReport>({
    title: 'Attendance',
    path: '/itemreport/attendance',
    groups: ATTENDANCE_GROUPS,
    groupLabels: ATTENDANCE_GROUP_LABELS,
    basis: () => ': the classes that start in the period (cancelled ones left out)',
    empty: 'No classes in this period. Try a longer range.',
    columns: () => [
      ...counts<AttendanceRow>([
        ['sessions', 'Sessions'],
        ['capacity', 'Places'],
        ['booked', 'Booked'],
        ['attended', 'Checked in'],
        ['noShows', 'No-shows'],
        ['lateCancels', 'Late cancels'],
      ]),
      { key: 'fillRate', label: 'Fill rate', format: 'percent' },
    ],
  }),
  donations: defineReport<DonationReport>({
    title: 'Donations',
    path: '/itemreport/donations',
    groups: DONATION_GROUPS,
    groupLabels: DONATION_GROUP_LABELS,
    basis: () => ': the gifts paid in the period, and what was refunded of them',
    empty: 'No gifts in this period. Try a longer range.',
    columns: () => [
      ...counts<DonationRow>([
        ['gifts', 'Gifts'],
        ['donors', 'Donors'],
      ]),
      ...moneys<DonationRow>([
        ['oneTime', 'One-time'],
        ['monthly', 'Monthly'],
        ['refunded', 'Refunded'],
        ['net', 'Net'],
      ]),
    ],
  }),
  memberships: defineReport<MembershipReport>({
    title: 'Memberships',
    path: '/itemreport/memberships',
    groups: MEMBERSHIP_GROUPS,
    groupLabels: MEMBERSHIP_GROUP_LABELS,
    basis: () =>
      ': members at the start and end of the period, who joined and left in it; paused, past due and suspended as they are now; monthly revenue of those still billed',
    empty: 'No memberships yet.',
    columns: () => [
      ...counts<MembershipRow>([
        ['activeAtStart', 'Members at start'],
        ['activeAtEnd', 'Members at end'],
        ['started', 'New'],
        ['cancelled', 'Cancelled'],
        ['paused', 'Paused now'],
        ['pastDue', 'Past due now'],
        ['suspended', 'Suspended now'],
      ]),
      { key: 'mrr', label: 'Monthly revenue', format: 'money' },
      { key: 'churnRate', label: 'Churn', format: 'percent' },
    ],
  }),
  packs: defineReport<PackReport>({
    title: 'Class packs',
    path: '/itemreport/packs',
    groups: PACK_GROUPS,
    groupLabels: PACK_GROUP_LABELS,
    basis: () =>
      ': packs sold and what their credits did in the period (used less given back, given back, expired); credits open now, and those of them lapsing by 30 days after the period ends',
    empty: 'No class packs or credits yet.',
    columns: () => [
      { key: 'sold', label: 'Sold', format: 'count' },
      { key: 'amount', label: 'Revenue', format: 'money' },
      ...counts<PackRow>([
        ['granted', 'Credits given'],
        ['used', 'Used'],
        ['returned', 'Given back'],
        ['expired', 'Expired'],
        ['expiring', 'Expiring within 30 days'],
        ['open', 'Open now'],
      ]),
    ],
  }),
  contacts: defineReport<ContactReport>({
    title: 'Contacts',
    path: '/itemreport/contacts',
    groups: CONTACT_REPORT_GROUPS,
    groupLabels: CONTACT_REPORT_GROUP_LABELS,
    basis: (groupBy) =>
      groupBy === 'tag'
        ? ': contacts at the start and end of the period and the new ones, per tag as tagged now (a contact with two tags counts under each); the team and the walk-in left out'
        : ': contacts at the start and end of the period and the new ones; the team and the walk-in left out',
    empty: 'No contacts in this period. Try a longer range.',
    columns: () =>
      counts<ContactReport['rows'][number]>([
        ['atStart', 'At start'],
        ['added', 'New'],
        ['atEnd', 'At end'],
      ]),
  }),
} satisfies Record<string, ReportKindConfig>;

export type ReportKind = keyof typeof REPORT_KINDS;

/** A cell as the table shows it (money in the report's currency; a percent without a base is a dash). */
export function cellText(value: unknown, format: CellFormat, currency: string): string {
  if (value === null || value === undefined) return '–';
  if (format === 'money') return formatMoney(Number(value), currency);
  if (format === 'percent') return `${value}%`;
  return String(value);
}
