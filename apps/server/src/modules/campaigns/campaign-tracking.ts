import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { campaignRecipients, campaigns } from '../../db/schema/index.ts';
import { requireTenant } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { campaignKey, readUnsubscribeToken, type UnsubscribeTarget, unsubscribeSigner } from './campaign-mail.ts';

// Opens and clicks, where a campaign has tracking on (docs/decisions/campaigns.md "Opens and clicks"):
// a 1x1 image and links through the studio's own address, each carrying the recipient's signed ids
// (campaign and contact, bound to the studio); a link's address is signed with them, so the redirect
// goes only where the email pointed.

const PURPOSE = 'campaign-tracking';
const LINK_PURPOSE = 'campaign-link';
/** The smallest transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface Tracker {
  /** The recipient's HTML with its links wrapped and the image added. */
  track(html: string, target: UnsubscribeTarget): string;
}

const linkSignature = (key: Buffer, token: string, url: string) =>
  createHmac('sha256', key).update(token).update('\n').update(url).digest().subarray(0, 16).toString('base64url');

const decodeHtml = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const encodeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Made before a batch's transaction (loading the keys may query the database). Links to http(s)
 * addresses are wrapped except the unsubscribe link (it must work as written, and is not a click on
 * the content); the image goes last in the body.
 */
export async function trackerFor(platform: Platform, tenant: TenantContext): Promise<Tracker> {
  const sign = await unsubscribeSigner(platform, PURPOSE);
  const linkKey = await campaignKey(platform, LINK_PURPOSE);
  const origin = tenantOrigin(platform.config, tenant);
  return {
    track(html, target) {
      const token = sign(tenant.tenantId, target);
      const wrapped = html.replace(/(<a\b[^>]*?\bhref\s*=\s*")([^"]*)(")/gi, (whole, before, href: string, after) => {
        const url = decodeHtml(href.trim());
        if (!/^https?:\/\//i.test(url) || url.startsWith(`${origin}/unsubscribe/`)) return whole;
        const link = `${origin}/t/c/${token}?u=${encodeURIComponent(url)}&s=${linkSignature(linkKey, token, url)}`;
        return `${before}${encodeAttr(link)}${after}`;
      });
      const pixel = `<img src="${origin}/t/o/${token}.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
      return /<\/body>/i.test(wrapped) ? wrapped.replace(/<\/body>/i, `${pixel}</body>`) : `${wrapped}${pixel}`;
    },
  };
}

/** Counts an open (every one on the campaign; the recipient's first time kept). */
function recordOpen(platform: Platform, tenantId: string, target: UnsubscribeTarget): Promise<void> {
  return record(
    platform,
    tenantId,
    target,
    { openedAt: sql`coalesce(${campaignRecipients.openedAt}, now())` },
    { opens: sql`${campaigns.opens} + 1` },
  );
}

/** Counts a click; a click is also an open for the recipient (their images may be off), not for the count. */
function recordClick(platform: Platform, tenantId: string, target: UnsubscribeTarget): Promise<void> {
  return record(
    platform,
    tenantId,
    target,
    {
      clickedAt: sql`coalesce(${campaignRecipients.clickedAt}, now())`,
      openedAt: sql`coalesce(${campaignRecipients.openedAt}, now())`,
    },
    { clicks: sql`${campaigns.clicks} + 1` },
  );
}

/** Marks the recipient's row and, when the recipient is one of the campaign's, counts it on the campaign. */
async function record(
  platform: Platform,
  tenantId: string,
  target: UnsubscribeTarget,
  marks: PgUpdateSetSource<typeof campaignRecipients>,
  count: PgUpdateSetSource<typeof campaigns>,
): Promise<void> {
  await withTenant(platform.db, tenantId, async (tx) => {
    const [row] = await tx
      .update(campaignRecipients)
      .set(marks)
      .where(
        and(
          eq(campaignRecipients.tenantId, tenantId),
          eq(campaignRecipients.campaignId, target.campaignId),
          eq(campaignRecipients.contactId, target.contactId),
        ),
      )
      .returning({ contactId: campaignRecipients.contactId });
    if (!row) return;
    await tx
      .update(campaigns)
      .set(count)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, target.campaignId)));
  });
}

const OpenParams = z.object({ token: z.string().max(200) });
const ClickQuery = z.object({ u: z.string().max(4000).default(''), s: z.string().max(100).default('') });

export function registerTrackingRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/t/o/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'A campaign email was opened (a 1x1 image; counted when the link is valid)',
        params: OpenParams,
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const token = request.params.token.replace(/\.gif$/, '');
      const target = await readUnsubscribeToken(platform, tenant.tenantId, token, PURPOSE);
      if (target) await recordOpen(platform, tenant.tenantId, target);
      // The image either way: a broken image in an email helps no one.
      return reply
        .code(200)
        .type('image/gif')
        .header('Cache-Control', 'no-store, max-age=0')
        .header('Referrer-Policy', 'no-referrer')
        .send(PIXEL);
    },
  );
  app.get(
    '/t/c/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary: "A campaign link was clicked: counted, then on to the email's address (302); 404 when not signed",
        params: OpenParams,
        querystring: ClickQuery,
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { token } = request.params;
      const { u: url, s: given } = request.query;
      const target = await readUnsubscribeToken(platform, tenant.tenantId, token, PURPOSE);
      const expected = linkSignature(await campaignKey(platform, LINK_PURPOSE), token, url);
      const valid =
        !!target &&
        /^https?:\/\//i.test(url) &&
        given.length === expected.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      if (!valid || !target) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('This link is not valid. Use the link in the email you received.');
      }
      await recordClick(platform, tenant.tenantId, target);
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(url, 302);
    },
  );
}
