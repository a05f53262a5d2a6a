import { describe, expect, it } from 'vitest';
import { eventTitle, priceLabel, spotsLabel } from './session-format';

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
};

describe('session labels', () => {
  it('counts the spots left, says Full and Cancelled', () => {
    expect(spotsLabel(session)).toBe('2 spots left');
    expect(spotsLabel({ ...session, spotsLeft: 1 })).toBe('1 spot left');
    expect(spotsLabel({ ...session, spotsLeft: 0 })).toBe('Full');
    expect(spotsLabel({ ...session, status: 'cancelled' })).toBe('Cancelled');
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
