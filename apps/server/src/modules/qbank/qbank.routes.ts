import {
  ErrorBody,
  MessageResponse,
  QBANK_MESSAGES,
  Question,
  QuestionImport,
  QuestionImportRefusal,
  QuestionImportResult,
  QuestionInput,
  QuestionList,
  QuestionListQuery,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import * as qbank from './qbank.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const QuestionId = z.object({ id: z.uuid('id must be a question id') });
const tags = ['qbank'];

/**
 * Question banks (/qbank, /qbank/add; docs/decisions/engagement.md, "Question banks"): admins and staff
 * read and write the studio's questions (they hold the answers: not the front desk, not members).
 */
export function registerQbankRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const writer = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, 'admin', 'staff');

  app.get(
    '/edtest/qbank',
    {
      schema: {
        tags,
        summary: "The studio's questions, by bank, tag, type or words (admin, staff)",
        querystring: QuestionListQuery,
        response: { 200: QuestionList, ...errors },
      },
    },
    async (request) => qbank.listQuestions(platform, writer(request).tenant, request.query),
  );

  app.get(
    '/edtest/qbank/:id',
    {
      schema: {
        tags,
        summary: 'One question (admin, staff)',
        params: QuestionId,
        response: { 200: Question, ...errors },
      },
    },
    async (request) => qbank.getQuestion(platform, writer(request).tenant, request.params.id),
  );

  app.post(
    '/edtest/qbank',
    {
      schema: {
        tags,
        summary: 'Add a question (admin, staff)',
        body: QuestionInput,
        response: { 201: Question, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant } = writer(request);
      return reply.code(201).send(await qbank.createQuestion(platform, tenant, request.body));
    },
  );

  app.put(
    '/edtest/qbank/:id',
    {
      schema: {
        tags,
        summary: 'Change a question (admin, staff)',
        params: QuestionId,
        body: QuestionInput,
        response: { 200: Question, ...errors },
      },
    },
    async (request) => qbank.changeQuestion(platform, writer(request).tenant, request.params.id, request.body),
  );

  app.delete(
    '/edtest/qbank/:id',
    {
      schema: {
        tags,
        summary: 'Delete a question (admin, staff)',
        params: QuestionId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await qbank.removeQuestion(platform, writer(request).tenant, request.params.id);
      return { message: QBANK_MESSAGES.deleted };
    },
  );

  app.post(
    '/edtest/qbank/import',
    {
      bodyLimit: 3_000_000,
      schema: {
        tags,
        summary: 'Import questions from CSV, all or nothing (admin, staff)',
        body: QuestionImport,
        response: { 201: QuestionImportResult, 400: QuestionImportRefusal, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { tenant } = writer(request);
      const outcome = await qbank.importQuestions(platform, tenant, request.body.csv);
      if ('refused' in outcome) {
        const [first] = outcome.refused;
        return reply.code(400).send({
          errors: {
            message: first ? `Line ${first.line}, ${first.field}: ${first.message}` : QBANK_MESSAGES.csvEmpty,
            code: 'invalid_rows',
            field: first?.field ?? 'csv',
            rows: outcome.refused,
          },
        });
      }
      return reply.code(201).send(outcome);
    },
  );
}
