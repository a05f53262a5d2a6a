import { ASSESSMENT_MESSAGES, type Attempt, type AttemptSummary, isPassing, scoreAnswer } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { type AnswerRow, answersOf, updateAnswer } from './answers.repo.ts';
import { completeChapter } from './assignments.repo.ts';
import { type AttemptRow, contactsOf, findAttempt, lockDueAttempts, updateAttempt } from './attempts.repo.ts';
import { findTest, type TestRow, testNames } from './tests.repo.ts';

// An attempt as the services see it: shown to its reader, finished and scored, closed at its deadline,
// its chapter closed when passed; the refusals taking and grading share.

export const timeUp = () => new AppError(409, 'time_up', ASSESSMENT_MESSAGES.timeUp, 'deadline');
export const alreadySubmitted = () =>
  new AppError(409, 'already_submitted', ASSESSMENT_MESSAGES.alreadySubmitted, 'id');

/** Members take tests; staff (and a student preview) only look. */
export function assertTaker(auth: AccessClaims): void {
  if (auth.role !== 'student' || auth.preview || auth.act) throw forbidden('Only members take tests.');
}

export function summary(
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

export const pendingGrade = (a: AnswerRow) => a.type === 'openended' && a.awarded === null && (a.text ?? '') !== '';

/**
 * The attempt as its reader may see it. While it is open the student sees no right answers, points of
 * options or explanations; once finished (and always for staff) they are shown.
 */
export async function view(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date, staff: boolean): Promise<Attempt> {
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
export async function finish(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
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
export async function afterCompleted(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date): Promise<void> {
  if (!(attempt.isPass || attempt.quizType === 'graded')) return;
  const test = await findTest(tx, tenantId, attempt.testId);
  if (test?.chapterId && test.courseId) {
    await completeChapter(tx, tenantId, attempt.contactId, { id: test.chapterId, courseId: test.courseId }, now);
  }
}

/** Closes an open attempt whose deadline has passed (read, save, submit and the lists all call it). */
export async function closeIfDue(tx: Tx, tenantId: string, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (attempt.status === 'inprogress' && attempt.deadline && attempt.deadline <= now) {
    return finish(tx, tenantId, attempt, now);
  }
  return attempt;
}

export async function closeDue(tx: Tx, tenantId: string, now: Date, contactId?: string): Promise<void> {
  for (const attempt of await lockDueAttempts(tx, tenantId, now, contactId)) {
    await finish(tx, tenantId, attempt, now);
  }
}

/** The attempt, locked, when the reader may see it: its own student, or staff. Another's: 404. */
export async function lockAttempt(tx: Tx, tenantId: string, auth: AccessClaims, id: string, staff: boolean) {
  const attempt = await findAttempt(tx, tenantId, id, true);
  if (!attempt || (!staff && attempt.contactId !== auth.sub)) throw notFound('Attempt');
  return attempt;
}
