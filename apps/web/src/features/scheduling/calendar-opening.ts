import { type ClassSession, dateInZone } from '@atrium/contracts';
import type { DayRange } from './api';

const DEFAULT_HOURS = { slotMinTime: '06:00:00', slotMaxTime: '22:00:00' } as const;

/** The hour (0-24) of an instant on the studio's clock, rounded down, or up when `up`. */
function wallHour(iso: string, timeZone: string, up: boolean): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return up && minute > 0 ? hour + 1 : hour;
}

const asTime = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/**
 * The hours a week or day grid shows: from an hour before the first class to an hour after the last
 * one ends, on the studio's clock, so the calendar opens at the studio's first class and not at
 * midnight. With no class in view, 6:00 to 22:00. A class past midnight keeps the whole day.
 */
export function classHours(
  sessions: readonly Pick<ClassSession, 'startsAt' | 'endsAt'>[],
  timeZone: string,
): { slotMinTime: string; slotMaxTime: string } {
  if (sessions.length === 0) return DEFAULT_HOURS;
  let first = 24;
  let last = 0;
  for (const session of sessions) {
    const start = wallHour(session.startsAt, timeZone, false);
    let end = wallHour(session.endsAt, timeZone, true);
    if (dateInZone(new Date(session.endsAt), timeZone) !== dateInZone(new Date(session.startsAt), timeZone)) end = 24;
    first = Math.min(first, start);
    last = Math.max(last, end);
  }
  return {
    slotMinTime: asTime(Math.max(0, first - 1)),
    slotMaxTime: asTime(Math.min(24, Math.max(last + 1, first + 1))),
  };
}

/**
 * Where the public calendar should open instead of an empty period: the day of the next class to
 * come, when the period in view has none still to come and that class lies after it. Null leaves
 * the calendar where it is.
 */
export function nextPeriodWithClasses(
  range: DayRange,
  inView: readonly Pick<ClassSession, 'startsAt' | 'status'>[],
  ahead: readonly Pick<ClassSession, 'startsAt' | 'status'>[],
  timeZone: string,
  now: Date,
): string | null {
  const toCome = (s: Pick<ClassSession, 'startsAt' | 'status'>) =>
    s.status !== 'cancelled' && new Date(s.startsAt).getTime() >= now.getTime();
  if (inView.some(toCome)) return null;
  const next = ahead.filter(toCome).sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  if (!next) return null;
  const day = dateInZone(new Date(next.startsAt), timeZone);
  // the range carries a day more each side (the zone's midnights): its last visible day is the one before
  const lastVisible = new Date(`${range.to}T12:00:00Z`);
  lastVisible.setUTCDate(lastVisible.getUTCDate() - 1);
  return day > lastVisible.toISOString().slice(0, 10) ? day : null;
}
