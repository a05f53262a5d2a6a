import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';

/**
 * A test or a self assessment (issue 27; docs/decisions/engagement.md, "Tests and assessments"): the
 * questions it draws (a fixed list of bank questions, or `random_count` drawn per student from
 * `banks`), its time limit, attempts, pass mark, opening window and who it is assigned to.
 */
export const assessmentTests = pgTable(
  'assessment_tests',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['test', 'self'] }).notNull(),
    description: text('description').notNull().default(''),
    draw: text('draw', { enum: ['fixed', 'random'] }).notNull(),
    questionIds: uuid('question_ids').array().notNull().default(sql`'{}'::uuid[]`),
    banks: text('banks').array().notNull().default(sql`'{}'::text[]`),
    randomCount: integer('random_count'),
    timeLimitMinutes: integer('time_limit_minutes'),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    passPercent: integer('pass_percent').notNull().default(60),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    assignments: jsonb('assignments').$type<{ kind: string; id: string }[]>().notNull().default([]),
    courseId: uuid('course_id'),
    chapterId: uuid('chapter_id'),
    isPublished: boolean('is_published').notNull().default(true),
    /** Shown to the member one question at a time (with a question map) instead of all on one page. */
    oneAtATime: boolean('one_at_a_time').notNull().default(false),
    /** With one at a time, forward only: an earlier question takes no answer once a later one has one. */
    noGoingBack: boolean('no_going_back').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('assessment_tests_tenant_kind_idx').on(t.tenantId, t.kind, t.createdAt),
  ],
);

/**
 * One student's attempt at a test. `deadline` is set from the time limit (and the test's closing)
 * when it starts; the server refuses answers after it. Scored once: the status leaves `inprogress`
 * under the row's lock.
 */
export const assessmentAttempts = pgTable(
  'assessment_attempts',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    testId: uuid('test_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    attemptNo: integer('attempt_no').notNull(),
    quizType: text('quiz_type', { enum: ['test', 'graded'] }).notNull(),
    status: text('status', { enum: ['inprogress', 'inreview', 'completed', 'abandoned'] }).notNull(),
    isPass: boolean('is_pass'),
    score: integer('score'),
    maxScore: integer('max_score').notNull(),
    passPercent: integer('pass_percent').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** How many times it was scored: 1 once finished (the bench checks it). */
    scoredCount: integer('scored_count').notNull().default(0),
    /** The test's no going back when the attempt started (the answer save checks it). */
    noGoingBack: boolean('no_going_back').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('assessment_attempts_number_unique').on(t.tenantId, t.testId, t.contactId, t.attemptNo),
    tenantForeignKey(t.tenantId, t.testId, assessmentTests, 'assessment_attempts_test_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'assessment_attempts_contact_fk').onDelete('cascade'),
    index('assessment_attempts_tenant_contact_idx').on(t.tenantId, t.contactId, t.testId),
    index('assessment_attempts_tenant_status_idx').on(t.tenantId, t.status, t.startedAt),
  ],
);

/**
 * A question copied onto the attempt when it started (later bank edits do not change a taken test),
 * with the student's answer and its points (open ended: the staff's grade and comment).
 */
export const assessmentAnswers = pgTable(
  'assessment_answers',
  {
    tenantId: tenantIdColumn(),
    attemptId: uuid('attempt_id').notNull(),
    position: integer('position').notNull(),
    questionId: uuid('question_id'),
    type: text('type').notNull(),
    question: text('question').notNull(),
    options: jsonb('options').$type<{ text: string; isCorrect: boolean; points: number }[]>().notNull(),
    points: integer('points').notNull(),
    explanation: text('explanation').notNull().default(''),
    mediaUrl: text('media_url'),
    /** The question's rubric, copied with it (open ended); empty: graded with points alone. */
    rubric: jsonb('rubric').$type<{ name: string; points: number }[]>().notNull().default([]),
    selected: integer('selected').array(),
    text: text('text'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    awarded: integer('awarded'),
    comment: text('comment').notNull().default(''),
    /** Staff's score and comment for each rubric criterion, in the rubric's order (null: not graded by rubric). */
    rubricScores: jsonb('rubric_scores').$type<{ points: number; comment: string }[]>(),
    gradedBy: uuid('graded_by'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.attemptId, t.position] }),
    tenantForeignKey(t.tenantId, t.attemptId, assessmentAttempts, 'assessment_answers_attempt_fk').onDelete('cascade'),
    check('assessment_answers_type_check', sql`${t.type} in ('graded', 'singlechoice', 'multichoice', 'openended')`),
  ],
);
