import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { classBookings, classRules, classSessions, contacts, rooms } from '../../db/schema/index.ts';

export type RoomRow = typeof rooms.$inferSelect;
export type RuleRow = typeof classRules.$inferSelect;
export type SessionRow = typeof classSessions.$inferSelect;
export type BookingRow = typeof classBookings.$inferSelect;
export type RuleValues = Omit<typeof classRules.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

// ---------------------------------------------------------------- rooms

export function listRooms(tx: Tx, tenantId: string): Promise<RoomRow[]> {
  return tx
    .select()
    .from(rooms)
    .where(eq(rooms.tenantId, tenantId))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.id));
}

export async function findRoom(tx: Tx, tenantId: string, id: string): Promise<RoomRow | undefined> {
  const [row] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.tenantId, tenantId), eq(rooms.id, id)));
  return row;
}

export async function findRoomByName(tx: Tx, tenantId: string, name: string): Promise<RoomRow | undefined> {
  const [row] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.tenantId, tenantId), sql`lower(${rooms.name}) = lower(${name})`));
  return row;
}

export async function insertRoom(tx: Tx, tenantId: string, values: { name: string; capacity: number }) {
  const [row] = await tx
    .insert(rooms)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('room insert returned nothing');
  return row;
}

export async function updateRoom(tx: Tx, tenantId: string, id: string, values: { name: string; capacity: number }) {
  const [row] = await tx
    .update(rooms)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(rooms.tenantId, tenantId), eq(rooms.id, id)))
    .returning();
  return row;
}

/** Whether any rule or session names the room. */
export async function roomInUse(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const [rule] = await tx
    .select({ id: classRules.id })
    .from(classRules)
    .where(and(eq(classRules.tenantId, tenantId), eq(classRules.roomId, id)))
    .limit(1);
  if (rule) return true;
  const [session] = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.roomId, id)))
    .limit(1);
  return Boolean(session);
}

export async function deleteRoom(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const gone = await tx
    .delete(rooms)
    .where(and(eq(rooms.tenantId, tenantId), eq(rooms.id, id)))
    .returning({ id: rooms.id });
  return gone.length > 0;
}

// ---------------------------------------------------------------- teachers

export function listTeachers(tx: Tx, tenantId: string) {
  return tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.isTeacher, true),
        inArray(contacts.role, ['admin', 'staff', 'frontdesk']),
      ),
    )
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
}

export async function findTeacher(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: contacts.id, isTeacher: contacts.isTeacher, role: contacts.role })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  return row;
}

export async function findContact(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  return row;
}

// ---------------------------------------------------------------- rules

const teacher = alias(contacts, 'teacher');

export interface RuleWithNames {
  row: RuleRow;
  roomName: string | null;
  teacherName: string | null;
}

export function rulesWithNames(tx: Tx, tenantId: string) {
  return tx
    .select({
      row: classRules,
      roomName: rooms.name,
      teacherName: sql<string | null>`trim(${teacher.name} || ' ' || ${teacher.lastName})`,
    })
    .from(classRules)
    .leftJoin(rooms, and(eq(rooms.tenantId, tenantId), eq(rooms.id, classRules.roomId)))
    .leftJoin(teacher, and(eq(teacher.tenantId, tenantId), eq(teacher.id, classRules.teacherId)));
}

export function listRules(tx: Tx, tenantId: string, kind: RuleRow['kind']): Promise<RuleWithNames[]> {
  return rulesWithNames(tx, tenantId)
    .where(and(eq(classRules.tenantId, tenantId), eq(classRules.kind, kind)))
    .orderBy(asc(sql`lower(${classRules.name})`), asc(classRules.startTime), asc(classRules.id));
}

export async function findRuleWithNames(tx: Tx, tenantId: string, id: string): Promise<RuleWithNames | undefined> {
  const [row] = await rulesWithNames(tx, tenantId).where(and(eq(classRules.tenantId, tenantId), eq(classRules.id, id)));
  return row;
}

export async function findRule(tx: Tx, tenantId: string, id: string, lock = false): Promise<RuleRow | undefined> {
  const query = tx
    .select()
    .from(classRules)
    .where(and(eq(classRules.tenantId, tenantId), eq(classRules.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The rule a session belongs to (one indexed join: the booking path asks it for every booking). */
export async function findRuleOfSession(tx: Tx, tenantId: string, sessionId: string): Promise<RuleRow | undefined> {
  const [row] = await tx
    .select({ rule: classRules })
    .from(classSessions)
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, sessionId)));
  return row?.rule;
}

export async function insertRule(tx: Tx, tenantId: string, values: RuleValues): Promise<RuleRow> {
  const [row] = await tx
    .insert(classRules)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('rule insert returned nothing');
  return row;
}

export async function updateRule(tx: Tx, tenantId: string, id: string, values: Partial<RuleValues>): Promise<void> {
  await tx
    .update(classRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(classRules.tenantId, tenantId), eq(classRules.id, id)));
}

/** The tenants with a rule whose sessions stop before `before` (the daily extension's work list). */
export async function tenantsToExtend(tx: Tx, before: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ tenantId: classRules.tenantId })
    .from(classRules)
    .where(lt(classRules.generatedUntil, before));
  return rows.map((r) => r.tenantId);
}

export function rulesToExtend(tx: Tx, tenantId: string, before: Date): Promise<RuleRow[]> {
  return tx
    .select()
    .from(classRules)
    .where(and(eq(classRules.tenantId, tenantId), lt(classRules.generatedUntil, before)))
    .for('update');
}

// ---------------------------------------------------------------- sessions

/** A rule's sessions that start after `after`, with how many live bookings each has. */
export function futureSessionsOf(tx: Tx, tenantId: string, ruleId: string, after: Date) {
  return tx
    .select({
      row: classSessions,
      live: sql<number>`(select count(*)::int from class_bookings b where b.tenant_id = class_sessions.tenant_id and b.session_id = class_sessions.id and b.status <> 'cancelled')`,
    })
    .from(classSessions)
    .where(
      and(eq(classSessions.tenantId, tenantId), eq(classSessions.ruleId, ruleId), gt(classSessions.startsAt, after)),
    )
    .for('update', { of: classSessions });
}

export async function insertSessions(
  tx: Tx,
  tenantId: string,
  values: Omit<typeof classSessions.$inferInsert, 'tenantId'>[],
): Promise<void> {
  if (values.length === 0) return;
  await tx
    .insert(classSessions)
    .values(values.map((v) => ({ ...v, tenantId })))
    .onConflictDoNothing();
}

export type SessionValues = Partial<Omit<typeof classSessions.$inferInsert, 'tenantId' | 'id'>>;

/**
 * Whether `values` change what a calendar shows of the session (its time, room, teacher or
 * status): each such change raises the session's iCalendar SEQUENCE by one.
 */
export function changesCalendar(before: SessionRow, values: SessionValues): boolean {
  const instant = (a: Date | undefined, b: Date) => a !== undefined && a.getTime() !== b.getTime();
  const other = <T>(a: T | undefined, b: T) => a !== undefined && a !== b;
  return (
    instant(values.startsAt, before.startsAt) ||
    instant(values.endsAt, before.endsAt) ||
    other(values.roomId, before.roomId) ||
    other(values.teacherId, before.teacherId) ||
    other(values.status, before.status)
  );
}

/**
 * Changes a session (read under its lock as `before`). A change a calendar shows raises its
 * sequence by one, or `revised` says so (its class was renamed); otherwise the sequence stays.
 */
export async function updateSession(
  tx: Tx,
  tenantId: string,
  before: SessionRow,
  values: SessionValues,
  now: Date,
  options: { revised?: boolean } = {},
): Promise<void> {
  const revised = options.revised || changesCalendar(before, values);
  await tx
    .update(classSessions)
    .set({ ...values, ...(revised ? { sequence: sql`${classSessions.sequence} + 1` } : {}), updatedAt: now })
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, before.id)));
}

/** Whether `values` would change the session at all (a series edit that changes nothing writes nothing). */
export function changesSession(before: SessionRow, values: SessionValues): boolean {
  return (Object.keys(values) as (keyof SessionValues)[]).some((key) => {
    const next = values[key];
    const was = before[key as keyof SessionRow];
    if (next instanceof Date && was instanceof Date) return next.getTime() !== was.getTime();
    return next !== undefined && next !== was;
  });
}

export async function deleteSessions(tx: Tx, tenantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(classSessions).where(and(eq(classSessions.tenantId, tenantId), inArray(classSessions.id, ids)));
}

/** Locks one session row: every booking change of a session runs behind this lock. */
export async function lockSession(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ row: classSessions, priceMinor: classRules.priceMinor, name: classRules.name })
    .from(classSessions)
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, id)))
    .for('update', { of: classSessions });
  return row;
}
export type LockedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;

export async function findSessionByStart(tx: Tx, tenantId: string, ruleId: string, startsAt: Date) {
  const [row] = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(
      and(eq(classSessions.tenantId, tenantId), eq(classSessions.ruleId, ruleId), eq(classSessions.startsAt, startsAt)),
    );
  return row;
}

export interface SessionFilter {
  from?: Date;
  to?: Date;
  id?: string;
  includeCancelled: boolean;
}

/** Sessions with their rule's name and price, the room and teacher names and the waitlist size. */
export function findSessions(tx: Tx, tenantId: string, filter: SessionFilter) {
  const inRange = (alias: typeof classSessions) =>
    and(
      eq(alias.tenantId, tenantId),
      filter.from ? gte(alias.startsAt, filter.from) : undefined,
      filter.to ? lt(alias.startsAt, filter.to) : undefined,
      filter.id ? eq(alias.id, filter.id) : undefined,
      filter.includeCancelled ? undefined : ne(alias.status, 'cancelled'),
    );
  // One grouped count over the range's sessions instead of a count per session (the month's query
  // spent most of its time in the per-row subquery).
  const waitlist = tx
    .select({ sessionId: classBookings.sessionId, n: sql<number>`count(*)::int`.as('wl_n') })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.status, 'waitlisted'), inRange(classSessions)))
    .groupBy(classBookings.sessionId)
    .as('wl');
  return tx
    .select({
      row: classSessions,
      name: classRules.name,
      priceMinor: classRules.priceMinor,
      joinUrl: classRules.onlineJoinUrl,
      roomName: rooms.name,
      teacherName: sql<string | null>`trim(${teacher.name} || ' ' || ${teacher.lastName})`,
      waitlisted: sql<number>`coalesce(${waitlist.n}, 0)::int`,
    })
    .from(classSessions)
    .innerJoin(classRules, and(eq(classRules.tenantId, tenantId), eq(classRules.id, classSessions.ruleId)))
    .leftJoin(rooms, and(eq(rooms.tenantId, tenantId), eq(rooms.id, classSessions.roomId)))
    .leftJoin(teacher, and(eq(teacher.tenantId, tenantId), eq(teacher.id, classSessions.teacherId)))
    .leftJoin(waitlist, eq(waitlist.sessionId, classSessions.id))
    .where(inRange(classSessions))
    .orderBy(asc(classSessions.startsAt), asc(classRules.name), asc(classSessions.id));
}
export type SessionWithNames = Awaited<ReturnType<typeof findSessions>>[number];

// ---------------------------------------------------------------- bookings

export async function findLiveBooking(tx: Tx, tenantId: string, sessionId: string, contactId: string) {
  const [row] = await tx
    .select()
    .from(classBookings)
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.sessionId, sessionId),
        eq(classBookings.contactId, contactId),
        ne(classBookings.status, 'cancelled'),
      ),
    );
  return row;
}

export async function findBooking(tx: Tx, tenantId: string, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(classBookings)
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.id, id)));
  return row;
}

export type BookingValues = Pick<BookingRow, 'sessionId' | 'contactId' | 'status'> &
  Partial<Pick<BookingRow, 'id' | 'payment' | 'invoiceId' | 'holdExpiresAt'>>;

export async function insertBooking(tx: Tx, tenantId: string, values: BookingValues): Promise<BookingRow> {
  const [row] = await tx
    .insert(classBookings)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('booking insert returned nothing');
  return row;
}

export async function setBooking(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<
      BookingRow,
      | 'status'
      | 'attendedAt'
      | 'cancelledAt'
      | 'holdExpiresAt'
      | 'payment'
      | 'invoiceId'
      | 'lateCancel'
      | 'noShow'
      | 'waitlistRank'
    >
  >,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(classBookings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(classBookings.tenantId, tenantId), eq(classBookings.id, id)))
    .returning();
  return row;
}

/** Adds `delta` to a session's booked count (under the session's lock). */
export async function addBooked(tx: Tx, tenantId: string, sessionId: string, delta: number): Promise<void> {
  await tx
    .update(classSessions)
    .set({ bookedCount: sql`${classSessions.bookedCount} + ${delta}` })
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.id, sessionId)));
}

/**
 * Waitlist order: the order staff set (ranked first), then the time each place was taken (the
 * database clock at its insert, behind the session's lock), then the identity for equal times.
 */
const WAITLIST_ORDER = [
  sql`${classBookings.waitlistRank} asc nulls last`,
  asc(classBookings.placedAt),
  asc(classBookings.seq),
];

/** How many are waiting for a session (read under its lock). */
export async function countWaitlisted(tx: Tx, tenantId: string, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(classBookings)
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.sessionId, sessionId),
        eq(classBookings.status, 'waitlisted'),
      ),
    );
  return row?.n ?? 0;
}

/** The first in line on a session's waitlist. */
export async function firstWaitlisted(tx: Tx, tenantId: string, sessionId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(classBookings)
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.sessionId, sessionId),
        eq(classBookings.status, 'waitlisted'),
      ),
    )
    .orderBy(...WAITLIST_ORDER)
    .limit(1);
  return row;
}

/** Cancels every live booking of a session (the session itself is cancelled). */
export async function cancelBookingsOf(tx: Tx, tenantId: string, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(classBookings)
    .set({ status: 'cancelled', cancelledAt: now, holdExpiresAt: null, updatedAt: now })
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.sessionId, sessionId),
        ne(classBookings.status, 'cancelled'),
      ),
    );
}

/**
 * The live bookings of a session (and its late cancels, which the roster shows): booked, offered
 * and pending first, then the waitlist in its order, then the late cancels.
 */
export function rosterOf(tx: Tx, tenantId: string, sessionId: string) {
  return tx
    .select({
      row: classBookings,
      name: sql<string>`trim(${contacts.name} || ' ' || ${contacts.lastName})`,
      email: contacts.email,
    })
    .from(classBookings)
    .innerJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, classBookings.contactId)))
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.sessionId, sessionId),
        sql`(${classBookings.status} <> 'cancelled' or ${classBookings.lateCancel})`,
      ),
    )
    .orderBy(
      sql`case ${classBookings.status} when 'waitlisted' then 1 when 'cancelled' then 2 else 0 end`,
      ...WAITLIST_ORDER,
    );
}

/** A waitlisted booking's place in line (1 for the first); null for any other status. */
export const waitlistPosition = sql<
  number | null
>`case when ${classBookings.status} = 'waitlisted' then (select count(*)::int from class_bookings w where w.tenant_id = class_bookings.tenant_id and w.session_id = class_bookings.session_id and w.status = 'waitlisted' and (coalesce(w.waitlist_rank, 2147483647), w.placed_at, w.seq) <= (coalesce(class_bookings.waitlist_rank, 2147483647), class_bookings.placed_at, class_bookings.seq)) end`;

/** A contact's live bookings on these sessions, with the waitlist position of each waitlisted one. */
export async function bookingsOfContact(tx: Tx, tenantId: string, contactId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return tx
    .select({
      row: classBookings,
      position: waitlistPosition,
      invoicePublicId: sql<
        string | null
      >`(select i.public_id from invoices i where i.tenant_id = class_bookings.tenant_id and i.id = class_bookings.invoice_id)`,
    })
    .from(classBookings)
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.contactId, contactId),
        inArray(classBookings.sessionId, sessionIds),
        ne(classBookings.status, 'cancelled'),
      ),
    );
}
