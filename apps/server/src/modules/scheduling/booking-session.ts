import { and, eq } from 'drizzle-orm';
import { classBookings, classSessions } from '../../db/schema/index.ts';

/** Joins a booking to its session, within the booking's own studio. */
export function sessionOfBooking() {
  return and(eq(classSessions.tenantId, classBookings.tenantId), eq(classSessions.id, classBookings.sessionId));
}
