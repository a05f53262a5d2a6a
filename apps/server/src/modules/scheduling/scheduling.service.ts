import {
  type Booking,
  type ClassRule,
  type ClassRuleInput,
  type ClassRuleList,
  type ClassSession,
  type ClassSessionList,
  type DateRangeQuery,
  dateInZone,
  endOfDayInZone,
  knownTimeZone,
  type Room,
  type RoomInput,
  type RoomList,
  type Roster,
  SCHEDULE_MESSAGES,
  type StudentBookingInput,
  type StudentSessionList,
  startOfDayInZone,
  type TeacherList,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { payWithMembership, returnCredit } from '../memberships/booking-payment.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { addDays, HORIZON_DAYS, occurrencesBetween } from './recurrence.ts';
import * as repo from './scheduling.repo.ts';

const roomNotFound = () => notFound('Room');
const ruleNotFound = () => notFound('Class');
const sessionNotFound = () => notFound('Class session');
const bookingNotFound = () => notFound('Booking');
const conflict = (message: string, field?: string) => new AppError(409, 'conflict', message, field);
/** A reference in a body the tenant does not have (or another tenant's): a 404 naming the field. */
const missing = (field: string, what: string) => new AppError(404, 'not_found', `${what} not found.`, field);

const zoneOf = (tenant: TenantContext) => knownTimeZone(tenant.settings.timezone);

// ---------------------------------------------------------------- rooms

const toRoom = (row: repo.RoomRow): Room => ({ guId: row.id, name: row.name, capacity: row.capacity });

export function listRooms(db: Db, actor: Authenticated): Promise<RoomList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => ({ data: (await repo.listRooms(tx, tenantId)).map(toRoom) }));
}

const roomNameTaken = (name: string) => conflict(`A room named '${name}' already exists.`, 'name');

export function createRoom(db: Db, actor: Authenticated, input: RoomInput): Promise<Room> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (await repo.findRoomByName(tx, tenantId, input.name)) throw roomNameTaken(input.name);
    return toRoom(await repo.insertRoom(tx, tenantId, input));
  });
}

export function editRoom(db: Db, actor: Authenticated, id: string, input: RoomInput): Promise<Room> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    const other = await repo.findRoomByName(tx, tenantId, input.name);
    if (other && other.id !== id) throw roomNameTaken(input.name);
    const row = await repo.updateRoom(tx, tenantId, id, input);
    if (!row) throw roomNotFound();
    return toRoom(row);
  });
}

export function removeRoom(db: Db, actor: Authenticated, id: string): Promise<void> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (!(await repo.findRoom(tx, tenantId, id))) throw roomNotFound();
    if (await repo.roomInUse(tx, tenantId, id)) throw conflict(SCHEDULE_MESSAGES.roomInUse);
    await repo.deleteRoom(tx, tenantId, id);
  });
}

export function listTeachers(db: Db, actor: Authenticated): Promise<TeacherList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => ({
    data: (await repo.listTeachers(tx, tenantId)).map((t) => ({
      guId: t.id,
      name: `${t.name} ${t.lastName}`.trim(),
    })),
  }));
}

// ---------------------------------------------------------------- class rules

function toRule(found: repo.RuleWithNames): ClassRule {
  const { row } = found;
  return {
    guId: row.id,
    name: row.name,
    daysOfWeek: [...row.daysOfWeek].sort((a, b) => a - b),
    startTime: row.startTime,
    durationMinutes: row.durationMinutes,
    startDate: row.startDate,
    endDate: row.endDate,
    exceptionDates: [...row.exceptionDates].sort(),
    capacity: row.capacity,
    roomId: row.roomId,
    roomName: found.roomName,
    teacherId: row.teacherId,
    teacherName: found.teacherName,
    priceMinor: row.priceMinor,
    timezone: row.timeZone,
  };
}

export function listRules(db: Db, actor: Authenticated): Promise<ClassRuleList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => ({ data: (await repo.listRules(tx, tenantId)).map(toRule) }));
}

export function getRule(db: Db, actor: Authenticated, id: string): Promise<ClassRule> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => {
    const found = await repo.findRuleWithNames(tx, tenantId, id);
    if (!found) throw ruleNotFound();
    return toRule(found);
  });
}

/** The rule's values from the form: the account's defaults fill a missing name and capacity. */
async function ruleValues(tx: Tx, tenant: TenantContext, input: ClassRuleInput) {
  const { tenantId } = tenant;
  const endDate = input.endDate ?? null;
  if (endDate && endDate < input.startDate) throw badRequest('endDate', SCHEDULE_MESSAGES.endBeforeStart);
  const roomId = input.roomId ?? null;
  if (roomId && !(await repo.findRoom(tx, tenantId, roomId))) throw missing('roomId', 'Room');
  const teacherId = input.teacherId ?? null;
  if (teacherId) {
    const found = await repo.findTeacher(tx, tenantId, teacherId);
    if (!found) throw missing('teacherId', 'Teacher');
    if (!found.isTeacher || found.role === 'student') throw badRequest('teacherId', SCHEDULE_MESSAGES.notATeacher);
  }
  return {
    name: input.name ?? tenant.settings.defaultClassName,
    daysOfWeek: [...new Set(input.daysOfWeek)].sort((a, b) => a - b),
    startTime: input.startTime,
    durationMinutes: input.durationMinutes,
    startDate: input.startDate,
    endDate,
    exceptionDates: [...new Set(input.exceptionDates ?? [])].sort(),
    capacity: input.capacity ?? tenant.settings.defaultMaxAttendees,
    roomId,
    teacherId,
    priceMinor: input.priceMinor && input.priceMinor > 0 ? input.priceMinor : null,
  };
}

/**
 * Brings a rule's future sessions in line with the rule, up to the horizon (decisions.md
 * "Scheduling"): a future session whose day is still in the series is moved to the rule's time,
 * room, teacher and capacity and keeps its bookings (and its cancelled state); a new day gets a
 * session; a day no longer in the series loses its session, or, when someone is booked or waiting,
 * the session is cancelled with its bookings so the record stays. Sessions already started are
 * never touched.
 */
async function syncSessions(tx: Tx, tenantId: string, rule: repo.RuleRow, now: Date): Promise<Date> {
  const zone = rule.timeZone;
  const today = dateInZone(now, zone);
  const horizonDate = addDays(today, HORIZON_DAYS);
  const wanted = occurrencesBetween(rule, zone, today, horizonDate).filter((o) => o.startsAt > now);
  const existing = await repo.futureSessionsOf(tx, tenantId, rule.id, now);
  const byDate = new Map(existing.map((e) => [e.row.localDate, e]));
  const fresh: Parameters<typeof repo.insertSessions>[2] = [];
  for (const o of wanted) {
    const current = byDate.get(o.localDate);
    const values = {
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      capacity: rule.capacity,
      roomId: rule.roomId,
      teacherId: rule.teacherId,
    };
    if (!current) {
      fresh.push({ ...values, ruleId: rule.id, localDate: o.localDate });
      continue;
    }
    byDate.delete(o.localDate);
    await repo.updateSession(tx, tenantId, current.row.id, values);
    if (current.row.status === 'scheduled') await promoteWaitlist(tx, tenantId, current.row.id);
  }
  await repo.insertSessions(tx, tenantId, fresh);
  const empty: string[] = [];
  for (const gone of byDate.values()) {
    if (gone.live === 0) {
      empty.push(gone.row.id);
      continue;
    }
    await repo.updateSession(tx, tenantId, gone.row.id, { status: 'cancelled', bookedCount: 0 });
    await repo.cancelBookingsOf(tx, tenantId, gone.row.id, now);
  }
  await repo.deleteSessions(tx, tenantId, empty);
  return endOfDayInZone(horizonDate, zone);
}

/** Adds a rule and its sessions up to the horizon (the create call and the demo seed). */
export async function insertRuleWithSessions(
  tx: Tx,
  tenantId: string,
  values: Omit<repo.RuleValues, 'generatedUntil'>,
  now: Date,
): Promise<repo.RuleRow> {
  const row = await repo.insertRule(tx, tenantId, { ...values, generatedUntil: now });
  const until = await syncSessions(tx, tenantId, row, now);
  await repo.updateRule(tx, tenantId, row.id, { generatedUntil: until });
  return row;
}

export function createRule(db: Db, actor: Authenticated, input: ClassRuleInput, now: Date): Promise<ClassRule> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const values = { ...(await ruleValues(tx, tenant, input)), timeZone: zoneOf(tenant) };
    const row = await insertRuleWithSessions(tx, tenant.tenantId, values, now);
    const found = await repo.findRuleWithNames(tx, tenant.tenantId, row.id);
    if (!found) throw ruleNotFound();
    return toRule(found);
  });
}

/** PUT: the whole series changes; its future sessions follow (see syncSessions). */
export function editRule(
  db: Db,
  actor: Authenticated,
  id: string,
  input: ClassRuleInput,
  now: Date,
): Promise<ClassRule> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await repo.findRule(tx, tenant.tenantId, id, true);
    if (!current) throw ruleNotFound();
    const values = { ...(await ruleValues(tx, tenant, input)), timeZone: zoneOf(tenant) };
    await repo.updateRule(tx, tenant.tenantId, id, values);
    const until = await syncSessions(tx, tenant.tenantId, { ...current, ...values }, now);
    await repo.updateRule(tx, tenant.tenantId, id, { generatedUntil: until });
    const found = await repo.findRuleWithNames(tx, tenant.tenantId, id);
    if (!found) throw ruleNotFound();
    return toRule(found);
  });
}

/**
 * The daily job: every rule whose sessions stop less than the horizon ahead gets the days that
 * came into reach. One transaction per tenant, so row-level security scopes each.
 */
export async function extendHorizons(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() + (HORIZON_DAYS - 1) * 86_400_000);
  const tenantIds = await db.transaction((tx) => repo.tenantsToExtend(tx, before));
  let extended = 0;
  for (const tenantId of tenantIds) {
    await withTenant(db, tenantId, async (tx) => {
      for (const rule of await repo.rulesToExtend(tx, tenantId, before)) {
        const until = await syncSessions(tx, tenantId, rule, now);
        await repo.updateRule(tx, tenantId, rule.id, { generatedUntil: until });
        extended += 1;
      }
    });
  }
  return extended;
}

// ---------------------------------------------------------------- sessions

function toSession(found: repo.SessionWithNames, showRoom: boolean): ClassSession {
  const { row } = found;
  return {
    guId: row.id,
    classId: row.ruleId,
    name: found.name,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    clsStartTime: String(row.startsAt.getTime()),
    capacity: row.capacity,
    booked: row.bookedCount,
    spotsLeft: row.status === 'cancelled' ? 0 : Math.max(0, row.capacity - row.bookedCount),
    waitlisted: found.waitlisted,
    status: row.status,
    roomName: showRoom ? found.roomName : null,
    teacherName: found.teacherName || null,
    priceMinor: found.priceMinor,
  };
}

function rangeOf(tenant: TenantContext, range: DateRangeQuery) {
  const zone = zoneOf(tenant);
  return { from: startOfDayInZone(range.from, zone), to: endOfDayInZone(range.to, zone) };
}

/**
 * The staff calendar: every session in the range, cancelled ones included; room names when the
 * tenant shows them (isShowRoomName), as on every calendar. A session's roster always names its room.
 */
export function staffSessions(db: Db, actor: Authenticated, range: DateRangeQuery): Promise<ClassSessionList> {
  const { tenant } = actor;
  return readTenant(db, tenant.tenantId, async (tx) => {
    const rows = await repo.findSessions(tx, tenant.tenantId, { ...rangeOf(tenant, range), includeCancelled: true });
    return { data: rows.map((r) => toSession(r, tenant.settings.isShowRoomName)), timezone: zoneOf(tenant) };
  });
}

/** Public calls answer only when the tenant shows its schedule. */
function requireSchedule(tenant: TenantContext): void {
  if (!tenant.settings.isShowSchedule) throw notFound('Schedule');
}

/** GET /public/publicFitnessClass: the timetable (cancelled sessions left out). */
export function publicSessions(db: Db, tenant: TenantContext, range: DateRangeQuery): Promise<ClassSessionList> {
  requireSchedule(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const rows = await repo.findSessions(tx, tenant.tenantId, { ...rangeOf(tenant, range), includeCancelled: false });
    return { data: rows.map((r) => toSession(r, tenant.settings.isShowRoomName)), timezone: zoneOf(tenant) };
  });
}

/** The session a signup route names: by id, or by its class and start time. */
async function resolveSession(
  tx: Tx,
  tenantId: string,
  query: { id?: string; classId?: string; clsStartTime?: string },
): Promise<string> {
  if (query.id) return query.id;
  if (!query.classId || !query.clsStartTime) throw sessionNotFound();
  const found = await repo.findSessionByStart(tx, tenantId, query.classId, new Date(Number(query.clsStartTime)));
  if (!found) throw sessionNotFound();
  return found.id;
}

/** GET /public/publicScheduleMoreInfo: one session. */
export function publicSession(
  db: Db,
  tenant: TenantContext,
  query: { id?: string; classId?: string; clsStartTime?: string },
): Promise<ClassSession> {
  requireSchedule(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const id = await resolveSession(tx, tenant.tenantId, query);
    const [found] = await repo.findSessions(tx, tenant.tenantId, { id, includeCancelled: true });
    if (!found) throw sessionNotFound();
    return toSession(found, tenant.settings.isShowRoomName);
  });
}

/** PUT /snode/session/{id}/cancel: one session off; its bookings are cancelled with it. */
export function cancelSession(db: Db, actor: Authenticated, id: string, now: Date): Promise<ClassSession> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const locked = await repo.lockSession(tx, tenant.tenantId, id);
    if (!locked) throw sessionNotFound();
    if (locked.row.startsAt <= now) throw badRequest('id', SCHEDULE_MESSAGES.sessionPast);
    if (locked.row.status !== 'cancelled') {
      await repo.updateSession(tx, tenant.tenantId, id, { status: 'cancelled', bookedCount: 0 });
      await repo.cancelBookingsOf(tx, tenant.tenantId, id, now);
    }
    return sessionView(tx, tenant.tenantId, id, true);
  });
}

async function sessionView(tx: Tx, tenantId: string, id: string, showRoom: boolean): Promise<ClassSession> {
  const [found] = await repo.findSessions(tx, tenantId, { id, includeCancelled: true });
  if (!found) throw sessionNotFound();
  return toSession(found, showRoom);
}

// ---------------------------------------------------------------- bookings

function toBooking(found: { row: repo.BookingRow; name: string; email: string }, position: number | null): Booking {
  const { row } = found;
  return {
    guId: row.id,
    sessionId: row.sessionId,
    contactId: row.contactId,
    name: found.name,
    email: found.email,
    status: row.status,
    waitlistPosition: position,
    attended: row.attendedAt !== null,
    bookedAt: row.createdAt.toISOString(),
  };
}

async function rosterView(tx: Tx, tenantId: string, sessionId: string): Promise<Roster> {
  const session = await sessionView(tx, tenantId, sessionId, true);
  let position = 0;
  const bookings = (await repo.rosterOf(tx, tenantId, sessionId)).map((found) => {
    if (found.row.status !== 'waitlisted') return toBooking(found, null);
    position += 1;
    return toBooking(found, position);
  });
  return { session, bookings };
}

export function getRoster(db: Db, actor: Authenticated, sessionId: string): Promise<Roster> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, (tx) => rosterView(tx, tenantId, sessionId));
}

/** While a spot is free, the first in line takes it (the hold-and-confirm flow is a later step). */
async function promoteWaitlist(tx: Tx, tenantId: string, sessionId: string): Promise<void> {
  const locked = await repo.lockSession(tx, tenantId, sessionId);
  if (!locked || locked.row.status === 'cancelled') return;
  let free = locked.row.capacity - locked.row.bookedCount;
  while (free > 0) {
    const next = await repo.firstWaitlisted(tx, tenantId, sessionId);
    if (!next) return;
    await repo.setBooking(tx, tenantId, next.id, { status: 'booked' });
    await repo.addBooked(tx, tenantId, sessionId, 1);
    free -= 1;
  }
}

interface BookOptions {
  /** Staff adding someone at the desk: a priced class is settled there, and a started class may still be joined. */
  byStaff: boolean;
}

/**
 * Takes a place for a contact. The session row is locked first (FOR UPDATE), so concurrent
 * bookings of one session run one after the other: each sees the count the previous one left, a
 * free spot is booked and a full session puts the contact on the waitlist, in the order the lock
 * was granted (the booking's `seq`).
 */
async function book(
  tx: Tx,
  tenantId: string,
  sessionId: string,
  contactId: string,
  now: Date,
  options: BookOptions,
): Promise<repo.BookingRow> {
  const locked = await repo.lockSession(tx, tenantId, sessionId);
  if (!locked) throw sessionNotFound();
  const session = locked.row;
  if (session.status === 'cancelled') throw badRequest('scheduleId', SCHEDULE_MESSAGES.sessionCancelled);
  const closesAt = options.byStaff ? session.endsAt : session.startsAt;
  if (closesAt <= now) throw badRequest('scheduleId', SCHEDULE_MESSAGES.sessionPast);
  if (await repo.findLiveBooking(tx, tenantId, sessionId, contactId))
    throw conflict(SCHEDULE_MESSAGES.alreadyBooked, 'scheduleId');
  const hasSpot = session.bookedCount < session.capacity;
  const row = await repo.insertBooking(tx, tenantId, {
    sessionId,
    contactId,
    status: hasSpot ? 'booked' : 'waitlisted',
  });
  if (hasSpot) await repo.addBooked(tx, tenantId, sessionId, 1);
  // a priced class: an unlimited membership or a class credit pays it (memberships module), else
  // the student is told to pay (the transaction rolls the booking back)
  if (!options.byStaff && locked.priceMinor && !(await payWithMembership(tx, tenantId, contactId, row.id, now)))
    throw new AppError(400, 'payment_required', SCHEDULE_MESSAGES.paymentRequired, 'scheduleId');
  return row;
}

/** Cancels a live booking; a booked place freed goes to the first in line. */
async function cancelBooking(tx: Tx, tenantId: string, booking: repo.BookingRow, now: Date): Promise<void> {
  const locked = await repo.lockSession(tx, tenantId, booking.sessionId);
  if (!locked) throw sessionNotFound();
  const current = await repo.findBooking(tx, tenantId, booking.id);
  if (!current || current.status === 'cancelled') return;
  await repo.setBooking(tx, tenantId, booking.id, { status: 'cancelled', cancelledAt: now });
  // cancelled before the class starts: a class credit it took goes back
  if (locked.row.startsAt > now) await returnCredit(tx, tenantId, booking.id, now);
  if (current.status === 'booked') {
    await repo.addBooked(tx, tenantId, booking.sessionId, -1);
    await promoteWaitlist(tx, tenantId, booking.sessionId);
  }
}

/** POST /snode/mybooking: the signed-in person books the session the signup route names. */
export function studentBook(
  db: Db,
  actor: Authenticated,
  input: StudentBookingInput,
  now: Date,
): Promise<StudentSessionList['data'][number]> {
  const { tenant, auth } = actor;
  requireSchedule(tenant);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const sessionId = await resolveSession(tx, tenant.tenantId, {
      classId: input.classId,
      clsStartTime: input.clsStartTime,
    });
    if (input.scheduleId && input.scheduleId !== sessionId) throw badRequest('scheduleId', SCHEDULE_MESSAGES.noSession);
    await book(tx, tenant.tenantId, sessionId, auth.sub, now, { byStaff: false });
    const [mine] = await studentView(tx, tenant, auth.sub, [sessionId]);
    if (!mine) throw sessionNotFound();
    return mine;
  });
}

/** DELETE /snode/mybooking/{id}: only one's own booking, before the class starts. */
export function studentCancel(db: Db, actor: Authenticated, bookingId: string, now: Date): Promise<void> {
  const { tenant, auth } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const booking = await repo.findBooking(tx, tenant.tenantId, bookingId);
    if (!booking || booking.contactId !== auth.sub) throw bookingNotFound();
    const [session] = await repo.findSessions(tx, tenant.tenantId, { id: booking.sessionId, includeCancelled: true });
    if (!session) throw bookingNotFound();
    if (session.row.startsAt <= now) throw badRequest('id', SCHEDULE_MESSAGES.sessionPast);
    await cancelBooking(tx, tenant.tenantId, booking, now);
  });
}

async function studentView(tx: Tx, tenant: TenantContext, contactId: string, sessionIds: string[]) {
  const sessions = await Promise.all(
    sessionIds.map(async (id) => (await repo.findSessions(tx, tenant.tenantId, { id, includeCancelled: true }))[0]),
  );
  return withMine(
    tx,
    tenant,
    contactId,
    sessions.filter((s) => s !== undefined),
  );
}

async function withMine(tx: Tx, tenant: TenantContext, contactId: string, sessions: repo.SessionWithNames[]) {
  const mine = await repo.bookingsOfContact(
    tx,
    tenant.tenantId,
    contactId,
    sessions.map((s) => s.row.id),
  );
  const bySession = new Map(mine.map((m) => [m.row.sessionId, m]));
  return sessions.map((s) => {
    const booking = bySession.get(s.row.id);
    return {
      ...toSession(s, tenant.settings.isShowRoomName),
      myBookingId: booking?.row.id ?? null,
      myStatus: booking?.row.status ?? null,
      myWaitlistPosition: booking?.position ?? null,
    };
  });
}

/** GET /snode/myclasses: the timetable with the student's own bookings. */
export function studentSessions(db: Db, actor: Authenticated, range: DateRangeQuery): Promise<StudentSessionList> {
  const { tenant, auth } = actor;
  requireSchedule(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const rows = await repo.findSessions(tx, tenant.tenantId, { ...rangeOf(tenant, range), includeCancelled: false });
    return { data: await withMine(tx, tenant, auth.sub, rows), timezone: zoneOf(tenant) };
  });
}

/** POST /snode/session/{id}/booking: staff add a contact (booked, or waitlisted when full). */
export function staffBook(
  db: Db,
  actor: Authenticated,
  sessionId: string,
  contactId: string,
  now: Date,
): Promise<Roster> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (!(await repo.findContact(tx, tenantId, contactId))) throw missing('contactId', 'Contact');
    await book(tx, tenantId, sessionId, contactId, now, { byStaff: true });
    return rosterView(tx, tenantId, sessionId);
  });
}

/** DELETE /snode/booking/{id}: staff cancel someone's place. */
export function staffCancel(db: Db, actor: Authenticated, bookingId: string, now: Date): Promise<Roster> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    const booking = await repo.findBooking(tx, tenantId, bookingId);
    if (!booking) throw bookingNotFound();
    await cancelBooking(tx, tenantId, booking, now);
    return rosterView(tx, tenantId, booking.sessionId);
  });
}

/** PUT /snode/booking/{id}/attendance: check a booked person in (or undo it). */
export function markAttendance(
  db: Db,
  actor: Authenticated,
  bookingId: string,
  attended: boolean,
  now: Date,
): Promise<Roster> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    const booking = await repo.findBooking(tx, tenantId, bookingId);
    if (!booking) throw bookingNotFound();
    if (booking.status !== 'booked') throw badRequest('attended', 'Only a booked place can be checked in.');
    await repo.setBooking(tx, tenantId, bookingId, { attendedAt: attended ? (booking.attendedAt ?? now) : null });
    return rosterView(tx, tenantId, booking.sessionId);
  });
}

/** The daily extension of every rule's sessions to the horizon, once across every process. */
export function scheduleHorizonExtension(jobs: JobRunner, db: Db): void {
  const queue = 'class-sessions-extend';
  jobs.register(queue, async () => void (await extendHorizons(db, new Date())), { retryLimit: 1 });
  jobs.schedule(queue, '23 2 * * *');
}
