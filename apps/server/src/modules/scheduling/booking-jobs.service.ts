import { type Roster, SCHEDULE_MESSAGES, type WaitlistOrderInput } from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { onInvoicePaid } from '../invoices/invoice-settlement.ts';
import { findTenantById } from '../payments/payments.repo.ts';
import { registerSms } from '../sms/sms-outbox.ts';
import { confirmPaidPlace, promoteWaitlist, releasePlace } from './booking-core.ts';
import {
  bookingsToRemind,
  claimNotice,
  closeCheckIn,
  expiredHolds,
  type NoticeKind,
  tenantsWithExpiredHolds,
  tenantsWithSessionsBetween,
  waitlistIds,
} from './booking-work.repo.ts';
import { setBooking } from './bookings.repo.ts';
import { getRoster } from './bookings.service.ts';
import * as repo from './scheduling.repo.ts';
import { mailable, queueReminder } from './scheduling-mail.ts';
import { bookingContext } from './scheduling-shared.ts';
import { queueSmsReminder, textable } from './scheduling-sms.ts';

// The booking work that runs on the job runner (holds that ran out, reminders) and the desk's
// waitlist order and check-in close (decisions.md "Scheduling, slice 2").

export const HOLDS_QUEUE = 'class-holds-expire';
export const REMINDERS_QUEUE = 'class-reminders';
const HOUR = 3_600_000;
/** The longest reminderTime an account may set (hours): how far ahead the reminder job looks. */
const MAX_REMINDER_HOURS = 168;

/**
 * Every offered or pending place whose hold ran out is released: an unanswered waitlist offer goes
 * to the next in line (who is emailed), an unpaid drop-in's invoice is voided. Each place in a
 * transaction of its own, re-checked under its locks (so a payment or confirmation that got there
 * first wins), and never holding one session's lock while asking for another's: an event
 * registration locks all its sessions in time order, and a sweep holding them in expiry order
 * could otherwise deadlock with it.
 */
export async function releaseExpiredHolds(
  platform: Platform,
  now: Date,
  /** Only these tenants (a test's own, on a shared database); all when left out. */
  only?: readonly string[],
): Promise<number> {
  const tenantIds = (await platform.db.transaction((tx) => tenantsWithExpiredHolds(tx, now))).filter(
    (id) => !only || only.includes(id),
  );
  let released = 0;
  for (const tenantId of tenantIds) {
    const tenant = await findTenantById(platform.db, tenantId);
    if (!tenant) continue;
    const ctx = bookingContext(platform, tenant, now);
    const due = await withTenant(platform.db, tenantId, (tx) => expiredHolds(tx, tenantId, now));
    for (const booking of due) {
      const done = await withTenant(platform.db, tenantId, (tx) =>
        releasePlace(tx, ctx, booking, { onlyIfHoldExpired: true }),
      );
      if (done) released += 1;
    }
  }
  if (released > 0) await platform.outbox.kick();
  return released;
}

/**
 * Emails each booked person reminderTime hours before their class, when the account sends
 * reminders (isSendReminder), and texts them when it sends SMS reminders (isSendSmsReminder) and
 * they have an international phone number. Exactly once per booking and channel: the notice key is
 * claimed in the transaction that queues the message, so a second runner (or a rerun) sends
 * nothing. A cancelled place is never reminded (only booked places are read).
 */
export async function sendReminders(platform: Platform, now: Date): Promise<number> {
  const tenantIds = await platform.db.transaction((tx) =>
    tenantsWithSessionsBetween(tx, now, new Date(now.getTime() + MAX_REMINDER_HOURS * HOUR)),
  );
  let sent = 0;
  for (const tenantId of tenantIds) {
    const tenant = await findTenantById(platform.db, tenantId);
    if (!tenant) continue;
    const kinds: NoticeKind[] = [];
    if (tenant.settings.isSendReminder) kinds.push('reminder');
    if (tenant.settings.isSendSmsReminder) kinds.push('sms-reminder');
    if (kinds.length === 0) continue;
    const until = new Date(now.getTime() + tenant.settings.reminderTime * HOUR);
    await withTenant(platform.db, tenantId, async (tx) => {
      for (const due of await bookingsToRemind(tx, tenantId, now, until, kinds)) {
        if (due.isWalkin) continue;
        if (kinds.includes('reminder') && mailable(due.email)) {
          if (await claimNotice(tx, tenantId, due.bookingId, 'reminder')) {
            await queueReminder(tx, tenant, due.email, due);
            sent += 1;
          }
        }
        const phone = textable(tenant, due.phone);
        if (phone && (await claimNotice(tx, tenantId, due.bookingId, 'sms-reminder'))) {
          await queueSmsReminder(tx, tenant, phone, due);
          sent += 1;
        }
      }
    });
  }
  if (sent > 0) await platform.outbox.kick();
  return sent;
}

/** The jobs and the payment hook: a paid drop-in invoice books its pending place. */
export function registerBookingJobs(platform: Platform): void {
  registerSms(platform);
  // a drop-in's or an event's places are sold as 'class' lines (booking-core.ts, events.service.ts)
  onInvoicePaid('scheduling', (tx, tenant, invoice) => confirmPaidPlace(tx, tenant, invoice.id), ['class']);
  platform.jobs.register(HOLDS_QUEUE, async () => void (await releaseExpiredHolds(platform, new Date())), {
    retryLimit: 1,
  });
  platform.jobs.schedule(HOLDS_QUEUE, '* * * * *');
  platform.jobs.register(REMINDERS_QUEUE, async () => void (await sendReminders(platform, new Date())), {
    retryLimit: 2,
  });
  platform.jobs.schedule(REMINDERS_QUEUE, '*/5 * * * *');
}

/**
 * PUT /snode/session/{id}/waitlist: staff set the waitlist's order (every waiting booking once).
 * A spot already offered stays with whoever has it.
 */
export async function reorderWaitlist(
  platform: Platform,
  actor: Authenticated,
  sessionId: string,
  input: WaitlistOrderInput,
  now: Date,
): Promise<Roster> {
  const { tenant } = actor;
  const ctx = bookingContext(platform, tenant, now);
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const locked = await repo.lockSession(tx, tenant.tenantId, sessionId);
    if (!locked) throw notFound('Class session');
    const waiting = new Set(await waitlistIds(tx, tenant.tenantId, sessionId));
    const wanted = new Set(input.waitlist);
    const same = wanted.size === input.waitlist.length && wanted.size === waiting.size;
    if (!same || input.waitlist.some((id) => !waiting.has(id))) {
      throw badRequest('waitlist', SCHEDULE_MESSAGES.notWaitlisted);
    }
    for (const [index, id] of input.waitlist.entries()) {
      await setBooking(tx, tenant.tenantId, id, { waitlistRank: index + 1 });
    }
    await promoteWaitlist(tx, ctx, sessionId);
  });
  await platform.outbox.kick();
  return getRoster(platform.db, actor, sessionId);
}

/**
 * PUT /snode/session/{id}/checkin/close: once the class has started the desk closes check-in; the
 * booked who were not checked in are marked no-show. Closing again changes nothing.
 */
export async function closeSessionCheckIn(
  platform: Platform,
  actor: Authenticated,
  sessionId: string,
  now: Date,
): Promise<Roster> {
  const { tenantId } = actor.tenant;
  await withTenant(platform.db, tenantId, async (tx) => {
    const locked = await repo.lockSession(tx, tenantId, sessionId);
    if (!locked) throw notFound('Class session');
    if (locked.row.status === 'cancelled') throw badRequest('id', SCHEDULE_MESSAGES.sessionCancelled);
    if (locked.row.startsAt > now) throw badRequest('id', SCHEDULE_MESSAGES.checkInNotStarted);
    if (!locked.row.checkInClosedAt) await closeCheckIn(tx, tenantId, sessionId, now);
  });
  return getRoster(platform.db, actor, sessionId);
}
