import { and, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { readTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

/** A contact row by email, read as the tenant (tests). */
export function findContactByEmailForTest(app: App, tenantId: string, email: string) {
  return readTenant(app.platform.db, tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, email.toLowerCase())));
    return row;
  });
}
