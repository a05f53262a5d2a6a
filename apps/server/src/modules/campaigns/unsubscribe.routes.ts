import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { campaignRecipients, contacts, emailSuppressions } from '../../db/schema/index.ts';
import { requireTenant } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { escapeHtml } from '../../site/sanitize.ts';
import { readUnsubscribeToken, type UnsubscribeTarget } from './campaign-mail.ts';

// The unsubscribe page and its one-click POST (RFC 8058; docs/decisions/campaigns.md "Unsubscribe").
// GET only shows the page (link scanners open links); POST unsubscribes, from a mail client's
// one-click (body `List-Unsubscribe=One-Click`) or from the page's button. Kept working whether or
// not the studio has campaigns on: an email already sent keeps its promise.

const TokenParams = z.object({ token: z.string().max(200) });
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function page(tenant: TenantContext, title: string, body: string): string {
  const colour =
    tenant.settings.themeColor && HEX_COLOUR.test(tenant.settings.themeColor) ? tenant.settings.themeColor : '#1d4ed8';
  const studio = escapeHtml(tenant.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${studio}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f4f5;color:#1f2937}
header{border-top:6px solid ${colour};background:#fff;padding:16px 24px;font-weight:600;font-size:18px}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:8px;padding:24px}
h1{font-size:24px;margin:0 0 12px}
button{font:inherit;font-weight:600;background:#1f2937;color:#fff;border:0;border-radius:6px;padding:10px 18px;cursor:pointer}
button:focus-visible{outline:3px solid ${colour};outline-offset:2px}
</style></head>
<body><header>${studio}</header><main>${body}</main></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

const invalid = (tenant: TenantContext) =>
  page(
    tenant,
    'Link not valid',
    '<h1>This link is not valid</h1><p>The unsubscribe link is incomplete or was not made for this studio. Use the link in the email you received.</p>',
  );

async function emailOf(platform: Platform, tenantId: string, target: UnsubscribeTarget): Promise<string | null> {
  return withTenant(platform.db, tenantId, async (tx) => {
    const [contact] = await tx
      .select({ email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, target.contactId)));
    return contact?.email ?? null;
  });
}

/** The contact opts out of the mailing list and the address is suppressed; pending campaign rows are skipped. */
export async function unsubscribe(platform: Platform, tenantId: string, target: UnsubscribeTarget): Promise<void> {
  await withTenant(platform.db, tenantId, async (tx) => {
    const [contact] = await tx
      .update(contacts)
      .set({ subscribeToMailingList: false, updatedAt: new Date() })
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, target.contactId)))
      .returning({ email: contacts.email });
    if (!contact) return;
    await tx
      .insert(emailSuppressions)
      .values({ tenantId, email: contact.email.toLowerCase(), reason: 'unsubscribed', campaignId: target.campaignId })
      .onConflictDoNothing();
    await tx
      .update(campaignRecipients)
      .set({ status: 'skipped' })
      .where(
        and(
          eq(campaignRecipients.tenantId, tenantId),
          eq(campaignRecipients.contactId, target.contactId),
          eq(campaignRecipients.status, 'pending'),
        ),
      );
  });
}

export function registerUnsubscribeRoutes(server: FastifyInstance, platform: Platform): void {
  server.withTypeProvider<ZodTypeProvider>().get(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary: "The studio's unsubscribe page for a campaign email (shows a button; GET changes nothing)",
        params: TokenParams,
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const target = await readUnsubscribeToken(platform, tenant.tenantId, request.params.token);
      if (!target) return send(reply, 404, invalid(tenant));
      const email = await emailOf(platform, tenant.tenantId, target);
      const who = email ? `<strong>${escapeHtml(email)}</strong>` : 'this address';
      return send(
        reply,
        200,
        page(
          tenant,
          'Unsubscribe',
          `<h1>Unsubscribe</h1><p>Stop campaign emails from ${escapeHtml(tenant.name)} to ${who}?</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    },
  );

  // Mail clients post `List-Unsubscribe=One-Click` as a form (or multipart); any body is taken and ignored.
  server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, null),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe/:token',
      {
        schema: {
          tags: ['campaigns'],
          summary: "Unsubscribe in one click (RFC 8058 List-Unsubscribe-Post, or the page's button)",
          params: TokenParams,
        },
      },
      async (request, reply) => {
        const tenant = requireTenant(request);
        const target = await readUnsubscribeToken(platform, tenant.tenantId, request.params.token);
        if (!target) return send(reply, 404, invalid(tenant));
        await unsubscribe(platform, tenant.tenantId, target);
        return send(
          reply,
          200,
          page(
            tenant,
            'Unsubscribed',
            `<h1>You are unsubscribed</h1><p>You will no longer receive campaign emails from ${escapeHtml(tenant.name)}. Emails about your bookings and payments still reach you.</p>`,
          ),
        );
      },
    );
  });
}
