import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../platform.ts';

const ClockState = z.object({ now: z.string() });
const ClockMove = z
  .object({
    advanceMs: z.number().int().min(-31_622_400_000).max(31_622_400_000).optional(),
    at: z.iso.datetime({ offset: true }).optional(),
    reset: z.boolean().optional(),
  })
  .refine((body) => body.advanceMs !== undefined || body.at !== undefined || body.reset === true, {
    message: 'advanceMs, at or reset is required',
    path: ['advanceMs'],
  });

/**
 * e2e only (config.testClockRoute, TEST_CLOCK_ROUTE=true, refused with NODE_ENV=production): reads
 * and moves the business clock, so a browser test can let a trial end or a month pass. Never
 * registered otherwise, so it is a 404 in production.
 */
export function registerTestClockRoute(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/test/clock', { schema: { hide: true, response: { 200: ClockState } } }, async () => ({
    now: platform.clock.now().toISOString(),
  }));
  app.post(
    '/test/clock',
    { schema: { hide: true, body: ClockMove, response: { 200: ClockState } } },
    async (request) => {
      const { advanceMs, at, reset } = request.body;
      if (reset) platform.clock.reset();
      if (at) platform.clock.set(new Date(at));
      if (advanceMs) platform.clock.advance(advanceMs);
      return { now: platform.clock.now().toISOString() };
    },
  );
  // Runs a job queue now (the renewals after the clock moved, a scheduled campaign's minute job) instead of waiting for its cron tick.
  app.post(
    '/test/jobs/:name',
    {
      schema: {
        hide: true,
        params: z.object({
          name: z.enum(['membership-renewals', 'membership-credit-expiry', 'plan-renewals', 'campaign-due']),
        }),
        response: { 200: ClockState },
      },
    },
    async (request) => {
      await platform.jobs.send(request.params.name, {});
      await platform.jobs.drain(request.params.name);
      return { now: platform.clock.now().toISOString() };
    },
  );
}
