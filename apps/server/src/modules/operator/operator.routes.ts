import {
  ErrorBody,
  ImpersonateResult,
  ImpersonationEnded,
  ImpersonationState,
  MasterPlan,
  MasterPlanCreate,
  MasterPlanList,
  MasterPlanUpdate,
  MyStudioList,
  OperatorAuditList,
  OperatorAuditQuery,
  OperatorTenant,
  OperatorTenantList,
  OperatorTenantQuery,
  PlanOffers,
  planCurrencyOf,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { planOffers } from '../plan/plan-catalogue.ts';
import { endImpersonation, impersonationOf } from './impersonation.service.ts';
import { createMasterPlan, listMasterPlans, updateMasterPlan } from './master-plans.service.ts';
import { myStudios } from './my-studios.service.ts';
import { requireOperator, requireOperatorSite } from './operator-guard.ts';
import { auditLines, impersonate, listTenants, setSuspended } from './operator-tenants.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['operator'];
const IdParams = z.object({ id: z.string().max(64) });

/**
 * The platform operator (issue 28): the plans it sells (/masterplan), its tenants (/tenant) and the
 * public plan pages of its site (/tplan). On any other tenant every call is a 404.
 */
export function registerOperatorRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const operator = (request: FastifyRequest) => requireOperator(request, platform.config);
  // Checked before the body is validated: a non-operator learns nothing from a 400.
  const preValidation = async (request: FastifyRequest) => {
    operator(request);
  };

  app.get(
    '/rest/masterplan',
    { schema: { tags, summary: 'The plans the platform sells', response: { 200: MasterPlanList, ...errors } } },
    async (request) => {
      operator(request);
      return { data: await listMasterPlans(platform) };
    },
  );

  app.post(
    '/rest/masterplan',
    {
      preValidation,
      schema: { tags, summary: 'A new plan', body: MasterPlanCreate, response: { 201: MasterPlan, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createMasterPlan(platform, request.body)),
  );

  app.put(
    '/rest/masterplan/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: "A plan's name, prices, features, limits, trial or status (its id stays)",
        params: IdParams,
        body: MasterPlanUpdate,
        response: { 200: MasterPlan, ...errors },
      },
    },
    (request) => updateMasterPlan(platform, request.params.id, request.body),
  );

  app.get(
    '/public/tplan',
    {
      schema: {
        tags,
        summary: "On the operator's site: the plans on sale, for the public plan pages",
        querystring: z.object({ currency: z.enum(['USD', 'INR']).optional() }),
        response: { 200: PlanOffers, ...errors },
      },
    },
    (request) => {
      const site = requireOperatorSite(request, platform.config);
      return planOffers(platform.db, request.query.currency ?? planCurrencyOf(site.settings.country));
    },
  );

  app.get(
    '/rest/operator/tenants',
    {
      schema: {
        tags,
        summary: 'Every tenant with its plan, usage, payment state, dates and franchises',
        querystring: OperatorTenantQuery,
        response: { 200: OperatorTenantList, ...errors },
      },
    },
    (request) => {
      operator(request);
      return listTenants(platform, request.query);
    },
  );

  for (const [action, suspended] of [
    ['suspend', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/rest/operator/tenants/:id/${action}`,
      {
        preValidation,
        schema: {
          tags,
          summary: suspended ? 'Suspend a studio (its site says so)' : 'Open a suspended studio again',
          params: IdParams,
          response: { 200: OperatorTenant, ...errors },
        },
      },
      (request) => setSuspended(platform, operator(request), request.params.id, suspended),
    );
  }

  app.post(
    '/rest/operator/tenants/:id/impersonate',
    {
      preValidation,
      schema: {
        tags,
        summary: "Act as a studio's owner: its host with a one-time code (audited)",
        params: IdParams,
        response: { 200: ImpersonateResult, ...errors },
      },
    },
    (request) =>
      impersonate(platform, operator(request), request.params.id, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      }),
  );

  app.get(
    '/rest/operator/audit',
    {
      schema: {
        tags,
        summary: "The operator's audit lines, newest first, paged; searched by org id or operator name",
        querystring: OperatorAuditQuery,
        response: { 200: OperatorAuditList, ...errors },
      },
    },
    (request) => {
      operator(request);
      return auditLines(platform, request.query);
    },
  );

  app.get(
    '/rest/operator/my-studios',
    {
      schema: {
        tags,
        summary: "On the operator's site: the studios the signed-in member owns, with their plans",
        response: { 200: MyStudioList, ...errors },
      },
    },
    (request) => {
      requireOperatorSite(request, platform.config);
      return myStudios(platform, requireAuth(request));
    },
  );

  // On the studio's host, for the session the operator's one-time code started (any staff route's banner).
  app.get(
    '/rest/operator/impersonation',
    {
      schema: {
        tags,
        summary: "Whether this session is the platform operator acting as the studio's owner (the banner)",
        response: { 200: ImpersonationState, ...errors },
      },
    },
    async (request) => ({ impersonation: await impersonationOf(platform, requireStaff(request)) }),
  );

  app.post(
    '/rest/operator/impersonation/end',
    {
      schema: {
        tags,
        summary: 'End acting as the studio (audited): this session ends; back to the operator’s Tenants',
        response: { 200: ImpersonationEnded, ...errors },
      },
    },
    (request) => endImpersonation(platform, requireStaff(request)),
  );
}
