import {
  type CampaignAudience,
  phoneToE164,
  type SmsEstimate,
  smsSegmentPrice,
  smsSegments,
  smsText,
  studioDialCode,
} from '@atrium/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { smsOptOuts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { listCredentials } from '../integrations/integrations.repo.ts';
import { kindCondition, rowsOf } from './campaign-audience.ts';

// Who an SMS campaign texts (docs/decisions/campaigns.md "SMS campaigns"): the email audiences'
// kinds on the studio's members who take its marketing, each with a mobile number in E.164 (a
// national number gets the studio's country code), one text per number, never a number that
// texted STOP.

export interface SmsSettings {
  provider: 'twilio' | 'plivo' | null;
  senderId: string;
  footer: string;
  pageSize: number;
  pageWaitTime: number;
}

/** The studio's active SMS provider and its page settings (spec 2 §3 "SMS tenant"). */
export async function smsSettingsOf(tx: Tx, tenantId: string): Promise<SmsSettings> {
  const rows = await listCredentials(tx, tenantId, 'sms');
  const active = rows.find((row) => row.isIntegrated) ?? null;
  const pub = (active?.publicFields ?? {}) as Record<string, unknown>;
  const str = (key: string) => (typeof pub[key] === 'string' ? (pub[key] as string) : '');
  const num = (key: string, fallback: number) =>
    typeof pub[key] === 'number' && Number.isFinite(pub[key]) ? (pub[key] as number) : fallback;
  const provider = active?.provider === 'twilio' || active?.provider === 'plivo' ? active.provider : null;
  return {
    provider,
    senderId:
      provider === 'plivo'
        ? str('plivoSenderId')
        : provider === 'twilio'
          ? str('twilioPhone') || str('twilioMesagingId')
          : '',
    footer: str('footer'),
    pageSize: Math.max(1, num('pageSize', 250)),
    pageWaitTime: Math.max(0, num('pageWaitTime', 3)),
  };
}

/** The audience's condition on `contacts c` for texts: the studio's members who take its marketing. */
export function smsAudienceCondition(tenantId: string, audience: CampaignAudience, now: Date): SQL {
  return sql`c.tenant_id = ${tenantId}::uuid
    and c.role = 'student' and not c.is_walkin
    and c.subscribe_to_mailing_list
    and ${kindCondition(tenantId, audience, now)}`;
}

export interface SmsMember {
  contactId: string;
  phone: string;
  firstName: string;
  lastName: string;
}

export interface SmsAudience {
  members: SmsMember[];
  leftOutNoMobile: number;
  leftOutOptedOut: number;
}

/** The members to text, one per number (the first contact by id), and those left out, counted. */
export async function smsAudienceOf(
  tx: Tx,
  tenant: Pick<TenantContext, 'tenantId' | 'settings'>,
  audience: CampaignAudience,
  now: Date,
): Promise<SmsAudience> {
  const rows = await rowsOf<{ id: string; phone: string; name: string; last_name: string }>(
    tx,
    sql`select c.id, c.phone, c.name, c.last_name from contacts c
      where ${smsAudienceCondition(tenant.tenantId, audience, now)} order by c.id`,
  );
  const optedOut = new Set(
    (await tx.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.tenantId, tenant.tenantId))).map(
      (row) => row.phone,
    ),
  );
  const dialCode = studioDialCode(tenant.settings);
  const seen = new Set<string>();
  const members: SmsMember[] = [];
  let leftOutNoMobile = 0;
  let leftOutOptedOut = 0;
  for (const row of rows) {
    const phone = phoneToE164(row.phone, dialCode);
    if (!phone) leftOutNoMobile += 1;
    else if (optedOut.has(phone)) leftOutOptedOut += 1;
    else if (!seen.has(phone)) {
      seen.add(phone);
      members.push({ contactId: row.id, phone, firstName: row.name, lastName: row.last_name });
    }
  }
  return { members, leftOutNoMobile, leftOutOptedOut };
}

/** Segments and cost over every recipient's own text (a name outside the GSM set makes that text UCS-2). */
export function estimateOf(
  tenant: Pick<TenantContext, 'name'>,
  settings: SmsSettings,
  body: string,
  found: SmsAudience,
): SmsEstimate {
  let segments = 0;
  let segmentsPerMessage = 0;
  let unicodeRecipients = 0;
  let costMicroUsd = 0;
  for (const member of found.members) {
    const text = smsText(
      body,
      { firstName: member.firstName, lastName: member.lastName, studioName: tenant.name },
      settings.footer,
    );
    const counted = smsSegments(text);
    segments += counted.segments;
    segmentsPerMessage = Math.max(segmentsPerMessage, counted.segments);
    if (counted.encoding === 'UCS-2') unicodeRecipients += 1;
    if (settings.provider) costMicroUsd += counted.segments * smsSegmentPrice(settings.provider, member.phone);
  }
  const first = found.members[0];
  const sample = smsText(
    body,
    { firstName: first?.firstName ?? 'Alex', lastName: first?.lastName ?? '', studioName: tenant.name },
    settings.footer,
  );
  const counted = smsSegments(sample);
  const recipients = found.members.length;
  return {
    provider: settings.provider,
    senderId: settings.senderId,
    footer: settings.footer,
    recipients,
    leftOutNoMobile: found.leftOutNoMobile,
    leftOutOptedOut: found.leftOutOptedOut,
    segments,
    segmentsPerMessage,
    unicodeRecipients,
    sample,
    encoding: counted.encoding,
    units: counted.units,
    perSegment: counted.perSegment,
    costMicroUsd,
    pageSize: settings.pageSize,
    pageWaitTime: settings.pageWaitTime,
    pages: Math.ceil(recipients / settings.pageSize),
  };
}
