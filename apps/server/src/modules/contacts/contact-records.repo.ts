import { and, asc, count, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactGuardians, contacts } from '../../db/schema/index.ts';
import { contactIdentityColumns } from './contact-columns.ts';
import { matchesText } from './contact-list.repo.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = Omit<typeof contacts.$inferInsert, 'tenantId' | 'id'>;
export type ContactChanges = Partial<Omit<typeof contacts.$inferInsert, 'tenantId' | 'id' | 'createdAt'>>;

export async function findContact(tx: Tx, tenantId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  return row;
}

export async function findContactsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)));
}

/** Whether another contact of the tenant already has this email. */
export async function emailTaken(tx: Tx, tenantId: string, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.email, email.toLowerCase()),
        exceptId ? ne(contacts.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertContactRecord(tx: Tx, tenantId: string, values: NewContactRow): Promise<ContactRow> {
  const [row] = await tx
    .insert(contacts)
    .values({ ...values, tenantId, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('contact insert returned nothing');
  return row;
}

export async function updateContactRecord(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: ContactChanges,
): Promise<ContactRow | undefined> {
  const [row] = await tx
    .update(contacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
    .returning();
  return row;
}

export async function deleteContactRecords(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  const rows = await tx
    .delete(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)))
    .returning({ id: contacts.id });
  return rows.length;
}

export async function findWalkin(tx: Tx, tenantId: string): Promise<ContactRow | undefined> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.isWalkin, true)));
  return row;
}

/** Creates the tenant's walk-in contact unless it exists (the partial unique index settles a race). */
export async function insertWalkinIfMissing(tx: Tx, tenantId: string, email: string): Promise<void> {
  await tx
    .insert(contacts)
    .values({ tenantId, email, name: 'Walk-in', lastName: 'Customer', role: 'student', isWalkin: true })
    .onConflictDoNothing();
}

const relativeColumns = contactIdentityColumns;

export function findChildren(tx: Tx, tenantId: string, guardianId: string) {
  return tx
    .select(relativeColumns)
    .from(contactGuardians)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, contactGuardians.tenantId), eq(contacts.id, contactGuardians.childId)),
    )
    .where(and(eq(contactGuardians.tenantId, tenantId), eq(contactGuardians.guardianId, guardianId)))
    .orderBy(asc(contacts.name), asc(contacts.lastName));
}

export function findGuardians(tx: Tx, tenantId: string, childId: string) {
  return tx
    .select(relativeColumns)
    .from(contactGuardians)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, contactGuardians.tenantId), eq(contacts.id, contactGuardians.guardianId)),
    )
    .where(and(eq(contactGuardians.tenantId, tenantId), eq(contactGuardians.childId, childId)))
    .orderBy(asc(contacts.name), asc(contacts.lastName));
}

/** Links guardian and child; linking twice is a no-op. */
export async function linkGuardian(tx: Tx, tenantId: string, guardianId: string, childId: string): Promise<void> {
  await tx.insert(contactGuardians).values({ tenantId, guardianId, childId }).onConflictDoNothing();
}

/** Whether `ancestorId` is already below `contactId` (a child, grandchild, ...): linking would make a loop. */
export async function isDescendant(tx: Tx, tenantId: string, contactId: string, ancestorId: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    with recursive below(id) as (
      select child_id from contact_guardians where tenant_id = ${tenantId} and guardian_id = ${contactId}
      union
      select g.child_id from contact_guardians g join below b on g.guardian_id = b.id where g.tenant_id = ${tenantId}
    )
    select 1 as found from below where id = ${ancestorId} limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The tenant's contacts that are a guardian of someone, by name; `q` as the contact list's search. */
export async function findTenantGuardians(
  tx: Tx,
  tenantId: string,
  page: { start: number; max: number; q?: string },
): Promise<{ rows: RelativeRow[]; total: number }> {
  const isGuardian = exists(
    tx
      .select({ one: sql`1` })
      .from(contactGuardians)
      .where(and(eq(contactGuardians.tenantId, tenantId), eq(contactGuardians.guardianId, contacts.id))),
  );
  const where = and(eq(contacts.tenantId, tenantId), isGuardian, page.q ? matchesText(page.q) : undefined);
  const rows = await tx
    .select(relativeColumns)
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.name), asc(contacts.lastName), asc(contacts.id))
    .limit(page.max)
    .offset(page.start);
  const [counted] = await tx.select({ total: count() }).from(contacts).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export type RelativeRow = Awaited<ReturnType<typeof findChildren>>[number];

/** Removes one guardian-child link; false when there was none. */
export async function unlinkGuardian(tx: Tx, tenantId: string, guardianId: string, childId: string): Promise<boolean> {
  const removed = await tx
    .delete(contactGuardians)
    .where(
      and(
        eq(contactGuardians.tenantId, tenantId),
        eq(contactGuardians.guardianId, guardianId),
        eq(contactGuardians.childId, childId),
      ),
    )
    .returning({ id: contactGuardians.id });
  return removed.length > 0;
}
