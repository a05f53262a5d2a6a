import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform.ts';

/** A database that answers slower than this counts as down for readiness. */
const DATABASE_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /readyz for a load balancer or orchestrator: 200 when this process can serve, 503 when it
 * cannot: the database does not answer a real query (one that reads the tenant registry) in time,
 * or the job runner is not started or its loops stopped turning. /ping and /healthz stay as they are.
 */
export function registerReadiness(app: FastifyInstance, platform: Platform): void {
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    // Anyone can call it: the answer says what failed, never why (that goes to the log).
    let database: { ok: boolean };
    try {
      await withTimeout(platform.database.sql.query('select count(*) from tenants where false'), DATABASE_TIMEOUT_MS);
      database = { ok: true };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database did not answer');
      database = { ok: false };
    }
    const runner = platform.jobs.health();
    const jobs = {
      ok: runner.ok,
      state: runner.state,
      lastBeatAgeSeconds: runner.lastBeatAgeSeconds === null ? null : Math.round(runner.lastBeatAgeSeconds * 10) / 10,
    };
    const ready = database.ok && jobs.ok;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks: { database, jobs } });
  });
}
