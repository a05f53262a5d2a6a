import type { SessionOverlap } from '@atrium/contracts';
import { and, asc, eq, gt, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

/** A session is at most 12 hours long (durationMinutes ≤ 720): an overlapping one starts less than that before. */
const LONGEST = sql`interval '12 hours'`;
const other = alias(classSessions, 'other');

/**
 * The scheduled sessions starting in [from, to) that overlap another scheduled session in the same
 * room or with the same teacher: one query for the staff calendar's range.
 */
export async function overlappingIn(tx: Tx, tenantId: string, from: Date, to: Date): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ id: classSessions.id })
    .from(classSessions)
    .innerJoin(
      other,
      and(
        eq(other.tenantId, classSessions.tenantId),
        ne(other.id, classSessions.id),
        eq(other.status, 'scheduled'),
        gt(other.startsAt, sql`${classSessions.startsAt} - ${LONGEST}`),
        lt(other.startsAt, classSessions.endsAt),
        gt(other.endsAt, classSessions.startsAt),
        or(eq(other.roomId, classSessions.roomId), eq(other.teacherId, classSessions.teacherId)),
      ),
    )
    .where(
      and(
        eq(classSessions.tenantId, tenantId),
        eq(classSessions.status, 'scheduled'),
        gte(classSessions.startsAt, from),
        lt(classSessions.startsAt, to),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
