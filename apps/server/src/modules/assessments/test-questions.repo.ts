import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { qbankQuestions } from '../../db/schema/index.ts';

// A test's questions from the question bank: the fixed ones by id, or a random draw from its banks.

export type QuestionRow = typeof qbankQuestions.$inferSelect;

/** The questions of these ids that are the studio's. */
export async function findQuestions(tx: Tx, tenantId: string, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(qbankQuestions)
    .where(and(eq(qbankQuestions.tenantId, tenantId), inArray(qbankQuestions.id, ids)));
}

function inBanks(tenantId: string, banks: string[], gradedOnly: boolean): SQL | undefined {
  const lowered = banks.map((bank) => bank.toLocaleLowerCase());
  return and(
    eq(qbankQuestions.tenantId, tenantId),
    sql`lower(${qbankQuestions.bank}) in (${sql.join(
      lowered.map((bank) => sql`${bank}`),
      sql`, `,
    )})`,
    gradedOnly ? eq(qbankQuestions.type, 'graded') : undefined,
  );
}

export async function countInBanks(tx: Tx, tenantId: string, banks: string[], gradedOnly: boolean): Promise<number> {
  if (banks.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(qbankQuestions)
    .where(inBanks(tenantId, banks, gradedOnly));
  return row?.n ?? 0;
}

/** `count` questions drawn at random from the banks (a new draw for each attempt). */
export async function drawFromBanks(
  tx: Tx,
  tenantId: string,
  banks: string[],
  count: number,
  gradedOnly: boolean,
): Promise<QuestionRow[]> {
  if (banks.length === 0) return [];
  return tx
    .select()
    .from(qbankQuestions)
    .where(inBanks(tenantId, banks, gradedOnly))
    .orderBy(sql`random()`)
    .limit(count);
}
