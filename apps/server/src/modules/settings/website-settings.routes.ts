import { ApiKeyResponse, ErrorBody, PLATFORM_VERSION, WebsiteSettings, WebsiteSettingsWrite } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { regenerateApiKey, toWebsiteSettings, updateWebsiteSettings } from './website-settings.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['settings'];
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before the body is validated, so a non-admin learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/** Spec 2 §7 "Plugin (website, SEO)": Website Settings, SEO settings, External Website, the API key. */
export function registerWebsiteSettingsRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/plugin/tenant',
    {
      schema: {
        tags,
        summary: "The host tenant's website and SEO settings",
        response: { 200: WebsiteSettings, ...errors },
      },
    },
    async (request) => toWebsiteSettings(requireStaff(request).tenant),
  );

  app.get(
    '/plugin/tenant/:id',
    {
      schema: {
        tags,
        summary: 'The same, named by tenant id or org id; any other tenant is a 404',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: WebsiteSettings, ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request);
      if (request.params.id !== tenant.tenantId && request.params.id !== tenant.orgId) throw notFound('Tenant');
      return toWebsiteSettings(tenant);
    },
  );

  app.put(
    '/plugin/tenant/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Save website, SEO or External Website settings (any subset)',
        body: WebsiteSettingsWrite,
        response: { 200: WebsiteSettings, ...errors },
      },
    },
    (request) => updateWebsiteSettings(platform, admin(request).tenant, request.body),
  );

  app.post(
    '/plugin/tenant/apikey',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Make a new tenant API key; it is answered this once, then only its last four characters',
        response: { 200: ApiKeyResponse, ...errors },
      },
    },
    (request) => regenerateApiKey(platform, admin(request).tenant),
  );

  app.get(
    '/plugin/app/version',
    { schema: { tags, summary: 'The platform version', response: { 200: z.object({ version: z.string() }) } } },
    async () => ({ version: PLATFORM_VERSION }),
  );
}
