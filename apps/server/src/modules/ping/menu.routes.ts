import { ErrorBody, MenuName, TenantMenu } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { tenantMenu } from './menu.service.ts';

/** Spec 1 §7: GET /edtest/tenant/settings/menu?name={name}, no sign-in (what every visitor sees). */
export function registerMenuRoutes(server: FastifyInstance, platform: Platform): void {
  server.withTypeProvider<ZodTypeProvider>().get(
    '/edtest/tenant/settings/menu',
    {
      schema: {
        tags: ['tenant'],
        summary: "A menu of the tenant's public website by name: public (navigation), footer or legal",
        security: [],
        querystring: z.object({ name: MenuName }),
        response: { 200: TenantMenu, 400: ErrorBody, 404: ErrorBody },
      },
    },
    (request) => tenantMenu(platform, requireTenant(request), request.query.name),
  );
}
