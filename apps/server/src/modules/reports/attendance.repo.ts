import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classBookings, classRules, classSessions, contacts, rooms } from '../../db/schema/index.ts';

const n = (value: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);

/** The tenant's sessions held (not cancelled) that start over [from, to). */
export function sessionsHeldBetween(tenantId: string, from: Date, to: Date) {
  return and(
    eq(classSessions.tenantId, tenantId),
    eq(classSessions.status, 'scheduled'),
    gte(classSessions.startsAt, from),
    lt(classSessions.startsAt, to),
  );
}

/**
 * Per group, over the sessions that start in [from, to) and were held (not cancelled): sessions,
 * places offered, places booked (offered and pending holds too), people checked in, no-shows and
 * late cancels. Each session is counted once: its bookings are summed first.
 */
export function attendanceTotals(
  tx: Tx,
  tenantId: string,
  from: Date,
  to: Date,
  group: 'class' | 'teacher' | 'room' | 'day',
) {
  const perSession = tx
    .select({
      ruleId: classSessions.ruleId,
      teacherId: classSessions.teacherId,
      roomId: classSessions.roomId,
      localDate: classSessions.localDate,
      capacity: classSessions.capacity,
      booked:
        sql<number>`count(${classBookings.id}) filter (where ${classBookings.status} in ('booked', 'offered', 'pending'))`.as(
          'booked',
        ),
      attended: sql<number>`count(${classBookings.id}) filter (where ${classBookings.attendedAt} is not null)`.as(
        'attended',
      ),
      noShows: sql<number>`count(${classBookings.id}) filter (where ${classBookings.noShow})`.as('no_shows'),
      lateCancels:
        sql<number>`count(${classBookings.id}) filter (where ${classBookings.status} = 'cancelled' and ${classBookings.lateCancel})`.as(
          'late_cancels',
        ),
    })
    .from(classSessions)
    .leftJoin(
      classBookings,
      and(eq(classBookings.tenantId, classSessions.tenantId), eq(classBookings.sessionId, classSessions.id)),
    )
    .where(sessionsHeldBetween(tenantId, from, to))
    // the primary key, so the session's own columns may be read
    .groupBy(classSessions.tenantId, classSessions.id)
    .as('per_session');

  const key =
    group === 'class'
      ? sql<string>`${perSession.ruleId}::text`
      : group === 'teacher'
        ? sql<string>`coalesce(${perSession.teacherId}::text, '')`
        : group === 'room'
          ? sql<string>`coalesce(${perSession.roomId}::text, '')`
          : sql<string>`${perSession.localDate}`;
  const label =
    group === 'class'
      ? sql<string>`min(${classRules.name})`
      : group === 'teacher'
        ? sql<string>`coalesce(min(trim(${contacts.name} || ' ' || ${contacts.lastName})), '')`
        : group === 'room'
          ? sql<string>`coalesce(min(${rooms.name}), '')`
          : sql<string>`min(${perSession.localDate})`;
  return tx
    .select({
      key,
      label,
      sessions: sql<number>`count(*)`.mapWith(Number),
      capacity: n(sql`${perSession.capacity}`),
      booked: n(sql`${perSession.booked}`),
      attended: n(sql`${perSession.attended}`),
      noShows: n(sql`${perSession.noShows}`),
      lateCancels: n(sql`${perSession.lateCancels}`),
    })
    .from(perSession)
    .leftJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, perSession.ruleId)))
    .leftJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, perSession.teacherId)))
    .leftJoin(rooms, and(eq(rooms.tenantId, tenantId), eq(rooms.id, perSession.roomId)))
    .groupBy(sql`1`)
    .orderBy(group === 'day' ? sql`1` : sql`2`, sql`1`);
}
