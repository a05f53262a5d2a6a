import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qbankQuestions } from '../../db/schema/index.ts';

export type QuestionRow = typeof qbankQuestions.$inferSelect;
export type QuestionValues = Pick<
  QuestionRow,
  'bank' | 'type' | 'question' | 'options' | 'points' | 'explanation' | 'rubric' | 'tags' | 'mediaUrl'
>;

export interface QuestionFilter {
  search?: string;
  bank?: string;
  tag?: string;
  type?: string;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(tenantId: string, filter: QuestionFilter): SQL | undefined {
  return and(
    eq(qbankQuestions.tenantId, tenantId),
    filter.bank ? sql`lower(${qbankQuestions.bank}) = lower(${filter.bank})` : undefined,
    filter.type ? eq(qbankQuestions.type, filter.type) : undefined,
    filter.tag
      ? sql`exists (select 1 from unnest(${qbankQuestions.tags}) as t(tag) where lower(t.tag) = lower(${filter.tag}))`
      : undefined,
    filter.search ? ilike(qbankQuestions.question, `%${likeEscape(filter.search)}%`) : undefined,
  );
}

/** A page of the studio's questions (bank by bank, newest first in each), and how many match. */
export async function findQuestionPage(
  tx: Tx,
  tenantId: string,
  filter: QuestionFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: QuestionRow[]; total: number }> {
  const rows = await tx
    .select()
    .from(qbankQuestions)
    .where(where(tenantId, filter))
    .orderBy(asc(qbankQuestions.bank), desc(qbankQuestions.createdAt), desc(qbankQuestions.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(qbankQuestions)
    .where(where(tenantId, filter));
  return { rows, total: count?.total ?? 0 };
}

/** Every bank name and tag the studio uses, sorted. */
export async function findBanksAndTags(tx: Tx, tenantId: string): Promise<{ banks: string[]; tags: string[] }> {
  const banks = await tx
    .selectDistinct({ bank: qbankQuestions.bank })
    .from(qbankQuestions)
    .where(eq(qbankQuestions.tenantId, tenantId))
    .orderBy(asc(qbankQuestions.bank));
  const tags = await tx
    .selectDistinct({ tag: sql<string>`unnest(${qbankQuestions.tags})` })
    .from(qbankQuestions)
    .where(eq(qbankQuestions.tenantId, tenantId))
    .orderBy(sql`1`);
  return { banks: banks.map((row) => row.bank), tags: tags.map((row) => row.tag) };
}

export async function findQuestion(tx: Tx, tenantId: string, id: string): Promise<QuestionRow | null> {
  const [row] = await tx
    .select()
    .from(qbankQuestions)
    .where(and(eq(qbankQuestions.tenantId, tenantId), eq(qbankQuestions.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertQuestions(tx: Tx, tenantId: string, values: QuestionValues[]): Promise<QuestionRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(qbankQuestions)
    .values(values.map((v) => ({ tenantId, ...v })))
    .returning();
}

export async function updateQuestion(
  tx: Tx,
  tenantId: string,
  id: string,
  values: QuestionValues,
): Promise<QuestionRow | null> {
  const [row] = await tx
    .update(qbankQuestions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(qbankQuestions.tenantId, tenantId), eq(qbankQuestions.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteQuestion(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(qbankQuestions)
    .where(and(eq(qbankQuestions.tenantId, tenantId), eq(qbankQuestions.id, id)))
    .returning({ id: qbankQuestions.id });
  return rows.length > 0;
}
