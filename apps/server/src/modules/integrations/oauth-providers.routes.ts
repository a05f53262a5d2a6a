import { ConnectProvider, ErrorBody, IntegrationMessage, OAuthProviderConnections } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Integrations } from './integrations.service.ts';
import { listMeetingProviders, listOAuthProviders, revokeProvider } from './oauth-providers.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['integrations'];

/** Spec 3 §7.7: GET /authmgr/oauth/providers, GET /authmgr/oauth/providers/omeeting, POST /authmgr/oauth/revoke/{provider}. */
export function registerOAuthProviderRoutes(server: FastifyInstance, ctx: Integrations): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/authmgr/oauth/providers',
    {
      schema: {
        tags,
        summary: 'The OAuth connections you can use: your own and the shared mailboxes, and the online meeting',
        response: { 200: OAuthProviderConnections, ...errors },
      },
    },
    // Every staff role, like /authmgr/oauth/providers/mail (the composer and the class screens read it).
    (request) => listOAuthProviders(ctx, requireStaff(request)),
  );
  app.get(
    '/authmgr/oauth/providers/omeeting',
    {
      schema: {
        tags,
        summary: 'The online meeting connection (Zoom), an empty list when none',
        response: { 200: OAuthProviderConnections, ...errors },
      },
    },
    (request) => listMeetingProviders(ctx, requireStaff(request)),
  );
  app.post(
    '/authmgr/oauth/revoke/:provider',
    {
      schema: {
        tags,
        summary:
          "Revoke a provider's connection: Zoom or Stripe for the account, a mail provider for your own mailboxes",
        params: z.object({ provider: ConnectProvider }),
        response: { 200: IntegrationMessage, ...errors },
      },
    },
    (request) => revokeProvider(ctx, requireStaff(request, 'admin'), request.params.provider),
  );
}
