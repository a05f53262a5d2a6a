import {
  ASSESSMENT_MESSAGES,
  type AssignableList,
  type Test,
  type TestInput,
  type TestList,
  type TestListQuery,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findAssignables, findChapters, type Named } from './assignments.repo.ts';
import { countInBanks, findQuestions } from './test-questions.repo.ts';
import {
  attemptCounts,
  deleteTest,
  findTest,
  findTestPage,
  insertTest,
  type TestRow,
  type TestValues,
  updateTest,
} from './tests.repo.ts';

type Input = z.output<typeof TestInput>;

function toTest(row: TestRow, names: Named[], attemptCount: number): Test {
  const named = new Map(names.map((n) => [`${n.kind}:${n.id}`, n.name]));
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    draw: row.draw,
    questionIds: row.questionIds,
    banks: row.banks,
    randomCount: row.randomCount,
    questionCount: row.draw === 'fixed' ? row.questionIds.length : (row.randomCount ?? 0),
    timeLimitMinutes: row.timeLimitMinutes,
    attemptsAllowed: row.attemptsAllowed,
    passPercent: row.passPercent,
    opensAt: row.opensAt?.toISOString() ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    assignments: row.assignments.map((a) => ({
      kind: a.kind as Named['kind'],
      id: a.id,
      name: named.get(`${a.kind}:${a.id}`) ?? '',
    })),
    courseId: row.courseId,
    chapterId: row.chapterId,
    isPublished: row.isPublished,
    oneAtATime: row.oneAtATime,
    noGoingBack: row.noGoingBack,
    attemptCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function present(tx: Tx, tenantId: string, rows: TestRow[]): Promise<Test[]> {
  const names = await findAssignables(
    tx,
    tenantId,
    rows.flatMap((row) => row.assignments),
  );
  const counts = await attemptCounts(
    tx,
    tenantId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTest(row, names, counts.get(row.id) ?? 0));
}

/**
 * What is stored, checked against the studio's records: every question is the studio's (a self
 * assessment's are graded), the banks hold enough to draw, each assignment and the chapter exist.
 */
async function values(tx: Tx, tenantId: string, input: Input): Promise<TestValues> {
  const gradedOnly = input.kind === 'self';
  let questionIds: string[] = [];
  let banks: string[] = [];
  let randomCount: number | null = null;
  if (input.draw === 'fixed') {
    questionIds = [...new Set(input.questionIds)];
    const found = await findQuestions(tx, tenantId, questionIds);
    if (found.length !== questionIds.length) throw badRequest('questionIds', ASSESSMENT_MESSAGES.questionNotFound);
    if (gradedOnly && found.some((q) => q.type !== 'graded'))
      throw badRequest('questionIds', ASSESSMENT_MESSAGES.selfGradedOnly);
  } else {
    banks = [...new Set(input.banks)];
    randomCount = input.randomCount;
    const available = await countInBanks(tx, tenantId, banks, gradedOnly);
    if (available < (randomCount ?? 0)) throw badRequest('randomCount', ASSESSMENT_MESSAGES.drawTooMany);
  }
  const wanted = [...new Map(input.assignments.map((a) => [`${a.kind}:${a.id}`, a])).values()];
  const found = await findAssignables(tx, tenantId, wanted);
  if (found.length !== wanted.length) throw badRequest('assignments', ASSESSMENT_MESSAGES.assignmentNotFound);
  let courseId: string | null = null;
  if (input.chapterId) {
    const [chapter] = await findChapters(tx, tenantId, input.chapterId);
    if (!chapter) throw badRequest('chapterId', ASSESSMENT_MESSAGES.chapterNotFound);
    courseId = chapter.courseId;
  }
  return {
    name: input.name,
    kind: input.kind,
    description: input.description,
    draw: input.draw,
    questionIds,
    banks,
    randomCount,
    timeLimitMinutes: input.timeLimitMinutes,
    attemptsAllowed: input.attemptsAllowed,
    // a self assessment has no pass mark (graded: N/A)
    passPercent: input.kind === 'self' ? 0 : input.passPercent,
    opensAt: input.opensAt ? new Date(input.opensAt) : null,
    closesAt: input.closesAt ? new Date(input.closesAt) : null,
    assignments: wanted,
    courseId,
    chapterId: input.chapterId,
    isPublished: input.isPublished,
    oneAtATime: input.oneAtATime,
    noGoingBack: input.noGoingBack,
  };
}

/** GET /edtest/tests?kind=test|self: the studio's tests (or self assessments), newest first. */
export function listTests(
  platform: Platform,
  tenant: TenantContext,
  query: z.output<typeof TestListQuery>,
): Promise<TestList> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const { rows, total } = await findTestPage(
      tx,
      tenant.tenantId,
      { kind: query.kind, search: query.search },
      { offset: query.offset, limit: query.max },
    );
    return { data: await present(tx, tenant.tenantId, rows), total };
  });
}

export function getTest(platform: Platform, tenant: TenantContext, id: string): Promise<Test> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findTest(tx, tenant.tenantId, id);
    if (!row) throw notFound('Test');
    const [test] = await present(tx, tenant.tenantId, [row]);
    if (!test) throw notFound('Test');
    return test;
  });
}

export function createTest(platform: Platform, tenant: TenantContext, input: Input): Promise<Test> {
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await insertTest(tx, tenant.tenantId, await values(tx, tenant.tenantId, input));
    const [test] = await present(tx, tenant.tenantId, [row]);
    if (!test) throw new Error('test could not be read back');
    return test;
  });
}

/** A change applies to attempts started after it: a started attempt keeps its copied questions and deadline. */
export function changeTest(platform: Platform, tenant: TenantContext, id: string, input: Input): Promise<Test> {
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (!(await findTest(tx, tenant.tenantId, id, true))) throw notFound('Test');
    const row = await updateTest(tx, tenant.tenantId, id, await values(tx, tenant.tenantId, input));
    if (!row) throw notFound('Test');
    const [test] = await present(tx, tenant.tenantId, [row]);
    if (!test) throw notFound('Test');
    return test;
  });
}

/** A test nobody has taken is deleted; a taken one keeps its results (unpublish it instead). */
export async function removeTest(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (!(await findTest(tx, tenant.tenantId, id, true))) throw notFound('Test');
    const counts = await attemptCounts(tx, tenant.tenantId, [id]);
    if ((counts.get(id) ?? 0) > 0) throw new AppError(409, 'taken', ASSESSMENT_MESSAGES.deleteTaken, 'id');
    await deleteTest(tx, tenant.tenantId, id);
  });
}

/** GET /edtest/tests/assignables?search=: members (50 matching the words), classes, courses, memberships, chapters. */
export function listAssignables(platform: Platform, tenant: TenantContext, search: string): Promise<AssignableList> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => ({
    data: await findAssignables(tx, tenant.tenantId, 'all', search),
    chapters: await findChapters(tx, tenant.tenantId),
  }));
}
