import type { BillingFrequency } from '@atrium/contracts';
import { instantOfWallTime, wallTimeInZone } from '@atrium/contracts';

const MONTHS: Partial<Record<BillingFrequency, number>> = { monthly: 1, quarterly: 3, halfyearly: 6, yearly: 12 };
const DAYS: Partial<Record<BillingFrequency, number>> = { daily: 1, weekly: 7 };

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The instant one billing period after `from`, on the tenant's calendar: the same wall time, a
 * day or a week later, or the same day of the month `months` later, kept on `anchorDay` (the day
 * the membership started or its set billing day) and clamped to the month's last day (a 31st
 * bills on 28 February, then on 31 March again). Daylight-saving changes do not move it.
 */
export function addPeriods(
  from: Date,
  frequency: BillingFrequency,
  timeZone: string,
  anchorDay: number,
  count = 1,
): Date {
  const wall = wallTimeInZone(from, timeZone);
  const [date = '', time = '00:00'] = wall.split('T');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const days = DAYS[frequency];
  if (days !== undefined) {
    const next = new Date(Date.UTC(y, m - 1, d + days * count));
    return instantOfWallTime(
      `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}T${time}`,
      timeZone,
    );
  }
  const months = (MONTHS[frequency] ?? 1) * count;
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(anchorDay, daysIn(year, month));
  return instantOfWallTime(`${year}-${pad(month)}-${pad(day)}T${time}`, timeZone);
}

/** The next `billingDay` of the month on the tenant's calendar at or after `from` (today if it is the day). */
export function nextBillingDay(from: Date, billingDay: number, timeZone: string): Date {
  const wall = wallTimeInZone(from, timeZone);
  const [date = '', time = '00:00'] = wall.split('T');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (d <= billingDay)
    return d === billingDay ? from : instantOfWallTime(`${y}-${pad(m)}-${pad(billingDay)}T${time}`, timeZone);
  const index = y * 12 + (m - 1) + 1;
  return instantOfWallTime(`${Math.floor(index / 12)}-${pad((index % 12) + 1)}-${pad(billingDay)}T${time}`, timeZone);
}

/** The day of the month an instant falls on in the zone. */
export function dayInZone(instant: Date, timeZone: string): number {
  return Number(wallTimeInZone(instant, timeZone).slice(8, 10));
}

/** Months later on the tenant's calendar (credit expiry: itemExpiresAfter months). */
export function addMonths(from: Date, months: number, timeZone: string): Date {
  return addPeriods(from, 'monthly', timeZone, dayInZone(from, timeZone), months);
}
