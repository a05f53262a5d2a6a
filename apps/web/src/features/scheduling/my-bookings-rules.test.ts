import type { ContactBooking } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../../test/fixtures';
import { cancelAction, cancelConsequences, isLateCancel, myPlaceLabel } from './my-bookings-rules';

const now = new Date('2026-12-01T08:00:00Z');
const place = (patch: Partial<ContactBooking>): ContactBooking =>
  makeBooking({ guId: 'b1', sessionId: 's1', className: 'Morning Flow', startsAt: '2026-12-02T09:00:00Z', ...patch });
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe('my bookings rules', () => {
  it('a booked place given back inside the cutoff is late; a waitlist place never is', () => {
    expect(isLateCancel(place({ startsAt: inHours(11.9) }), 12, now)).toBe(true);
    expect(isLateCancel(place({ startsAt: inHours(12) }), 12, now)).toBe(false);
    expect(isLateCancel(place({ startsAt: inHours(1), status: 'waitlisted' }), 12, now)).toBe(false);
    expect(isLateCancel(place({ startsAt: inHours(1) }), 0, now)).toBe(false);
  });

  it('says what a cancel costs by how the place was paid', () => {
    const late = (payment: ContactBooking['payment']) =>
      cancelConsequences(place({ startsAt: inHours(3), payment }), 12, now);
    expect(late('free')).toEqual({
      late: true,
      lines: [
        'This is a late cancel: the class starts in less than 12 hours. It stays on your record as a late cancel.',
      ],
    });
    expect(late('membership').lines[1]).toBe('A class credit used for it is not given back.');
    expect(late('paid').lines[1]).toBe(
      'The price you paid is not refunded by cancelling: refunds are up to the studio.',
    );
    expect(late('at_desk').lines[1]).toBe('Nothing is owed for it any more: its invoice is cancelled.');
    const early = cancelConsequences(place({ startsAt: inHours(30), payment: 'membership' }), 12, now);
    expect(early).toEqual({
      late: false,
      lines: [
        'Free to cancel: the class starts more than 12 hours from now.',
        'A class credit used for it is given back to your membership.',
      ],
    });
    expect(cancelConsequences(place({ status: 'waitlisted', startsAt: inHours(1) }), 12, now)).toEqual({
      late: false,
      lines: ['You leave the waitlist.'],
    });
    expect(cancelConsequences(place({ startsAt: inHours(0.5) }), 1, now).lines[0]).toContain('less than 1 hour.');
  });

  it('names the buttons and the states as the student reads them', () => {
    expect(
      ['booked', 'pending', 'waitlisted', 'offered', 'cancelled'].map((status) =>
        cancelAction({ status } as ContactBooking),
      ),
    ).toEqual(['Cancel booking', 'Cancel booking', 'Leave waitlist', 'Pass', null]);
    expect(myPlaceLabel(place({}), true)).toBe('Booked');
    expect(myPlaceLabel(place({ attended: true }), true)).toBe('Attended');
    expect(myPlaceLabel(place({ status: 'cancelled', lateCancel: true }), true)).toBe('Late cancel');
    expect(myPlaceLabel(place({ status: 'waitlisted', waitlistPosition: 2 }), false)).toBe('On the waitlist (#2)');
    expect(myPlaceLabel(place({ status: 'offered' }), false)).toBe('Spot held for you');
  });
});
