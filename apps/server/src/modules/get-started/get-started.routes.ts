import { ErrorBody, GetStartedResponse } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { getStarted } from './get-started.service.ts';

/** The Get Started checklist (/getstarted): admins only, like the settings its steps lead to. */
export function registerGetStartedRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/rest/getstarted',
    {
      schema: {
        tags: ['account'],
        summary: "The new studio's first steps and whether each is done",
        response: { 200: GetStartedResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getStarted(platform.db, requireStaff(request, 'admin').tenant),
  );
}
