import {
  AnswerInput,
  AnswerSaved,
  ASSESSMENT_MESSAGES,
  AssignableList,
  Attempt,
  AttemptList,
  AttemptListQuery,
  ErrorBody,
  GradeInput,
  isStaffRole,
  MessageResponse,
  MyTestList,
  Test,
  TestInput,
  TestList,
  TestListQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/errors.ts';
import { requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { assertTaker } from './attempt-state.ts';
import * as attempts from './attempts.service.ts';
import * as grading from './grading.service.ts';
import { renderResultPdf } from './result-pdf.ts';
import * as tests from './tests.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const TestId = z.object({ id: z.uuid('id must be a test id') });
const AttemptId = z.object({ id: z.uuid('id must be an attempt id') });
const AnswerAt = z.object({
  id: z.uuid('id must be an attempt id'),
  position: z.coerce.number({ error: 'position must be a whole number' }).int().min(0).max(1000),
});
const tags = ['assessments'];

/** Admins and staff make tests and grade; the front desk, members and previews do not. */
const writer = (request: FastifyRequest) => requireStaff(request, 'admin', 'staff');

/** A member reads their own attempt; admins and staff read any; the front desk none. */
function reader(request: FastifyRequest) {
  const ctx = requireAuth(request);
  const staff = isStaffRole(ctx.auth.role);
  if (staff && ctx.auth.role === 'frontdesk') throw forbidden();
  return { ...ctx, staff };
}

/**
 * Tests and assessments (/tests, /assessment, /assesment; /student-assessments, /myassessment;
 * docs/decisions/engagement.md, "Tests and assessments").
 */
export function registerAssessmentRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/edtest/tests',
    {
      schema: {
        tags,
        summary: "The studio's tests or self assessments (admin, staff)",
        querystring: TestListQuery,
        response: { 200: TestList, ...errors },
      },
    },
    async (request) => tests.listTests(platform, writer(request).tenant, request.query),
  );

  app.get(
    '/edtest/tests/assignables',
    {
      schema: {
        tags,
        summary: 'Members, classes, courses, memberships and chapters a test may name (admin, staff)',
        querystring: z.object({ search: z.string().trim().max(200).default('') }),
        response: { 200: AssignableList, ...errors },
      },
    },
    async (request) => tests.listAssignables(platform, writer(request).tenant, request.query.search),
  );

  app.get(
    '/edtest/tests/:id',
    { schema: { tags, summary: 'One test (admin, staff)', params: TestId, response: { 200: Test, ...errors } } },
    async (request) => tests.getTest(platform, writer(request).tenant, request.params.id),
  );

  app.post(
    '/edtest/tests',
    { schema: { tags, summary: 'Add a test (admin, staff)', body: TestInput, response: { 201: Test, ...errors } } },
    async (request, reply) => {
      const { tenant } = writer(request);
      return reply.code(201).send(await tests.createTest(platform, tenant, request.body));
    },
  );

  app.put(
    '/edtest/tests/:id',
    {
      schema: {
        tags,
        summary: 'Change a test (admin, staff)',
        params: TestId,
        body: TestInput,
        response: { 200: Test, ...errors },
      },
    },
    async (request) => tests.changeTest(platform, writer(request).tenant, request.params.id, request.body),
  );

  app.delete(
    '/edtest/tests/:id',
    {
      schema: {
        tags,
        summary: 'Delete a test nobody has taken (admin, staff)',
        params: TestId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await tests.removeTest(platform, writer(request).tenant, request.params.id);
      return { message: ASSESSMENT_MESSAGES.deleted };
    },
  );

  app.get(
    '/edtest/my/tests',
    {
      schema: {
        tags,
        summary: 'The tests assigned to the signed-in member, with their state (member)',
        response: { 200: MyTestList, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      assertTaker(auth);
      return attempts.myTests(platform, tenant, auth);
    },
  );

  app.post(
    '/edtest/tests/:id/attempts',
    {
      schema: {
        tags,
        summary: 'Start an attempt, or resume the one in progress (member)',
        params: TestId,
        response: { 200: Attempt, 201: Attempt, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant, auth } = requireAuth(request);
      const { attempt, resumed } = await attempts.startAttempt(platform, tenant, auth, request.params.id);
      return reply.code(resumed ? 200 : 201).send(attempt);
    },
  );

  app.get(
    '/edtest/attempts',
    {
      schema: {
        tags,
        summary: 'Attempts to review and grade, In Review first (admin, staff)',
        querystring: AttemptListQuery,
        response: { 200: AttemptList, ...errors },
      },
    },
    async (request) => grading.listAttempts(platform, writer(request).tenant, request.query),
  );

  app.get(
    '/edtest/attempts/:id',
    {
      schema: {
        tags,
        summary: "An attempt: the member's own, or any for admin and staff",
        params: AttemptId,
        response: { 200: Attempt, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth, staff } = reader(request);
      return attempts.readAttempt(platform, tenant, auth, request.params.id, staff);
    },
  );

  app.get(
    '/edtest/attempts/:id/result.pdf',
    {
      schema: {
        tags,
        summary: "A finished attempt's result as a PDF: the member's own, or any for admin and staff",
        params: AttemptId,
      },
    },
    async (request, reply) => {
      const { tenant, auth, staff } = reader(request);
      const attempt = await attempts.readAttempt(platform, tenant, auth, request.params.id, staff);
      if (attempt.status === 'inprogress')
        throw new AppError(409, 'not_submitted', ASSESSMENT_MESSAGES.gradeNotSubmitted, 'id');
      const pdf = await renderResultPdf({ organisation: tenant.name, attempt, timeZone: tenant.settings.timezone });
      const name = `${attempt.testName} ${attempt.contactName}`.replace(/[^\p{L}\p{N} ._-]+/gu, ' ').trim() || 'result';
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="result.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.put(
    '/edtest/attempts/:id/answers/:position',
    {
      schema: {
        tags,
        summary: 'Save one answer of an attempt in progress, before its deadline (member)',
        params: AnswerAt,
        body: AnswerInput,
        response: { 200: AnswerSaved, ...errors },
      },
      // the save's own statement checks that the login session has not ended (attempts.saveAnswer)
      config: { sessionCheckedByRoute: true },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      return attempts.saveAnswer(platform, tenant, auth, request.params.id, request.params.position, request.body);
    },
  );

  app.post(
    '/edtest/attempts/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submit an attempt: scored once (member)',
        params: AttemptId,
        response: { 200: Attempt, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      return attempts.submitAttempt(platform, tenant, auth, request.params.id);
    },
  );

  app.put(
    '/edtest/attempts/:id/answers/:position/grade',
    {
      schema: {
        tags,
        summary: 'Grade an open-ended answer: points and a comment (admin, staff)',
        params: AnswerAt,
        body: GradeInput,
        response: { 200: Attempt, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = writer(request);
      return grading.gradeAnswer(platform, tenant, auth, request.params.id, request.params.position, request.body);
    },
  );
}
