import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

export function listStaffContacts(tx: Tx, tenantId: string) {
  return tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.role, ['admin', 'staff', 'frontdesk'])))
    .orderBy(asc(contacts.name), asc(contacts.lastName));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Part of a first name, last name, full name or email; best matches (prefix) first. */
export function autocompleteContacts(tx: Tx, tenantId: string, query: string, limit: number) {
  const pattern = `%${escapeLike(query)}%`;
  const fullName = sql`(${contacts.name} || ' ' || ${contacts.lastName})`;
  return tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        or(ilike(contacts.email, pattern), ilike(fullName, pattern), ilike(contacts.lastName, pattern)),
      ),
    )
    .orderBy(sql`case when ${fullName} ilike ${`${escapeLike(query)}%`} then 0 else 1 end`, asc(contacts.name))
    .limit(limit);
}
