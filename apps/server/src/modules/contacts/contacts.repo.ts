import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { escapeLike, fullName, matchesText } from './contact-list.repo.ts';

export function listStaffContacts(tx: Tx, tenantId: string) {
  return tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.role, ['admin', 'staff', 'frontdesk'])))
    .orderBy(asc(contacts.name), asc(contacts.lastName));
}

/** Part of a first name, last name, full name, email or phone; best matches (prefix) first. No walk-in. */
export function autocompleteContacts(tx: Tx, tenantId: string, query: string, limit: number) {
  return tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.isWalkin, false), matchesText(query)))
    .orderBy(sql`case when ${fullName} ilike ${`${escapeLike(query)}%`} then 0 else 1 end`, asc(contacts.name))
    .limit(limit);
}
