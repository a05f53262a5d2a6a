import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Platform } from '../platform.ts';

/** Request methods kept as they are in labels; anything else counts as OTHER (a label per method sent would grow without bound). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The label of a request no route matched: its raw path would put any URL (and tenant ids) in a label. */
const UNMATCHED = '(unmatched)';

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Prometheus metrics at GET /metrics for the operator's scraper, behind METRICS_TOKEN (a bearer
 * token); without one configured nothing is measured and /metrics is a 404. Labels hold route
 * patterns (`/rest/contact/:id`), never raw URLs, hosts or tenant ids. Registered before the routes.
 */
export function registerMetrics(app: FastifyInstance, platform: Platform, token: string, pool: PoolStats | null): void {
  // One registry per app: tests run several apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route pattern and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      route: request.routeOptions.url ?? UNMATCHED,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const jobRuns = new Counter({
    name: 'jobs_completed_total',
    help: 'Jobs this process ran to completion, by queue (job kind)',
    labelNames: ['queue'],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'jobs_failed_total',
    help: 'Job runs in this process that failed (each attempt), by queue (job kind)',
    labelNames: ['queue'],
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'job_duration_seconds',
    help: 'How long job runs in this process took, by queue and outcome',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  platform.jobs.observe(({ queue, ok, seconds }) => {
    (ok ? jobRuns : jobFailures).inc({ queue });
    jobDurations.observe({ queue, outcome: ok ? 'completed' : 'failed' }, seconds);
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs by queue and state across every process: created (waiting), retry, active, failed (kept a day)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, count } of await platform.jobs.queueDepths()) this.set({ queue, state }, count);
    },
  });

  // One query answers both outbox gauges: a scrape collects the two at once, and the second takes the
  // first's answer (then the next scrape asks again).
  let outboxRead: Promise<{ pending: number; age: number }> | null = null;
  const readOutbox = () => {
    if (outboxRead) {
      const shared = outboxRead;
      outboxRead = null;
      return shared;
    }
    outboxRead = platform.database.sql
      .query(
        `select count(*)::int as pending, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
         from outbox_emails where status = 'pending'`,
      )
      .then(({ rows }) => {
        const row = rows[0] as { pending: number; age: number } | undefined;
        return { pending: Number(row?.pending ?? 0), age: Number(row?.age ?? 0) };
      });
    return outboxRead;
  };
  new Gauge({
    name: 'outbox_emails_pending',
    help: 'Emails written to the outbox and not yet sent or given up',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).pending);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest email still pending in the outbox (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).age);
    },
  });

  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const expected = sha256(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const sent = sha256(request.headers.authorization ?? '');
    if (!timingSafeEqual(sent, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ errors: { message: 'A valid metrics token is required.', code: 'unauthorized' } });
    }
    // The outbox and queue gauges read the database at scrape time (the outbox sweep index, pg-boss's job table).
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
