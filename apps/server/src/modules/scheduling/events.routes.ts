import { ErrorBody, EventRegistration, PublicEvent, PublicEventList, PublicEventParams } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { publicEvent, publicEvents, studentRegister } from './events.service.ts';
import { bookingContext } from './scheduling-shared.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['events'];
const signedInPre = async (request: FastifyRequest) => {
  requireAuth(request);
};

/**
 * Events (workshops, programs; decisions.md "Events"). Staff make and edit them as class rules of
 * kind 'event' (/snode/classrule, its regenerateurl); these are the visitor's and member's calls.
 */
export function registerEventRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

  app.get(
    '/snode/pevent/:id',
    {
      schema: {
        tags,
        summary: 'Public: one event by its shareable link id (a regenerated link’s old id is 404)',
        params: PublicEventParams,
        response: { 200: PublicEvent, ...errors },
      },
    },
    async (request) => publicEvent(db, requireTenant(request), request.params.id, new Date()),
  );
  app.post(
    '/snode/pevent/:id/register',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary:
          'Registers the signed-in person: a place in every session to come; a priced event is held while its invoice is paid',
        params: PublicEventParams,
        response: { 201: EventRegistration, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      const ctx = bookingContext(platform, actor.tenant, new Date());
      return reply.code(201).send(await studentRegister(platform, actor, request.params.id, ctx));
    },
  );
  app.get(
    '/public/events',
    {
      schema: {
        tags,
        summary: 'Public: the events still to come, soonest first',
        response: { 200: PublicEventList, ...errors },
      },
    },
    async (request) => publicEvents(db, requireTenant(request), new Date(), false),
  );
  app.get(
    '/public/featuredEvents',
    {
      schema: {
        tags,
        summary: 'Public: the featured events still to come, soonest first',
        response: { 200: PublicEventList, ...errors },
      },
    },
    async (request) => publicEvents(db, requireTenant(request), new Date(), true),
  );
}
