import {
  type Booking,
  type DateRangeQuery,
  type Roster,
  SCHEDULE_MESSAGES,
  type StudentBookingInput,
  type StudentSessionList,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { type BookingContext, book, confirmOffer, owedAtStudio, releasePlace } from './booking-core.ts';
import { type BookingRow, bookingsOfContact, findBooking, rosterOf, setBooking } from './bookings.repo.ts';
import { extendHorizons } from './class-rules.service.ts';
import { cancelEventPlaces, registerForEvent } from './events.service.ts';
import * as repo from './scheduling.repo.ts';
import { bookingContext, bookingNotFound, HOUR, missing, sessionNotFound, zoneOf } from './scheduling-shared.ts';
import { overlapsOf } from './session-edit.repo.ts';
import { rangeOf, requireSchedule, resolveSession, toSession } from './sessions.service.ts';

// Bookings: the roster, a student's and the desk's bookings and cancels, attendance, the horizon job.

function toBooking(found: { row: BookingRow; name: string; email: string }, position: number | null): Booking {
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
  const bookings = (await rosterOf(tx, tenantId, sessionId)).map((b) => {
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
  return memberChange(platform, actor, now, async (tx, ctx) => {
    const { tenant, auth } = actor;
    const sessionId = await resolveSession(tx, tenant.tenantId, {
      classId: input.classId,
      clsStartTime: input.clsStartTime,
    });
    if (input.scheduleId && input.scheduleId !== sessionId) throw badRequest('scheduleId', SCHEDULE_MESSAGES.noSession);
    // A session of an event is booked by registering for the whole event.
    const rule = await repo.findRuleOfSession(tx, tenant.tenantId, sessionId);
    if (rule?.kind === 'event') await registerForEvent(tx, ctx, rule, auth.sub);
    else await book(tx, ctx, sessionId, auth.sub, { byStaff: false });
    return sessionId;
  });
}

/**
 * A member's change to their own place (booking, taking a held spot), in one transaction of the
 * studio's schedule; `change` answers the session, which is answered as the member now sees it.
 */
function memberChange(
  platform: Platform,
  { tenant, auth }: Authenticated,
  now: Date,
  change: (tx: Tx, ctx: BookingContext) => Promise<string>,
): Promise<StudentSessionList['data'][number]> {
  requireSchedule(tenant);
  const ctx = bookingContext(platform, tenant, now);
  return withTenant(platform.db, tenant.tenantId, async (tx) => mineOf(tx, tenant, auth.sub, await change(tx, ctx)));
}

async function mineOf(tx: Tx, tenant: TenantContext, contactId: string, sessionId: string) {
  const [mine] = await studentView(tx, tenant, contactId, [sessionId]);
  if (!mine) throw sessionNotFound();
  return mine;
}

async function ownBooking(tx: Tx, tenantId: string, contactId: string, bookingId: string) {
  const booking = await findBooking(tx, tenantId, bookingId);
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
  return memberChange(platform, actor, now, async (tx, ctx) => {
    const { booking } = await ownBooking(tx, actor.tenant.tenantId, actor.auth.sub, bookingId);
    await confirmOffer(tx, ctx, booking);
    return booking.sessionId;
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
  const mine = await bookingsOfContact(
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
      // to pay by card while held, or at the studio (booked, its invoice open)
      myInvoicePublicId:
        booking && (booking.row.status === 'pending' || owedAtStudio(booking.row))
          ? (booking.invoicePublicId ?? null)
          : null,
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
    const booking = await findBooking(tx, tenant.tenantId, bookingId);
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
    const booking = await findBooking(tx, tenantId, bookingId);
    if (!booking) throw bookingNotFound();
    if (booking.status !== 'booked') throw badRequest('attended', 'Only a booked place can be checked in.');
    const locked = await repo.lockSession(tx, tenantId, booking.sessionId);
    if (locked?.row.checkInClosedAt) throw badRequest('attended', SCHEDULE_MESSAGES.checkInClosed);
    await setBooking(tx, tenantId, bookingId, { attendedAt: attended ? (booking.attendedAt ?? now) : null });
    return rosterView(tx, tenantId, booking.sessionId);
  });
}

/** The daily extension of every rule's sessions to the horizon, once across every process. */
export function scheduleHorizonExtension(jobs: JobRunner, platform: Platform): void {
  const queue = 'class-sessions-extend';
  jobs.register(queue, async () => void (await extendHorizons(platform, new Date())), { retryLimit: 1 });
  jobs.schedule(queue, '23 2 * * *');
}
