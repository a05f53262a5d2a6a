import {
  ErrorBody,
  Franchise,
  FranchiseCreate,
  FranchiseList,
  FranchiseSwitchGrant,
  FranchiseSwitchRequest,
  FranchiseSwitchResponse,
  FranchiseUpdate,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import {
  createFranchise,
  editFranchise,
  getFranchise,
  listFranchises,
  removeFranchise,
  requireMaster,
} from './franchise.service.ts';
import { exchangeSwitchCode, FranchiseSwitchCodes, issueSwitchCode } from './franchise-switch.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['franchise'];
const IdParams = z.object({ id: z.string().max(100) });

/** Admins of a master franchise only (spec 2 §6); the master is the host's tenant. */
const masterAdmin = (request: FastifyRequest) => {
  const ctx = requireStaff(request, 'admin');
  requireMaster(ctx.tenant);
  return ctx;
};
/** Checked before the body is validated, so a non-admin learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  masterAdmin(request);
};

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Spec 2 §7 "Franchise" calls and GET /rest/tenant/{id}/token (franchise switching). */
export function registerFranchiseRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const codes = new FranchiseSwitchCodes(platform.db);

  app.get(
    '/rest/franchise',
    {
      preValidation,
      schema: { tags, summary: 'The franchises of this master', response: { 200: FranchiseList, ...errors } },
    },
    (request) => listFranchises(platform, masterAdmin(request).tenant),
  );

  app.get(
    '/rest/franchise/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One franchise of this master',
        params: IdParams,
        response: { 200: Franchise, ...errors },
      },
    },
    (request) => getFranchise(platform, masterAdmin(request).tenant, request.params.id),
  );

  app.post(
    '/rest/franchise',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Create a franchise: its tenant, admin and pages, all or nothing',
        body: FranchiseCreate,
        response: { 201: Franchise, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createFranchise(platform, masterAdmin(request).tenant, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/rest/franchise/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Edit a franchise (no password or timezone; the org id cannot change)',
        params: IdParams,
        body: FranchiseUpdate,
        response: { 200: Franchise, ...errors },
      },
    },
    (request) => editFranchise(platform, masterAdmin(request).tenant, request.params.id, request.body),
  );

  app.delete(
    '/rest/franchise/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Delete a franchise that has no members',
        params: IdParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await removeFranchise(platform, masterAdmin(request).tenant, request.params.id);
      return { message: 'Successfully deleted franchise.' };
    },
  );

  app.get(
    '/rest/tenant/:id/token',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Franchise switching: a one-time code to exchange on the franchise host',
        params: IdParams,
        querystring: z.object({ masterAdminId: z.string().max(100).optional() }),
        response: { 200: FranchiseSwitchGrant, ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = masterAdmin(request);
      const grant = await issueSwitchCode(
        platform,
        codes,
        tenant,
        auth,
        request.params.id,
        request.query.masterAdminId,
        clientOf(request),
      );
      request.log.info({ masterAdminId: auth.sub, franchise: grant.franchise.orgId }, 'franchise switch code issued');
      return grant;
    },
  );

  app.post(
    '/public/franchise/switch',
    {
      schema: {
        tags,
        summary: 'On the franchise host: exchange a switch code for a franchise-mode session',
        body: FranchiseSwitchRequest,
        response: { 200: FranchiseSwitchResponse, ...errors },
      },
    },
    async (request) => {
      const host = requireTenant(request);
      const session = await exchangeSwitchCode(platform, codes, host, request.body.code, clientOf(request));
      request.log.info({ franchise: host.orgId, contact: session.contact.guId }, 'franchise switch');
      return session;
    },
  );
}
