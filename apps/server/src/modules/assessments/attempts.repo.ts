import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { assessmentAnswers, assessmentAttempts, assessmentTests, contacts } from '../../db/schema/index.ts';
import type { QuestionRow } from './test-questions.repo.ts';

// A member's attempts at a test: started (with its questions copied), found, locked, listed for grading, finished.

export type AttemptRow = typeof assessmentAttempts.$inferSelect;

export async function findAttempt(tx: Tx, tenantId: string, id: string, lock = false): Promise<AttemptRow | null> {
  const query = tx
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.tenantId, tenantId), eq(assessmentAttempts.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function attemptsOf(tx: Tx, tenantId: string, contactId: string, testId?: string) {
  return tx
    .select()
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.tenantId, tenantId),
        eq(assessmentAttempts.contactId, contactId),
        testId ? eq(assessmentAttempts.testId, testId) : undefined,
      ),
    )
    .orderBy(asc(assessmentAttempts.attemptNo));
}

/** Open attempts whose deadline has passed, locked (others busy with one skip it). */
export async function lockDueAttempts(tx: Tx, tenantId: string, now: Date, contactId?: string) {
  return tx
    .select()
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.tenantId, tenantId),
        eq(assessmentAttempts.status, 'inprogress'),
        sql`${assessmentAttempts.deadline} <= ${now.toISOString()}`,
        contactId ? eq(assessmentAttempts.contactId, contactId) : undefined,
      ),
    )
    .limit(200)
    .for('update', { skipLocked: true });
}

export async function insertAttempt(
  tx: Tx,
  tenantId: string,
  values: Omit<typeof assessmentAttempts.$inferInsert, 'tenantId'>,
  questions: QuestionRow[],
): Promise<AttemptRow | null> {
  const [row] = await tx
    .insert(assessmentAttempts)
    .values({ tenantId, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await tx.insert(assessmentAnswers).values(
    questions.map((q, position) => ({
      tenantId,
      attemptId: row.id,
      position,
      questionId: q.id,
      type: q.type,
      question: q.question,
      options: q.options,
      points: q.points,
      explanation: q.explanation,
      mediaUrl: q.mediaUrl,
      rubric: q.type === 'openended' ? q.rubric : [],
    })),
  );
  return row;
}

export async function updateAttempt(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<Pick<AttemptRow, 'status' | 'isPass' | 'score' | 'submittedAt'>> & { scored?: boolean },
): Promise<AttemptRow> {
  const { scored, ...rest } = values;
  const [row] = await tx
    .update(assessmentAttempts)
    .set({
      ...rest,
      ...(scored && { scoredCount: sql`${assessmentAttempts.scoredCount} + 1` }),
      updatedAt: new Date(),
    })
    .where(and(eq(assessmentAttempts.tenantId, tenantId), eq(assessmentAttempts.id, id)))
    .returning();
  if (!row) throw new Error('attempt update returned nothing');
  return row;
}

export interface AttemptFilter {
  kind: string;
  testId?: string;
  status?: string;
}

export async function findAttemptPage(
  tx: Tx,
  tenantId: string,
  filter: AttemptFilter,
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(assessmentAttempts.tenantId, tenantId),
    eq(assessmentTests.kind, filter.kind as 'test'),
    filter.testId ? eq(assessmentAttempts.testId, filter.testId) : undefined,
    filter.status ? eq(assessmentAttempts.status, filter.status as 'inprogress') : undefined,
  );
  const join = and(
    eq(assessmentTests.tenantId, assessmentAttempts.tenantId),
    eq(assessmentTests.id, assessmentAttempts.testId),
  );
  const rows = await tx
    .select({ attempt: assessmentAttempts })
    .from(assessmentAttempts)
    .innerJoin(assessmentTests, join)
    .where(where)
    // the ones to grade first, then the newest
    .orderBy(
      sql`case ${assessmentAttempts.status} when 'inreview' then 0 else 1 end`,
      desc(assessmentAttempts.startedAt),
      desc(assessmentAttempts.id),
    )
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(assessmentAttempts)
    .innerJoin(assessmentTests, join)
    .where(where);
  return { rows: rows.map((row) => row.attempt), total: count?.total ?? 0 };
}

export async function contactsOf(tx: Tx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, { name: `${row.name} ${row.lastName}`.trim(), email: row.email }]));
}
