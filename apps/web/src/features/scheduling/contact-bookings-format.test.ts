import type { ContactBooking } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../../test/fixtures';
import { attendanceSummary, placeLabel } from './contact-bookings-format';

const place = (patch: Partial<ContactBooking> = {}): ContactBooking =>
  makeBooking({ guId: 'b', sessionId: 's', className: 'Yoga', startsAt: '2026-12-01T18:00:00.000Z', ...patch });

describe('placeLabel', () => {
  it('names a place to come by its status, with the place in line', () => {
    expect(placeLabel(place(), false)).toBe('Booked');
    expect(placeLabel(place({ status: 'waitlisted', waitlistPosition: 2 }), false)).toBe('Waitlisted (#2)');
    expect(placeLabel(place({ status: 'offered' }), false)).toBe('Spot offered');
    expect(placeLabel(place({ status: 'pending' }), false)).toBe('Awaiting payment');
  });

  it('names a past place by what happened: attended, no-show, late cancel, or not marked yet', () => {
    expect(placeLabel(place({ attended: true }), true)).toBe('Attended');
    expect(placeLabel(place({ noShow: true }), true)).toBe('No-show');
    expect(placeLabel(place({ status: 'cancelled', lateCancel: true }), true)).toBe('Late cancel');
    expect(placeLabel(place(), true)).toBe('Not marked');
    expect(placeLabel(place({ sessionCancelled: true }), true)).toBe('Class cancelled');
  });
});

describe('attendanceSummary', () => {
  it('counts with the right plurals and adds the rate once there is one', () => {
    expect(attendanceSummary({ attended: 3, noShows: 1, lateCancels: 0, rate: 75 })).toBe(
      '3 attended · 1 no-show · 0 late cancels · 75% attendance',
    );
    expect(attendanceSummary({ attended: 0, noShows: 0, lateCancels: 1, rate: null })).toBe(
      '0 attended · 0 no-shows · 1 late cancel',
    );
  });
});
