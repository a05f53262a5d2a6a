import {
  normaliseQuestion,
  QBANK_MESSAGES,
  type Question,
  type QuestionInput,
  type QuestionList,
  type QuestionListQuery,
  type QuestionRowProblem,
  readQuestionCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, withTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import * as repo from './qbank.repo.ts';

type Input = z.output<typeof QuestionInput>;

export function toQuestion(row: repo.QuestionRow): Question {
  return {
    _id: row.id,
    bank: row.bank,
    type: row.type as Question['type'],
    question: row.question,
    options: row.options,
    points: row.points,
    explanation: row.explanation,
    rubric: row.rubric,
    tags: row.tags,
    mediaUrl: row.mediaUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What is stored: the type's shape (graded scores its best option), the question's HTML sanitised. */
function values(input: Input): repo.QuestionValues {
  const q = normaliseQuestion(input);
  return {
    bank: q.bank,
    type: q.type,
    question: sanitizePageHtml(q.question),
    options: q.options,
    points: q.points,
    explanation: q.explanation,
    rubric: q.rubric,
    tags: q.tags,
    mediaUrl: q.mediaUrl,
  };
}

/** GET /edtest/qbank: a page of questions, filtered by bank, tag, type and words of the question. */
export function listQuestions(
  platform: Platform,
  tenant: TenantContext,
  query: z.output<typeof QuestionListQuery>,
): Promise<QuestionList> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const { rows, total } = await repo.findQuestionPage(
      tx,
      tenant.tenantId,
      { search: query.search, bank: query.bank, tag: query.tag, type: query.type },
      { offset: query.offset, limit: query.max },
    );
    const { banks, tags } = await repo.findBanksAndTags(tx, tenant.tenantId);
    return { data: rows.map(toQuestion), total, banks, tags };
  });
}

export function getQuestion(platform: Platform, tenant: TenantContext, id: string): Promise<Question> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await repo.findQuestion(tx, tenant.tenantId, id);
    if (!row) throw notFound('Question');
    return toQuestion(row);
  });
}

export function createQuestion(platform: Platform, tenant: TenantContext, input: Input): Promise<Question> {
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const [row] = await repo.insertQuestions(tx, tenant.tenantId, [values(input)]);
    if (!row) throw new Error('question could not be written');
    return toQuestion(row);
  });
}

export function changeQuestion(platform: Platform, tenant: TenantContext, id: string, input: Input): Promise<Question> {
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await repo.updateQuestion(tx, tenant.tenantId, id, values(input));
    if (!row) throw notFound('Question');
    return toQuestion(row);
  });
}

export async function removeQuestion(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  const gone = await withTenant(platform.db, tenant.tenantId, (tx) => repo.deleteQuestion(tx, tenant.tenantId, id));
  if (!gone) throw notFound('Question');
}

export type ImportOutcome = { imported: number } | { refused: QuestionRowProblem[] };

/**
 * POST /edtest/qbank/import: all or nothing. Every line is checked first; one bad line refuses the
 * file (each bad line named with its line number and column) and nothing is written.
 */
export async function importQuestions(platform: Platform, tenant: TenantContext, csv: string): Promise<ImportOutcome> {
  const { questions, problems } = readQuestionCsv(csv);
  if (problems.length > 0) return { refused: problems };
  if (questions.length === 0) return { refused: [{ line: 1, field: 'csv', message: QBANK_MESSAGES.csvEmpty }] };
  const rows = await withTenant(platform.db, tenant.tenantId, (tx) =>
    repo.insertQuestions(tx, tenant.tenantId, questions.map(values)),
  );
  return { imported: rows.length };
}
