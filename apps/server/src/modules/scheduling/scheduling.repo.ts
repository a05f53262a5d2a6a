import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  classBookings,
  classRules,
  classSessionOverlaps,
  classSessions,
  contacts,
  rooms,
} from '../../db/schema/index.ts';

// Classes and events (their rules) and the sessions they make; bookings are in bookings.repo.ts, rooms and
// teachers in rooms.repo.ts.

export type RuleRow = typeof classRules.$inferSelect;
export type SessionRow = typeof classSessions.$inferSelect;
export type RuleValues = Omit<typeof classRules.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

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

/**
 * The ids of the sessions starting in [from, to) that overlap another (class_session_overlaps, kept by
 * triggers as sessions are written).
 */
export async function overlappingSessionIds(
  tx: Tx,
  tenantId: string,
  range: { from: Date; to: Date },
): Promise<Set<string>> {
  const rows = await tx
    .select({ id: classSessionOverlaps.sessionId })
    .from(classSessionOverlaps)
    .where(
      and(
        eq(classSessionOverlaps.tenantId, tenantId),
        gte(classSessionOverlaps.startsAt, range.from),
        lt(classSessionOverlaps.startsAt, range.to),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
