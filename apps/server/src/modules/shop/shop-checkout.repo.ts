import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

export interface OnlineBuyerValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  /** Where the contact came from when made here (default 'Online store'). */
  leadSource?: string;
  /** How the contact came when made here (default: checkout). */
  source?: 'checkout' | 'donation';
}

/**
 * The contact with this email, made when there is none: a client who bought online, unread until
 * staff open them, with no password (they cannot log in until staff send credentials) and not on
 * the mailing list (buying is no consent to marketing). Two orders for a new address at once make
 * one contact (the unique email index, then a read).
 */
export async function findOrInsertBuyer(tx: Tx, tenantId: string, values: OnlineBuyerValues) {
  await tx
    .insert(contacts)
    .values({
      tenantId,
      email: values.email,
      passwordHash: null,
      name: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      address: values.address,
      role: 'student',
      statuses: ['client'],
      isUnread: true,
      leadSource: values.leadSource ?? 'Online store',
      source: values.source ?? 'checkout',
      subscribeToMailingList: false,
    })
    .onConflictDoNothing({ target: [contacts.tenantId, contacts.email] });
  const [row] = await tx
    .select({ id: contacts.id, isWalkin: contacts.isWalkin })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, values.email)));
  if (!row) throw new Error('online buyer could not be found or made');
  return row;
}
