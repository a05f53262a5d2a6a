import { describe, expect, it } from 'vitest';
import { eventTitle, isClosedFull, spotsLabel } from './scheduling-labels.ts';

const session = {
  name: 'Yoga',
  spotsLeft: 2,
  status: 'scheduled' as const,
  roomName: 'Studio A' as string | null,
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

  it('names the room only when the session carries it, and says online', () => {
    expect(eventTitle(session)).toBe('Yoga · Studio A · 2 spots left');
    expect(eventTitle({ ...session, roomName: null })).toBe('Yoga · 2 spots left');
    expect(eventTitle({ ...session, roomName: null, isOnline: true, spotsLeft: 0 })).toBe('Yoga · Online · Full');
  });
});
