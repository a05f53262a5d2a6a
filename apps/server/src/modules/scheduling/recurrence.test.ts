import { dateInZone, wallTimeInZone } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { addDays, occurrencesBetween, type WeeklyPattern } from './recurrence.ts';

const mondayWednesday: WeeklyPattern = {
  daysOfWeek: [1, 3],
  startTime: '18:00',
  durationMinutes: 60,
  startDate: '2026-01-01',
  endDate: null,
  exceptionDates: [],
};

describe('occurrencesBetween', () => {
  for (const zone of ['America/New_York', 'Europe/London']) {
    it(`a year of Monday and Wednesday 18:00 in ${zone}: every session at 18:00 local across both DST changes`, () => {
      const all = occurrencesBetween(mondayWednesday, zone, '2026-01-01', '2026-12-31');
      // 2026 has 52 Mondays and 52 Wednesdays.
      expect(all).toHaveLength(104);
      for (const o of all) {
        expect(wallTimeInZone(o.startsAt, zone)).toBe(`${o.localDate}T18:00`);
        expect(dateInZone(o.startsAt, zone)).toBe(o.localDate);
        expect([1, 3]).toContain(new Date(`${o.localDate}T12:00:00Z`).getUTCDay());
        expect(o.endsAt.getTime() - o.startsAt.getTime()).toBe(3_600_000);
      }
      const utcHours = new Set(all.map((o) => o.startsAt.getUTCHours()));
      // Winter and summer offsets both appear: the instants move, the wall clock does not.
      expect(utcHours.size).toBe(2);
    });
  }

  it('New York: 23:00Z before the spring change, 22:00Z after, 23:00Z again after the autumn one', () => {
    const at = (date: string) =>
      occurrencesBetween(mondayWednesday, 'America/New_York', date, date)[0]?.startsAt.toISOString();
    expect(at('2026-03-04')).toBe('2026-03-04T23:00:00.000Z');
    expect(at('2026-03-09')).toBe('2026-03-09T22:00:00.000Z');
    expect(at('2026-10-28')).toBe('2026-10-28T22:00:00.000Z');
    expect(at('2026-11-02')).toBe('2026-11-02T23:00:00.000Z');
  });

  it('London: 18:00Z in winter, 17:00Z in summer time', () => {
    const at = (date: string) =>
      occurrencesBetween(mondayWednesday, 'Europe/London', date, date)[0]?.startsAt.toISOString();
    expect(at('2026-03-25')).toBe('2026-03-25T18:00:00.000Z');
    expect(at('2026-03-30')).toBe('2026-03-30T17:00:00.000Z');
    expect(at('2026-10-21')).toBe('2026-10-21T17:00:00.000Z');
    expect(at('2026-10-26')).toBe('2026-10-26T18:00:00.000Z');
  });

  it('keeps to the start and end dates and skips the exception dates', () => {
    const pattern = {
      ...mondayWednesday,
      startDate: '2026-02-02',
      endDate: '2026-02-18',
      exceptionDates: ['2026-02-09'],
    };
    const dates = occurrencesBetween(pattern, 'America/New_York', '2026-01-01', '2026-12-31').map((o) => o.localDate);
    expect(dates).toEqual(['2026-02-02', '2026-02-04', '2026-02-11', '2026-02-16', '2026-02-18']);
    expect(occurrencesBetween(pattern, 'America/New_York', '2026-03-01', '2026-03-31')).toEqual([]);
  });

  it('addDays crosses months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
