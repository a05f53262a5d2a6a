import { and, eq, like } from 'drizzle-orm';
import { vi } from 'vitest';
import type { App } from '../src/app.ts';
import { contacts, outboxEmails } from '../src/db/schema/index.ts';

/**
 * Registers a member the way a person does: the registration call, then the link of the email it
 * writes (read from the outbox, so no SMTP server is needed). Answers the new contact's id.
 */
export async function registerMember(
  app: App,
  { host, tenantId }: { host: string; tenantId: string },
  payload: { email: string; password: string; name: string; lastName?: string },
): Promise<string> {
  const email = payload.email.toLowerCase();
  const registered = await app.inject({ method: 'POST', url: '/public/user/registration', headers: { host }, payload });
  if (registered.statusCode !== 200)
    throw new Error(`registration failed: ${registered.statusCode} ${registered.body}`);
  const link = await vi.waitFor(async () => {
    const [mail] = await app.platform.db
      .select({ text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.tenantId, tenantId),
          eq(outboxEmails.toAddress, email),
          like(outboxEmails.textBody, '%registration/confirm%'),
        ),
      );
    const found = mail?.text.match(/https?:\/\/\S+\/public\/user\/registration\/confirm\?token=\S+/)?.[0];
    if (!found) throw new Error(`no registration email to ${email}`);
    return new URL(found);
  });
  const confirmed = await app.inject({ url: link.pathname + link.search, headers: { host } });
  if (confirmed.headers.location !== '/login?registered=1') throw new Error(`confirmation failed: ${confirmed.body}`);
  const [contact] = await app.platform.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, email)));
  if (!contact) throw new Error(`no contact ${email}`);
  return contact.id;
}
