import {
  type AnswerInput,
  type AnswerSaved,
  ASSESSMENT_MESSAGES,
  type Attempt,
  type MyTestList,
} from '@atrium/contracts';
import type { z } from 'zod';
import { withTenant, writeTenantStatement } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import {
  type AnswerRow,
  answeredAfter,
  lockAttemptWithAnswer,
  saveOpenAnswer,
  sessionEnded,
  updateAnswer,
} from './answers.repo.ts';
import { findAssignedTests } from './assignments.repo.ts';
import {
  alreadySubmitted,
  assertTaker,
  closeDue,
  closeIfDue,
  finish,
  lockAttempt,
  summary,
  timeUp,
  view,
} from './attempt-state.ts';
import { attemptsOf, contactsOf, insertAttempt } from './attempts.repo.ts';
import { drawFromBanks, findQuestions, type QuestionRow } from './test-questions.repo.ts';

// A member taking a test (spec: Tests): the assigned tests, an attempt started, read, answered, submitted.

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
