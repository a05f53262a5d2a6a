import { describe, expect, it } from 'vitest';
import { movedMessages, movedWallTime, placedAtLabel, priceLabel } from './session-format';

const session = {
  guId: 's',
  classId: 'c',
  name: 'Yoga',
  startsAt: '2026-03-09T22:00:00.000Z',
  endsAt: '2026-03-09T23:00:00.000Z',
  clsStartTime: '1',
  capacity: 10,
  booked: 8,
  spotsLeft: 2,
  waitlisted: 0,
  status: 'scheduled' as const,
  roomName: 'Studio A',
  teacherName: null,
  priceMinor: null,
  isOnline: false,
  waitlistOpen: true,
};

describe('session labels', () => {
  it('shows when a place was taken on the tenant’s clocks, to the second', () => {
    const label = placedAtLabel('2026-03-09T22:00:07.000Z', 'America/Denver');
    expect(label).toContain('4:00:07');
  });

  it('shows a drop-in price with the tenant symbol, nothing for a free class', () => {
    expect(priceLabel(1500, '£')).toBe('£15.00');
    expect(priceLabel(null, '$')).toBeNull();
  });
});

describe('movedWallTime', () => {
  const zone = 'America/New_York';
  it('keeps the wall clock across a daylight-saving change (a week later, same 18:00)', () => {
    // Mon 2 Mar 2026 18:00 EST; DST starts 8 Mar.
    expect(movedWallTime('2026-03-02T23:00:00.000Z', zone, { days: 7, milliseconds: 0 })).toEqual({
      date: '2026-03-09',
      startTime: '18:00',
    });
  });

  it('moves the time within the day and past midnight either way', () => {
    expect(movedWallTime('2026-03-02T23:00:00.000Z', zone, { days: 0, milliseconds: 90 * 60_000 })).toEqual({
      date: '2026-03-02',
      startTime: '19:30',
    });
    expect(movedWallTime('2026-03-02T23:00:00.000Z', zone, { days: 1, milliseconds: 7 * 3_600_000 })).toEqual({
      date: '2026-03-04',
      startTime: '01:00',
    });
    expect(movedWallTime('2026-03-02T23:00:00.000Z', zone, { days: 0, milliseconds: -19 * 3_600_000 })).toEqual({
      date: '2026-03-01',
      startTime: '23:00',
    });
  });
});

describe('movedMessages', () => {
  it('says how many people were emailed', () => {
    const edited = { session, notified: 0, overlaps: [] };
    expect(movedMessages(edited, 'UTC')).toEqual({ done: 'The class was changed.', warnings: [] });
    expect(movedMessages({ ...edited, notified: 1 }, 'UTC').done).toBe('The class was changed. 1 person was emailed.');
    expect(movedMessages({ ...edited, notified: 3 }, 'UTC').done).toBe('The class was changed. 3 people were emailed.');
  });

  it('turns each overlap into a warning naming the other class', () => {
    const overlap = {
      sessionId: 'o',
      name: 'Spin',
      startsAt: '2026-03-09T22:00:00.000Z',
      endsAt: '2026-03-09T23:00:00.000Z',
    };
    const { warnings } = movedMessages(
      {
        session,
        notified: 0,
        overlaps: [
          { ...overlap, reason: 'room' },
          { ...overlap, reason: 'teacher' },
        ],
      },
      'UTC',
    );
    expect(warnings[0]).toMatch(/^The room is also used by Spin \(Mon, Mar 9, /);
    expect(warnings[1]).toMatch(/^The teacher also teaches Spin \(/);
  });
});
