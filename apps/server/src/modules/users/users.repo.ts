import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, notificationSettings, passwordResets, refreshTokens } from '../../db/schema/index.ts';

export type UserRow = typeof contacts.$inferSelect;
export type NotificationRow = typeof notificationSettings.$inferSelect;
export type NotificationValues = Pick<NotificationRow, 'isNotifySales' | 'isNotifyContacts' | 'isNotifyPrograms'>;

/** Admin, staff and front desk of the tenant, by name. */
export function listStaffUsers(tx: Tx, tenantId: string): Promise<UserRow[]> {
  return tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.role, ['admin', 'staff', 'frontdesk'])))
    .orderBy(asc(sql`lower(${contacts.name})`), asc(sql`lower(${contacts.lastName})`), asc(contacts.id));
}

export async function findUser(tx: Tx, tenantId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id), eq(contacts.isWalkin, false)));
  return row;
}

/**
 * Locks the tenant's active admins other than `exceptId` and counts them. The row locks make two
 * concurrent demotions of the last two admins wait for each other, so one of them is refused.
 */
export async function countOtherActiveAdmins(tx: Tx, tenantId: string, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.role, 'admin'),
        eq(contacts.isSuspended, false),
        ne(contacts.id, exceptId),
      ),
    )
    .for('update');
  return rows.length;
}

export async function updateUserRow(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: Partial<Pick<UserRow, 'role' | 'isSuspended' | 'isTeacher'>>,
): Promise<UserRow> {
  const [row] = await tx
    .update(contacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
    .returning();
  if (!row) throw new Error('user update returned nothing');
  return row;
}

/** Ends every login session of the user: their refresh tokens stop working. */
export async function revokeUserSessions(tx: Tx, tenantId: string, contactId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, now())` })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.contactId, contactId)));
}

export async function findNotification(tx: Tx, tenantId: string, contactId: string) {
  const [row] = await tx
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.tenantId, tenantId), eq(notificationSettings.contactId, contactId)));
  return row;
}

export function listNotifications(tx: Tx, tenantId: string): Promise<NotificationRow[]> {
  return tx
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.tenantId, tenantId))
    .orderBy(asc(notificationSettings.contactId));
}

export async function upsertNotifications(
  tx: Tx,
  tenantId: string,
  records: Array<NotificationValues & { contactId: string }>,
): Promise<NotificationRow[]> {
  if (records.length === 0) return [];
  return tx
    .insert(notificationSettings)
    .values(records.map((record) => ({ ...record, tenantId })))
    .onConflictDoUpdate({
      target: [notificationSettings.tenantId, notificationSettings.contactId],
      set: {
        isNotifySales: sql`excluded.is_notify_sales`,
        isNotifyContacts: sql`excluded.is_notify_contacts`,
        isNotifyPrograms: sql`excluded.is_notify_programs`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
}

/** Ids of the tenant among `ids` (walk-in excluded); another tenant's ids find nothing. */
export async function existingUserIds(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids), eq(contacts.isWalkin, false)));
  return new Set(rows.map((row) => row.id));
}

export async function emailInUse(tx: Tx, tenantId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, email.toLowerCase())));
  return row !== undefined;
}

export async function insertStaffUser(
  tx: Tx,
  tenantId: string,
  values: Pick<UserRow, 'email' | 'name' | 'lastName' | 'phone' | 'role'>,
): Promise<UserRow> {
  const [row] = await tx
    .insert(contacts)
    .values({ ...values, tenantId, email: values.email.toLowerCase(), passwordHash: null })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function insertPasswordLink(
  tx: Tx,
  tenantId: string,
  values: { contactId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordResets).values({ ...values, tenantId });
}
