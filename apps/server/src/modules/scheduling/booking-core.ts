import { randomUUID } from 'node:crypto';
import { classTimeLabel, knownTimeZone, SCHEDULE_MESSAGES } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { invoiceMethod } from '../checkout/sale.service.ts';
import { requireSignedWaiver } from '../forms/form-documents.service.ts';
import { queueInvoiceEmail } from '../invoices/invoice-email.ts';
import { findInvoice } from '../invoices/invoices.repo.ts';
import { createInvoice, voidInvoice } from '../invoices/invoices.service.ts';
import { payWithMembership, returnCredit } from '../memberships/booking-payment.ts';
import { onlineMethod } from '../shop/cart.service.ts';
import { contactOf, findBookingsByInvoice } from './booking-work.repo.ts';
import {
  addBooked,
  type BookingRow,
  countWaitlisted,
  findBooking,
  findLiveBooking,
  firstWaitlisted,
  insertBooking,
  setBooking,
} from './bookings.repo.ts';
import * as repo from './scheduling.repo.ts';
import { type MailContext, mailable, queueHoldLapsed, queueHoldOffered } from './scheduling-mail.ts';
import { queueSmsHoldLapsed, queueSmsHoldOffered, textable } from './scheduling-sms.ts';

// A place in a class, from taking it to giving it back (decisions.md "Scheduling, slice 2"). Every
// change runs behind the session's row lock (FOR UPDATE): bookings of one session run one after
// the other, so capacity is never exceeded. Offered and pending places hold a spot (they count in
// booked_count) until they are confirmed, paid or released.

export interface BookingContext extends MailContext {
  now: Date;
  /** The platform's settings, for the links an invoice email carries. */
  config: Platform['config'];
}

const sessionNotFound = () => notFound('Class session');
const MINUTE = 60_000;

// ---------------------------------------------------------------- how a place is paid

/**
 * How a place is paid. THE one place this is decided:
 * - free: the class has no drop-in price;
 * - at_desk: staff booked someone into a priced class (settled at the desk; shown unpaid);
 * - membership: the person's current unlimited membership covers it, or one class credit is taken
 *   for this booking (memberships module, under the credits' row lock);
 * - checkout: the person pays the drop-in by card on the provider's page (the spot is held meanwhile);
 * - at_studio: the same, for a studio that takes no cards online (no provider): the place is booked
 *   at once and the drop-in's invoice left open to pay at the studio (no hold runs out for it).
 * Card or studio is the shop's own choice (`onlineMethod`), from the studio's provider, never the browser.
 */
export type PaymentDecision =
  | { kind: 'free' }
  | { kind: 'at_desk' }
  | { kind: 'membership' }
  | { kind: 'checkout'; priceMinor: number }
  | { kind: 'at_studio'; priceMinor: number };

export async function decideBookingPayment(
  tx: Tx,
  ctx: BookingContext,
  place: { priceMinor: number | null; contactId: string; byStaff: boolean; bookingId: string },
): Promise<PaymentDecision> {
  if (!place.priceMinor || place.priceMinor <= 0) return { kind: 'free' };
  if (place.byStaff) return { kind: 'at_desk' };
  if (await payWithMembership(tx, ctx.tenant.tenantId, place.contactId, place.bookingId, ctx.now)) {
    return { kind: 'membership' };
  }
  return onlineMethod(ctx.tenant) === 'credit_card'
    ? { kind: 'checkout', priceMinor: place.priceMinor }
    : { kind: 'at_studio', priceMinor: place.priceMinor };
}

/**
 * A booked place whose invoice is still owed at the studio (an online booking of a studio that takes
 * no cards): like a held place, its unpaid invoice goes when the place goes.
 */
export const owedAtStudio = (booking: Pick<BookingRow, 'status' | 'payment' | 'invoiceId'>) =>
  booking.status === 'booked' && booking.payment === 'at_desk' && booking.invoiceId !== null;

/** The drop-in's invoice: one class line naming the class and its start in the tenant's zone. */
async function dropInInvoice(
  tx: Tx,
  ctx: BookingContext,
  locked: repo.LockedSession,
  contactId: string,
  priceMinor: number,
) {
  const zone = knownTimeZone(ctx.tenant.settings.timezone);
  return createInvoice(tx, ctx.tenant, {
    contactId,
    lines: [
      {
        id: 'line-1',
        guId: locked.row.ruleId,
        kind: 'class',
        name: `${locked.name} (drop-in), ${classTimeLabel(locked.row.startsAt, zone)}`,
        unitPrice: priceMinor,
        quantity: 1,
        isTaxable: false,
        isChargeCreditCardFees: false,
      },
    ],
    // by card on the provider's page, or left open as cash for the studio (no card fee either way)
    paymentMethod: invoiceMethod(onlineMethod(ctx.tenant)),
    now: ctx.now,
  });
}

/**
 * Puts a person in a free spot as the decision says: booked (free, or to pay at the desk), pending
 * with the drop-in's invoice and a hold of the account's paymentHoldMinutes, or booked with the
 * drop-in's invoice left open to pay at the studio (no hold: the place is theirs). `existing` is
 * a place that already holds the spot (a confirmed waitlist offer); otherwise a new booking takes one.
 */
async function placeInSpot(
  tx: Tx,
  ctx: BookingContext,
  locked: repo.LockedSession,
  contactId: string,
  decision: PaymentDecision,
  place: { id: string; existing?: BookingRow },
): Promise<BookingRow> {
  const { existing } = place;
  const { tenantId } = ctx.tenant;
  let values: Pick<BookingRow, 'status' | 'payment' | 'invoiceId' | 'holdExpiresAt'>;
  if (decision.kind === 'checkout') {
    const invoice = await dropInInvoice(tx, ctx, locked, contactId, decision.priceMinor);
    const hold = new Date(ctx.now.getTime() + ctx.tenant.settings.paymentHoldMinutes * MINUTE);
    values = { status: 'pending', payment: 'checkout', invoiceId: invoice.id, holdExpiresAt: hold };
  } else if (decision.kind === 'at_studio') {
    const invoice = await dropInInvoice(tx, ctx, locked, contactId, decision.priceMinor);
    values = { status: 'booked', payment: 'at_desk', invoiceId: invoice.id, holdExpiresAt: null };
    // what they will pay at the studio, in writing: the invoice and its link (as the shop does)
    await queueInvoiceEmail(tx, ctx, ctx.tenant, invoice, 'invoice_pending');
  } else {
    values = { status: 'booked', payment: decision.kind, invoiceId: null, holdExpiresAt: null };
  }
  if (existing) {
    const row = await setBooking(tx, tenantId, existing.id, values);
    if (!row) throw new Error('a held place vanished under its session lock');
    return row;
  }
  const row = await insertBooking(tx, tenantId, { id: place.id, sessionId: locked.row.id, contactId, ...values });
  await addBooked(tx, tenantId, locked.row.id, 1);
  return row;
}

/** Whether a full session still takes names: its waitlist is on and below its size (if it has one). */
export function waitlistTakesNames(
  session: Pick<repo.SessionRow, 'status' | 'waitlistEnabled' | 'waitlistSize'>,
  waiting: number,
): boolean {
  return (
    session.status === 'scheduled' &&
    session.waitlistEnabled &&
    (session.waitlistSize === null || waiting < session.waitlistSize)
  );
}

export interface BookOptions {
  /** Staff adding someone at the desk: a priced class is settled there, and a started class may still be joined. */
  byStaff: boolean;
}

/**
 * Takes a place for a contact: a free spot is placed as the payment decision says, a full session
 * puts the contact on the waitlist (queued by the time the place is taken, behind the session's
 * lock) when its waitlist is on and not full; otherwise 409 'This class is full.', for the desk too.
 */
export async function book(
  tx: Tx,
  ctx: BookingContext,
  sessionId: string,
  contactId: string,
  options: BookOptions,
): Promise<BookingRow> {
  const { tenantId } = ctx.tenant;
  const locked = await repo.lockSession(tx, tenantId, sessionId);
  if (!locked) throw sessionNotFound();
  const session = locked.row;
  if (session.status === 'cancelled') throw badRequest('scheduleId', SCHEDULE_MESSAGES.sessionCancelled);
  const closesAt = options.byStaff ? session.endsAt : session.startsAt;
  if (closesAt <= ctx.now) throw badRequest('scheduleId', SCHEDULE_MESSAGES.sessionPast);
  if (await findLiveBooking(tx, tenantId, sessionId, contactId))
    throw new AppError(409, 'conflict', SCHEDULE_MESSAGES.alreadyBooked, 'scheduleId');
  if (!options.byStaff) {
    await requireSignedWaiver(tx, ctx.tenant, contactId, {
      field: 'scheduleId',
      message: SCHEDULE_MESSAGES.waiverRequired,
    });
  }
  if (session.bookedCount >= session.capacity) {
    const waiting = await countWaitlisted(tx, tenantId, sessionId);
    if (!waitlistTakesNames(session, waiting)) {
      throw new AppError(409, 'class_full', SCHEDULE_MESSAGES.classFull, 'scheduleId');
    }
    return insertBooking(tx, tenantId, { sessionId, contactId, status: 'waitlisted' });
  }
  // the booking's id is chosen first: a class credit taken for it names it in the ledger
  const id = randomUUID();
  const decision = await decideBookingPayment(tx, ctx, {
    priceMinor: locked.priceMinor,
    contactId,
    byStaff: options.byStaff,
    bookingId: id,
  });
  return placeInSpot(tx, ctx, locked, contactId, decision, { id });
}

/** The student confirms the spot offered to them: booked, or pending its drop-in payment. */
export async function confirmOffer(tx: Tx, ctx: BookingContext, booking: BookingRow): Promise<BookingRow> {
  const { tenantId } = ctx.tenant;
  const locked = await repo.lockSession(tx, tenantId, booking.sessionId);
  if (!locked) throw sessionNotFound();
  const current = await findBooking(tx, tenantId, booking.id);
  if (current?.status !== 'offered' || !current.holdExpiresAt) throw badRequest('id', SCHEDULE_MESSAGES.noHold);
  if (current.holdExpiresAt <= ctx.now) throw badRequest('id', SCHEDULE_MESSAGES.holdExpired);
  if (locked.row.startsAt <= ctx.now) throw badRequest('id', SCHEDULE_MESSAGES.sessionPast);
  const decision = await decideBookingPayment(tx, ctx, {
    priceMinor: locked.priceMinor,
    contactId: current.contactId,
    byStaff: false,
    bookingId: current.id,
  });
  return placeInSpot(tx, ctx, locked, current.contactId, decision, { id: current.id, existing: current });
}

/**
 * While a spot is free, the first in line is offered it: the spot is held for the account's
 * waitlistHoldMinutes (never past the start) and they are emailed to confirm or pass. A session
 * that has started offers nothing.
 */
export async function promoteWaitlist(tx: Tx, ctx: BookingContext, sessionId: string): Promise<void> {
  const { tenantId } = ctx.tenant;
  const locked = await repo.lockSession(tx, tenantId, sessionId);
  if (!locked || locked.row.status === 'cancelled' || locked.row.startsAt <= ctx.now) return;
  let free = locked.row.capacity - locked.row.bookedCount;
  const window = new Date(ctx.now.getTime() + ctx.tenant.settings.waitlistHoldMinutes * MINUTE);
  const until = window < locked.row.startsAt ? window : locked.row.startsAt;
  while (free > 0) {
    const next = await firstWaitlisted(tx, tenantId, sessionId);
    if (!next) return;
    await setBooking(tx, tenantId, next.id, { status: 'offered', holdExpiresAt: until });
    await addBooked(tx, tenantId, sessionId, 1);
    const person = await contactOf(tx, tenantId, next.contactId);
    if (person && !person.isWalkin && mailable(person.email)) {
      await queueHoldOffered(tx, ctx, person.email, { className: locked.name, startsAt: locked.row.startsAt }, until);
    }
    const phone = person && !person.isWalkin ? textable(ctx.tenant, person.phone) : null;
    if (phone)
      await queueSmsHoldOffered(tx, ctx, phone, { className: locked.name, startsAt: locked.row.startsAt }, until);
    free -= 1;
  }
}

/** A waitlist offer ran out unanswered: the person is emailed, and texted as the offer was. */
async function tellHoldLapsed(tx: Tx, ctx: BookingContext, locked: repo.LockedSession, place: BookingRow) {
  const person = await contactOf(tx, ctx.tenant.tenantId, place.contactId);
  if (!person || person.isWalkin || !place.holdExpiresAt) return;
  const ref = { className: locked.name, startsAt: locked.row.startsAt };
  if (mailable(person.email)) await queueHoldLapsed(tx, ctx, person.email, ref, place.holdExpiresAt);
  const phone = textable(ctx.tenant, person.phone);
  if (phone) await queueSmsHoldLapsed(tx, ctx, phone, ref);
}

/**
 * Gives a place back: cancelled (marked late when `late`), its spot (booked, offered or pending)
 * goes to the next in line, and an unpaid drop-in invoice is voided so a late payment is refunded
 * by the payments module. The invoice is locked before the session, as a payment does. A waitlist
 * offer released because its hold ran out is told to its person.
 */
export async function releasePlace(
  tx: Tx,
  ctx: BookingContext,
  booking: BookingRow,
  options: { late?: boolean; onlyIfHoldExpired?: boolean } = {},
): Promise<boolean> {
  const { tenantId } = ctx.tenant;
  const invoice = booking.invoiceId ? await findInvoice(tx, tenantId, booking.invoiceId, true) : undefined;
  const locked = await repo.lockSession(tx, tenantId, booking.sessionId);
  if (!locked) throw sessionNotFound();
  const current = await findBooking(tx, tenantId, booking.id);
  if (!current || current.status === 'cancelled') return false;
  if (options.onlyIfHoldExpired && !(current.holdExpiresAt && current.holdExpiresAt <= ctx.now)) return false;
  if (options.onlyIfHoldExpired && current.status === 'offered') await tellHoldLapsed(tx, ctx, locked, current);
  const heldSpot = current.status !== 'waitlisted';
  await setBooking(tx, tenantId, current.id, {
    status: 'cancelled',
    cancelledAt: ctx.now,
    holdExpiresAt: null,
    lateCancel: Boolean(options.late) && current.status === 'booked',
  });
  if (current.status === 'pending' && invoice && invoice.status !== 'void' && invoice.amountPaid === 0) {
    await voidInvoice(tx, ctx.tenant, invoice.id);
  }
  // A place to pay at the studio given back: nothing is owed once no place on its invoice is left
  // (an event's invoice stays for its other days).
  if (owedAtStudio(current) && invoice && invoice.status !== 'void' && invoice.amountPaid === 0) {
    const others = await findBookingsByInvoice(tx, tenantId, invoice.id);
    if (!others.some((b) => b.id !== current.id && b.status !== 'cancelled'))
      await voidInvoice(tx, ctx.tenant, invoice.id);
  }
  // a timely cancel (before the account's cutoff) gives back the class credit the place took
  if (current.payment === 'membership' && !options.late && locked.row.startsAt > ctx.now) {
    await returnCredit(tx, tenantId, current.id, ctx.now);
  }
  if (heldSpot) {
    await addBooked(tx, tenantId, current.sessionId, -1);
    await promoteWaitlist(tx, ctx, current.sessionId);
  }
  return true;
}

/**
 * The drop-in's (or an event registration's) invoice was paid in full (card on the checkout, or at
 * the desk): its pending places are booked. Runs in the payment's transaction (invoices module's
 * onInvoicePaid), after the invoice row was locked, so it cannot cross a release of the same place.
 */
export async function confirmPaidPlace(tx: Tx, tenant: TenantContext, invoiceId: string): Promise<void> {
  for (const booking of await findBookingsByInvoice(tx, tenant.tenantId, invoiceId)) {
    await repo.lockSession(tx, tenant.tenantId, booking.sessionId);
    const current = await findBooking(tx, tenant.tenantId, booking.id);
    if (current?.status !== 'pending') {
      if (current && current.payment === 'at_desk')
        await setBooking(tx, tenant.tenantId, current.id, { payment: 'paid' });
      continue;
    }
    await setBooking(tx, tenant.tenantId, current.id, { status: 'booked', payment: 'paid', holdExpiresAt: null });
  }
}
