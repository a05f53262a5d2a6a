import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { classBookings, classRules, classSessions, contacts, rooms } from '../../db/schema/index.ts';

const teacher = alias(contacts, 'teacher');

/**
 * Whether a scheduled session overlaps another scheduled one in the same room (or with the same
 * teacher) within the range: the latest end before it (in start order) is after its start, or the
 * next start is before its end. Back to back is not an overlap. Window passes over the range's rows,
 * each linear (a running max from the partition's start, and `lead`; a `min` over the rows that
 * follow is quadratic in PostgreSQL: 1 s for a month with one teacher on 2,000 sessions), no self-join.
 */
function overlapsBy(column: PgColumn): SQL<boolean> {
  const window = sql`partition by ${column}, ${classSessions.status} order by ${classSessions.startsAt}, ${classSessions.id}`;
  return sql<boolean>`(${column} is not null and ${classSessions.status} = 'scheduled' and (
    coalesce(max(${classSessions.endsAt}) over (${window} rows between unbounded preceding and 1 preceding) > ${classSessions.startsAt}, false)
    or coalesce(lead(${classSessions.startsAt}) over (${window}) < ${classSessions.endsAt}, false)
  ))`;
}

/** The staff calendar's sessions starting in [from, to): what the screen draws, cancelled ones included. */
export function staffCalendarRows(tx: Tx, tenantId: string, from: Date, to: Date) {
  const inRange = and(
    eq(classSessions.tenantId, tenantId),
    gte(classSessions.startsAt, from),
    lt(classSessions.startsAt, to),
  );
  const waitlist = tx
    .select({ sessionId: classBookings.sessionId, n: sql<number>`count(*)::int`.as('wl_n') })
    .from(classBookings)
    .innerJoin(
      classSessions,
      and(eq(classSessions.tenantId, classBookings.tenantId), eq(classSessions.id, classBookings.sessionId)),
    )
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.status, 'waitlisted'), inRange))
    .groupBy(classBookings.sessionId)
    .as('wl');
  return tx
    .select({
      id: classSessions.id,
      ruleId: classSessions.ruleId,
      start: sql<number>`extract(epoch from ${classSessions.startsAt})::float8`.mapWith(Number),
      seconds: sql<number>`extract(epoch from ${classSessions.endsAt} - ${classSessions.startsAt})::float8`.mapWith(
        Number,
      ),
      capacity: classSessions.capacity,
      booked: classSessions.bookedCount,
      status: classSessions.status,
      waitlistEnabled: classSessions.waitlistEnabled,
      waitlistSize: classSessions.waitlistSize,
      waitlisted: sql<number>`coalesce(${waitlist.n}, 0)::int`,
      name: classRules.name,
      priceMinor: classRules.priceMinor,
      isOnline: sql<boolean>`${classRules.onlineJoinUrl} is not null`,
      roomName: rooms.name,
      teacherName: sql<string | null>`nullif(trim(${teacher.name} || ' ' || ${teacher.lastName}), '')`,
      overlap: sql<boolean>`(${overlapsBy(classSessions.roomId)} or ${overlapsBy(classSessions.teacherId)})`,
    })
    .from(classSessions)
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .leftJoin(rooms, and(eq(rooms.tenantId, tenantId), eq(rooms.id, classSessions.roomId)))
    .leftJoin(teacher, and(eq(teacher.tenantId, tenantId), eq(teacher.id, classSessions.teacherId)))
    .leftJoin(waitlist, eq(waitlist.sessionId, classSessions.id))
    .where(inRange)
    .orderBy(asc(classSessions.startsAt), asc(classRules.name), asc(classSessions.id));
}
export type StaffCalendarRow = Awaited<ReturnType<typeof staffCalendarRows>>[number];
