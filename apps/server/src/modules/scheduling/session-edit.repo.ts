import type { SessionOverlap } from '@atrium/contracts';
import { and, asc, eq, gt, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classBookingNotices, classBookings, classRules, classSessions, rooms } from '../../db/schema/index.ts';

export async function roomName(tx: Tx, tenantId: string, roomId: string | null): Promise<string | null> {
  if (!roomId) return null;
  const [row] = await tx
    .select({ name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.tenantId, tenantId), eq(rooms.id, roomId)));
  return row?.name ?? null;
}

/**
 * Other scheduled sessions overlapping [startsAt, endsAt) that share the room or the teacher. Back
 * to back (one ends as the next starts) is not an overlap.
 */
export function overlapping(
  tx: Tx,
  tenantId: string,
  session: { id: string; startsAt: Date; endsAt: Date; roomId: string | null; teacherId: string | null },
) {
  const shared: SQL[] = [];
  if (session.roomId) shared.push(eq(classSessions.roomId, session.roomId));
  if (session.teacherId) shared.push(eq(classSessions.teacherId, session.teacherId));
  if (shared.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: classSessions.id,
      name: classRules.name,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      roomId: classSessions.roomId,
      teacherId: classSessions.teacherId,
    })
    .from(classSessions)
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .where(
      and(
        eq(classSessions.tenantId, tenantId),
        ne(classSessions.id, session.id),
        eq(classSessions.status, 'scheduled'),
        // A session lasts at most 12 hours: this bounds the index range to look in.
        gt(classSessions.startsAt, new Date(session.startsAt.getTime() - 12 * 3_600_000)),
        lt(classSessions.startsAt, session.endsAt),
        gt(classSessions.endsAt, session.startsAt),
        or(...shared),
      ),
    )
    .orderBy(asc(classSessions.startsAt))
    .limit(20);
}

/** A moved session's reminders go again before its new time: the sent ones are forgotten. */
export async function forgetReminders(tx: Tx, tenantId: string, sessionId: string): Promise<void> {
  const ids = tx
    .select({ id: classBookings.id })
    .from(classBookings)
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.sessionId, sessionId)));
  await tx
    .delete(classBookingNotices)
    .where(and(eq(classBookingNotices.tenantId, tenantId), inArray(classBookingNotices.bookingId, ids)));
}

type OverlapSubject = { id: string; startsAt: Date; endsAt: Date; roomId: string | null; teacherId: string | null };

/** The overlaps of one session as the desk is shown them (the room's first when both apply). */
export async function overlapsOf(tx: Tx, tenantId: string, session: OverlapSubject): Promise<SessionOverlap[]> {
  return (await overlapping(tx, tenantId, session)).map((other) => ({
    sessionId: other.id,
    name: other.name,
    startsAt: other.startsAt.toISOString(),
    endsAt: other.endsAt.toISOString(),
    reason: session.roomId && other.roomId === session.roomId ? 'room' : 'teacher',
  }));
}
