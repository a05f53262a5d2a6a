import {
  ErrorBody,
  Review,
  ReviewCreate,
  ReviewLink,
  ReviewLinkWrite,
  ReviewList,
  ReviewListQuery,
  ReviewReply,
  ReviewResult,
  ReviewStatus,
  ReviewUpdate,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import * as reviews from './reviews.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const ReviewId = z.object({ id: z.uuid('id must be a review id') });
const tags = ['reviews'];

/**
 * Reviews (docs/decisions/reviews.md): the member's rating prompt posts and changes their review
 * (spec 3 §7.9 `/providerservice/review*`); staff read every review at G-Reviews, answer it, and set
 * the studio's Google review link.
 */
export function registerReviewRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/providerservice/review/mstatus',
    {
      schema: {
        tags,
        summary: 'Whether I reviewed the studio, and its Google review link',
        response: { 200: ReviewStatus, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      return reviews.reviewStatus(platform, tenant, auth);
    },
  );

  app.post(
    '/providerservice/review',
    {
      schema: {
        tags,
        summary: "A member's review (the star click; a second one changes it)",
        body: ReviewCreate,
        response: { 200: ReviewResult, 201: ReviewResult, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant, auth } = requireAuth(request);
      const { result, created } = await reviews.postReview(platform, tenant, auth, request.body);
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/providerservice/review',
    {
      schema: {
        tags,
        summary: "The studio's reviews (staff)",
        querystring: ReviewListQuery,
        response: { 200: ReviewList, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request);
      return reviews.listReviews(platform, tenant, request.query);
    },
  );

  app.get(
    '/providerservice/review/link',
    { schema: { tags, summary: "The studio's Google review link (staff)", response: { 200: ReviewLink, ...errors } } },
    async (request) => {
      const { tenant } = requireStaff(request);
      return reviews.reviewLinkOf(tenant);
    },
  );

  app.put(
    '/providerservice/review/link',
    {
      schema: {
        tags,
        summary: 'Generate the Google review link from a Place ID, or set or clear it (admin)',
        body: ReviewLinkWrite,
        response: { 200: ReviewLink, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request, 'admin');
      return reviews.saveReviewLink(platform, tenant, request.body);
    },
  );

  app.put(
    '/providerservice/review/:id',
    {
      schema: {
        tags,
        summary: 'Change my review: stars, text, posted on Google, shown on the website',
        params: ReviewId,
        body: ReviewUpdate,
        response: { 200: Review, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      return reviews.changeReview(platform, tenant, auth, request.params.id, request.body);
    },
  );

  app.put(
    '/providerservice/review/:id/reply',
    {
      schema: {
        tags,
        summary: "Answer a member's review; the answer is emailed to them (admin, staff)",
        params: ReviewId,
        body: ReviewReply,
        response: { 200: Review, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireStaff(request, 'admin', 'staff');
      return reviews.replyToReview(platform, tenant, auth, request.params.id, request.body.reply);
    },
  );
}
