import { createRequire } from 'node:module';
import { instantOfWallTime } from '@atrium/contracts';

// rrule ships a CommonJS bundle without named ESM exports: load it through require.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/** How far ahead a rule's sessions are materialised (extended daily by the scheduling job). */
export const HORIZON_DAYS = 26 * 7;

export interface WeeklyPattern {
  daysOfWeek: readonly number[];
  /** HH:mm on the tenant's clocks. */
  startTime: string;
  durationMinutes: number;
  /** YYYY-MM-DD, both in the rule's zone. */
  startDate: string;
  endDate: string | null;
  exceptionDates: readonly string[];
}

export interface Occurrence {
  /** The day it falls on in the zone (YYYY-MM-DD). */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

// rrule numbers weekdays from Monday (0) to Sunday (6); ours are Sunday (0) to Saturday (6).
const RRULE_DAY = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA] as const;

const floating = (date: string, time = '00:00') => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mm));
};

/**
 * The occurrences of a weekly pattern on the days `fromDate`..`toDate` (inclusive, the zone's days).
 * rrule works on "floating" times (wall clock fields held in UTC, as its docs advise for zoned
 * rules); each occurrence's wall time is then read in the tenant's zone, so a Monday 18:00 class is
 * at 18:00 on the clocks on both sides of a daylight-saving change.
 */
export function occurrencesBetween(
  pattern: WeeklyPattern,
  timeZone: string,
  fromDate: string,
  toDate: string,
): Occurrence[] {
  const first = pattern.startDate > fromDate ? pattern.startDate : fromDate;
  const last = pattern.endDate && pattern.endDate < toDate ? pattern.endDate : toDate;
  if (last < first) return [];
  const rule = new RRule({
    freq: RRule.WEEKLY,
    byweekday: [...new Set(pattern.daysOfWeek)].map((d) => RRULE_DAY[d] ?? RRule.MO),
    dtstart: floating(pattern.startDate, pattern.startTime),
    until: floating(last, '23:59'),
  });
  const skipped = new Set(pattern.exceptionDates);
  const durationMs = pattern.durationMinutes * 60_000;
  return rule
    .between(floating(first), floating(last, '23:59'), true)
    .map((at) => at.toISOString().slice(0, 10))
    .filter((localDate) => !skipped.has(localDate))
    .map((localDate) => {
      const startsAt = instantOfWallTime(`${localDate}T${pattern.startTime}`, timeZone);
      return { localDate, startsAt, endsAt: new Date(startsAt.getTime() + durationMs) };
    });
}

/** The calendar day `days` after a date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const at = floating(date);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
