import { z } from 'zod';

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
