import { and, asc, desc, eq, gte, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classBookings, classRules, classSessions } from '../../db/schema/index.ts';
import { waitlistPosition } from './bookings.repo.ts';

const columns = {
  row: classBookings,
  className: classRules.name,
  startsAt: classSessions.startsAt,
  sessionStatus: classSessions.status,
  position: waitlistPosition,
};

function bookingsWithClass(tx: Tx, tenantId: string, contactId: string, which: SQL | undefined) {
  return tx
    .select(columns)
    .from(classBookings)
    .innerJoin(classSessions, and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, classBookings.sessionId)))
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.contactId, contactId), which));
}

/** A cancelled place is history only when it was cancelled late (it counts against the person). */
const shown = or(ne(classBookings.status, 'cancelled'), eq(classBookings.lateCancel, true));

/** Every live place in a class still to come, soonest first. */
export function upcomingBookings(tx: Tx, tenantId: string, contactId: string, now: Date) {
  return bookingsWithClass(
    tx,
    tenantId,
    contactId,
    and(gte(classSessions.startsAt, now), ne(classBookings.status, 'cancelled')),
  ).orderBy(asc(classSessions.startsAt), asc(classBookings.id));
}

/** Places in classes that have started, newest first, one page of them. */
export function pastBookings(tx: Tx, tenantId: string, contactId: string, now: Date, start: number, length: number) {
  return bookingsWithClass(tx, tenantId, contactId, and(lt(classSessions.startsAt, now), shown))
    .orderBy(desc(classSessions.startsAt), asc(classBookings.id))
    .offset(start)
    .limit(length);
}

/** The counts behind the attendance figures, over the classes that have started. */
export async function attendanceCounts(tx: Tx, tenantId: string, contactId: string, now: Date) {
  const [counts] = await tx
    .select({
      past: sql<number>`count(*)::int`,
      attended: sql<number>`count(*) filter (where ${classBookings.attendedAt} is not null)::int`,
      noShows: sql<number>`count(*) filter (where ${classBookings.noShow})::int`,
      lateCancels: sql<number>`count(*) filter (where ${classBookings.lateCancel})::int`,
    })
    .from(classBookings)
    .innerJoin(classSessions, and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, classBookings.sessionId)))
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.contactId, contactId),
        lt(classSessions.startsAt, now),
        shown,
      ),
    );
  return counts ?? { past: 0, attended: 0, noShows: 0, lateCancels: 0 };
}
