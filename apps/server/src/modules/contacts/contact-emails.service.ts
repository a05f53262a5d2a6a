import type { ContactEmailList, ContactEmailsQuery } from '@atrium/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, withTenant } from '../../db/client.ts';
import { contacts, outboxEmails } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';

/**
 * POST /esend/email/contact: the outbox rows of this tenant addressed to one of its contacts, newest
 * first. Subject, status and times only: the bodies hold one-time tokens (reset, claim, verify links).
 * An address that is no contact of the tenant is a 404. Runs under the tenant's RLS like every read.
 */
export function listContactEmails(
  db: Db,
  tenant: TenantContext,
  email: string,
  page: z.output<typeof ContactEmailsQuery>,
): Promise<ContactEmailList> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.email, email)))
      .limit(1);
    if (!contact) throw notFound('Contact');
    const where = and(eq(outboxEmails.tenantId, tenant.tenantId), sql`lower(${outboxEmails.toAddress}) = ${email}`);
    const rows = await tx
      .select({
        id: outboxEmails.id,
        subject: outboxEmails.subject,
        status: outboxEmails.status,
        createdAt: outboxEmails.createdAt,
        sentAt: outboxEmails.sentAt,
      })
      .from(outboxEmails)
      .where(where)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(page.max)
      .offset(page.start);
    const [counted] = await tx.select({ total: count() }).from(outboxEmails).where(where);
    return {
      recordsTotal: counted?.total ?? 0,
      data: rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt ? row.sentAt.toISOString() : null,
      })),
    };
  });
}
