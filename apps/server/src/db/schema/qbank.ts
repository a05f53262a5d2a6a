import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from './columns.ts';

/**
 * A question of the studio's question banks (spec 1 §4 quiz question types; issue 27;
 * docs/decisions/engagement.md, "Question banks"). `bank` names the bank it is in; `question` is rich
 * text, sanitised before it is stored; `options` hold text, isCorrect (choice types) and points
 * (graded); `points` is what a right answer scores (graded: the best option's points).
 */
export const qbankQuestions = pgTable(
  'qbank_questions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    bank: text('bank').notNull(),
    type: text('type').notNull(),
    question: text('question').notNull(),
    options: jsonb('options').$type<{ text: string; isCorrect: boolean; points: number }[]>().notNull().default([]),
    points: integer('points').notNull().default(1),
    explanation: text('explanation').notNull().default(''),
    /** Open ended: the criteria staff score the written answer by (the question's points are their sum). */
    rubric: jsonb('rubric').$type<{ name: string; points: number }[]>().notNull().default([]),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    mediaUrl: text('media_url'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('qbank_questions_tenant_bank_idx').on(t.tenantId, t.bank, t.createdAt),
    check('qbank_questions_type_check', sql`${t.type} in ('graded', 'singlechoice', 'multichoice', 'openended')`),
  ],
);
