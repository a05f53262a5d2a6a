import { ClassRule, ClassRuleInput, ClassRuleList, ClassRuleListQuery } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import type { OnlineMeetings } from '../integrations/zoom-meetings.ts';
import { createRule, editRule, getRule, listRules, regenerateRuleUrl } from './class-rules.service.ts';
import { errors, IdParams, manage, managePre, staffPre, tags } from './scheduling-route-guards.ts';

/** Classes and events as staff set them up (their rules), and a rule's own link. */
export function registerClassRuleRoutes(server: FastifyInstance, platform: Platform, meetings: OnlineMeetings): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;
  app.get(
    '/snode/classrule',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'The weekly class rules, or with kind=event the events (/rules)',
        querystring: ClassRuleListQuery,
        response: { 200: ClassRuleList, ...errors },
      },
    },
    async (request) => listRules(db, requireStaff(request), request.query.kind),
  );
  app.put(
    '/snode/classrule/:id/regenerateurl',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'A new shareable link for a class or event; the old link stops answering',
        params: IdParams,
        response: { 200: ClassRule, ...errors },
      },
    },
    async (request) => regenerateRuleUrl(db, manage(request), request.params.id),
  );
  app.get(
    '/snode/classrule/:id',
    {
      preValidation: staffPre,
      schema: { tags, summary: 'One class rule', params: IdParams, response: { 200: ClassRule, ...errors } },
    },
    async (request) => getRule(db, requireStaff(request), request.params.id),
  );
  app.post(
    '/snode/classrule',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Adds a weekly class; its sessions are generated in the tenant’s zone for 26 weeks',
        body: ClassRuleInput,
        response: { 201: ClassRule, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRule(db, manage(request), request.body, new Date(), meetings)),
  );
  app.put(
    '/snode/classrule/:id',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Changes the whole series: future sessions follow, booked ones keep their bookings',
        params: IdParams,
        body: ClassRuleInput,
        response: { 200: ClassRule, ...errors },
      },
    },
    async (request) => editRule(platform, manage(request), request.params.id, request.body, new Date(), meetings),
  );
}
