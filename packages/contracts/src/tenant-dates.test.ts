import { describe, expect, it } from 'vitest';
import {
  dateInZone,
  endOfDayInZone,
  instantOfWallTime,
  isCalendarDate,
  lastDateInZone,
  nextDate,
  startOfDayInZone,
  wallTimeInZone,
} from './tenant-dates.ts';

describe('tenant dates', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it.each([
    ['2026-03-10', 'America/New_York', '2026-03-10T04:00:00.000Z'],
    ['2026-01-10', 'America/New_York', '2026-01-10T05:00:00.000Z'],
    // the spring-forward day starts before the change (02:00), at EST
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    // the fall-back day starts at EDT
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'],
    ['2026-07-04', 'America/Los_Angeles', '2026-07-04T07:00:00.000Z'],
    ['2026-03-10', 'Asia/Kolkata', '2026-03-09T18:30:00.000Z'],
    ['2026-03-10', 'UTC', '2026-03-10T00:00:00.000Z'],
    // Santiago skips midnight in September: the day starts at 01:00 local (04:00Z)
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s in %s starts at %s', (date, zone, instant) => {
    expect(startOfDayInZone(date, zone).toISOString()).toBe(instant);
    expect(dateInZone(startOfDayInZone(date, zone), zone)).toBe(date);
  });

  it('ends a day at the start of the next, and reads the last day back', () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(endOfDayInZone('2026-03-31', 'America/Chicago').toISOString()).toBe('2026-04-01T05:00:00.000Z');
    expect(lastDateInZone(endOfDayInZone('2026-03-31', 'America/Chicago'), 'America/Chicago')).toBe('2026-03-31');
    expect(lastDateInZone(endOfDayInZone('2026-03-08', 'America/New_York'), 'America/New_York')).toBe('2026-03-08');
  });

  it('reads an unknown zone as UTC rather than failing', () => {
    expect(startOfDayInZone('2026-03-10', 'Mars/Olympus').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(() => startOfDayInZone('2026-13-01', 'UTC')).toThrow(RangeError);
  });
});

describe('wall times in the tenant zone', () => {
  it('reads and writes a form field wall time in the zone, whatever the browser zone', () => {
    const instant = instantOfWallTime('2026-11-25T09:30', 'Asia/Kolkata');
    expect(instant.toISOString()).toBe('2026-11-25T04:00:00.000Z');
    expect(wallTimeInZone(instant, 'Asia/Kolkata')).toBe('2026-11-25T09:30');
    expect(wallTimeInZone(instant, 'America/New_York')).toBe('2026-11-24T23:00');
    expect(instantOfWallTime('2026-07-01T12:00', 'America/New_York').toISOString()).toBe('2026-07-01T16:00:00.000Z');
  });

  it('handles the daylight-saving changes: a skipped time moves on, a repeated one is its first', () => {
    // 2026-03-08 02:30 does not exist in New York (clocks go from 02:00 to 03:00).
    const skipped = instantOfWallTime('2026-03-08T02:30', 'America/New_York');
    expect(skipped.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeInZone(skipped, 'America/New_York')).toBe('2026-03-08T03:30');
    // 2026-11-01 01:30 happens twice; the first is EDT (-4).
    expect(instantOfWallTime('2026-11-01T01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(() => instantOfWallTime('2026-02-30T10:00', 'UTC')).toThrow(RangeError);
    expect(() => instantOfWallTime('2026-02-03 10:00', 'UTC')).toThrow(RangeError);
  });
});
