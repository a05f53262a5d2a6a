import { describe, expect, it } from 'vitest';
import { classHours, nextPeriodWithClasses } from './calendar-opening';

const ZONE = 'America/New_York';
// 2026-12-02 is EST (UTC-5)
const at = (wall: string) => new Date(`${wall}-05:00`).toISOString();
const session = (start: string, end: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
  startsAt: at(start),
  endsAt: at(end),
  status,
});

describe('classHours', () => {
  it('opens an hour before the first class and closes an hour after the last, on the studio’s clock', () => {
    expect(
      classHours(
        [session('2026-12-02T07:30', '2026-12-02T08:20'), session('2026-12-03T18:00', '2026-12-03T19:15')],
        ZONE,
      ),
    ).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '21:00:00' });
    expect(classHours([session('2026-12-02T00:30', '2026-12-02T01:00')], ZONE)).toEqual({
      slotMinTime: '00:00:00',
      slotMaxTime: '02:00:00',
    });
  });

  it('keeps the whole evening for a class past midnight, and 6 to 22 with no class', () => {
    expect(classHours([session('2026-12-02T22:30', '2026-12-03T00:30')], ZONE)).toEqual({
      slotMinTime: '21:00:00',
      slotMaxTime: '24:00:00',
    });
    expect(classHours([], ZONE)).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '22:00:00' });
  });
});

describe('nextPeriodWithClasses', () => {
  const now = new Date(at('2026-12-02T12:00'));
  // the week of Nov 29 - Dec 5, with a day more each side
  const week = { from: '2026-11-28', to: '2026-12-06' };
  const later = session('2026-12-16T09:00', '2026-12-16T10:00');

  it('jumps to the next class’s day when the week in view has none to come', () => {
    expect(nextPeriodWithClasses(week, [], [later], ZONE, now)).toBe('2026-12-16');
    // a class earlier this week (already held) or cancelled does not keep the empty week
    const held = session('2026-12-01T09:00', '2026-12-01T10:00');
    const cancelled = session('2026-12-03T09:00', '2026-12-03T10:00', 'cancelled');
    expect(nextPeriodWithClasses(week, [held, cancelled], [cancelled, later], ZONE, now)).toBe('2026-12-16');
  });

  it('stays when the week has a class to come, when nothing is ahead, or when the next is in view', () => {
    const thursday = session('2026-12-03T09:00', '2026-12-03T10:00');
    expect(nextPeriodWithClasses(week, [thursday], [thursday, later], ZONE, now)).toBeNull();
    expect(nextPeriodWithClasses(week, [], [], ZONE, now)).toBeNull();
    expect(nextPeriodWithClasses(week, [], [session('2026-12-05T09:00', '2026-12-05T10:00')], ZONE, now)).toBeNull();
    expect(nextPeriodWithClasses(week, [], [session('2026-12-06T09:00', '2026-12-06T10:00')], ZONE, now)).toBe(
      '2026-12-06',
    );
  });
});
