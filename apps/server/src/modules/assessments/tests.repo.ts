import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { assessmentAttempts, assessmentTests } from '../../db/schema/index.ts';
import { escapeLike } from '../contacts/contact-list.repo.ts';

// The studio's tests and quizzes themselves (spec: Tests): listed, read, written, with their attempt counts.

export type TestRow = typeof assessmentTests.$inferSelect;
export type TestValues = Omit<typeof assessmentTests.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

export async function findTestPage(
  tx: Tx,
  tenantId: string,
  filter: { kind: string; search?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: TestRow[]; total: number }> {
  const where = and(
    eq(assessmentTests.tenantId, tenantId),
    eq(assessmentTests.kind, filter.kind as 'test'),
    filter.search ? ilike(assessmentTests.name, `%${escapeLike(filter.search)}%`) : undefined,
  );
  const rows = await tx
    .select()
    .from(assessmentTests)
    .where(where)
    .orderBy(desc(assessmentTests.createdAt), desc(assessmentTests.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(assessmentTests).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findTest(tx: Tx, tenantId: string, id: string, lock = false): Promise<TestRow | null> {
  const query = tx
    .select()
    .from(assessmentTests)
    .where(and(eq(assessmentTests.tenantId, tenantId), eq(assessmentTests.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertTest(tx: Tx, tenantId: string, values: TestValues): Promise<TestRow> {
  const [row] = await tx
    .insert(assessmentTests)
    .values({ tenantId, ...values })
    .returning();
  if (!row) throw new Error('test could not be written');
  return row;
}

export async function updateTest(tx: Tx, tenantId: string, id: string, values: TestValues): Promise<TestRow | null> {
  const [row] = await tx
    .update(assessmentTests)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(assessmentTests.tenantId, tenantId), eq(assessmentTests.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTest(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(assessmentTests).where(and(eq(assessmentTests.tenantId, tenantId), eq(assessmentTests.id, id)));
}

export async function attemptCounts(tx: Tx, tenantId: string, testIds: string[]): Promise<Map<string, number>> {
  if (testIds.length === 0) return new Map();
  const rows = await tx
    .select({ testId: assessmentAttempts.testId, n: sql<number>`count(*)::int` })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.tenantId, tenantId), inArray(assessmentAttempts.testId, testIds)))
    .groupBy(assessmentAttempts.testId);
  return new Map(rows.map((row) => [row.testId, row.n]));
}

export async function testNames(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, TestRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(assessmentTests)
    .where(and(eq(assessmentTests.tenantId, tenantId), inArray(assessmentTests.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}
