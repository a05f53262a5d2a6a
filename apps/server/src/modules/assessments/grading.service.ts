import {
  ASSESSMENT_MESSAGES,
  type Attempt,
  type AttemptList,
  type AttemptListQuery,
  type GradeInput,
  isPassing,
  quizResultLabel,
} from '@atrium/contracts';
import type { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { type AnswerRow, answersOf, findAnswer, updateAnswer } from './answers.repo.ts';
import { afterCompleted, closeDue, closeIfDue, lockAttempt, pendingGrade, summary, view } from './attempt-state.ts';
import { contactsOf, findAttemptPage, updateAttempt } from './attempts.repo.ts';
import { findTest, testNames } from './tests.repo.ts';

// Staff reviewing attempts: the list to grade (In Review first) and an open answer's grade.

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
