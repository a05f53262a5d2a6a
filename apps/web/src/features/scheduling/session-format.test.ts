import { describe, expect, it } from 'vitest';
import {
  eventTitle,
  isClosedFull,
  movedMessages,
  movedWallTime,
  placedAtLabel,
  priceLabel,
  spotsLabel,
} from './session-format';

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
  it('counts the spots left, says Full and Cancelled', () => {
    expect(spotsLabel(session)).toBe('2 spots left');
    expect(spotsLabel({ ...session, spotsLeft: 1 })).toBe('1 spot left');
    expect(spotsLabel({ ...session, spotsLeft: 0 })).toBe('Full');
    expect(spotsLabel({ ...session, status: 'cancelled' })).toBe('Cancelled');
  });

  it('a full class is closed only when its waitlist takes no more names', () => {
    expect(isClosedFull({ ...session, spotsLeft: 0 })).toBe(false);
    expect(isClosedFull({ ...session, spotsLeft: 0, waitlistOpen: false })).toBe(true);
    expect(isClosedFull({ ...session, spotsLeft: 2, waitlistOpen: false })).toBe(false);
    expect(isClosedFull({ ...session, spotsLeft: 0, waitlistOpen: false, status: 'cancelled' })).toBe(false);
  });

  it('shows when a place was taken on the tenant’s clocks, to the second', () => {
    const label = placedAtLabel('2026-03-09T22:00:07.000Z', 'America/Denver');
    expect(label).toContain('4:00:07');
  });

  it('names the room only when the session carries it', () => {
    expect(eventTitle(session)).toBe('Yoga · Studio A · 2 spots left');
    expect(eventTitle({ ...session, roomName: null })).toBe('Yoga · 2 spots left');
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
