import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { hotStatement, type Tx } from '../../db/client.ts';
import { assessmentAnswers, assessmentAttempts, refreshTokens } from '../../db/schema/index.ts';
import type { AttemptRow } from './attempts.repo.ts';

// An attempt's answers: read, saved (the hot path in one prepared statement), graded.

export type AnswerRow = typeof assessmentAnswers.$inferSelect;

export async function answersOf(tx: Tx, tenantId: string, attemptIds: string[]): Promise<AnswerRow[]> {
  if (attemptIds.length === 0) return [];
  return tx
    .select()
    .from(assessmentAnswers)
    .where(and(eq(assessmentAnswers.tenantId, tenantId), inArray(assessmentAnswers.attemptId, attemptIds)))
    .orderBy(asc(assessmentAnswers.attemptId), asc(assessmentAnswers.position));
}

export async function findAnswer(tx: Tx, tenantId: string, attemptId: string, position: number) {
  const [row] = await tx
    .select()
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.tenantId, tenantId),
        eq(assessmentAnswers.attemptId, attemptId),
        eq(assessmentAnswers.position, position),
      ),
    );
  return row ?? null;
}

export async function updateAnswer(
  tx: Tx,
  tenantId: string,
  attemptId: string,
  position: number,
  values: Partial<
    Pick<AnswerRow, 'selected' | 'text' | 'savedAt' | 'awarded' | 'comment' | 'rubricScores' | 'gradedBy' | 'gradedAt'>
  >,
): Promise<void> {
  await tx
    .update(assessmentAnswers)
    .set(values)
    .where(
      and(
        eq(assessmentAnswers.tenantId, tenantId),
        eq(assessmentAnswers.attemptId, attemptId),
        eq(assessmentAnswers.position, position),
      ),
    );
}

/** Whether an answer after this position was saved (a forward-only attempt then takes none here). */
export async function answeredAfter(tx: Tx, tenantId: string, attemptId: string, position: number): Promise<boolean> {
  const rows = await tx
    .select({ position: assessmentAnswers.position })
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.tenantId, tenantId),
        eq(assessmentAnswers.attemptId, attemptId),
        sql`${assessmentAnswers.position} > ${position}`,
        isNotNull(assessmentAnswers.savedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the login session (refresh-token family) has a revoked token: the session gate's question, asked fresh. */
export async function sessionEnded(tx: Tx, tenantId: string, familyId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tenantId, tenantId),
        eq(refreshTokens.familyId, familyId),
        isNotNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The attempt, locked, with one of its answers: an answer save's one read. */
export async function lockAttemptWithAnswer(
  tx: Tx,
  tenantId: string,
  id: string,
  position: number,
): Promise<{ attempt: AttemptRow; answer: AnswerRow | null } | null> {
  const [row] = await tx
    .select({ attempt: assessmentAttempts, answer: assessmentAnswers })
    .from(assessmentAttempts)
    .leftJoin(
      assessmentAnswers,
      and(
        eq(assessmentAnswers.tenantId, assessmentAttempts.tenantId),
        eq(assessmentAnswers.attemptId, assessmentAttempts.id),
        eq(assessmentAnswers.position, position),
      ),
    )
    .where(and(eq(assessmentAttempts.tenantId, tenantId), eq(assessmentAttempts.id, id)))
    .for('update', { of: assessmentAttempts });
  return row ?? null;
}

const saveValue = (name: string) => sql.placeholder(name);

/**
 * The answer save's statement, built once and sent as the named prepared statement
 * `assessment_answer_save` (parsed, analysed and planned once per connection; see saveOpenAnswer).
 */
const saveStatement = hotStatement<{ deadline: string | Date | null }>(
  sql`
    -- the attempt by its primary key alone, so no plan walks the tenant's attempts by status (with no
    -- statistics yet the planner took (tenant_id, status) and filtered every open attempt); its owner,
    -- status and deadline are checked below on the row as locked (after a submit it waited for: the
    -- submitted one)
    with open_attempt as (
      select id, contact_id, status, deadline, no_going_back from assessment_attempts
      where tenant_id = ${saveValue('tenantId')} and id = ${saveValue('attemptId')}
        -- the login session has not ended (the route skips the session gate's own query)
        and not exists (
          select 1 from refresh_tokens rt
          where rt.tenant_id = ${saveValue('tenantId')} and rt.family_id = ${saveValue('sessionId')}
            and rt.revoked_at is not null)
      for share
    )
    update assessment_answers as an set
      selected = case when an.type = 'openended' then null else ${saveValue('selected')}::integer[] end,
      text = case when an.type = 'openended' then ${saveValue('text')}::text else null end,
      saved_at = ${saveValue('now')}::timestamptz
    from open_attempt
    where open_attempt.contact_id = ${saveValue('contactId')} and open_attempt.status = 'inprogress'
      and (open_attempt.deadline is null or open_attempt.deadline > ${saveValue('now')}::timestamptz)
      and an.tenant_id = ${saveValue('tenantId')} and an.attempt_id = open_attempt.id
      and an.position = ${saveValue('position')}::int
      -- forward only: no answer once a later question has one
      and (not open_attempt.no_going_back or not exists (
        select 1 from assessment_answers later
        where later.tenant_id = ${saveValue('tenantId')} and later.attempt_id = open_attempt.id
          and later.position > ${saveValue('position')}::int and later.saved_at is not null))
      and case when an.type = 'openended' then ${saveValue('count')}::int = 0
          else ${saveValue('text')}::text = '' and ${saveValue('highest')}::int < jsonb_array_length(an.options)
            and (an.type = 'multichoice' or ${saveValue('count')}::int <= 1) end
    returning open_attempt.deadline`,
  'assessment_answer_save',
);

/**
 * An answer save in one statement (the hot path, 10,000 in a minute for 200 students): the answer is
 * written only when the member's login session has not ended (no revoked token in its refresh-token
 * family: the session gate's question, asked here so the save stays one round trip), the attempt is
 * the member's, in progress and before its deadline (forward only: no later answer saved), and the
 * answer fits its question (open ended: no options chosen; choice: no text, each option there, one at most
 * for single choice and graded). The attempt's row is share-locked for the statement, so a submit
 * (which locks it for update) waits for the save, or the save for the submit and then finds the
 * attempt finished. Answers the deadline, or null when nothing was written (the caller then finds
 * out why on the slow path). A named prepared statement (its text built once in this process).
 */
export async function saveOpenAnswer(
  tx: Tx,
  tenantId: string,
  save: {
    attemptId: string;
    contactId: string;
    sessionId: string;
    position: number;
    selected: number[];
    text: string;
    now: Date;
  },
): Promise<{ deadline: Date | null } | null> {
  const count = save.selected.length;
  const result = await saveStatement(tx, {
    tenantId,
    attemptId: save.attemptId,
    contactId: save.contactId,
    sessionId: save.sessionId,
    position: save.position,
    now: save.now.toISOString(),
    selected: `{${save.selected.join(',')}}`,
    text: save.text,
    count,
    highest: count === 0 ? -1 : Math.max(...save.selected),
  });
  const [row] = result.rows;
  if (!row) return null;
  return { deadline: row.deadline === null ? null : new Date(row.deadline) };
}
