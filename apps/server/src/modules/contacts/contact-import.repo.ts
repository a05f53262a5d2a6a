import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactImports, contacts } from '../../db/schema/index.ts';
import type { ValidContact } from './contact-import.plan.ts';

/** Rows per INSERT: well under Postgres' 65,535 parameters per statement. */
const BATCH = 1000;

/** Which of these (lower-case) emails the tenant already has: one query, the list as one JSON parameter. */
export async function findExistingEmails(tx: Tx, tenantId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        sql`${contacts.email} in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/**
 * Inserts the contacts in batches (inside the caller's transaction); an email taken meanwhile
 * (a race with another write) is skipped, not an error. Returns the contacts actually inserted:
 * their ids by email.
 */
export async function insertImportedContacts(
  tx: Tx,
  tenantId: string,
  rows: ValidContact[],
): Promise<Map<string, string>> {
  const inserted = new Map<string, string>();
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((row) => ({
      tenantId,
      email: row.email,
      name: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      role: 'student' as const,
      source: 'import' as const,
      hasSignedWaiverForm: row.hasSignedWaiverForm,
      subscribeToMailingList: row.subscribeToMailingList,
    }));
    const returned = await tx
      .insert(contacts)
      .values(values)
      .onConflictDoNothing({ target: [contacts.tenantId, contacts.email] })
      .returning({ id: contacts.id, email: contacts.email });
    for (const row of returned) inserted.set(row.email, row.id);
  }
  return inserted;
}

/** Deletes these contacts (an import's own, undone after it failed part-way). */
export async function deleteImportedContacts(tx: Tx, tenantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(contacts).where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)));
}

export type ImportLogRow = typeof contactImports.$inferSelect;

export async function insertImportLog(
  tx: Tx,
  tenantId: string,
  values: Omit<typeof contactImports.$inferInsert, 'tenantId' | 'id' | 'createdAt'>,
): Promise<ImportLogRow> {
  const [row] = await tx
    .insert(contactImports)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('import log insert returned nothing');
  return row;
}

export function findImportLogs(tx: Tx, tenantId: string, categoryId: string | undefined, limit: number) {
  return tx
    .select()
    .from(contactImports)
    .where(
      and(eq(contactImports.tenantId, tenantId), categoryId ? eq(contactImports.categoryId, categoryId) : undefined),
    )
    .orderBy(desc(contactImports.createdAt), desc(contactImports.id))
    .limit(limit);
}
