import {
  type AnswerInput,
  type AnswerSaved,
  ASSESSMENT_MESSAGES,
  type Attempt,
  type AttemptList,
  type AttemptListQuery,
  type AttemptSummary,
  type GradeInput,
  isPassing,
  type MyTestList,
  quizResultLabel,
  scoreAnswer,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Tx, withTenant, writeTenantStatement } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import {
  type AnswerRow,
  answeredAfter,
  answersOf,
  findAnswer,
  lockAttemptWithAnswer,
  saveOpenAnswer,
  sessionEnded,
  updateAnswer,
} from './answers.repo.ts';
import { completeChapter, findAssignedTests } from './assignments.repo.ts';
import {
  type AttemptRow,
  attemptsOf,
  contactsOf,
  findAttempt,
  findAttemptPage,
  insertAttempt,
  lockDueAttempts,
  updateAttempt,
} from './attempts.repo.ts';
import { drawFromBanks, findQuestions, type QuestionRow } from './test-questions.repo.ts';
import { findTest, type TestRow, testNames } from './tests.repo.ts';

const timeUp = () => new AppError(409, 'time_up', ASSESSMENT_MESSAGES.timeUp, 'deadline');
const alreadySubmitted = () => new AppError(409, 'already_submitted', ASSESSMENT_MESSAGES.alreadySubmitted, 'id');

/** Members take tests; staff (and a student preview) only look. */
export function assertTaker(auth: AccessClaims): void {
  if (auth.role !== 'student' || auth.preview || auth.act) throw forbidden('Only members take tests.');
}

function summary(
  attempt: AttemptRow,
  test: TestRow | undefined,
  contact: { name: string } | undefined,
  answers: AnswerRow[],
): AttemptSummary {
  return {
    _id: attempt.id,
    testId: attempt.testId,
    testName: test?.name ?? '',
    contactId: attempt.contactId,
    contactName: contact?.name ?? '',
    attemptNo: attempt.attemptNo,
    quizType: attempt.quizType,
    status: attempt.status,
    isPass: attempt.isPass,
    score: attempt.score,
    maxScore: attempt.maxScore,
    passPercent: attempt.passPercent,
    startedAt: attempt.startedAt.toISOString(),
    deadline: attempt.deadline?.toISOString() ?? null,
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    toGrade: answers.filter((a) => a.attemptId === attempt.id && pendingGrade(a)).length,
  };
}

const pendingGrade = (a: AnswerRow) => a.type === 'openended' && a.awarded === null && (a.text ?? '') !== '';

/**
 * The attempt as its reader may see it. While it is open the student sees no right answers, points of
 * options or explanations; once finished (and always for staff) they are shown.
 */
async function view(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date, staff: boolean): Promise<Attempt> {
  const answers = await answersOf(tx, tenantId, [attempt.id]);
  const tests = await testNames(tx, tenantId, [attempt.testId]);
  const people = await contactsOf(tx, tenantId, [attempt.contactId]);
  const reveal = staff || attempt.status !== 'inprogress';
  return {
    ...summary(attempt, tests.get(attempt.testId), people.get(attempt.contactId), answers),
    oneAtATime: attempt.noGoingBack || (tests.get(attempt.testId)?.oneAtATime ?? false),
    noGoingBack: attempt.noGoingBack,
    serverNow: now.toISOString(),
    questions: answers.map((a) => ({
      position: a.position,
      type: a.type as Attempt['questions'][number]['type'],
      question: a.question,
      options: a.options.map((o) =>
        reveal ? { text: o.text, isCorrect: o.isCorrect, points: o.points } : { text: o.text },
      ),
      points: a.points,
      mediaUrl: a.mediaUrl,
      explanation: reveal ? a.explanation : null,
      answer: a.savedAt ? { selected: a.selected ?? [], text: a.text ?? '' } : null,
      savedAt: a.savedAt?.toISOString() ?? null,
      awarded: reveal ? a.awarded : null,
      comment: reveal ? a.comment : '',
      rubric: a.rubric,
      rubricScores: reveal ? a.rubricScores : null,
      gradedAt: reveal ? (a.gradedAt?.toISOString() ?? null) : null,
    })),
  };
}

/**
 * Scores an open attempt once (the caller holds its row lock and has seen it in progress). Choice and
 * graded answers are scored at once; an open-ended answer written waits for staff (In Review), one left
 * blank scores 0. Nothing saved at all: Abandoned. Answers saved before the deadline are what count.
 */
async function finish(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  const answers = await answersOf(tx, tenantId, [attempt.id]);
  if (answers.every((a) => a.savedAt === null)) {
    return updateAttempt(tx, tenantId, attempt.id, { status: 'abandoned', submittedAt: now, score: 0 });
  }
  let score = 0;
  let waiting = false;
  for (const a of answers) {
    if (a.type === 'openended') {
      if ((a.text ?? '').trim() === '') {
        await updateAnswer(tx, tenantId, attempt.id, a.position, { awarded: 0 });
      } else waiting = true;
      continue;
    }
    const points = scoreAnswer(a, a.selected ?? []) ?? 0;
    score += points;
    await updateAnswer(tx, tenantId, attempt.id, a.position, { awarded: points });
  }
  const row = await updateAttempt(tx, tenantId, attempt.id, {
    status: waiting ? 'inreview' : 'completed',
    score,
    isPass: waiting || attempt.quizType === 'graded' ? null : isPassing(score, attempt.maxScore, attempt.passPercent),
    submittedAt: now,
    scored: true,
  });
  if (row.status === 'completed') await afterCompleted(tx, tenantId, row, now);
  return row;
}

/** A completed attempt that passed (a self assessment: completed) closes the test's course chapter. */
async function afterCompleted(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date): Promise<void> {
  if (!(attempt.isPass || attempt.quizType === 'graded')) return;
  const test = await findTest(tx, tenantId, attempt.testId);
  if (test?.chapterId && test.courseId) {
    await completeChapter(tx, tenantId, attempt.contactId, { id: test.chapterId, courseId: test.courseId }, now);
  }
}

/** Closes an open attempt whose deadline has passed (read, save, submit and the lists all call it). */
async function closeIfDue(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (attempt.status === 'inprogress' && attempt.deadline && attempt.deadline <= now) {
    return finish(tx, tenantId, attempt, now);
  }
  return attempt;
}

async function closeDue(tx: Tx, tenantId: string, now: Date, contactId?: string): Promise<void> {
  for (const attempt of await lockDueAttempts(tx, tenantId, now, contactId)) {
    await finish(tx, tenantId, attempt, now);
  }
}

/** The attempt, locked, when the reader may see it: its own student, or staff. Another's: 404. */
async function lockAttempt(tx: Tx, tenantId: string, auth: AccessClaims, id: string, staff: boolean) {
  const attempt = await findAttempt(tx, tenantId, id, true);
  if (!attempt || (!staff && attempt.contactId !== auth.sub)) throw notFound('Attempt');
  return attempt;
}

/** GET /edtest/my/tests: the member's assigned tests with their latest attempt and whether one may start. */
export function myTests(platform: Platform, tenant: TenantContext, auth: AccessClaims): Promise<MyTestList> {
  const now = platform.clock.now();
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    await closeDue(tx, tenant.tenantId, now, auth.sub);
    const tests = await findAssignedTests(tx, tenant.tenantId, auth.sub);
    const attempts = await attemptsOf(tx, tenant.tenantId, auth.sub);
    const people = await contactsOf(tx, tenant.tenantId, [auth.sub]);
    return {
      data: tests.map((test) => {
        const mine = attempts.filter((a) => a.testId === test.id);
        const latest = mine.at(-1);
        const open = (!test.opensAt || test.opensAt <= now) && (!test.closesAt || test.closesAt > now);
        const resumable = latest?.status === 'inprogress';
        return {
          _id: test.id,
          name: test.name,
          kind: test.kind,
          description: test.description,
          questionCount: test.draw === 'fixed' ? test.questionIds.length : (test.randomCount ?? 0),
          timeLimitMinutes: test.timeLimitMinutes,
          attemptsAllowed: test.attemptsAllowed,
          attemptsUsed: mine.length,
          opensAt: test.opensAt?.toISOString() ?? null,
          closesAt: test.closesAt?.toISOString() ?? null,
          canStart: resumable || (open && mine.length < test.attemptsAllowed),
          latest: latest ? summary(latest, test, people.get(auth.sub), []) : null,
        };
      }),
    };
  });
}

/**
 * POST /edtest/tests/{id}/attempts: starts an attempt (its questions drawn and copied onto it, its
 * deadline fixed), or resumes the one in progress. Only an assigned member, in the test's window,
 * with an attempt left.
 */
export async function startAttempt(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  testId: string,
): Promise<{ attempt: Attempt; resumed: boolean }> {
  assertTaker(auth);
  const now = platform.clock.now();
  const { tenantId } = tenant;
  for (let round = 0; round < 3; round++) {
    const outcome = await withTenant(platform.db, tenantId, async (tx) => {
      const [test] = await findAssignedTests(tx, tenantId, auth.sub, testId);
      if (!test) throw notFound('Test');
      await closeDue(tx, tenantId, now, auth.sub);
      const mine = await attemptsOf(tx, tenantId, auth.sub, testId);
      const open = mine.find((a) => a.status === 'inprogress');
      if (open) return { attempt: await view(tx, tenantId, open, now, false), resumed: true };
      if (test.opensAt && test.opensAt > now)
        throw new AppError(409, 'not_open', ASSESSMENT_MESSAGES.notOpenYet, 'opensAt');
      if (test.closesAt && test.closesAt <= now)
        throw new AppError(409, 'closed', ASSESSMENT_MESSAGES.closed, 'closesAt');
      if (mine.length >= test.attemptsAllowed)
        throw new AppError(409, 'no_attempts_left', ASSESSMENT_MESSAGES.noAttemptsLeft, 'attemptsAllowed');
      const gradedOnly = test.kind === 'self';
      let questions: QuestionRow[];
      if (test.draw === 'fixed') {
        const found = new Map((await findQuestions(tx, tenantId, test.questionIds)).map((q) => [q.id, q]));
        questions = test.questionIds.flatMap((id) => found.get(id) ?? []);
      } else {
        questions = await drawFromBanks(tx, tenantId, test.banks, test.randomCount ?? 0, gradedOnly);
      }
      if (questions.length === 0) throw new AppError(409, 'no_questions', ASSESSMENT_MESSAGES.drawTooMany, 'id');
      const limitEnd = test.timeLimitMinutes ? new Date(now.getTime() + test.timeLimitMinutes * 60_000) : null;
      const deadline =
        limitEnd && test.closesAt ? (limitEnd < test.closesAt ? limitEnd : test.closesAt) : (limitEnd ?? test.closesAt);
      const row = await insertAttempt(
        tx,
        tenantId,
        {
          testId,
          contactId: auth.sub,
          attemptNo: mine.length + 1,
          quizType: test.kind === 'self' ? 'graded' : 'test',
          status: 'inprogress',
          maxScore: questions.reduce((sum, q) => sum + q.points, 0),
          passPercent: test.passPercent,
          startedAt: now,
          deadline,
          noGoingBack: test.oneAtATime && test.noGoingBack,
        },
        questions,
      );
      // another tab started the same attempt at once: read it again
      if (!row) return null;
      return { attempt: await view(tx, tenantId, row, now, false), resumed: false };
    });
    if (outcome) return outcome;
  }
  throw new AppError(409, 'conflict', 'Please try again.');
}

/** GET /edtest/attempts/{id}: the student's own or (staff) any; past its deadline it is closed first. */
export function readAttempt(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  staff: boolean,
): Promise<Attempt> {
  const now = platform.clock.now();
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const attempt = await closeIfDue(tx, tenant.tenantId, await lockAttempt(tx, tenant.tenantId, auth, id, staff), now);
    return view(tx, tenant.tenantId, attempt, now, staff);
  });
}

function checkShape(a: AnswerRow, input: z.output<typeof AnswerInput>): void {
  const bad = () => badRequest('selected', ASSESSMENT_MESSAGES.answerShape);
  if (a.type === 'openended') {
    if (input.selected.length > 0) throw bad();
    return;
  }
  if (input.text !== '') throw badRequest('text', ASSESSMENT_MESSAGES.answerShape);
  if (input.selected.some((i) => i >= a.options.length)) throw bad();
  if (new Set(input.selected).size !== input.selected.length) throw bad();
  if ((a.type === 'singlechoice' || a.type === 'graded') && input.selected.length > 1) throw bad();
}

/**
 * PUT /edtest/attempts/{id}/answers/{position}: one answer saved (again and again, the last wins) while
 * the attempt is open and before its deadline; later it is refused and the attempt closed. The route
 * skips the session gate (sessionCheckedByRoute): the save's statement itself writes nothing for a
 * login session that has ended, and the slow path then answers 401 as the gate would.
 */
export async function saveAnswer(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  position: number,
  input: z.output<typeof AnswerInput>,
): Promise<AnswerSaved> {
  assertTaker(auth);
  const now = platform.clock.now();
  const { tenantId } = tenant;
  // the hot path: one statement, one round trip (an answer that fits, to an open attempt of the member's)
  if (new Set(input.selected).size === input.selected.length) {
    const saved = await writeTenantStatement(platform.db, tenantId, (tx) =>
      saveOpenAnswer(tx, tenantId, {
        attemptId: id,
        contactId: auth.sub,
        sessionId: auth.sid,
        position,
        ...input,
        now,
      }),
    );
    if (saved) return { position, savedAt: now.toISOString(), deadline: saved.deadline?.toISOString() ?? null };
  }
  // nothing written: find out why (another's or unknown: 404; finished: 409; past the deadline: closed
  // and 409; an answer that does not fit: 400), or save it after all if the attempt changed meanwhile
  const outcome = await withTenant(platform.db, tenantId, async (tx) => {
    if (await sessionEnded(tx, tenantId, auth.sid)) throw unauthorized();
    const found = await lockAttemptWithAnswer(tx, tenantId, id, position);
    if (!found || found.attempt.contactId !== auth.sub) throw notFound('Attempt');
    const { attempt, answer } = found;
    if (attempt.status !== 'inprogress') return alreadySubmitted();
    if (attempt.deadline && attempt.deadline <= now) {
      await finish(tx, tenantId, attempt, now);
      return timeUp();
    }
    if (!answer) throw notFound('Question');
    if (attempt.noGoingBack && (await answeredAfter(tx, tenantId, id, position)))
      throw new AppError(409, 'moved_on', ASSESSMENT_MESSAGES.movedOn, 'position');
    checkShape(answer, input);
    await updateAnswer(tx, tenantId, id, position, {
      selected: answer.type === 'openended' ? null : input.selected,
      text: answer.type === 'openended' ? input.text : null,
      savedAt: now,
    });
    return { position, savedAt: now.toISOString(), deadline: attempt.deadline?.toISOString() ?? null };
  });
  // the refusal is thrown after the commit, so the attempt's closing stays
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/**
 * POST /edtest/attempts/{id}/submit: scores the attempt once. Under the row's lock a second submit (a
 * double click, another tab, a retry) sees it finished and is refused; after the deadline the submit
 * is refused and the answers saved in time are what is scored.
 */
export async function submitAttempt(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
): Promise<Attempt> {
  assertTaker(auth);
  const now = platform.clock.now();
  const { tenantId } = tenant;
  const outcome = await withTenant(platform.db, tenantId, async (tx) => {
    const attempt = await lockAttempt(tx, tenantId, auth, id, false);
    if (attempt.status !== 'inprogress') return alreadySubmitted();
    if (attempt.deadline && attempt.deadline <= now) {
      await finish(tx, tenantId, attempt, now);
      return timeUp();
    }
    return view(tx, tenantId, await finish(tx, tenantId, attempt, now), now, false);
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** GET /edtest/attempts?kind=&testId=&status=: attempts to review (In Review first), for staff. */
export function listAttempts(
  platform: Platform,
  tenant: TenantContext,
  query: z.output<typeof AttemptListQuery>,
): Promise<AttemptList> {
  const now = platform.clock.now();
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    await closeDue(tx, tenant.tenantId, now);
    const { rows, total } = await findAttemptPage(
      tx,
      tenant.tenantId,
      { kind: query.kind, testId: query.testId, status: query.status },
      { offset: query.offset, limit: query.max },
    );
    const tests = await testNames(
      tx,
      tenant.tenantId,
      rows.map((r) => r.testId),
    );
    const people = await contactsOf(
      tx,
      tenant.tenantId,
      rows.map((r) => r.contactId),
    );
    const answers = await answersOf(
      tx,
      tenant.tenantId,
      rows.filter((r) => r.status === 'inreview').map((r) => r.id),
    );
    return {
      data: rows.map((r) => summary(r, tests.get(r.testId), people.get(r.contactId), answers)),
      total,
    };
  });
}

/**
 * The points a grade gives an open-ended answer: with a rubric, one score per criterion (each at most
 * the criterion's points) and their sum; without, the points given (at most the question's).
 */
function gradePoints(
  answer: AnswerRow,
  input: z.output<typeof GradeInput>,
): { awarded: number; rubricScores: { points: number; comment: string }[] | null } {
  if (answer.rubric.length === 0) {
    if (input.criteria !== undefined) throw badRequest('criteria', ASSESSMENT_MESSAGES.gradeNoRubric);
    if (input.points === undefined || input.points > answer.points)
      throw badRequest('points', ASSESSMENT_MESSAGES.gradePoints);
    return { awarded: input.points, rubricScores: null };
  }
  const criteria = input.criteria;
  if (!criteria || criteria.length !== answer.rubric.length)
    throw badRequest('criteria', ASSESSMENT_MESSAGES.gradeCriteria);
  criteria.forEach((c, i) => {
    if (c.points > (answer.rubric[i]?.points ?? 0))
      throw badRequest(`criteria.${i}.points`, ASSESSMENT_MESSAGES.gradeCriterionPoints);
  });
  const awarded = criteria.reduce((sum, c) => sum + c.points, 0);
  if (input.points !== undefined && input.points !== awarded)
    throw badRequest('points', ASSESSMENT_MESSAGES.gradeCriteria);
  return { awarded, rubricScores: criteria.map((c) => ({ points: c.points, comment: c.comment })) };
}

/** The grade the grader saw is still the answer's (null: both say not graded yet). */
const sameGrade = (gradedAt: Date | null, seen: string | null) =>
  (gradedAt?.getTime() ?? null) === (seen === null ? null : new Date(seen).getTime());

/**
 * PUT /edtest/attempts/{id}/answers/{position}/grade (admin, staff): points (or a score per rubric
 * criterion) and a comment for an open-ended answer. When the last one is graded the attempt is
 * completed (Pass or Fail) and the student is told by email; a later change of grade (sent with the
 * grade it changes) rescores it without a second email; a grade of an answer graded meanwhile is
 * refused (409 already_graded).
 */
export async function gradeAnswer(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  position: number,
  input: z.output<typeof GradeInput>,
): Promise<Attempt> {
  const now = platform.clock.now();
  const { tenantId } = tenant;
  const origin = tenantOrigin(platform.config, tenant);
  const graded = await withTenant(platform.db, tenantId, async (tx) => {
    const attempt = await closeIfDue(tx, tenantId, await lockAttempt(tx, tenantId, auth, id, true), now);
    const answer = await findAnswer(tx, tenantId, id, position);
    if (!answer) throw notFound('Question');
    if (answer.type !== 'openended') throw badRequest('position', ASSESSMENT_MESSAGES.gradeOnlyOpen);
    const { awarded, rubricScores } = gradePoints(answer, input);
    if (attempt.status === 'inprogress' || attempt.status === 'abandoned')
      throw new AppError(409, 'not_submitted', ASSESSMENT_MESSAGES.gradeNotSubmitted, 'id');
    if (!sameGrade(answer.gradedAt, input.previousGradedAt))
      throw new AppError(409, 'already_graded', ASSESSMENT_MESSAGES.alreadyGraded, 'previousGradedAt');
    await updateAnswer(tx, tenantId, id, position, {
      awarded,
      rubricScores,
      comment: input.comment,
      gradedBy: auth.sub,
      gradedAt: now,
    });
    const answers = await answersOf(tx, tenantId, [id]);
    const waiting = answers.some(pendingGrade);
    const score = answers.reduce((sum, a) => sum + (a.awarded ?? 0), 0);
    const completes = !waiting;
    const row = await updateAttempt(tx, tenantId, id, {
      score,
      status: completes ? 'completed' : 'inreview',
      isPass: completes && attempt.quizType === 'test' ? isPassing(score, attempt.maxScore, attempt.passPercent) : null,
    });
    if (completes && attempt.status === 'inreview') {
      await afterCompleted(tx, tenantId, row, now);
      const test = await findTest(tx, tenantId, row.testId);
      const student = (await contactsOf(tx, tenantId, [row.contactId])).get(row.contactId);
      if (student?.email) {
        const result = quizResultLabel(row);
        await enqueueEmail(tx, tenantId, {
          to: student.email,
          subject: `${test?.name ?? 'Your test'}: your result is ready`,
          text: [
            `Hello ${student.name || 'there'},`,
            '',
            `${tenant.name} has marked your answers to ${test?.name ?? 'your test'}.`,
            `Result: ${result} (${row.score ?? 0} of ${row.maxScore} points).`,
            '',
            `See your answers and the comments: ${origin}/myassessment?attempt=${row.id}`,
            '',
            tenant.name,
          ].join('\n'),
        });
      }
    }
    return view(tx, tenantId, row, now, true);
  });
  await platform.outbox.kick();
  return graded;
}
