import { and, eq, like } from 'drizzle-orm';
import { vi } from 'vitest';
import type { App } from '../src/app.ts';
import { contacts, outboxEmails } from '../src/db/schema/index.ts';

/**
 * Registers a member the way a person does: the registration call, then the page of the email's
 * link, where the password is chosen (the email is read from the outbox, so no SMTP server is
 * needed). Answers the new contact's id.
 */
export async function registerMember(
  app: App,
  { host, tenantId }: { host: string; tenantId: string },
  payload: { email: string; password: string; name: string; lastName?: string },
): Promise<string> {
  const email = payload.email.toLowerCase();
  const { password, ...asked } = payload;
  const registered = await app.inject({
    method: 'POST',
    url: '/public/user/registration',
    headers: { host },
    payload: asked,
  });
  if (registered.statusCode !== 200)
    throw new Error(`registration failed: ${registered.statusCode} ${registered.body}`);
  const link = await vi.waitFor(
    async () => {
      const [mail] = await app.platform.db
        .select({ text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.tenantId, tenantId),
            eq(outboxEmails.toAddress, email),
            like(outboxEmails.textBody, '%/register/confirm?token=%'),
          ),
        );
      const found = mail?.text.match(/https?:\/\/\S+\/register\/confirm\?token=\S+/)?.[0];
      if (!found) throw new Error(`no registration email to ${email}`);
      return new URL(found);
      // (the mail is written after the answer: seconds on a busy machine, not vi.waitFor's default 1 s)
    },
    { timeout: 10_000, interval: 50 },
  );
  const confirmed = await app.inject({
    method: 'POST',
    url: '/public/user/registration/confirm',
    headers: { host },
    payload: { token: link.searchParams.get('token'), password },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  const [contact] = await app.platform.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, email)));
  if (!contact) throw new Error(`no contact ${email}`);
  return contact.id;
}
