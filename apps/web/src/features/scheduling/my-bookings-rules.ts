import type { ContactBooking } from '@atrium/contracts';
import { placeLabel } from './contact-bookings-format';

const HOUR = 3_600_000;

/** What the student's button does with a place to come (the scheduling module's own cancel call). */
export function cancelAction(booking: Pick<ContactBooking, 'status'>): string | null {
  switch (booking.status) {
    case 'booked':
    case 'pending':
      return 'Cancel booking';
    case 'waitlisted':
      return 'Leave waitlist';
    case 'offered':
      return 'Pass';
    default:
      return null;
  }
}

/** The server's rule (bookings.service isLate): a booked place given back inside the cutoff is a late cancel. */
export function isLateCancel(
  booking: Pick<ContactBooking, 'status' | 'startsAt'>,
  cutoffHours: number,
  now: Date,
): boolean {
  return booking.status === 'booked' && new Date(booking.startsAt).getTime() - now.getTime() < cutoffHours * HOUR;
}

/**
 * What cancelling costs, as the existing rules have it (scheduling.md "Late cancels", memberships.md
 * "Credits", the paid places): a late cancel stays on the person's record and keeps the class credit
 * it used; a card payment is not refunded by a cancel (refunds are the studio's call); a place to pay
 * at the studio leaves nothing owed.
 */
export function cancelConsequences(
  booking: Pick<ContactBooking, 'status' | 'startsAt' | 'payment'>,
  cutoffHours: number,
  now: Date,
): { late: boolean; lines: string[] } {
  if (booking.status !== 'booked' && booking.status !== 'pending') {
    return {
      late: false,
      lines: [booking.status === 'offered' ? 'The spot goes to the next person in line.' : 'You leave the waitlist.'],
    };
  }
  const late = isLateCancel(booking, cutoffHours, now);
  const hours = `${cutoffHours} hour${cutoffHours === 1 ? '' : 's'}`;
  const lines: string[] = [];
  if (late) {
    lines.push(
      `This is a late cancel: the class starts in less than ${hours}. It stays on your record as a late cancel.`,
    );
  } else if (booking.status === 'booked') {
    lines.push(`Free to cancel: the class starts more than ${hours} from now.`);
  }
  if (booking.payment === 'membership') {
    lines.push(
      late
        ? 'A class credit used for it is not given back.'
        : 'A class credit used for it is given back to your membership.',
    );
  } else if (booking.payment === 'paid') {
    lines.push('The price you paid is not refunded by cancelling: refunds are up to the studio.');
  } else if (booking.payment === 'at_desk' || booking.status === 'pending') {
    lines.push('Nothing is owed for it any more: its invoice is cancelled.');
  }
  return { late, lines };
}

/** A place as the student reads it in their list. */
export function myPlaceLabel(booking: ContactBooking, past: boolean): string {
  const label = placeLabel(booking, past);
  if (label === 'Not marked') return 'Booked';
  if (label === 'Waitlisted' || label.startsWith('Waitlisted (')) return label.replace('Waitlisted', 'On the waitlist');
  if (label === 'Spot offered') return 'Spot held for you';
  return label;
}
