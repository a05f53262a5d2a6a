import {
  type ContactBooking,
  type ContactBookings,
  type ContactBookingsQuery,
  knownTimeZone,
  type MyBookings,
} from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { type Db, readTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { attendanceCounts, pastBookings, upcomingBookings } from './contact-bookings.repo.ts';
import { findContact } from './scheduling.repo.ts';

type Found = Awaited<ReturnType<typeof upcomingBookings>>[number];

function toContactBooking(found: Found): ContactBooking {
  const { row } = found;
  return {
    guId: row.id,
    sessionId: row.sessionId,
    className: found.className,
    startsAt: found.startsAt.toISOString(),
    status: row.status,
    sessionCancelled: found.sessionStatus === 'cancelled',
    waitlistPosition: found.position,
    attended: row.attendedAt !== null,
    noShow: row.noShow,
    lateCancel: row.lateCancel,
    payment: row.payment,
  };
}

/**
 * GET /snode/contact/{id}/bookings: the person's classes to come, a page of those that have started,
 * and their attendance (attended out of attended and no-shows, as the desk marks them).
 */
export function contactBookings(
  db: Db,
  actor: Authenticated,
  contactId: string,
  query: ContactBookingsQuery,
  now: Date,
): Promise<ContactBookings> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => {
    if (!(await findContact(tx, tenantId, contactId))) throw notFound('Contact');
    return bookingsOf(tx, actor, contactId, query, now);
  });
}

async function bookingsOf(
  tx: Tx,
  actor: Authenticated,
  contactId: string,
  query: ContactBookingsQuery,
  now: Date,
): Promise<ContactBookings> {
  const { tenantId } = actor.tenant;
  const upcoming = await upcomingBookings(tx, tenantId, contactId, now);
  const past = await pastBookings(tx, tenantId, contactId, now, query.start, query.length);
  const counts = await attendanceCounts(tx, tenantId, contactId, now);
  const marked = counts.attended + counts.noShows;
  return {
    upcoming: upcoming.map(toContactBooking),
    past: past.map(toContactBooking),
    pastTotal: counts.past,
    attendance: {
      attended: counts.attended,
      noShows: counts.noShows,
      lateCancels: counts.lateCancels,
      rate: marked === 0 ? null : Math.round((counts.attended / marked) * 100),
    },
    timezone: knownTimeZone(actor.tenant.settings.timezone),
  };
}

/** GET /snode/mybookings: the signed-in person's own places, to come and past, and the cancel cutoff. */
export function myBookings(db: Db, actor: Authenticated, query: ContactBookingsQuery, now: Date): Promise<MyBookings> {
  return readTenant(db, actor.tenant.tenantId, async (tx) => ({
    ...(await bookingsOf(tx, actor, actor.auth.sub, query, now)),
    cancelCutoffHours: actor.tenant.settings.cancelCutoffHours,
  }));
}
