import { ErrorBody, PingResponse } from '@atrium/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';

/** Tenant config JSON, validated against TenantConfig when it was cached: sent as it is. */
function sendReadyJson(reply: FastifyReply, json: string): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(json as never);
}

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
      (request, reply) => {
        const name = request.query.name?.trim();
        // The request's own tenant with its config kept: answered without a promise (every page load asks).
        const ready = !name && request.tenant ? platform.tenantConfigs.peek(request.tenant) : undefined;
        if (ready) {
          sendReadyJson(reply, ready.json);
          return;
        }
        return (async () => {
          const tenant = name ? await platform.tenants.resolveName(name) : request.tenant;
          if (!tenant) return {};
          return sendReadyJson(reply, (await platform.tenantConfigs.get(tenant)).json);
        })();
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
