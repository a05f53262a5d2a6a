import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { readTenant, withTenant } from '../../db/client.ts';
import { smsCampaignRecipients, smsOptOuts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findCredential } from '../integrations/integrations.repo.ts';
import { CredentialVault, credentialsKey } from '../integrations/vault.ts';

// What Twilio and Plivo post to the studio (docs/decisions/campaigns.md "STOP"): an inbound text
// (STOP opts the number out, START opts it back in) and a text's delivery status. Each is signed
// with the studio's own auth token, over the address the provider called (the studio's origin from
// configuration, never the request's Host) and the posted fields.

/** Twilio's opt-out and opt-in keywords (its Advanced Opt-Out defaults), whole message, any case. */
export const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
export const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the URL then each field's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, key) => acc + key + fields[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * X-Plivo-Signature-V3 for a POST (no query): base64 HMAC-SHA256, keyed by the auth token, of
 * `{url}?{name}{value}…` (fields sorted by name), a dot and the X-Plivo-Signature-V3-Nonce.
 */
export function plivoSignatureV3(authToken: string, url: string, fields: Record<string, string>, nonce: string) {
  const keys = Object.keys(fields).sort();
  const base = keys.length > 0 ? `${url}?${keys.map((key) => key + fields[key]).join('')}` : url;
  return createHmac('sha256', authToken).update(`${base}.${nonce}`, 'utf8').digest('base64');
}

/** X-Plivo-Signature-V2: base64 HMAC-SHA256 of the URL (no query) then the X-Plivo-Signature-V2-Nonce. */
export function plivoSignatureV2(authToken: string, url: string, nonce: string): string {
  return createHmac('sha256', authToken).update(`${url}${nonce}`, 'utf8').digest('base64');
}

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

/** The auth token the studio keeps for a provider (configured or not active), or null. */
async function tokenOf(platform: Platform, tenantId: string, provider: 'twilio' | 'plivo'): Promise<string | null> {
  const row = await readTenant(platform.db, tenantId, (tx) => findCredential(tx, tenantId, provider));
  if (!row) return null;
  const vault = new CredentialVault(await credentialsKey(platform.db, platform.config));
  const secrets = vault.open(tenantId, provider, row);
  return (provider === 'twilio' ? secrets.twilioToken : secrets.plivoAuthToken) || null;
}

/** Whether the request is the provider's, signed with the studio's token over `path` on the studio's origin. */
export async function verifyProvider(
  platform: Platform,
  tenant: TenantContext,
  provider: 'twilio' | 'plivo',
  path: string,
  headers: Headers,
  fields: Record<string, string>,
): Promise<boolean> {
  const token = await tokenOf(platform, tenant.tenantId, provider);
  if (!token) return false;
  const url = `${tenantOrigin(platform.config, tenant)}${path}`;
  if (provider === 'twilio') {
    const signature = header(headers, 'x-twilio-signature');
    return !!signature && same(signature, twilioSignature(token, url, fields));
  }
  const v3 = header(headers, 'x-plivo-signature-v3');
  const v3Nonce = header(headers, 'x-plivo-signature-v3-nonce');
  if (v3 && v3Nonce) {
    const expected = plivoSignatureV3(token, url, fields, v3Nonce);
    return v3.split(',').some((candidate) => same(candidate.trim(), expected));
  }
  const v2 = header(headers, 'x-plivo-signature-v2');
  const v2Nonce = header(headers, 'x-plivo-signature-v2-nonce');
  return !!v2 && !!v2Nonce && same(v2, plivoSignatureV2(token, url.split('?')[0] ?? url, v2Nonce));
}

/** A number as the providers send it (Plivo leaves out the +) in E.164, or null. */
export function senderE164(from: string): string | null {
  const digits = from.trim().replace(/^\+/, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/** What an inbound text means: 'stop', 'start' or nothing. */
export function keywordOf(text: string): 'stop' | 'start' | null {
  const word = text
    .trim()
    .replace(/[.!\s]+$/, '')
    .toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

/** STOP opts the number out of the studio's campaign texts (pending rows skipped); START opts it back in. */
export async function applyInbound(
  platform: Platform,
  tenantId: string,
  provider: 'twilio' | 'plivo',
  from: string,
  text: string,
): Promise<'stop' | 'start' | null> {
  const phone = senderE164(from);
  const keyword = keywordOf(text);
  if (!phone || !keyword) return null;
  await withTenant(platform.db, tenantId, async (tx) => {
    if (keyword === 'start') {
      await tx.delete(smsOptOuts).where(and(eq(smsOptOuts.tenantId, tenantId), eq(smsOptOuts.phone, phone)));
      return;
    }
    await tx
      .insert(smsOptOuts)
      .values({ tenantId, phone, source: provider, keyword: text.trim().toUpperCase().slice(0, 20) })
      .onConflictDoNothing();
    await tx
      .update(smsCampaignRecipients)
      .set({ status: 'skipped', error: 'Opted out (STOP)' })
      .where(
        and(
          eq(smsCampaignRecipients.tenantId, tenantId),
          eq(smsCampaignRecipients.phone, phone),
          eq(smsCampaignRecipients.status, 'pending'),
        ),
      );
  });
  return keyword;
}

const DELIVERED = new Set(['delivered']);
const UNDELIVERED = new Set(['undelivered', 'failed', 'rejected']);

/** A delivery status for one of the studio's campaign texts: moves it forward (sent -> delivered or undelivered) only. */
export async function applyStatus(platform: Platform, tenantId: string, messageId: string, status: string) {
  const state = status.toLowerCase();
  const next = DELIVERED.has(state) ? 'delivered' : UNDELIVERED.has(state) ? 'undelivered' : null;
  if (!messageId || !next) return;
  await withTenant(platform.db, tenantId, (tx) =>
    tx
      .update(smsCampaignRecipients)
      .set(
        next === 'delivered'
          ? { status: next, deliveredAt: new Date() }
          : { status: next, error: `Provider status: ${state}` },
      )
      .where(
        and(
          eq(smsCampaignRecipients.tenantId, tenantId),
          eq(smsCampaignRecipients.providerMessageId, messageId),
          inArray(smsCampaignRecipients.status, ['sent', 'unconfirmed']),
        ),
      ),
  );
}
