import { createHmac, timingSafeEqual } from 'node:crypto';
import { fillMergeFields } from '@atrium/contracts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { jwtSecret } from '../../secrets.ts';
import { escapeHtml } from '../../site/sanitize.ts';
import type { OutgoingEmail } from '../mail/outbox.ts';
import {
  type BrandValues,
  brandValues,
  type PreparedBody,
  personalise,
  plainTextOf,
  prepareMjmlBody,
  UNSUBSCRIBE_PLACEHOLDER,
} from './campaign-render.ts';

// What one recipient receives (docs/decisions/campaigns.md "Unsubscribe"): the body with their
// merge fields, a footer with the studio's unsubscribe link, and RFC 8058's one-click headers whose
// URL carries a token signed for this studio, campaign and contact.

const keys = new WeakMap<Platform, Map<string, Promise<Buffer>>>();

/** A campaign signing key for one purpose, derived from the platform's signing secret. */
export function campaignKey(platform: Platform, purpose: string): Promise<Buffer> {
  let map = keys.get(platform);
  if (!map) {
    map = new Map();
    keys.set(platform, map);
  }
  let key = map.get(purpose);
  if (!key) {
    key = jwtSecret(platform.db, platform.config).then((secret) =>
      createHmac('sha256', secret).update(purpose).digest(),
    );
    map.set(purpose, key);
  }
  return key;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const signature = (key: Buffer, tenantId: string, ids: Buffer) =>
  createHmac('sha256', key).update(tenantId).update(ids).digest().subarray(0, 16);

export interface UnsubscribeTarget {
  campaignId: string;
  contactId: string;
}

/**
 * Signs unsubscribe tokens: `{campaign}{contact}` (32 bytes) and a 128-bit signature that binds them to
 * the studio, base64url. Made before a transaction: loading the key may query the database, which on
 * PGlite (one connection) would wait forever behind an open transaction.
 */
export async function unsubscribeSigner(
  platform: Platform,
  purpose = 'campaign-unsubscribe',
): Promise<(tenantId: string, target: UnsubscribeTarget) => string> {
  const key = await campaignKey(platform, purpose);
  return (tenantId, target) => {
    const ids = Buffer.concat([uuidBytes(target.campaignId), uuidBytes(target.contactId)]);
    return `${ids.toString('base64url')}.${signature(key, tenantId, ids).toString('base64url')}`;
  };
}

/** The token's campaign and contact when its signature holds for this studio; null otherwise. */
export async function readUnsubscribeToken(
  platform: Platform,
  tenantId: string,
  token: string,
  purpose = 'campaign-unsubscribe',
): Promise<UnsubscribeTarget | null> {
  const match = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const ids = Buffer.from(match[1], 'base64url');
  const given = Buffer.from(match[2], 'base64url');
  if (ids.length !== 32 || given.length !== 16) return null;
  const expected = signature(await campaignKey(platform, purpose), tenantId, ids);
  if (!timingSafeEqual(given, expected)) return null;
  return { campaignId: uuidOf(ids.subarray(0, 16)), contactId: uuidOf(ids.subarray(16)) };
}

export const unsubscribeUrl = (platform: Platform, tenant: TenantContext, token: string) =>
  `${tenantOrigin(platform.config, tenant)}/unsubscribe/${token}`;

export interface CampaignMessage {
  subject: string;
  bodyHtml: string;
  bodyMjml: string;
  fromName: string;
  replyTo: string;
}

/** A recipient's own merge fields (the brand's are the studio's). */
export interface Person {
  firstName: string;
  lastName: string;
  membership: string;
  nextClass: string;
}

/** The rich-text body (no design) in the platform's simple email frame, with the footer. */
function prepareHtmlBody(tenant: TenantContext, brand: BrandValues, bodyHtml: string): PreparedBody {
  const escapedBrand = Object.fromEntries(Object.entries(brand).map(([key, value]) => [key, escapeHtml(value)]));
  const body = fillMergeFields(bodyHtml, escapedBrand);
  const studio = escapeHtml(tenant.name);
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f4f4f5"><div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">
${body}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:32px 0 16px">
<p style="font-size:13px;color:#4b5563">You receive this email from ${studio}. <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#1d4ed8">Unsubscribe</a></p>
</div></body></html>`;
  const text = `${plainTextOf(body)}\n\n--\nYou receive this email from ${tenant.name}. Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`;
  return { html, text };
}

/**
 * The body every recipient's copy is made from, prepared once per batch: a design rendered by mjml,
 * or the rich-text body in a simple frame. The brand is filled in; recipients' fields are not.
 */
export function prepareCampaignBody(
  platform: Platform,
  tenant: TenantContext,
  message: Pick<CampaignMessage, 'bodyHtml' | 'bodyMjml'>,
): Promise<PreparedBody> {
  if (message.bodyMjml.trim()) return prepareMjmlBody(platform, tenant, message.bodyMjml);
  return Promise.resolve(prepareHtmlBody(tenant, brandValues(platform, tenant), message.bodyHtml));
}

/** One recipient's email: merge fields filled (escaped in the HTML), the footer and the one-click headers. */
export function campaignEmail(
  platform: Platform,
  tenant: TenantContext,
  message: CampaignMessage,
  prepared: PreparedBody,
  to: string,
  person: Person,
  unsubscribe: string,
): OutgoingEmail {
  const values = { ...brandValues(platform, tenant), ...person };
  const { html, text } = personalise(prepared, values, unsubscribe);
  return {
    to,
    subject: fillMergeFields(message.subject, values),
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    sender: {
      ...(message.fromName.trim() ? { name: message.fromName.trim() } : {}),
      ...(message.replyTo.trim() ? { replyTo: message.replyTo.trim() } : {}),
    },
  };
}
