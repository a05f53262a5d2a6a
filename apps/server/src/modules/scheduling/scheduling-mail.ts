import { classTimeLabel, formatMoney, knownTimeZone } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { enqueueEmail } from '../mail/outbox.ts';

// The emails about a booking, in the tenant's time zone and under the tenant's name (white label):
// each is written to the outbox inside the booking's transaction and sent after the commit.

export interface MailContext {
  tenant: TenantContext;
  /** The tenant's own origin, for links (the student's classes page). */
  origin: string;
}

const when = (tenant: TenantContext, instant: Date) => classTimeLabel(instant, knownTimeZone(tenant.settings.timezone));

/** A person with no real address (the walk-in, an address ending .invalid) gets no email. */
export const mailable = (email: string | null | undefined): email is string =>
  Boolean(email) && !email?.endsWith('.invalid');

interface ClassRef {
  className: string;
  startsAt: Date;
}

/** A freed spot held for the first on the waitlist: confirm (or pass) before the hold ends. */
export function queueHoldOffered(tx: Tx, ctx: MailContext, to: string, ref: ClassRef, until: Date) {
  const { tenant, origin } = ctx;
  return enqueueEmail(tx, tenant.tenantId, {
    to,
    subject: `A spot opened up: ${ref.className}, ${when(tenant, ref.startsAt)}`,
    text: [
      `Good news: a spot opened up in ${ref.className} on ${when(tenant, ref.startsAt)}, and it is held for you.`,
      `Confirm it before ${when(tenant, until)}, or it goes to the next person on the waitlist.`,
      '',
      `Confirm or pass: ${origin}/classes`,
      '',
      tenant.name,
    ].join('\n'),
  });
}

/** An offered spot nobody confirmed in time went to the next in line: the person is told. */
export function queueHoldLapsed(tx: Tx, ctx: MailContext, to: string, ref: ClassRef, heldUntil: Date) {
  const { tenant, origin } = ctx;
  return enqueueEmail(tx, tenant.tenantId, {
    to,
    subject: `Your held spot was released: ${ref.className}, ${when(tenant, ref.startsAt)}`,
    text: [
      `The spot held for you in ${ref.className} on ${when(tenant, ref.startsAt)} was not confirmed by ${when(tenant, heldUntil)}, so it has been released and offered to the next person on the waitlist.`,
      'You are no longer on the waitlist for this class. You can book another class, or join this one again if it has room.',
      '',
      `Your classes: ${origin}/classes`,
      '',
      tenant.name,
    ].join('\n'),
  });
}

/** What a reminded place still owes at the studio: its invoice's balance when it is paid at the desk. */
export interface OwedAtStudio {
  payment: string | null;
  invoiceBalance: number | null;
  invoiceCurrency: string | null;
}

/** 'You pay $15.00 at the studio.' for a place booked to pay at the studio and not yet paid; else null. */
export function owedAtStudioLine(ref: Partial<OwedAtStudio>): string | null {
  if (ref.payment !== 'at_desk' || !ref.invoiceBalance || !ref.invoiceCurrency) return null;
  return `You pay ${formatMoney(Number(ref.invoiceBalance), ref.invoiceCurrency)} at the studio.`;
}

export function queueReminder(
  tx: Tx,
  tenant: TenantContext,
  to: string,
  ref: ClassRef & Partial<OwedAtStudio> & { roomName: string | null; joinUrl?: string | null },
) {
  const owed = owedAtStudioLine(ref);
  return enqueueEmail(tx, tenant.tenantId, {
    to,
    subject: `Reminder: ${ref.className}, ${when(tenant, ref.startsAt)}`,
    text: [
      `This is a reminder that you are booked for ${ref.className} on ${when(tenant, ref.startsAt)}${ref.roomName ? ` in ${ref.roomName}` : ''}.`,
      ...(owed ? ['', owed] : []),
      ...(ref.joinUrl ? ['', `The class is online. Join it here: ${ref.joinUrl}`] : []),
      '',
      tenant.name,
    ].join('\n'),
  });
}

export function queueSessionCancelled(tx: Tx, tenant: TenantContext, to: string, ref: ClassRef) {
  return enqueueEmail(tx, tenant.tenantId, {
    to,
    subject: `Cancelled: ${ref.className}, ${when(tenant, ref.startsAt)}`,
    text: [
      `${ref.className} on ${when(tenant, ref.startsAt)} has been cancelled. Your place in it is cancelled too.`,
      '',
      tenant.name,
    ].join('\n'),
  });
}

/** The desk moved a class (or its room): the place is kept; the person may cancel from their classes. */
export function queueSessionMoved(
  tx: Tx,
  ctx: MailContext,
  to: string,
  ref: ClassRef & { was: Date; roomName: string | null },
) {
  const { tenant, origin } = ctx;
  const moved = ref.was.getTime() !== ref.startsAt.getTime();
  const change = moved
    ? `${ref.className} on ${when(tenant, ref.was)} has moved to ${when(tenant, ref.startsAt)}${ref.roomName ? `, in ${ref.roomName}` : ''}.`
    : `${ref.className} on ${when(tenant, ref.startsAt)} is now in ${ref.roomName ?? 'another room'}.`;
  return enqueueEmail(tx, tenant.tenantId, {
    to,
    subject: `${moved ? 'New time' : 'New room'}: ${ref.className}, ${when(tenant, ref.startsAt)}`,
    text: [
      change,
      'Your place is kept. If the change does not suit you, you can cancel it from your classes.',
      '',
      `Your classes: ${origin}/classes`,
      '',
      tenant.name,
    ].join('\n'),
  });
}
