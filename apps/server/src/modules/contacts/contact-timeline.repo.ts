import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactActivities, contactNotes } from '../../db/schema/index.ts';

export type NoteRow = typeof contactNotes.$inferSelect;
export type ActivityRow = typeof contactActivities.$inferSelect;

export function findNotes(tx: Tx, tenantId: string, contactId: string) {
  return tx
    .select()
    .from(contactNotes)
    .where(and(eq(contactNotes.tenantId, tenantId), eq(contactNotes.contactId, contactId)))
    .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id));
}

export async function insertNote(
  tx: Tx,
  tenantId: string,
  values: { contactId: string; body: string; authorId: string; authorName: string },
): Promise<NoteRow> {
  const [row] = await tx
    .insert(contactNotes)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('note insert returned nothing');
  return row;
}

export async function updateNote(
  tx: Tx,
  tenantId: string,
  contactId: string,
  noteId: string,
  body: string,
): Promise<NoteRow | undefined> {
  const [row] = await tx
    .update(contactNotes)
    .set({ body, updatedAt: new Date() })
    .where(and(eq(contactNotes.tenantId, tenantId), eq(contactNotes.contactId, contactId), eq(contactNotes.id, noteId)))
    .returning();
  return row;
}

export async function deleteNote(tx: Tx, tenantId: string, contactId: string, noteId: string): Promise<boolean> {
  const rows = await tx
    .delete(contactNotes)
    .where(and(eq(contactNotes.tenantId, tenantId), eq(contactNotes.contactId, contactId), eq(contactNotes.id, noteId)))
    .returning({ id: contactNotes.id });
  return rows.length > 0;
}

export function findActivities(tx: Tx, tenantId: string, contactId: string) {
  return tx
    .select()
    .from(contactActivities)
    .where(and(eq(contactActivities.tenantId, tenantId), eq(contactActivities.contactId, contactId)))
    .orderBy(desc(contactActivities.occurredAt), desc(contactActivities.createdAt));
}

export type NewActivity = Omit<typeof contactActivities.$inferInsert, 'tenantId' | 'id'>;

export async function insertActivity(tx: Tx, tenantId: string, values: NewActivity): Promise<ActivityRow> {
  const [row] = await tx
    .insert(contactActivities)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('activity insert returned nothing');
  return row;
}

export async function updateActivity(
  tx: Tx,
  tenantId: string,
  contactId: string,
  activityId: string,
  changes: Partial<Pick<NewActivity, 'type' | 'title' | 'description' | 'occurredAt'>>,
): Promise<ActivityRow | undefined> {
  const [row] = await tx
    .update(contactActivities)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(contactActivities.tenantId, tenantId),
        eq(contactActivities.contactId, contactId),
        eq(contactActivities.id, activityId),
      ),
    )
    .returning();
  return row;
}

export async function deleteActivity(
  tx: Tx,
  tenantId: string,
  contactId: string,
  activityId: string,
): Promise<boolean> {
  const rows = await tx
    .delete(contactActivities)
    .where(
      and(
        eq(contactActivities.tenantId, tenantId),
        eq(contactActivities.contactId, contactId),
        eq(contactActivities.id, activityId),
      ),
    )
    .returning({ id: contactActivities.id });
  return rows.length > 0;
}
