import {
  type ClassSession,
  type ClassSessionList,
  type DateRangeQuery,
  endOfDayInZone,
  SCHEDULE_MESSAGES,
  startOfDayInZone,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findInvoice } from '../invoices/invoices.repo.ts';
import { voidInvoice } from '../invoices/invoices.service.ts';
import { owedAtStudio, waitlistTakesNames } from './booking-core.ts';
import { findBookingsByInvoice, livePeopleOf } from './booking-work.repo.ts';
import { cancelBookingsOf } from './bookings.repo.ts';
import * as repo from './scheduling.repo.ts';
import { mailable, queueSessionCancelled } from './scheduling-mail.ts';
import { sessionNotFound, zoneOf } from './scheduling-shared.ts';

// Sessions: the staff and public timetables, one session, and cancelling one.

export function toSession(found: repo.SessionWithNames, showRoom: boolean): ClassSession {
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

export function rangeOf(tenant: TenantContext, range: DateRangeQuery) {
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
    const overlapping = await repo.overlappingSessionIds(tx, tenant.tenantId, bounds);
    return {
      data: rows.map((r) => ({ ...toSession(r, tenant.settings.isShowRoomName), overlap: overlapping.has(r.row.id) })),
      timezone: zoneOf(tenant),
    };
  });
}

/** Public calls answer only when the tenant shows its schedule. */
export function requireSchedule(tenant: TenantContext): void {
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
export async function resolveSession(
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
 * with a place (booked, offered, pending or waiting) is emailed, and unpaid drop-in invoices
 * (held for a card payment, or to pay at the studio) are voided. Paid drop-ins stay paid: refunding them is the desk's call (Refund on the invoice).
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
      .map((p) => (p.booking.status === 'pending' || owedAtStudio(p.booking) ? p.booking.invoiceId : null))
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
        people.filter((p) => p.booking.status === 'pending' || owedAtStudio(p.booking)).map((p) => p.booking.invoiceId),
      );
      for (const invoice of invoices) {
        if (!invoice || !stillPending.has(invoice.id)) continue;
        // An event's invoice also holds places in its other sessions: it stays for those.
        const places = await findBookingsByInvoice(tx, tenant.tenantId, invoice.id);
        if (places.some((b) => b.sessionId !== id && b.status !== 'cancelled')) continue;
        const current = await findInvoice(tx, tenant.tenantId, invoice.id);
        if (current && current.status !== 'void' && current.amountPaid === 0) await voidInvoice(tx, tenant, current.id);
      }
      await cancelBookingsOf(tx, tenant.tenantId, id, now);
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
