import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, feedback } from '../../db/schema/index.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export interface FeedbackWithContact extends FeedbackRow {
  name: string;
  email: string;
  picture: string | null;
}

const withContact = {
  feedback,
  name: sql<string>`trim(${contacts.name} || ' ' || ${contacts.lastName})`,
  email: contacts.email,
  picture: contacts.picture,
};
const contactJoin = and(eq(contacts.tenantId, feedback.tenantId), eq(contacts.id, feedback.contactId));
const flatten = (row: { feedback: FeedbackRow; name: string; email: string; picture: string | null }) => ({
  ...row.feedback,
  name: row.name,
  email: row.email,
  picture: row.picture,
});

/** A page of the studio's feedback, newest first, with the members who sent it, and how many there are. */
export async function findFeedbackPage(
  tx: Tx,
  tenantId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: FeedbackWithContact[]; total: number }> {
  const rows = await tx
    .select(withContact)
    .from(feedback)
    .innerJoin(contacts, contactJoin)
    .where(eq(feedback.tenantId, tenantId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(feedback)
    .where(eq(feedback.tenantId, tenantId));
  return { rows: rows.map(flatten), total: count?.total ?? 0 };
}

export async function findFeedback(tx: Tx, tenantId: string, id: string): Promise<FeedbackWithContact | null> {
  const [row] = await tx
    .select(withContact)
    .from(feedback)
    .innerJoin(contacts, contactJoin)
    .where(and(eq(feedback.tenantId, tenantId), eq(feedback.id, id)))
    .limit(1);
  return row ? flatten(row) : null;
}

export async function insertFeedback(tx: Tx, tenantId: string, contactId: string, message: string): Promise<string> {
  const [row] = await tx.insert(feedback).values({ tenantId, contactId, message }).returning({ id: feedback.id });
  if (!row) throw new Error('feedback could not be written');
  return row.id;
}

/**
 * Keeps staff's answer; false when the feedback already holds this very answer (a double click, a
 * second tab: under the row lock the second write sees the first), so it is mailed once.
 */
export async function saveReply(
  tx: Tx,
  tenantId: string,
  id: string,
  reply: { reply: string; repliedByName: string },
): Promise<boolean> {
  const now = new Date();
  const rows = await tx
    .update(feedback)
    .set({ ...reply, repliedAt: now, updatedAt: now })
    .where(and(eq(feedback.tenantId, tenantId), eq(feedback.id, id), ne(feedback.reply, reply.reply)))
    .returning({ id: feedback.id });
  return rows.length > 0;
}

/** A staff member's name as their answer is signed. */
export async function contactName(tx: Tx, tenantId: string, contactId: string): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string>`trim(${contacts.name} || ' ' || ${contacts.lastName})` })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row?.name ?? '';
}
