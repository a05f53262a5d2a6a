import { z } from 'zod';
import { LINE_KINDS, type LineKind } from './cart-lines.ts';
import { PAYMENT_METHODS } from './cart-totals.ts';

/**
 * Reports and the dashboard (issue 24). Money is in minor units of `currency` and is computed from
 * the ledger (payments minus refunds); dates and months are the studio's, in its time zone.
 */

/** One month of the dashboard's charts: `month` is YYYY-MM in the studio's zone. */
export const DashboardMonth = z.object({
  month: z.string(),
  /** Payments received minus refunds given in the month (minor units). */
  revenue: z.number().int(),
  /** Places booked in the month's sessions (cancelled ones left out). */
  bookings: z.number().int(),
  /** Memberships running at the month's end (or now, for this month). */
  activeMembers: z.number().int(),
});
export type DashboardMonth = z.infer<typeof DashboardMonth>;

/** Money figures: shown to admins and staff; the front desk gets null (decisions.md "Dashboard"). */
export const DashboardMoney = z.object({
  currency: z.string(),
  revenueToday: z.number().int(),
  revenueThisMonth: z.number().int(),
  /** Last month up to the same day of the month, to compare like with like. */
  revenueLastMonthToDate: z.number().int(),
  revenueLastMonth: z.number().int(),
  /** Memberships whose card was declined and are still being retried. */
  membershipsPastDue: z.number().int(),
  /** Invoices whose payment failed and that still have a balance. */
  invoicesFailed: z.number().int(),
  /** Memberships due to renew in the next 7 days. */
  membershipsDueThisWeek: z.number().int(),
});
export type DashboardMoney = z.infer<typeof DashboardMoney>;

export const DashboardSummary = z.object({
  /** Today's date in the studio's zone (YYYY-MM-DD) and the zone. */
  today: z.string(),
  timeZone: z.string(),
  sessionsToday: z.number().int(),
  bookedToday: z.number().int(),
  capacityToday: z.number().int(),
  checkInsToday: z.number().int(),
  /** People waiting on the waitlists of sessions still to come. */
  waitlistedUpcoming: z.number().int(),
  newContactsThisMonth: z.number().int(),
  money: DashboardMoney.nullable(),
  /** The last 12 months, oldest first (this month last); null for the front desk. */
  months: z.array(DashboardMonth).nullable(),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/** Spec 1 §9: graph month labels Jan to Dec. */
export const MONTH_LABELS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** `2026-03` -> `Mar` (the chart's axis). */
export function monthLabel(month: string): string {
  return MONTH_LABELS[Number(month.slice(5, 7)) - 1] ?? month;
}

/** The change from `before` to `now` in whole percent; null when there was nothing before. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 100);
}

/** The longest range a report reads (issue 24: over 5 years is refused). */
export const REPORT_MAX_DAYS = 5 * 366;

export const SALES_GROUPS = ['day', 'week', 'month', 'method', 'staff', 'item', 'category', 'kind'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

/**
 * What a grouping counts: the money received and given back (the ledger: by day, week, month,
 * payment method or the staff member who took it), or what was sold (the invoice lines of the
 * invoices issued in the range, void ones left out: by item, category or kind).
 */
export const SALES_GROUP_BASIS: Record<SalesGroup, 'payments' | 'sales'> = {
  day: 'payments',
  week: 'payments',
  month: 'payments',
  method: 'payments',
  staff: 'payments',
  item: 'sales',
  category: 'sales',
  kind: 'sales',
};

/** A sold line's kind as a report shows it. */
export const LINE_KIND_LABELS: Record<LineKind, string> = {
  product: 'Products',
  bundle: 'Bundles',
  service: 'Services',
  membership: 'Memberships',
  class: 'Classes',
  course: 'Courses',
  donation: 'Donations',
};

export const SALES_GROUP_LABELS: Record<SalesGroup, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  method: 'Payment method',
  staff: 'Taken by',
  item: 'Item',
  category: 'Category',
  kind: 'Kind',
};

export const reportDate = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${field} must be a real date`,
    );

/** A report's date range: both days included, the start not after the end, at most 5 years. */
export function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
    return;
  }
  const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000;
  if (days >= REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'A report covers at most 5 years' });
  }
}

/**
 * The sales report's filters and the basis each narrows: `item` (a catalogue item, membership or
 * class by its id), `category` and `kind` narrow what was sold; `method` narrows the money received.
 */
export const SALES_FILTER_BASIS = {
  item: 'sales',
  category: 'sales',
  kind: 'sales',
  method: 'payments',
} as const satisfies Record<string, 'payments' | 'sales'>;
export type SalesFilter = keyof typeof SALES_FILTER_BASIS;

const SALES_BASIS_GROUPS = {
  sales: SALES_GROUPS.filter((group) => SALES_GROUP_BASIS[group] === 'sales'),
  payments: SALES_GROUPS.filter((group) => SALES_GROUP_BASIS[group] === 'payments'),
};

/** GET /itemreport/sales (and .csv): a date range in the studio's zone, both days included, and its filters. */
export const SalesReportQuery = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    groupBy: z.enum(SALES_GROUPS, { error: `groupBy must be one of ${SALES_GROUPS.join(', ')}` }).default('day'),
    item: z.uuid('item must be an item id').optional(),
    category: z.uuid('category must be a category id').optional(),
    kind: z.enum(LINE_KINDS, { error: `kind must be one of ${LINE_KINDS.join(', ')}` }).optional(),
    method: z.enum(PAYMENT_METHODS, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    checkRange(value, ctx);
    const basis = SALES_GROUP_BASIS[value.groupBy];
    for (const [filter, needs] of Object.entries(SALES_FILTER_BASIS)) {
      if (value[filter as SalesFilter] === undefined || needs === basis) continue;
      ctx.addIssue({
        code: 'custom',
        path: [filter],
        message: `${filter} applies when grouped by ${SALES_BASIS_GROUPS[needs].join(', ')}`,
      });
    }
  });
export type SalesReportQuery = z.input<typeof SalesReportQuery>;

/** A sales report's figures (a row's, or what the rows behind one add up to); see SalesReportRow. */
export const salesFigures = {
  count: z.number().int(),
  gross: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
};

/**
 * One row of a sales report. Payments basis: `count` payments, `gross` received, `refunds` given
 * back, `net` = gross - refunds. Sales basis: `count` units sold, `gross` before discounts,
 * `discount`, `tax`, `net` = what the lines total (with tax and card fees). Minor units.
 */
export const SalesReportRow = z.object({
  key: z.string(),
  label: z.string(),
  ...salesFigures,
});
export type SalesReportRow = z.infer<typeof SalesReportRow>;

export const SalesReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  groupBy: z.enum(SALES_GROUPS),
  basis: z.enum(['payments', 'sales']),
  /** The filters the report was narrowed by (absent: none). */
  filters: z
    .object({ item: z.string(), category: z.string(), kind: z.string(), method: z.string() })
    .partial()
    .optional(),
  rows: z.array(SalesReportRow),
  totals: SalesReportRow,
});
export type SalesReport = z.infer<typeof SalesReport>;

/** The CSV of a report: one header line, one line per row, then the totals (amounts as decimals). */
export function salesReportCsvColumns(basis: 'payments' | 'sales'): (keyof SalesReportRow)[] {
  return basis === 'payments'
    ? ['label', 'count', 'gross', 'refunds', 'net']
    : ['label', 'count', 'gross', 'discount', 'tax', 'net'];
}

export const ATTENDANCE_GROUPS = ['class', 'teacher', 'room', 'day'] as const;
export type AttendanceGroup = (typeof ATTENDANCE_GROUPS)[number];
export const ATTENDANCE_GROUP_LABELS: Record<AttendanceGroup, string> = {
  class: 'Class',
  teacher: 'Teacher',
  room: 'Room',
  day: 'Day',
};

/** GET /itemreport/attendance (and .csv): the sessions that start in the range, in the studio's zone. */
export const AttendanceReportQuery = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    groupBy: z
      .enum(ATTENDANCE_GROUPS, { error: `groupBy must be one of ${ATTENDANCE_GROUPS.join(', ')}` })
      .default('class'),
  })
  .strict()
  .superRefine(checkRange);
export type AttendanceReportQuery = z.input<typeof AttendanceReportQuery>;

/**
 * One row of the attendance report: sessions held (cancelled ones left out), places offered
 * (capacity) and booked, people checked in, no-shows, late cancels, and the fill rate (booked of
 * capacity, whole percent; null with no capacity).
 */
export const AttendanceReportRow = z.object({
  key: z.string(),
  label: z.string(),
  sessions: z.number().int(),
  capacity: z.number().int(),
  booked: z.number().int(),
  attended: z.number().int(),
  noShows: z.number().int(),
  lateCancels: z.number().int(),
  fillRate: z.number().int().nullable(),
});
export type AttendanceReportRow = z.infer<typeof AttendanceReportRow>;

export const AttendanceReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  groupBy: z.enum(ATTENDANCE_GROUPS),
  rows: z.array(AttendanceReportRow),
  totals: AttendanceReportRow,
});
export type AttendanceReport = z.infer<typeof AttendanceReport>;

/** Booked of capacity in whole percent (half up); null when nothing was on offer. */
export function fillRate(booked: number, capacity: number): number | null {
  return capacity > 0 ? Math.round((booked / capacity) * 100) : null;
}

export const MEMBERSHIP_GROUPS = ['membership'] as const;
export const MEMBERSHIP_GROUP_LABELS: Record<(typeof MEMBERSHIP_GROUPS)[number], string> = { membership: 'Membership' };

/** GET /itemreport/memberships (and .csv): the range in the studio's days. */
export const MembershipReportQuery = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    groupBy: z
      .enum(MEMBERSHIP_GROUPS, { error: `groupBy must be one of ${MEMBERSHIP_GROUPS.join(', ')}` })
      .default('membership'),
  })
  .strict()
  .superRefine(checkRange);
export type MembershipReportQuery = z.input<typeof MembershipReportQuery>;

/**
 * One membership product (gifts left out): members at the start and at the end of the range, new
 * ones and cancellations in it, paused, past due and suspended now, the monthly recurring revenue
 * (minor units) of those still billed, and churn: cancellations in the range of the members at its
 * start, in whole percent (null with none at the start).
 */
export const MembershipReportRow = z.object({
  key: z.string(),
  label: z.string(),
  activeAtStart: z.number().int(),
  activeAtEnd: z.number().int(),
  started: z.number().int(),
  cancelled: z.number().int(),
  paused: z.number().int(),
  pastDue: z.number().int(),
  suspended: z.number().int(),
  mrr: z.number().int(),
  churnRate: z.number().int().nullable(),
});
export type MembershipReportRow = z.infer<typeof MembershipReportRow>;

export const MembershipReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  groupBy: z.enum(MEMBERSHIP_GROUPS),
  rows: z.array(MembershipReportRow),
  totals: MembershipReportRow,
});
export type MembershipReport = z.infer<typeof MembershipReport>;

/** Cancellations of the members there were at the start, in whole percent (half up); null with none. */
export function churnRate(cancelled: number, atStart: number): number | null {
  return atStart > 0 ? Math.round((cancelled / atStart) * 100) : null;
}

export const DONATION_GROUPS = ['campaign'] as const;
export const DONATION_GROUP_LABELS: Record<(typeof DONATION_GROUPS)[number], string> = { campaign: 'Campaign' };

/** GET /itemreport/donations (and .csv): the gifts paid in the range (the studio's days). */
export const DonationReportQuery = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    groupBy: z
      .enum(DONATION_GROUPS, { error: `groupBy must be one of ${DONATION_GROUPS.join(', ')}` })
      .default('campaign'),
  })
  .strict()
  .superRefine(checkRange);
export type DonationReportQuery = z.input<typeof DonationReportQuery>;

/**
 * One campaign's gifts paid in the range: how many, from how many donors, the one-time and the
 * monthly amounts, what was refunded of them, and net. Minor units of the studio's currency.
 */
export const DonationReportRow = z.object({
  key: z.string(),
  label: z.string(),
  gifts: z.number().int(),
  donors: z.number().int(),
  oneTime: z.number().int(),
  monthly: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});
export type DonationReportRow = z.infer<typeof DonationReportRow>;

export const DonationReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  groupBy: z.enum(DONATION_GROUPS),
  rows: z.array(DonationReportRow),
  totals: DonationReportRow,
});
export type DonationReport = z.infer<typeof DonationReport>;
