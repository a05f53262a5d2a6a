import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { campaignRecipients, contacts, emailSuppressions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { requireTenant } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { campaignKey } from './campaign-mail.ts';

// Brevo's transactional webhooks (https://developers.brevo.com/docs/transactional-webhooks): a hard
// bounce, a spam complaint or an unsubscribe marks the address, so it is left out of every audience
// (docs/decisions/campaigns.md "Bounces and complaints"). The studio pastes its own address into
// Brevo; the secret in it is the studio's id signed with the platform's key, so nothing is stored and
// another studio's secret is a 404.

/** Brevo's event names and what they make of the address; other events (delivered, opened, …) are ignored. */
const SUPPRESSES = {
  hard_bounce: 'bounced',
  invalid_email: 'bounced',
  blocked: 'bounced',
  spam: 'complained',
  unsubscribed: 'unsubscribed',
} as const;
type SuppressingEvent = keyof typeof SUPPRESSES;

const PURPOSE = 'brevo-webhook';

const secretOf = (key: Buffer, tenantId: string) =>
  createHmac('sha256', key).update(tenantId).digest().subarray(0, 18).toString('base64url');

/** The address the studio gives Brevo for its webhooks (admins see it on the campaign screen). */
export async function brevoWebhookUrl(platform: Platform, tenant: TenantContext): Promise<string> {
  const secret = secretOf(await campaignKey(platform, PURPOSE), tenant.tenantId);
  return `${tenantOrigin(platform.config, tenant)}/webhooks/brevo/${secret}`;
}

/** One event of Brevo's payload (a single object, or a list when Brevo batches them). */
const BrevoEvent = z
  .object({
    event: z.string().max(100),
    email: z.string().max(320).optional(),
    'message-id': z.string().max(500).optional(),
  })
  .passthrough();
const BrevoPayload = z.union([BrevoEvent, z.array(BrevoEvent).max(1000)]);
type BrevoEvent = z.infer<typeof BrevoEvent>;

/** Marks the event's address: suppressed with the reason, and (unsubscribed) off the mailing list. */
export async function applyBrevoEvents(platform: Platform, tenantId: string, events: BrevoEvent[]): Promise<number> {
  let marked = 0;
  await withTenant(platform.db, tenantId, async (tx) => {
    for (const event of events) {
      if (!(event.event in SUPPRESSES) || !event.email?.includes('@')) continue;
      const reason = SUPPRESSES[event.event as SuppressingEvent];
      const email = event.email.trim().toLowerCase();
      // The campaign it came from, when the message id is one of this studio's sends.
      const [from] = event['message-id']
        ? await tx
            .select({ campaignId: campaignRecipients.campaignId })
            .from(campaignRecipients)
            .where(
              and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.messageId, event['message-id'])),
            )
            .limit(1)
        : [];
      // A later, stronger reason replaces a weaker one (an unsubscribed address that then complains).
      await tx
        .insert(emailSuppressions)
        .values({ tenantId, email, reason, campaignId: from?.campaignId ?? null })
        .onConflictDoUpdate({
          target: [emailSuppressions.tenantId, emailSuppressions.email],
          set: { reason, campaignId: from?.campaignId ?? null },
          where: sql`${emailSuppressions.reason} <> 'complained'`,
        });
      if (reason === 'unsubscribed') {
        await tx
          .update(contacts)
          .set({ subscribeToMailingList: false, updatedAt: new Date() })
          .where(and(eq(contacts.tenantId, tenantId), sql`lower(${contacts.email}) = ${email}`));
      }
      // Not in the rest of a campaign still sending.
      await tx
        .update(campaignRecipients)
        .set({ status: 'skipped' })
        .where(
          and(
            eq(campaignRecipients.tenantId, tenantId),
            sql`lower(${campaignRecipients.email}) = ${email}`,
            eq(campaignRecipients.status, 'pending'),
          ),
        );
      marked += 1;
    }
  });
  return marked;
}

export function registerBrevoWebhookRoutes(server: FastifyInstance, platform: Platform): void {
  server.withTypeProvider<ZodTypeProvider>().post(
    '/webhooks/brevo/:secret',
    {
      schema: {
        tags: ['campaigns'],
        summary:
          "Brevo's transactional webhook: hard_bounce, spam and unsubscribed mark the address (left out of audiences)",
        params: z.object({ secret: z.string().max(100) }),
        body: BrevoPayload,
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const expected = secretOf(await campaignKey(platform, PURPOSE), tenant.tenantId);
      const given = request.params.secret;
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        throw notFound('Page');
      }
      const events = Array.isArray(request.body) ? request.body : [request.body];
      return { marked: await applyBrevoEvents(platform, tenant.tenantId, events) };
    },
  );
}
