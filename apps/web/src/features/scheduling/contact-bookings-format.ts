import type { ContactAttendance, ContactBooking } from '@atrium/contracts';

/** What became of a place, as the contact's detail screen says it. */
export function placeLabel(booking: ContactBooking, past: boolean): string {
  if (booking.sessionCancelled) return 'Class cancelled';
  if (booking.lateCancel) return 'Late cancel';
  if (booking.attended) return 'Attended';
  if (booking.noShow) return 'No-show';
  switch (booking.status) {
    case 'waitlisted':
      return booking.waitlistPosition ? `Waitlisted (#${booking.waitlistPosition})` : 'Waitlisted';
    case 'offered':
      return 'Spot offered';
    case 'pending':
      return 'Awaiting payment';
    case 'cancelled':
      return 'Cancelled';
    default:
      return past ? 'Not marked' : 'Booked';
  }
}

/** "3 attended · 1 no-show · 75% attendance". */
export function attendanceSummary(attendance: ContactAttendance): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    plural(attendance.attended, 'attended', 'attended'),
    plural(attendance.noShows, 'no-show', 'no-shows'),
    plural(attendance.lateCancels, 'late cancel', 'late cancels'),
  ];
  if (attendance.rate !== null) parts.push(`${attendance.rate}% attendance`);
  return parts.join(' · ');
}
