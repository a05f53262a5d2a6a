import { ErrorBody, Feedback, FeedbackCreate, FeedbackList, FeedbackListQuery, FeedbackReply } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import * as feedback from './feedback.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const FeedbackId = z.object({ id: z.uuid('id must be a feedback id') });
const tags = ['feedback'];

/**
 * Feedback (docs/decisions/engagement.md, "Feedback"; spec 3 §7.9 `/client/feedback`): members send
 * it from the feedback dialog; staff read it at /feedback and answer by email.
 */
export function registerFeedbackRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/client/feedback',
    {
      schema: {
        tags,
        summary: "A member's feedback to the studio",
        body: FeedbackCreate,
        response: { 201: Feedback, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant, auth } = requireAuth(request);
      return reply.code(201).send(await feedback.sendFeedback(platform, tenant, auth, request.body.message));
    },
  );

  app.get(
    '/client/feedback',
    {
      schema: {
        tags,
        summary: "The studio's feedback, newest first (staff)",
        querystring: FeedbackListQuery,
        response: { 200: FeedbackList, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request);
      return feedback.listFeedback(platform, tenant, request.query);
    },
  );

  app.put(
    '/client/feedback/:id/reply',
    {
      schema: {
        tags,
        summary: "Answer a member's feedback by email (admin, staff)",
        params: FeedbackId,
        body: FeedbackReply,
        response: { 200: Feedback, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireStaff(request, 'admin', 'staff');
      return feedback.replyToFeedback(platform, tenant, auth, request.params.id, request.body.reply);
    },
  );
}
