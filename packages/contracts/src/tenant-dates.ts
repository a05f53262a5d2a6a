/**
 * Calendar dates a person picks are days in the tenant's IANA time zone; the server stores instants.
 * These functions are the one place that converts between the two (DESIGN.md "Time is the tenant's").
 */

/** A calendar date on the wire: YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar date (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const knownZones = new Map<string, string>();

/** The zone itself when the runtime knows it, else UTC (a stored zone that no longer exists). */
export function knownTimeZone(timeZone: string): string {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    // making a formatter is the only way to ask, and costs far more than the arithmetic it guards: ask once
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = timeZone;
    } catch {
      known = 'UTC';
    }
    if (knownZones.size < 1_000) knownZones.set(timeZone, known);
  }
  return known;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of `instant` in the zone. */
function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(knownTimeZone(timeZone)).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a calendar day in the zone (midnight; where midnight is skipped by a
 * daylight-saving change, the first wall time that exists).
 */
export function startOfDayInZone(date: string, timeZone: string): Date {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  const first = midnightUtc - zoneOffset(midnightUtc, timeZone);
  const second = midnightUtc - zoneOffset(first, timeZone);
  // Where midnight is skipped one guess lands on the day before: keep the earliest that is on the day.
  const onTheDay = [first, second].filter((t) => dateInZone(new Date(t), timeZone) === date);
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : Math.max(first, second));
}

/** The day after a calendar date (YYYY-MM-DD), whatever the zone. */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The first instant after a calendar day in the zone: the exclusive end of a range that ends that day. */
export function endOfDayInZone(date: string, timeZone: string): Date {
  return startOfDayInZone(nextDate(date), timeZone);
}

/** The calendar date (YYYY-MM-DD) an instant falls on in the zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The last day of a range whose exclusive end is `end` (the inverse of endOfDayInZone). */
export function lastDateInZone(end: Date, timeZone: string): string {
  return dateInZone(new Date(end.getTime() - 1), timeZone);
}

/** A date and time as a form field holds it (`datetime-local`): YYYY-MM-DDTHH:mm. */
export const WALL_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** The wall time (YYYY-MM-DDTHH:mm) an instant shows on the zone's clocks. */
export function wallTimeInZone(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dateInZone(instant, timeZone)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * The instant the zone's clocks show a wall time (YYYY-MM-DDTHH:mm). A time skipped by a
 * daylight-saving change (02:30 on a spring-forward night) is read with the offset before the
 * change, as calendars do (it lands an hour later on the clock); a repeated one is its first.
 */
export function instantOfWallTime(wallTime: string, timeZone: string): Date {
  const match = WALL_TIME_PATTERN.exec(wallTime);
  if (!match || !isCalendarDate(match[1] ?? '')) throw new RangeError(`Not a date and time: ${wallTime}`);
  const [y, m, d] = (match[1] as string).split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, Number(match[2]), Number(match[3]));
  const first = asUtc - zoneOffset(asUtc, timeZone);
  const second = asUtc - zoneOffset(first, timeZone);
  const exact = [first, second].filter((t) => wallTimeInZone(new Date(t), timeZone) === wallTime);
  return new Date(exact.length > 0 ? Math.min(...exact) : asUtc - zoneOffset(asUtc - 86_400_000, timeZone));
}
