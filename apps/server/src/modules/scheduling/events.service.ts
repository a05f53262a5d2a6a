import {
  EVENT_MESSAGES,
  type EventRegistration,
  knownTimeZone,
  type PublicEvent,
  type PublicEventList,
  SCHEDULE_MESSAGES,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { invoiceMethod } from '../checkout/sale.service.ts';
import { requireSignedWaiver } from '../forms/form-documents.service.ts';
import { queueInvoiceEmail } from '../invoices/invoice-email.ts';
import { findInvoice } from '../invoices/invoices.repo.ts';
import { createInvoice } from '../invoices/invoices.service.ts';
import { onlineMethod } from '../shop/cart.service.ts';
import { type BookingContext, releasePlace } from './booking-core.ts';
import { addBooked, findLiveBooking, insertBooking } from './bookings.repo.ts';
import * as events from './events.repo.ts';
import * as repo from './scheduling.repo.ts';

// Events (workshops, programs): class rules of kind 'event' with a description, an address and a
// shareable link. A person registers once and holds a place in every session still to come; a
// priced event is one invoice for the whole event (decisions.md "Events").

const eventNotFound = () => notFound('Event');
const MINUTE = 60_000;
/** A long program's page lists this many sessions at most. */
const SESSIONS_SHOWN = 100;

function toPublicEvent(
  found: repo.RuleWithNames,
  sessions: repo.SessionRow[],
  tenant: TenantContext,
  now: Date,
): PublicEvent {
  const { row } = found;
  const scheduled = sessions.filter((s) => s.status === 'scheduled');
  const upcoming = scheduled.filter((s) => s.startsAt > now);
  const spotsLeft = upcoming.length ? Math.max(0, Math.min(...upcoming.map((s) => s.capacity - s.bookedCount))) : 0;
  return {
    guId: row.publicId,
    name: row.name,
    description: row.description,
    address: row.address,
    roomName: tenant.settings.isShowRoomName ? found.roomName : null,
    teacherName: found.teacherName,
    priceMinor: row.priceMinor,
    isOnline: row.onlineJoinUrl !== null,
    isFeatured: row.isFeatured,
    capacity: row.capacity,
    spotsLeft,
    isOpen: upcoming.length > 0 && spotsLeft > 0,
    startsAt: scheduled[0]?.startsAt.toISOString() ?? null,
    endsAt: scheduled.at(-1)?.endsAt.toISOString() ?? null,
    // what is still to come (a past event lists nothing more)
    sessions: sessions
      .filter((s) => s.endsAt > now)
      .slice(0, SESSIONS_SHOWN)
      .map((s) => ({
        guId: s.id,
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        status: s.status,
      })),
    timezone: knownTimeZone(tenant.settings.timezone),
  };
}

/** GET /snode/pevent/{id}: one event by its shareable link (a past event still opens, closed). */
export function publicEvent(db: Db, tenant: TenantContext, publicId: string, now: Date): Promise<PublicEvent> {
  return readTenant(db, tenant.tenantId, async (tx) => {
    const found = await events.findEventByPublicId(tx, tenant.tenantId, publicId);
    if (!found) throw eventNotFound();
    return toPublicEvent(found, await events.sessionsOfEvents(tx, tenant.tenantId, [found.row.id]), tenant, now);
  });
}

/** GET /public/events and /public/featuredEvents: the events still to come, soonest first. */
export function publicEvents(
  db: Db,
  tenant: TenantContext,
  now: Date,
  featuredOnly: boolean,
): Promise<PublicEventList> {
  return readTenant(db, tenant.tenantId, async (tx) => {
    const rules = await events.upcomingEvents(tx, tenant.tenantId, now, featuredOnly);
    const sessions = await events.sessionsOfEvents(
      tx,
      tenant.tenantId,
      rules.map((r) => r.row.id),
      now,
    );
    const byRule = new Map<string, repo.SessionRow[]>();
    for (const s of sessions) {
      const list = byRule.get(s.ruleId);
      if (list) list.push(s);
      else byRule.set(s.ruleId, [s]);
    }
    return { data: rules.map((r) => toPublicEvent(r, byRule.get(r.row.id) ?? [], tenant, now)) };
  });
}

/**
 * Registers a person for an event: a place in every scheduled session still to come, all or none.
 * The sessions are locked in time order (as every registration takes them, so two never deadlock),
 * and a full one refuses the registration: an event has no waitlist. A priced event is one invoice
 * and its places are held (pending) until it is paid, like a drop-in's.
 */
export async function registerForEvent(
  tx: Tx,
  ctx: BookingContext,
  rule: repo.RuleRow,
  contactId: string,
): Promise<EventRegistration> {
  const { tenantId } = ctx.tenant;
  const upcoming = (await events.sessionsOfEvents(tx, tenantId, [rule.id])).filter(
    (s) => s.status === 'scheduled' && s.startsAt > ctx.now,
  );
  if (upcoming.length === 0) throw badRequest('id', EVENT_MESSAGES.closed);
  const locked: repo.LockedSession[] = [];
  for (const session of upcoming) {
    const one = await repo.lockSession(tx, tenantId, session.id);
    if (one?.row.status === 'scheduled') locked.push(one);
  }
  if (locked.length === 0) throw badRequest('id', EVENT_MESSAGES.closed);
  const mine = [];
  for (const one of locked) {
    const place = await findLiveBooking(tx, tenantId, one.row.id, contactId);
    if (place) mine.push(place);
  }
  if (mine.length > 0) {
    // Back to a registration still waiting for its payment: the same invoice to pay, not a refusal.
    const [first] = mine;
    if (first?.invoiceId && mine.every((b) => b.status === 'pending' && b.invoiceId === first.invoiceId)) {
      const invoice = await findInvoice(tx, tenantId, first.invoiceId);
      if (invoice && invoice.status !== 'void') {
        return {
          status: 'pending',
          sessions: mine.length,
          invoicePublicId: invoice.publicId,
          holdExpiresAt: first.holdExpiresAt?.toISOString() ?? null,
          payment: 'card',
        };
      }
    }
    throw new AppError(409, 'conflict', EVENT_MESSAGES.alreadyRegistered, 'id');
  }
  await requireSignedWaiver(tx, ctx.tenant, contactId, { field: 'id', message: SCHEDULE_MESSAGES.waiverRequired });
  if (locked.some((one) => one.row.bookedCount >= one.row.capacity))
    throw new AppError(409, 'conflict', EVENT_MESSAGES.full, 'id');

  const priced = rule.priceMinor !== null && rule.priceMinor > 0;
  // By card (the places held until paid) or, for a studio that takes no cards online, at the studio
  // (the places booked at once, the invoice left open as cash): the shop's choice, from the provider.
  const byCard = onlineMethod(ctx.tenant) === 'credit_card';
  const invoice = priced ? await eventInvoice(tx, ctx, rule, locked[0]?.row.startsAt ?? ctx.now, contactId) : null;
  const held = invoice !== null && byCard;
  // to pay at the studio: the invoice and its link in writing (as the shop does)
  if (invoice && !byCard) await queueInvoiceEmail(tx, ctx, ctx.tenant, invoice, 'invoice_pending');
  const hold = held ? new Date(ctx.now.getTime() + ctx.tenant.settings.paymentHoldMinutes * MINUTE) : null;
  for (const one of locked) {
    await insertBooking(tx, tenantId, {
      sessionId: one.row.id,
      contactId,
      status: held ? 'pending' : 'booked',
      payment: invoice ? (byCard ? 'checkout' : 'at_desk') : 'free',
      invoiceId: invoice?.id ?? null,
      holdExpiresAt: hold,
    });
    await addBooked(tx, tenantId, one.row.id, 1);
  }
  return {
    status: held && invoice.status !== 'complete' ? 'pending' : 'booked',
    sessions: locked.length,
    invoicePublicId: invoice?.publicId ?? null,
    holdExpiresAt: hold?.toISOString() ?? null,
    payment: invoice ? (byCard ? 'card' : 'at_studio') : null,
  };
}

/** The event's invoice: one line for the whole event, named with its first session's start. */
function eventInvoice(tx: Tx, ctx: BookingContext, rule: repo.RuleRow, firstStart: Date, contactId: string) {
  const when = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: knownTimeZone(ctx.tenant.settings.timezone),
  }).format(firstStart);
  return createInvoice(tx, ctx.tenant, {
    contactId,
    lines: [
      {
        id: 'line-1',
        guId: rule.id,
        kind: 'class',
        name: `${rule.name} (event), from ${when}`,
        unitPrice: rule.priceMinor ?? 0,
        quantity: 1,
        isTaxable: false,
        isChargeCreditCardFees: false,
      },
    ],
    paymentMethod: invoiceMethod(onlineMethod(ctx.tenant)),
    now: ctx.now,
  });
}

/** POST /snode/pevent/{id}/register: the signed-in person registers for the event the link names. */
export async function studentRegister(
  platform: Platform,
  actor: Authenticated,
  publicId: string,
  ctx: BookingContext,
): Promise<EventRegistration> {
  const { tenant, auth } = actor;
  const result = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const found = await events.findEventByPublicId(tx, tenant.tenantId, publicId);
    if (!found) throw eventNotFound();
    return registerForEvent(tx, ctx, found.row, auth.sub);
  });
  await platform.outbox.kick();
  return result;
}

/**
 * Cancelling one's place in an event's session cancels the registration: every place still to come
 * is given back (a late cancel inside the cutoff, per session, as for classes).
 */
export async function cancelEventPlaces(
  tx: Tx,
  ctx: BookingContext,
  ruleId: string,
  contactId: string,
  isLate: (startsAt: Date) => boolean,
): Promise<void> {
  const places = await events.livePlacesInEvent(tx, ctx.tenant.tenantId, ruleId, contactId, ctx.now);
  for (const { booking, startsAt } of places) await releasePlace(tx, ctx, booking, { late: isLate(startsAt) });
}
