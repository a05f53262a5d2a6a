import { classTimeLabel, knownTimeZone } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { enqueueSms } from '../sms/sms-outbox.ts';
import { toE164 } from '../sms/sms-providers.ts';
import { type MailContext, type OwedAtStudio, owedAtStudioLine } from './scheduling-mail.ts';

// The text messages about a booking (decisions.md "SMS"): short, signed with the studio's name
// (white label), only when the account sends SMS reminders and the person has an international
// phone number. Written in the booking's transaction; sent after the commit through the studio's
// Twilio or Plivo.

interface ClassRef {
  className: string;
  startsAt: Date;
}

const when = (tenant: TenantContext, instant: Date) => classTimeLabel(instant, knownTimeZone(tenant.settings.timezone));

/** The number to text, or null (SMS reminders off, or no usable phone). */
export function textable(tenant: TenantContext, phone: string | null | undefined): string | null {
  return tenant.settings.isSendSmsReminder ? toE164(phone) : null;
}

export function smsReminderText(
  tenant: TenantContext,
  ref: ClassRef & Partial<OwedAtStudio> & { roomName: string | null },
): string {
  const room = ref.roomName ? `, ${ref.roomName}` : '';
  const owed = owedAtStudioLine(ref);
  return `${tenant.name}: reminder, you are booked for ${ref.className} on ${when(tenant, ref.startsAt)}${room}.${owed ? ` ${owed}` : ''}`;
}

export function queueSmsReminder(
  tx: Tx,
  tenant: TenantContext,
  to: string,
  ref: ClassRef & Partial<OwedAtStudio> & { roomName: string | null },
) {
  return enqueueSms(tx, tenant.tenantId, { to, kind: 'class-reminder', body: smsReminderText(tenant, ref) });
}

export function queueSmsHoldLapsed(tx: Tx, ctx: MailContext, to: string, ref: ClassRef) {
  const { tenant, origin } = ctx;
  return enqueueSms(tx, tenant.tenantId, {
    to,
    kind: 'waitlist-hold-lapsed',
    body: `${tenant.name}: the spot held for you in ${ref.className} on ${when(tenant, ref.startsAt)} was not confirmed in time and has been released. Your classes: ${origin}/classes`,
  });
}

export function queueSmsHoldOffered(tx: Tx, ctx: MailContext, to: string, ref: ClassRef, until: Date) {
  const { tenant, origin } = ctx;
  return enqueueSms(tx, tenant.tenantId, {
    to,
    kind: 'waitlist-hold',
    body: `${tenant.name}: a spot opened in ${ref.className} on ${when(tenant, ref.startsAt)}, held for you until ${when(tenant, until)}. Confirm or pass: ${origin}/classes`,
  });
}
