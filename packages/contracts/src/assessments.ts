import { z } from 'zod';
import { QUESTION_TYPES } from './qbank.ts';

/**
 * Tests and assessments (spec 1 §2 admin /tests, /assessment, /assesment; student /student-assessments,
 * /myassessment; §3 "Quiz result"; §4 quiz result states; issue 27; docs/decisions/engagement.md,
 * "Tests and assessments"). A test draws questions from the question banks; a self assessment is the
 * student-scored kind (graded questions: each option is worth points, there is no pass or fail).
 */

/** A test (pass mark, Pass/Fail) or a self assessment (graded questions, N/A). */
export const ASSESSMENT_KINDS = ['test', 'self'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

/** Spec 1 §3 "Quiz result": quizType. A self assessment is a graded quiz. */
export const QUIZ_TYPES = ['test', 'graded'] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];

/** Spec 1 §4: inreview, completed, inprogress, abandoned. */
export const ATTEMPT_STATUSES = ['inprogress', 'inreview', 'completed', 'abandoned'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * Spec 1 §4 "Quiz result status": inreview (In Review), completed (Pass or Fail by isPass), inprogress
 * (In Progress), abandoned (Abandoned); graded quizzes show N/A.
 */
export function quizResultLabel(result: { quizType: string; status: string; isPass: boolean | null }): string {
  if (result.quizType === 'graded') return 'N/A';
  switch (result.status) {
    case 'inreview':
      return 'In Review';
    case 'completed':
      return result.isPass ? 'Pass' : 'Fail';
    case 'inprogress':
      return 'In Progress';
    case 'abandoned':
      return 'Abandoned';
    default:
      return 'N/A';
  }
}

export const ASSIGNMENT_KINDS = ['contact', 'class', 'course', 'membership'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const ASSIGNMENT_KIND_LABELS: Record<AssignmentKind, string> = {
  contact: 'Contact',
  class: 'Class',
  course: 'Course',
  membership: 'Membership',
};

export const ASSESSMENT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: 'A name is at most 200 characters.',
  questionsRequired: 'Choose the questions, or a number of questions to draw from banks.',
  questionNotFound: 'A question was not found in your question banks.',
  banksRequired: 'Choose the banks to draw from.',
  drawTooMany: 'The banks hold fewer questions than the test draws.',
  selfGradedOnly: 'A self assessment holds graded questions only.',
  timeLimit: 'The time limit is a whole number of minutes from 1 to 600.',
  attempts: 'Attempts allowed is a whole number from 1 to 20.',
  passPercent: 'The pass mark is a percentage from 0 to 100.',
  window: 'The test must close after it opens.',
  assignmentNotFound: 'An assignment was not found.',
  chapterNotFound: 'The chapter was not found.',
  timeUp: 'Time is up: the test was closed at its deadline.',
  alreadySubmitted: 'This test was already submitted.',
  notOpenYet: 'This test is not open yet.',
  closed: 'This test is closed.',
  noAttemptsLeft: 'You have used every attempt of this test.',
  answerShape: 'This answer does not fit the question.',
  gradeOnlyOpen: 'Only open-ended answers are graded by staff.',
  gradePoints: 'Points must be a whole number from 0 to the question’s points.',
  gradeNotSubmitted: 'The test has not been submitted yet.',
  gradeCriteria: 'Score each criterion of the rubric.',
  gradeCriterionPoints: 'Points must be a whole number from 0 to the criterion’s points.',
  gradeNoRubric: 'This question has no rubric: give its points.',
  alreadyGraded: 'This answer was graded meanwhile: reload to see the grade before changing it.',
  saved: 'Test saved.',
  deleted: 'Test deleted.',
  deleteTaken: 'This test has been taken: unpublish it instead of deleting it.',
  submitted: 'Your answers were submitted.',
  graded: 'Grade saved.',
  noTests: 'No Tests Found',
  noAttempts: 'No Assessments Found',
  noMyTests: 'No assessments assigned to you yet.',
  noGoingBackNeedsOne: 'No going back needs one question at a time.',
  movedOn: 'You have moved on from this question: this test does not go back.',
} as const;

const isoInstant = z.iso.datetime({ offset: true, error: 'must be a date and time' });

export const Assignment = z.object({
  kind: z.enum(ASSIGNMENT_KINDS, { error: 'kind is contact, class, course or membership' }),
  id: z.uuid('id must be an id'),
});
export type Assignment = z.infer<typeof Assignment>;

/** POST /edtest/tests and PUT /edtest/tests/{id}. */
export const TestInput = z
  .object({
    name: z
      .string({ error: ASSESSMENT_MESSAGES.nameRequired })
      .trim()
      .min(1, ASSESSMENT_MESSAGES.nameRequired)
      .max(200, ASSESSMENT_MESSAGES.nameTooLong),
    kind: z.enum(ASSESSMENT_KINDS, { error: 'kind is test or self' }).default('test'),
    description: z.string().trim().max(2000, 'A description is at most 2000 characters.').default(''),
    /** fixed: the questions listed, in order; random: randomCount questions drawn per student from the banks. */
    draw: z.enum(['fixed', 'random'], { error: 'draw is fixed or random' }).default('fixed'),
    questionIds: z.array(z.uuid(ASSESSMENT_MESSAGES.questionNotFound)).max(200).default([]),
    banks: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    randomCount: z.number().int().min(1).max(200).nullable().default(null),
    timeLimitMinutes: z
      .number({ error: ASSESSMENT_MESSAGES.timeLimit })
      .int(ASSESSMENT_MESSAGES.timeLimit)
      .min(1, ASSESSMENT_MESSAGES.timeLimit)
      .max(600, ASSESSMENT_MESSAGES.timeLimit)
      .nullable()
      .default(null),
    attemptsAllowed: z
      .number({ error: ASSESSMENT_MESSAGES.attempts })
      .int(ASSESSMENT_MESSAGES.attempts)
      .min(1, ASSESSMENT_MESSAGES.attempts)
      .max(20, ASSESSMENT_MESSAGES.attempts)
      .default(1),
    passPercent: z
      .number({ error: ASSESSMENT_MESSAGES.passPercent })
      .int(ASSESSMENT_MESSAGES.passPercent)
      .min(0, ASSESSMENT_MESSAGES.passPercent)
      .max(100, ASSESSMENT_MESSAGES.passPercent)
      .default(60),
    opensAt: isoInstant.nullable().default(null),
    closesAt: isoInstant.nullable().default(null),
    assignments: z.array(Assignment).max(500).default([]),
    /** A course chapter this test closes when passed (a self assessment: when completed). */
    chapterId: z.uuid('chapterId must be a chapter id').nullable().default(null),
    isPublished: z.boolean().default(true),
    /** The member sees one question at a time, with a map of the questions, instead of all on one page. */
    oneAtATime: z.boolean().default(false),
    /** One question at a time, forward only: once a later question is answered an earlier one takes no answer. */
    noGoingBack: z.boolean().default(false),
  })
  .superRefine((t, ctx) => {
    if (t.noGoingBack && !t.oneAtATime)
      ctx.addIssue({ code: 'custom', path: ['noGoingBack'], message: ASSESSMENT_MESSAGES.noGoingBackNeedsOne });
    if (t.draw === 'fixed' && t.questionIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['questionIds'], message: ASSESSMENT_MESSAGES.questionsRequired });
    if (t.draw === 'random' && t.randomCount === null)
      ctx.addIssue({ code: 'custom', path: ['randomCount'], message: ASSESSMENT_MESSAGES.questionsRequired });
    if (t.draw === 'random' && t.banks.length === 0)
      ctx.addIssue({ code: 'custom', path: ['banks'], message: ASSESSMENT_MESSAGES.banksRequired });
    if (t.opensAt && t.closesAt && new Date(t.closesAt) <= new Date(t.opensAt))
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: ASSESSMENT_MESSAGES.window });
  });
export type TestInput = z.input<typeof TestInput>;

export const Test = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  description: z.string(),
  draw: z.enum(['fixed', 'random']),
  questionIds: z.array(z.string()),
  banks: z.array(z.string()),
  randomCount: z.number().nullable(),
  /** How many questions a student gets. */
  questionCount: z.number(),
  timeLimitMinutes: z.number().nullable(),
  attemptsAllowed: z.number(),
  passPercent: z.number(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  assignments: z.array(z.object({ kind: z.enum(ASSIGNMENT_KINDS), id: z.string(), name: z.string() })),
  courseId: z.string().nullable(),
  chapterId: z.string().nullable(),
  isPublished: z.boolean(),
  oneAtATime: z.boolean(),
  noGoingBack: z.boolean(),
  attemptCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Test = z.infer<typeof Test>;

export const TestListQuery = z.object({
  kind: z.enum(ASSESSMENT_KINDS, { error: 'kind is test or self' }).default('test'),
  search: z.string().trim().max(200).optional(),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int().min(0).default(0),
  max: z.coerce.number({ error: 'max must be a whole number' }).int().min(1).max(100).default(25),
});
export type TestListQuery = z.input<typeof TestListQuery>;

export const TestList = z.object({ data: z.array(Test), total: z.number() });
export type TestList = z.infer<typeof TestList>;

/** What may be assigned: the studio's members, classes, courses and memberships, by name. */
export const AssignableList = z.object({
  data: z.array(z.object({ kind: z.enum(ASSIGNMENT_KINDS), id: z.string(), name: z.string() })),
  chapters: z.array(z.object({ id: z.string(), name: z.string(), courseId: z.string() })),
});
export type AssignableList = z.infer<typeof AssignableList>;

/** A question as the attempt holds it (copied when the attempt started). */
export const AttemptQuestion = z.object({
  position: z.number(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  /** isCorrect is shown once the attempt is finished (or to staff). */
  options: z.array(z.object({ text: z.string(), isCorrect: z.boolean().optional(), points: z.number().optional() })),
  points: z.number(),
  mediaUrl: z.string().nullable(),
  explanation: z.string().nullable(),
  answer: z.object({ selected: z.array(z.number()), text: z.string() }).nullable(),
  savedAt: z.string().nullable(),
  awarded: z.number().nullable(),
  comment: z.string(),
  /** Open ended: the criteria staff score it by (empty: points alone). */
  rubric: z.array(z.object({ name: z.string(), points: z.number() })),
  /** Staff's score and comment per criterion, in the rubric's order, once graded (shown as awarded is). */
  rubricScores: z.array(z.object({ points: z.number(), comment: z.string() })).nullable(),
  /** When staff last graded it (sent back with a change, so two graders never overwrite each other). */
  gradedAt: z.string().nullable(),
});
export type AttemptQuestion = z.infer<typeof AttemptQuestion>;

export const AttemptSummary = z.object({
  _id: z.string(),
  testId: z.string(),
  testName: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  attemptNo: z.number(),
  quizType: z.enum(QUIZ_TYPES),
  status: z.enum(ATTEMPT_STATUSES),
  isPass: z.boolean().nullable(),
  score: z.number().nullable(),
  maxScore: z.number(),
  passPercent: z.number(),
  startedAt: z.string(),
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** Open-ended answers still to grade. */
  toGrade: z.number(),
});
export type AttemptSummary = z.infer<typeof AttemptSummary>;

export const Attempt = AttemptSummary.extend({
  /** The test shows one question at a time (a display choice; every answer is saved the same way). */
  oneAtATime: z.boolean(),
  /** Forward only (set when the attempt started): no answer to a question before the furthest one answered. */
  noGoingBack: z.boolean(),
  /** The server's clock when it answered: the timer counts to the deadline from here. */
  serverNow: z.string(),
  questions: z.array(AttemptQuestion),
});
export type Attempt = z.infer<typeof Attempt>;

export const AttemptListQuery = z.object({
  testId: z.uuid('testId must be a test id').optional(),
  kind: z.enum(ASSESSMENT_KINDS, { error: 'kind is test or self' }).default('test'),
  status: z.enum(ATTEMPT_STATUSES, { error: 'status is inprogress, inreview, completed or abandoned' }).optional(),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int().min(0).default(0),
  max: z.coerce.number({ error: 'max must be a whole number' }).int().min(1).max(100).default(25),
});
export type AttemptListQuery = z.input<typeof AttemptListQuery>;

export const AttemptList = z.object({ data: z.array(AttemptSummary), total: z.number() });
export type AttemptList = z.infer<typeof AttemptList>;

/** PUT /edtest/attempts/{id}/answers/{position}: the options chosen (by index) or the written answer. */
export const AnswerInput = z.object({
  selected: z.array(z.number().int().min(0).max(9)).max(10).default([]),
  text: z.string().max(10_000, 'An answer is at most 10000 characters.').default(''),
});
export type AnswerInput = z.input<typeof AnswerInput>;

export const AnswerSaved = z.object({ position: z.number(), savedAt: z.string(), deadline: z.string().nullable() });
export type AnswerSaved = z.infer<typeof AnswerSaved>;

const gradePoints = (message: string) => z.number({ error: message }).int(message).min(0, message);

/**
 * PUT /edtest/attempts/{id}/answers/{position}/grade (staff): `points` for a question without a rubric,
 * `criteria` (one score each, in the rubric's order) for one with; `previousGradedAt` is the grade the
 * grader saw (null or left out: not graded yet), so a second grade of the same answer (a double click,
 * two graders) is refused rather than overwriting.
 */
export const GradeInput = z.object({
  points: gradePoints(ASSESSMENT_MESSAGES.gradePoints).optional(),
  criteria: z
    .array(
      z.object({
        points: gradePoints(ASSESSMENT_MESSAGES.gradeCriterionPoints),
        comment: z.string().trim().max(1000, 'A criterion comment is at most 1000 characters.').default(''),
      }),
    )
    .max(10, ASSESSMENT_MESSAGES.gradeCriteria)
    .optional(),
  comment: z.string().trim().max(2000, 'A comment is at most 2000 characters.').default(''),
  previousGradedAt: isoInstant.nullable().default(null),
});
export type GradeInput = z.input<typeof GradeInput>;

/** GET /edtest/my/tests: the tests assigned to the signed-in member, with where they are. */
export const MyTest = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(ASSESSMENT_KINDS),
  description: z.string(),
  questionCount: z.number(),
  timeLimitMinutes: z.number().nullable(),
  attemptsAllowed: z.number(),
  attemptsUsed: z.number(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Whether a new attempt may start now (or an open one resumes). */
  canStart: z.boolean(),
  latest: AttemptSummary.nullable(),
});
export type MyTest = z.infer<typeof MyTest>;
export const MyTestList = z.object({ data: z.array(MyTest) });
export type MyTestList = z.infer<typeof MyTestList>;

/** Scores an answer to a choice or graded question (open ended: null, staff grade it). */
export function scoreAnswer(
  q: { type: string; points: number; options: { isCorrect: boolean; points: number }[] },
  selected: readonly number[],
): number | null {
  switch (q.type) {
    case 'singlechoice':
    case 'multichoice': {
      const right = q.options.flatMap((o, i) => (o.isCorrect ? [i] : []));
      const chosen = [...new Set(selected)].sort((x, y) => x - y);
      const exact = chosen.length === right.length && chosen.every((i, k) => right[k] === i);
      return exact ? q.points : 0;
    }
    case 'graded': {
      const [first] = selected;
      return first === undefined ? 0 : (q.options[first]?.points ?? 0);
    }
    default:
      return null;
  }
}

/** Pass when the score reaches the pass mark (a percentage of the most points), in whole numbers. */
export function isPassing(score: number, maxScore: number, passPercent: number): boolean {
  return score * 100 >= passPercent * maxScore;
}

/** The seconds left to a deadline by the server's clock (never below 0); null: no time limit. */
export function secondsLeft(deadline: string | null, serverNow: string, elapsedMs = 0): number | null {
  if (!deadline) return null;
  const left = new Date(deadline).getTime() - new Date(serverNow).getTime() - elapsedMs;
  return Math.max(0, Math.floor(left / 1000));
}

/**
 * Where a member resumes an attempt shown one question at a time: the first question not answered yet;
 * forward only (no going back), the furthest question saved (moving on saves the next one, so a skipped
 * question counts as passed; the earlier ones take no answer, and
 * that one may still be changed), or the first.
 */
export function resumePosition(
  questions: readonly {
    position: number;
    savedAt: string | null;
    answer: { selected: number[]; text: string } | null;
  }[],
  noGoingBack: boolean,
): number {
  if (noGoingBack) return Math.max(0, ...questions.filter((q) => q.savedAt !== null).map((q) => q.position));
  const open = questions.find((q) => !q.answer || (q.answer.selected.length === 0 && q.answer.text.trim() === ''));
  return open?.position ?? 0;
}
