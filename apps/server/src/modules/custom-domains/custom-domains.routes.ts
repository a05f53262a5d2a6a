import { CustomDomainState, CustomDomainWrite, ErrorBody } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { parseHost } from '../tenants/tenant-directory.ts';
import {
  addCustomDomain,
  checkCustomDomain,
  getCustomDomain,
  recheckCustomDomains,
  removeCustomDomain,
} from './custom-domains.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['settings'];
export const CUSTOM_DOMAIN_QUEUE = 'custom-domain-checks';
/** The path Caddy's on_demand_tls `ask` calls (docs/decisions/tenancy.md "Custom domains"). */
export const TLS_ASK_PATH = '/internal/tls/ask';

const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before the body is validated, so a non-admin learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/**
 * Account Settings > Custom Domain (issue 28): add, check, remove; the job that re-checks every
 * pending and verified domain; and the TLS `ask` endpoint of the proxy in front.
 */
export function registerCustomDomainRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  platform.jobs.register(
    CUSTOM_DOMAIN_QUEUE,
    async () => {
      await recheckCustomDomains(platform);
    },
    { retryLimit: 1 },
  );
  platform.jobs.schedule(CUSTOM_DOMAIN_QUEUE, '*/10 * * * *');

  app.get(
    '/rest/settings/custom-domain',
    {
      schema: {
        tags,
        summary: "The studio's own domain: status, the DNS records to make, the last check",
        response: { 200: CustomDomainState, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request);
      return { customDomain: await getCustomDomain(platform, tenant) };
    },
  );

  app.post(
    '/rest/settings/custom-domain',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Add the studio’s own domain (pending until its TXT proof is found)',
        body: CustomDomainWrite,
        response: { 201: CustomDomainState, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant } = admin(request);
      return reply.code(201).send({ customDomain: await addCustomDomain(platform, tenant, request.body.domain) });
    },
  );

  app.post(
    '/rest/settings/custom-domain/check',
    {
      preValidation,
      schema: { tags, summary: 'Check the domain’s DNS now', response: { 200: CustomDomainState, ...errors } },
    },
    async (request) => {
      const { tenant } = admin(request);
      return { customDomain: await checkCustomDomain(platform, tenant) };
    },
  );

  app.delete(
    '/rest/settings/custom-domain',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Remove the domain: it stops opening the studio at once',
        response: { 200: CustomDomainState, ...errors },
      },
    },
    async (request) => {
      const { tenant } = admin(request);
      await removeCustomDomain(platform, tenant);
      return { customDomain: null };
    },
  );

  app.get(
    TLS_ASK_PATH,
    {
      schema: {
        tags: ['platform'],
        summary:
          'Caddy on_demand_tls ask: 200 when the domain is a verified studio domain or a studio’s own sub-domain, else 404',
        querystring: z.object({ domain: z.string().max(300).default('') }),
        response: { 200: z.object({ ok: z.literal(true) }), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const name = request.query.domain.trim().toLowerCase().replace(/\.$/, '');
      const lookup = parseHost(name, platform.config.productDomains);
      const known =
        (lookup.kind === 'org' || lookup.kind === 'domain' || lookup.kind === 'default') &&
        (lookup.kind === 'default' || (await platform.tenants.resolveHost(name)) !== null);
      if (known) return { ok: true as const };
      return reply
        .code(404)
        .send({ errors: { message: 'No studio answers on this domain.', code: 'not_found', field: 'domain' } });
    },
  );
}
