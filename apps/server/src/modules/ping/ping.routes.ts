import { ErrorBody, PingResponse } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';

export function registerPingRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  for (const url of ['/ping', '/snode/tenant/ping']) {
    app.get(
      url,
      {
        schema: {
          tags: ['tenant'],
          summary: 'Tenant config for a host or org id (an unknown tenant answers without orgId)',
          querystring: z.object({ name: z.string().max(253).optional() }),
          response: { 200: PingResponse },
        },
      },
      async (request, reply) => {
        const name = request.query.name?.trim();
        const tenant = name ? await platform.tenants.resolveName(name) : request.tenant;
        if (!tenant) return {};
        const { json } = await platform.tenantConfigs.get(tenant);
        // Already validated against TenantConfig when cached: send the ready JSON.
        return reply
          .type('application/json; charset=utf-8')
          .serializer((payload: unknown) => payload as string)
          .send(json as never);
      },
    );
  }

  app.post(
    '/snode/cache',
    {
      schema: {
        tags: ['tenant'],
        summary: 'Clear the cached tenant config (hidden command)',
        response: { 200: z.object({ message: z.string() }), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request, 'admin');
      platform.tenants.clearCache();
      platform.tenantConfigs.invalidate(tenant.tenantId);
      return { message: 'Cache cleared.' };
    },
  );
}
