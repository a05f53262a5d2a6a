import { randomBytes } from 'node:crypto';
import {
  type Booking,
  type ClassRule,
  type ClassRuleInput,
  type ClassRuleList,
  type ClassSession,
  type ClassSessionList,
  type DateRangeQuery,
  dateInZone,
  EVENT_MESSAGES,
  endOfDayInZone,
  knownTimeZone,
  type Room,
  type RoomInput,
  type RoomList,
  type Roster,
  type RuleKind,
  SCHEDULE_MESSAGES,
  type StudentBookingInput,
  type StudentSessionList,
  startOfDayInZone,
  type TeacherList,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import type { OnlineMeetings, ZoomMeeting } from '../integrations/zoom-meetings.ts';
import { findInvoice } from '../invoices/invoices.repo.ts';
import { voidInvoice } from '../invoices/invoices.service.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { findTenantById } from '../payments/payments.repo.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import {
  type BookingContext,
  book,
  confirmOffer,
  promoteWaitlist,
  releasePlace,
  waitlistTakesNames,
} from './booking-core.ts';
import { findBookingsByInvoice, livePeopleOf } from './booking-work.repo.ts';
import { cancelEventPlaces, registerForEvent } from './events.service.ts';
import { overlappingIds } from './overlaps.ts';
import { addDays, HORIZON_DAYS, occurrencesBetween } from './recurrence.ts';
import * as repo from './scheduling.repo.ts';
import { mailable, queueSessionCancelled } from './scheduling-mail.ts';
import { overlapsOf } from './session-edit.repo.ts';

/** What a booking change needs: the tenant, its origin for email links, and the clock. */
export function bookingContext(platform: Platform, tenant: TenantContext, now: Date): BookingContext {
  return { tenant, origin: tenantOrigin(platform.config, tenant), now };
}

const roomNotFound = () => notFound('Room');
const ruleNotFound = () => notFound('Class');
const sessionNotFound = () => notFound('Class session');
const bookingNotFound = () => notFound('Booking');
const HOUR = 3_600_000;
const conflict = (message: string, field?: string) => new AppError(409, 'conflict', message, field);
/** A reference in a body the tenant does not have (or another tenant's): a 404 naming the field. */
const missing = (field: string, what: string) => new AppError(404, 'not_found', `${what} not found.`, field);

export const zoneOf = (tenant: TenantContext) => knownTimeZone(tenant.settings.timezone);

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
    isOnline: row.onlineJoinUrl !== null,
    joinUrl: row.onlineJoinUrl,
    kind: row.kind,
    description: row.description,
    address: row.address,
    isFeatured: row.isFeatured,
    publicId: row.publicId,
    waitlistEnabled: row.waitlistEnabled,
    waitlistSize: row.waitlistSize,
  };
}

/** The weekly classes (/schedule) or the events (/rules). */
export function listRules(db: Db, actor: Authenticated, kind: RuleKind = 'class'): Promise<ClassRuleList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => ({ data: (await repo.listRules(tx, tenantId, kind)).map(toRule) }));
}

/** PUT /snode/classrule/{id}/regenerateurl: a new shareable link; the old one stops answering. */
export function regenerateRuleUrl(db: Db, actor: Authenticated, id: string): Promise<ClassRule> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (!(await repo.findRule(tx, tenantId, id, true))) throw ruleNotFound();
    await repo.updateRule(tx, tenantId, id, { publicId: newPublicId() });
    const found = await repo.findRuleWithNames(tx, tenantId, id);
    if (!found) throw ruleNotFound();
    return toRule(found);
  });
}

/** An event is made whole when saved: at most a year of sessions. */
const EVENT_MAX_DAYS = 366;

/** 96 random bits, URL-safe: a link nobody guesses. */
const newPublicId = () => randomBytes(12).toString('base64url');

export function getRule(db: Db, actor: Authenticated, id: string): Promise<ClassRule> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => {
    const found = await repo.findRuleWithNames(tx, tenantId, id);
    if (!found) throw ruleNotFound();
    return toRule(found);
  });
}

/** A room of the tenant's, or a 404 naming roomId. */
export async function checkedRoom(tx: Tx, tenantId: string, roomId: string | null): Promise<string | null> {
  if (roomId && !(await repo.findRoom(tx, tenantId, roomId))) throw missing('roomId', 'Room');
  return roomId;
}

/** A staff user marked Teacher, or a 404 (unknown) or 400 (not a teacher) naming teacherId. */
export async function checkedTeacher(tx: Tx, tenantId: string, teacherId: string | null): Promise<string | null> {
  if (!teacherId) return null;
  const found = await repo.findTeacher(tx, tenantId, teacherId);
  if (!found) throw missing('teacherId', 'Teacher');
  if (!found.isTeacher || found.role === 'student') throw badRequest('teacherId', SCHEDULE_MESSAGES.notATeacher);
  return teacherId;
}

/**
 * The rule's values from the form: the account's defaults fill a missing name and capacity. An event
 * ends (endDate), and has an address when the tenant asks for one (isAddressNeededForEvent).
 */
async function ruleValues(tx: Tx, tenant: TenantContext, input: ClassRuleInput, kind: RuleKind) {
  const { tenantId } = tenant;
  const endDate = input.endDate ?? null;
  if (endDate && endDate < input.startDate) throw badRequest('endDate', SCHEDULE_MESSAGES.endBeforeStart);
  const address = input.address?.trim() || null;
  if (kind === 'event') {
    if (!endDate) throw badRequest('endDate', EVENT_MESSAGES.endDateRequired);
    if (endDate > addDays(input.startDate, EVENT_MAX_DAYS)) throw badRequest('endDate', EVENT_MESSAGES.tooLong);
    if (!address && !input.isOnline && tenant.settings.isAddressNeededForEvent)
      throw badRequest('address', EVENT_MESSAGES.addressRequired);
  }
  const roomId = await checkedRoom(tx, tenantId, input.roomId ?? null);
  const teacherId = await checkedTeacher(tx, tenantId, input.teacherId ?? null);
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
    description: input.description?.trim() || null,
    address,
    isFeatured: input.isFeatured ?? false,
    waitlistEnabled: input.waitlistEnabled ?? true,
    waitlistSize: input.waitlistSize ?? null,
  };
}

/**
 * Brings a rule's future sessions in line with the rule, up to the horizon (decisions.md
 * "Scheduling"): a future session whose day is still in the series is moved to the rule's time,
 * room, teacher and capacity and keeps its bookings (and its cancelled state); a new day gets a
 * session; a day no longer in the series loses its session, or, when someone is booked or waiting,
 * the session is cancelled with its bookings so the record stays. Sessions already started are
 * never touched. A session that does not change is not written, so its iCalendar sequence (raised
 * by each change a calendar shows, or for all of them when `renamed`) stays.
 */
async function syncSessions(
  tx: Tx,
  tenantId: string,
  rule: repo.RuleRow,
  now: Date,
  promote: (sessionId: string) => Promise<void>,
  renamed = false,
): Promise<Date> {
  const zone = rule.timeZone;
  const today = dateInZone(now, zone);
  // An event is made whole at once (people register for all of it); a weekly class rolls forward.
  const rolling = addDays(today, HORIZON_DAYS);
  const horizonDate = rule.kind === 'event' && rule.endDate && rule.endDate > rolling ? rule.endDate : rolling;
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
      waitlistEnabled: rule.waitlistEnabled,
      waitlistSize: rule.waitlistSize,
    };
    if (!current) {
      fresh.push({ ...values, ruleId: rule.id, localDate: o.localDate });
      continue;
    }
    byDate.delete(o.localDate);
    // A session edited on its own keeps its time, room, teacher, capacity and waitlist (not the class's name).
    if (current.row.detached) {
      if (renamed) await repo.updateSession(tx, tenantId, current.row, {}, now, { revised: true });
      continue;
    }
    if (renamed || repo.changesSession(current.row, values)) {
      await repo.updateSession(tx, tenantId, current.row, values, now, { revised: renamed });
    }
    if (current.row.status === 'scheduled') await promote(current.row.id);
  }
  await repo.insertSessions(tx, tenantId, fresh);
  const empty: string[] = [];
  for (const gone of byDate.values()) {
    if (gone.live === 0) {
      empty.push(gone.row.id);
      continue;
    }
    await repo.updateSession(tx, tenantId, gone.row, { status: 'cancelled', bookedCount: 0 }, now);
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
  // A new rule's sessions have nobody waiting: nothing to promote.
  const until = await syncSessions(tx, tenantId, row, now, async () => {});
  await repo.updateRule(tx, tenantId, row.id, { generatedUntil: until });
  return row;
}

/**
 * An online class's meeting is made before the class is stored (the provider's answer is needed for
 * its link) and removed again when the store fails, so a refused save leaves no meeting behind.
 */
async function withNewMeeting<T>(
  meetings: OnlineMeetings,
  tenantId: string,
  meeting: ZoomMeeting | null,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (meeting) await meetings.remove(tenantId, meeting.id);
    throw error;
  }
}

const onlineColumns = (meeting: ZoomMeeting | null) => ({
  onlineMeetingId: meeting?.id ?? null,
  onlineJoinUrl: meeting?.joinUrl ?? null,
});

export async function createRule(
  db: Db,
  actor: Authenticated,
  input: ClassRuleInput,
  now: Date,
  meetings: OnlineMeetings,
): Promise<ClassRule> {
  const { tenant } = actor;
  const zone = zoneOf(tenant);
  const meeting = input.isOnline
    ? await meetings.create(tenant.tenantId, input.name ?? tenant.settings.defaultClassName, zone)
    : null;
  return withNewMeeting(meetings, tenant.tenantId, meeting, () =>
    withTenant(db, tenant.tenantId, async (tx) => {
      const kind = input.kind ?? 'class';
      const values = {
        ...(await ruleValues(tx, tenant, input, kind)),
        kind,
        publicId: newPublicId(),
        timeZone: zone,
        ...onlineColumns(meeting),
      };
      const row = await insertRuleWithSessions(tx, tenant.tenantId, values, now);
      const found = await repo.findRuleWithNames(tx, tenant.tenantId, row.id);
      if (!found) throw ruleNotFound();
      return toRule(found);
    }),
  );
}

/**
 * PUT: the whole series changes; its future sessions follow (see syncSessions). isOnline true makes
 * the meeting when the class has none; false removes it after the save (its link stops working).
 */
export async function editRule(
  platform: Platform,
  actor: Authenticated,
  id: string,
  input: ClassRuleInput,
  now: Date,
  meetings: OnlineMeetings,
): Promise<ClassRule> {
  const { tenant } = actor;
  const zone = zoneOf(tenant);
  const ctx = bookingContext(platform, tenant, now);
  const before = await readTenant(platform.db, tenant.tenantId, (tx) => repo.findRule(tx, tenant.tenantId, id));
  if (!before) throw ruleNotFound();
  const meeting =
    input.isOnline && !before.onlineMeetingId
      ? await meetings.create(tenant.tenantId, input.name ?? before.name, zone)
      : null;
  let dropped: string | null = null;
  const rule = await withNewMeeting(meetings, tenant.tenantId, meeting, () =>
    withTenant(platform.db, tenant.tenantId, async (tx) => {
      const current = await repo.findRule(tx, tenant.tenantId, id, true);
      if (!current) throw ruleNotFound();
      const online =
        meeting !== null
          ? onlineColumns(meeting)
          : input.isOnline === false && current.onlineMeetingId
            ? onlineColumns(null)
            : {};
      if (input.isOnline === false) dropped = current.onlineMeetingId;
      const values = { ...(await ruleValues(tx, tenant, input, current.kind)), timeZone: zone, ...online };
      await repo.updateRule(tx, tenant.tenantId, id, values);
      const until = await syncSessions(
        tx,
        tenant.tenantId,
        { ...current, ...values },
        now,
        (sessionId) => promoteWaitlist(tx, ctx, sessionId),
        values.name !== current.name,
      );
      await repo.updateRule(tx, tenant.tenantId, id, { generatedUntil: until });
      const found = await repo.findRuleWithNames(tx, tenant.tenantId, id);
      if (!found) throw ruleNotFound();
      return toRule(found);
    }),
  );
  if (dropped) await meetings.remove(tenant.tenantId, dropped);
  await platform.outbox.kick();
  return rule;
}

/**
 * The daily job: every rule whose sessions stop less than the horizon ahead gets the days that
 * came into reach. One transaction per tenant, so row-level security scopes each.
 */
export async function extendHorizons(platform: Platform, now: Date): Promise<number> {
  const { db } = platform;
  const before = new Date(now.getTime() + (HORIZON_DAYS - 1) * 86_400_000);
  const tenantIds = await db.transaction((tx) => repo.tenantsToExtend(tx, before));
  let extended = 0;
  for (const tenantId of tenantIds) {
    const tenant = await findTenantById(db, tenantId);
    if (!tenant) continue;
    const ctx = bookingContext(platform, tenant, now);
    await withTenant(db, tenantId, async (tx) => {
      for (const rule of await repo.rulesToExtend(tx, tenantId, before)) {
        const until = await syncSessions(tx, tenantId, rule, now, (sessionId) => promoteWaitlist(tx, ctx, sessionId));
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
    isOnline: found.joinUrl !== null,
    waitlistOpen: waitlistTakesNames(row, found.waitlisted),
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
    const bounds = rangeOf(tenant, range);
    const rows = await repo.findSessions(tx, tenant.tenantId, { ...bounds, includeCancelled: true });
    // Cancelled sessions take no room; the calendar asks a day more each side, so edge overlaps are off screen.
    const overlapping = overlappingIds(rows.filter((r) => r.row.status === 'scheduled').map((r) => r.row));
    return {
      data: rows.map((r) => ({ ...toSession(r, tenant.settings.isShowRoomName), overlap: overlapping.has(r.row.id) })),
      timezone: zoneOf(tenant),
    };
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

/**
 * PUT /snode/session/{id}/cancel: one session off; its places are cancelled with it, each person
 * with a place (booked, offered, pending or waiting) is emailed, and unpaid drop-in invoices are
 * voided. Paid drop-ins stay paid: refunding them is the desk's call (Refund on the invoice).
 */
export async function cancelSession(
  platform: Platform,
  actor: Authenticated,
  id: string,
  now: Date,
): Promise<ClassSession> {
  const { tenant } = actor;
  const view = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    // Drop-in invoices are locked before the session, in the order a payment takes them (invoice,
    // then session), so a payment arriving now waits instead of deadlocking.
    const pendingInvoices = (await livePeopleOf(tx, tenant.tenantId, id))
      .map((p) => (p.booking.status === 'pending' ? p.booking.invoiceId : null))
      .filter((invoiceId): invoiceId is string => invoiceId !== null)
      .sort();
    const invoices = [];
    for (const invoiceId of pendingInvoices) invoices.push(await findInvoice(tx, tenant.tenantId, invoiceId, true));
    const locked = await repo.lockSession(tx, tenant.tenantId, id);
    if (!locked) throw sessionNotFound();
    if (locked.row.startsAt <= now) throw badRequest('id', SCHEDULE_MESSAGES.sessionPast);
    if (locked.row.status !== 'cancelled') {
      const people = await livePeopleOf(tx, tenant.tenantId, id);
      await repo.updateSession(tx, tenant.tenantId, locked.row, { status: 'cancelled', bookedCount: 0 }, now);
      const stillPending = new Set(
        people.filter((p) => p.booking.status === 'pending').map((p) => p.booking.invoiceId),
      );
      for (const invoice of invoices) {
        if (!invoice || !stillPending.has(invoice.id)) continue;
        // An event's invoice also holds places in its other sessions: it stays for those.
        const places = await findBookingsByInvoice(tx, tenant.tenantId, invoice.id);
        if (places.some((b) => b.sessionId !== id && b.status !== 'cancelled')) continue;
        const current = await findInvoice(tx, tenant.tenantId, invoice.id);
        if (current && current.status !== 'void' && current.amountPaid === 0) await voidInvoice(tx, tenant, current.id);
      }
      await repo.cancelBookingsOf(tx, tenant.tenantId, id, now);
      for (const person of people) {
        if (!mailable(person.email)) continue;
        await queueSessionCancelled(tx, tenant, person.email, {
          className: locked.name,
          startsAt: locked.row.startsAt,
        });
      }
    }
    return sessionView(tx, tenant.tenantId, id, true);
  });
  await platform.outbox.kick();
  return view;
}

export async function sessionView(tx: Tx, tenantId: string, id: string, showRoom: boolean): Promise<ClassSession> {
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
    bookedAt: row.placedAt.toISOString(),
    payment: row.payment,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    lateCancel: row.lateCancel,
    noShow: row.noShow,
  };
}

async function rosterView(tx: Tx, tenantId: string, sessionId: string): Promise<Roster> {
  const [found] = await repo.findSessions(tx, tenantId, { id: sessionId, includeCancelled: true });
  if (!found) throw sessionNotFound();
  let position = 0;
  const bookings = (await repo.rosterOf(tx, tenantId, sessionId)).map((b) => {
    if (b.row.status !== 'waitlisted') return toBooking(b, null);
    position += 1;
    return toBooking(b, position);
  });
  return {
    session: toSession(found, true),
    bookings,
    checkInClosedAt: found.row.checkInClosedAt?.toISOString() ?? null,
    roomId: found.row.roomId,
    teacherId: found.row.teacherId,
    waitlistEnabled: found.row.waitlistEnabled,
    waitlistSize: found.row.waitlistSize,
    joinUrl: found.joinUrl,
    overlaps: found.row.status === 'cancelled' ? [] : await overlapsOf(tx, tenantId, found.row),
  };
}

export function getRoster(db: Db, actor: Authenticated, sessionId: string): Promise<Roster> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, (tx) => rosterView(tx, tenantId, sessionId));
}

/** A cancel inside the account's cutoff (cancelCutoffHours before the start) is late. */
const isLate = (tenant: TenantContext, startsAt: Date, now: Date) =>
  startsAt.getTime() - now.getTime() < tenant.settings.cancelCutoffHours * HOUR;

/** POST /snode/mybooking: the signed-in person books the session the signup route names. */
export async function studentBook(
  platform: Platform,
  actor: Authenticated,
  input: StudentBookingInput,
  now: Date,
): Promise<StudentSessionList['data'][number]> {
  const { tenant, auth } = actor;
  requireSchedule(tenant);
  const ctx = bookingContext(platform, tenant, now);
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const sessionId = await resolveSession(tx, tenant.tenantId, {
      classId: input.classId,
      clsStartTime: input.clsStartTime,
    });
    if (input.scheduleId && input.scheduleId !== sessionId) throw badRequest('scheduleId', SCHEDULE_MESSAGES.noSession);
    // A session of an event is booked by registering for the whole event.
    const rule = await repo.findRuleOfSession(tx, tenant.tenantId, sessionId);
    if (rule?.kind === 'event') await registerForEvent(tx, ctx, rule, auth.sub);
    else await book(tx, ctx, sessionId, auth.sub, { byStaff: false });
    return mineOf(tx, tenant, auth.sub, sessionId);
  });
}

async function mineOf(tx: Tx, tenant: TenantContext, contactId: string, sessionId: string) {
  const [mine] = await studentView(tx, tenant, contactId, [sessionId]);
  if (!mine) throw sessionNotFound();
  return mine;
}

async function ownBooking(tx: Tx, tenantId: string, contactId: string, bookingId: string) {
  const booking = await repo.findBooking(tx, tenantId, bookingId);
  if (!booking || booking.contactId !== contactId) throw bookingNotFound();
  const [session] = await repo.findSessions(tx, tenantId, { id: booking.sessionId, includeCancelled: true });
  if (!session) throw bookingNotFound();
  return { booking, session };
}

/**
 * DELETE /snode/mybooking/{id}: one's own place, before the class starts (a place held for them
 * is passed on the same way). Inside the cutoff a booked place is marked a late cancel.
 */
export async function studentCancel(
  platform: Platform,
  actor: Authenticated,
  bookingId: string,
  now: Date,
): Promise<void> {
  const { tenant, auth } = actor;
  const ctx = bookingContext(platform, tenant, now);
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const { booking, session } = await ownBooking(tx, tenant.tenantId, auth.sub, bookingId);
    if (session.row.startsAt <= now) throw badRequest('id', SCHEDULE_MESSAGES.sessionPast);
    const rule = await repo.findRule(tx, tenant.tenantId, session.row.ruleId);
    if (rule?.kind === 'event') {
      await cancelEventPlaces(tx, ctx, rule.id, auth.sub, (startsAt) => isLate(tenant, startsAt, now));
    } else {
      await releasePlace(tx, ctx, booking, { late: isLate(tenant, session.row.startsAt, now) });
    }
  });
  await platform.outbox.kick();
}

/** PUT /snode/mybooking/{id}/confirm: the student takes the spot held for them (then pays a drop-in). */
export function studentConfirm(
  platform: Platform,
  actor: Authenticated,
  bookingId: string,
  now: Date,
): Promise<StudentSessionList['data'][number]> {
  const { tenant, auth } = actor;
  requireSchedule(tenant);
  const ctx = bookingContext(platform, tenant, now);
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const { booking } = await ownBooking(tx, tenant.tenantId, auth.sub, bookingId);
    await confirmOffer(tx, ctx, booking);
    return mineOf(tx, tenant, auth.sub, booking.sessionId);
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
      myHoldExpiresAt: booking?.row.holdExpiresAt?.toISOString() ?? null,
      myPayment: booking?.row.payment ?? null,
      myInvoicePublicId: booking?.row.status === 'pending' ? (booking.invoicePublicId ?? null) : null,
      myJoinUrl: booking?.row.status === 'booked' ? s.joinUrl : null,
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

/**
 * POST /snode/session/{id}/booking: staff add a contact (booked, or waitlisted when full). A priced
 * class is booked unpaid, to pay at the desk.
 */
export function staffBook(
  platform: Platform,
  actor: Authenticated,
  sessionId: string,
  contactId: string,
  now: Date,
): Promise<Roster> {
  const { tenantId } = actor.tenant;
  const ctx = bookingContext(platform, actor.tenant, now);
  return withTenant(platform.db, tenantId, async (tx) => {
    if (!(await repo.findContact(tx, tenantId, contactId))) throw missing('contactId', 'Contact');
    await book(tx, ctx, sessionId, contactId, { byStaff: true });
    return rosterView(tx, tenantId, sessionId);
  });
}

/** DELETE /snode/booking/{id}: staff cancel someone's place (late inside the cutoff, as the student's own). */
export async function staffCancel(
  platform: Platform,
  actor: Authenticated,
  bookingId: string,
  now: Date,
): Promise<Roster> {
  const { tenant } = actor;
  const ctx = bookingContext(platform, tenant, now);
  const roster = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const booking = await repo.findBooking(tx, tenant.tenantId, bookingId);
    if (!booking) throw bookingNotFound();
    const [session] = await repo.findSessions(tx, tenant.tenantId, { id: booking.sessionId, includeCancelled: true });
    if (!session) throw bookingNotFound();
    await releasePlace(tx, ctx, booking, { late: isLate(tenant, session.row.startsAt, now) });
    return rosterView(tx, tenant.tenantId, booking.sessionId);
  });
  await platform.outbox.kick();
  return roster;
}

/** PUT /snode/booking/{id}/attendance: check a booked person in (or undo it) while check-in is open. */
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
    const locked = await repo.lockSession(tx, tenantId, booking.sessionId);
    if (locked?.row.checkInClosedAt) throw badRequest('attended', SCHEDULE_MESSAGES.checkInClosed);
    await repo.setBooking(tx, tenantId, bookingId, { attendedAt: attended ? (booking.attendedAt ?? now) : null });
    return rosterView(tx, tenantId, booking.sessionId);
  });
}

/** The daily extension of every rule's sessions to the horizon, once across every process. */
export function scheduleHorizonExtension(jobs: JobRunner, platform: Platform): void {
  const queue = 'class-sessions-extend';
  jobs.register(queue, async () => void (await extendHorizons(platform, new Date())), { retryLimit: 1 });
  jobs.schedule(queue, '23 2 * * *');
}
