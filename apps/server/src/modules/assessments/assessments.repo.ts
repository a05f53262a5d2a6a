import { and, asc, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { hotStatement, type Tx } from '../../db/client.ts';
import {
  assessmentAnswers,
  assessmentAttempts,
  assessmentTests,
  classRules,
  contacts,
  courseChapters,
  courseEnrolments,
  courseProgress,
  courses,
  items,
  qbankQuestions,
  refreshTokens,
} from '../../db/schema/index.ts';

export type TestRow = typeof assessmentTests.$inferSelect;
export type TestValues = Omit<typeof assessmentTests.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
export type AttemptRow = typeof assessmentAttempts.$inferSelect;
export type AnswerRow = typeof assessmentAnswers.$inferSelect;
export type QuestionRow = typeof qbankQuestions.$inferSelect;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findTestPage(
  tx: Tx,
  tenantId: string,
  filter: { kind: string; search?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: TestRow[]; total: number }> {
  const where = and(
    eq(assessmentTests.tenantId, tenantId),
    eq(assessmentTests.kind, filter.kind as 'test'),
    filter.search ? ilike(assessmentTests.name, `%${likeEscape(filter.search)}%`) : undefined,
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

export interface Named {
  kind: 'contact' | 'class' | 'course' | 'membership';
  id: string;
  name: string;
}

/** The names of what tests may be assigned to, of these ids (only the studio's own are found). */
export async function findAssignables(
  tx: Tx,
  tenantId: string,
  want: { kind: string; id: string }[] | 'all',
  search = '',
): Promise<Named[]> {
  const idsOf = (kind: string) => (want === 'all' ? null : want.filter((w) => w.kind === kind).map((w) => w.id));
  const out: Named[] = [];
  const contactIds = idsOf('contact');
  if (contactIds === null || contactIds.length > 0) {
    const rows = await tx
      .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, email: contacts.email })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          eq(contacts.role, 'student'),
          eq(contacts.isWalkin, false),
          contactIds ? inArray(contacts.id, contactIds) : undefined,
          search
            ? sql`(${contacts.name} || ' ' || ${contacts.lastName} || ' ' || ${contacts.email}) ilike ${`%${likeEscape(search)}%`}`
            : undefined,
        ),
      )
      .orderBy(asc(contacts.name), asc(contacts.lastName))
      .limit(contactIds ? 500 : 50);
    for (const row of rows)
      out.push({ kind: 'contact', id: row.id, name: `${row.name} ${row.lastName}`.trim() || row.email });
  }
  const classIds = idsOf('class');
  if (classIds === null || classIds.length > 0) {
    const rows = await tx
      .select({ id: classRules.id, name: classRules.name })
      .from(classRules)
      .where(and(eq(classRules.tenantId, tenantId), classIds ? inArray(classRules.id, classIds) : undefined))
      .orderBy(asc(classRules.name))
      .limit(500);
    for (const row of rows) out.push({ kind: 'class', id: row.id, name: row.name });
  }
  const courseIds = idsOf('course');
  if (courseIds === null || courseIds.length > 0) {
    const rows = await tx
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .where(and(eq(courses.tenantId, tenantId), courseIds ? inArray(courses.id, courseIds) : undefined))
      .orderBy(asc(courses.name))
      .limit(500);
    for (const row of rows) out.push({ kind: 'course', id: row.id, name: row.name });
  }
  const membershipIds = idsOf('membership');
  if (membershipIds === null || membershipIds.length > 0) {
    const rows = await tx
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(
        and(
          eq(items.tenantId, tenantId),
          eq(items.kind, 'membership'),
          membershipIds ? inArray(items.id, membershipIds) : undefined,
        ),
      )
      .orderBy(asc(items.name))
      .limit(500);
    for (const row of rows) out.push({ kind: 'membership', id: row.id, name: row.name });
  }
  return out;
}

export async function findChapters(
  tx: Tx,
  tenantId: string,
  chapterId?: string,
): Promise<{ id: string; name: string; courseId: string }[]> {
  const rows = await tx
    .select({
      id: courseChapters.id,
      title: courseChapters.title,
      courseId: courseChapters.courseId,
      course: courses.name,
    })
    .from(courseChapters)
    .innerJoin(courses, and(eq(courses.tenantId, courseChapters.tenantId), eq(courses.id, courseChapters.courseId)))
    .where(and(eq(courseChapters.tenantId, tenantId), chapterId ? eq(courseChapters.id, chapterId) : undefined))
    .orderBy(asc(courses.name), asc(courseChapters.sequence))
    .limit(1000);
  return rows.map((row) => ({ id: row.id, name: `${row.course}: ${row.title}`, courseId: row.courseId }));
}

/**
 * The condition that the test is assigned to the contact: by name, through a booked place in one of
 * the class's sessions, an enrolment in the course (not refunded), or a live membership.
 */
export function assignedTo(contactId: string): SQL {
  return sql`exists (
    select 1 from jsonb_array_elements(${assessmentTests.assignments}) as a(v)
    where (a.v->>'kind' = 'contact' and a.v->>'id' = ${contactId})
       or (a.v->>'kind' = 'class' and exists (
            select 1 from class_bookings b
            join class_sessions s on s.tenant_id = b.tenant_id and s.id = b.session_id
            where b.tenant_id = ${assessmentTests.tenantId} and b.contact_id = ${contactId}
              and b.status = 'booked' and s.rule_id::text = a.v->>'id'))
       or (a.v->>'kind' = 'course' and exists (
            select 1 from course_enrolments e
            where e.tenant_id = ${assessmentTests.tenantId} and e.contact_id = ${contactId}
              and e.course_id::text = a.v->>'id' and e.refunded_at is null))
       or (a.v->>'kind' = 'membership' and exists (
            select 1 from subscriptions m
            where m.tenant_id = ${assessmentTests.tenantId} and m.contact_id = ${contactId}
              and m.item_id::text = a.v->>'id' and m.status in ('trialing', 'active', 'past_due')))
  )`;
}

/** The published tests assigned to the contact (one, when testId is given). */
export async function findAssignedTests(tx: Tx, tenantId: string, contactId: string, testId?: string) {
  return tx
    .select()
    .from(assessmentTests)
    .where(
      and(
        eq(assessmentTests.tenantId, tenantId),
        eq(assessmentTests.isPublished, true),
        testId ? eq(assessmentTests.id, testId) : undefined,
        assignedTo(contactId),
      ),
    )
    .orderBy(desc(assessmentTests.createdAt));
}

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

export async function saveAnswer(
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

export async function testNames(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, TestRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(assessmentTests)
    .where(and(eq(assessmentTests.tenantId, tenantId), inArray(assessmentTests.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function contactsOf(tx: Tx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, { name: `${row.name} ${row.lastName}`.trim(), email: row.email }]));
}

/** Marks the chapter done for the contact when they are enrolled in its course (a passed test closes it). */
export async function completeChapter(
  tx: Tx,
  tenantId: string,
  contactId: string,
  chapter: { id: string; courseId: string },
  now: Date,
): Promise<void> {
  const [enrolment] = await tx
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.tenantId, tenantId),
        eq(courseEnrolments.courseId, chapter.courseId),
        eq(courseEnrolments.contactId, contactId),
      ),
    );
  if (!enrolment) return;
  await tx
    .insert(courseProgress)
    .values({
      tenantId,
      contactId,
      chapterId: chapter.id,
      courseId: chapter.courseId,
      positionAt: now,
      completedAt: now,
    })
    .onConflictDoUpdate({
      target: [courseProgress.tenantId, courseProgress.contactId, courseProgress.chapterId],
      set: { completedAt: sql`coalesce(${courseProgress.completedAt}, excluded.completed_at)`, updatedAt: sql`now()` },
    });
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
