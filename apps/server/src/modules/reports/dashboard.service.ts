import { type DashboardMonth, type DashboardSummary, dateInZone, nextDate, startOfDayInZone } from '@atrium/contracts';
import { readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import {
  activeMembersAtEach,
  bookingsByRange,
  checkInsBetween,
  contactsAddedBetween,
  failedInvoices,
  membershipsToWatch,
  netReceived,
  netReceivedByRange,
  sessionsBetween,
  waitlistedAfter,
} from './dashboard.repo.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** `YYYY-MM` moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const moved = new Date(Date.UTC(y, m - 1 + by, 1));
  return moved.toISOString().slice(0, 7);
}

/** The first instant of a month (`YYYY-MM`) in the zone. */
const monthStart = (month: string, timeZone: string) => startOfDayInZone(`${month}-01`, timeZone);

/**
 * The end of "last month up to today's day of the month", the fair "against last month" while this
 * month runs: on the 31st (or any day last month did not have) it is the whole of last month.
 */
export function lastMonthToDateEnd(today: string, timeZone: string): Date {
  const thisMonth = today.slice(0, 7);
  const lastMonth = shiftMonth(thisMonth, -1);
  const [y, m] = lastMonth.split('-').map(Number) as [number, number];
  const daysInLastMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const day = Number(today.slice(8, 10));
  if (day >= daysInLastMonth) return monthStart(thisMonth, timeZone);
  return startOfDayInZone(`${lastMonth}-${String(day + 1).padStart(2, '0')}`, timeZone);
}

/**
 * GET /itemreport/dashboard: today at a glance and the last 12 months, in the studio's zone, from the
 * ledger and the timetable as they stand (no cache that can drift). Money is for admins and staff.
 */
export function dashboardSummary(platform: Platform, { tenant, auth }: Authenticated): Promise<DashboardSummary> {
  const { tenantId } = tenant;
  const timeZone = tenant.settings.timezone;
  const now = platform.clock.now();
  const today = dateInZone(now, timeZone);
  const dayStart = startOfDayInZone(today, timeZone);
  const dayEnd = startOfDayInZone(nextDate(today), timeZone);
  const thisMonth = today.slice(0, 7);
  const seesMoney = auth.role === 'admin' || auth.role === 'staff';
  return readTenant(platform.db, tenantId, async (tx) => {
    const sessions = await sessionsBetween(tx, tenantId, dayStart, dayEnd);
    const summary: DashboardSummary = {
      today,
      timeZone,
      sessionsToday: sessions.sessions,
      bookedToday: sessions.booked,
      capacityToday: sessions.capacity,
      checkInsToday: await checkInsBetween(tx, tenantId, dayStart, dayEnd),
      waitlistedUpcoming: await waitlistedAfter(tx, tenantId, now),
      newContactsThisMonth: await contactsAddedBetween(tx, tenantId, monthStart(thisMonth, timeZone), dayEnd),
      money: null,
      months: null,
    };
    if (!seesMoney) return summary;

    const currency = currencyOf(tenant);
    const lastMonth = shiftMonth(thisMonth, -1);
    const months = Array.from({ length: 12 }, (_, i) => shiftMonth(thisMonth, i - 11));
    const bounds = [...months, shiftMonth(thisMonth, 1)].map((month) => monthStart(month, timeZone));
    const revenue = await netReceivedByRange(tx, tenantId, currency, bounds);
    const bookings = await bookingsByRange(tx, tenantId, bounds);
    // each month's end (this month: now), counted in one scan of the memberships
    const ends = months.map((_, i) => (i === months.length - 1 ? now : (bounds[i + 1] as Date)));
    const members = await activeMembersAtEach(tx, tenantId, ends);
    const chart: DashboardMonth[] = months.map((month, i) => ({
      month,
      revenue: revenue[i] ?? 0,
      bookings: bookings[i] ?? 0,
      activeMembers: members[i] ?? 0,
    }));
    const watch = await membershipsToWatch(tx, tenantId, now, new Date(now.getTime() + WEEK_MS));
    summary.money = {
      currency,
      revenueToday: await netReceived(tx, tenantId, currency, dayStart, dayEnd),
      revenueThisMonth: revenue[11] ?? 0,
      revenueLastMonthToDate: await netReceived(
        tx,
        tenantId,
        currency,
        monthStart(lastMonth, timeZone),
        lastMonthToDateEnd(today, timeZone),
      ),
      revenueLastMonth: revenue[10] ?? 0,
      membershipsPastDue: watch.pastDue,
      invoicesFailed: await failedInvoices(tx, tenantId),
      membershipsDueThisWeek: watch.dueSoon,
    };
    summary.months = chart;
    return summary;
  });
}
