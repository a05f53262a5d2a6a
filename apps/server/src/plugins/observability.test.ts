import { randomUUID } from 'node:crypto';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { outboxEmails } from '../db/schema/index.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample of a Prometheus text exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text format (0.0.4) a scraper reads: `name{label="value",...} number` lines. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] as string] = (pair[2] as string).replace(/\\(.)/g, '$1');
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

function sampleSum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(app: App): Promise<Sample[]> {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(response.body);
}

async function until(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('metrics', () => {
  let app: App;
  beforeAll(async () => {
    app = await startTestApp({ metricsToken: TOKEN });
  });

  it('answers 404 when no token is configured, 401 without or with a wrong token', async () => {
    const plain = await startTestApp();
    const off = await plain.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(off.statusCode).toBe(404);
    expect(json<any>(off).errors.code).toBe('not_found');
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');
  });

  it('counts requests by route pattern and status, with latency histograms, and never a tenant in a label', async () => {
    const tenant = await newTenant(app);
    const before = await scrape(app);
    const route = { route: '/item/contact/:id/card', method: 'GET', status_code: '401' };
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ url: `/item/contact/${id}/card`, headers: { host: tenant.host } });
      expect(response.statusCode).toBe(401);
    }
    const login = await loginAs(app, tenant, 'admin');
    const ping = await app.inject({ url: '/ping', headers: bearer(login.access_token, tenant.host) });
    expect(ping.statusCode).toBe(200);
    const unmatched = await app.inject({
      url: `/rest/nothing-here/${tenant.tenantId}`,
      headers: { host: tenant.host },
    });
    expect(unmatched.statusCode).toBe(404);

    const after = await scrape(app);
    expect(sampleSum(after, 'http_requests_total', route) - sampleSum(before, 'http_requests_total', route)).toBe(3);
    expect(
      sampleSum(after, 'http_request_duration_seconds_count', route) -
        sampleSum(before, 'http_request_duration_seconds_count', route),
    ).toBe(3);
    // Every request is in the +Inf bucket; the sum of its durations grew.
    expect(sampleSum(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBeGreaterThanOrEqual(
      3,
    );
    expect(sampleSum(after, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(
      sampleSum(before, 'http_request_duration_seconds_sum', route),
    );
    expect(sampleSum(after, 'http_requests_total', { route: '/ping', status_code: '200' })).toBeGreaterThan(
      sampleSum(before, 'http_requests_total', { route: '/ping', status_code: '200' }),
    );
    expect(sampleSum(after, 'http_requests_total', { route: '(unmatched)', status_code: '404' })).toBeGreaterThan(0);
    const labelValues = after.flatMap((s) => Object.values(s.labels)).join('\n');
    for (const secret of [id, tenant.tenantId, tenant.orgId, tenant.host]) expect(labelValues).not.toContain(secret);
    // The process's own metrics come with them.
    expect(sampleSum(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    // A database pool only on PostgreSQL.
    expect(after.some((s) => s.name === 'db_pool_connections')).toBe(app.platform.database.kind === 'postgres');
    if (app.platform.database.kind === 'postgres') {
      expect(sampleSum(after, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });

  it('shows job runs, failures and queue depths by job kind', async () => {
    const queue = app.platform.outbox.queue;
    const before = await scrape(app);
    // A job whose data the handler cannot use fails (and waits for its retry); one for a missing email completes.
    await app.platform.jobs.send(queue, { tenantId: 'not-a-uuid', emailId: 'not-a-uuid' });
    await app.platform.jobs.send(queue, { tenantId: randomUUID(), emailId: randomUUID() });
    await app.platform.jobs.drain(queue);
    let after = before;
    await until(async () => {
      after = await scrape(app);
      return (
        sampleSum(after, 'jobs_failed_total', { queue }) > sampleSum(before, 'jobs_failed_total', { queue }) &&
        sampleSum(after, 'jobs_completed_total', { queue }) > sampleSum(before, 'jobs_completed_total', { queue })
      );
    }, 'a failed and a completed job in the metrics');
    expect(sampleSum(after, 'jobs_failed_total', { queue }) - sampleSum(before, 'jobs_failed_total', { queue })).toBe(
      1,
    );
    expect(sampleSum(after, 'job_duration_seconds_count', { queue, outcome: 'failed' })).toBeGreaterThanOrEqual(1);
    // The failed job waits for its retry in pg-boss's table.
    expect(sampleSum(after, 'job_queue_depth', { queue, state: 'retry' })).toBe(1);
  });

  it('shows the outbox backlog', async () => {
    const tenant = await newTenant(app);
    const old = new Date('2001-01-01T00:00:00Z');
    await app.platform.db.insert(outboxEmails).values(
      [1, 2].map((n) => ({
        tenantId: tenant.tenantId,
        toAddress: `backlog-${n}@example.test`,
        subject: 'Waiting',
        textBody: 'Waiting in the outbox',
        createdAt: old,
      })),
    );
    try {
      const samples = await scrape(app);
      expect(sampleSum(samples, 'outbox_emails_pending')).toBeGreaterThanOrEqual(2);
      expect(sampleSum(samples, 'outbox_oldest_pending_seconds')).toBeGreaterThan(
        (Date.now() - old.getTime()) / 1000 - 60,
      );
    } finally {
      await app.platform.db.delete(outboxEmails).where(eq(outboxEmails.tenantId, tenant.tenantId));
    }
  });
});

describe('request ids', () => {
  const lines: Array<Record<string, unknown>> = [];
  let app: App;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          // The raw line too: a key written twice would be lost in the parse.
          lines.push({ ...parsed, raw: line });
        }
        done();
      },
    });
    app = await startTestApp({}, { logger: { level: 'info', stream } });
    app.get('/test/log-lines', async (request) => {
      request.log.info('from the request logger');
      app.log.info('from the app logger');
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.log.info('from the app logger after an await');
      return { ok: true };
    });
  });

  it('makes an id, echoes it, and puts it in every log line of the request', async () => {
    const response = await app.inject({ url: '/test/log-lines' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = lines.filter((line) => String(line.msg).startsWith('from the '));
    expect(mine.map((line) => line.msg)).toEqual([
      'from the request logger',
      'from the app logger',
      'from the app logger after an await',
    ]);
    for (const line of mine) {
      expect(line.reqId).toBe(id);
      expect(String(line.raw).split('"reqId"').length).toBe(2);
    }
    // A line outside any request has none.
    app.log.info('outside');
    expect(lines.find((line) => line.msg === 'outside')?.reqId).toBeUndefined();
  });

  it('keeps a sane incoming X-Request-Id and replaces any other', async () => {
    const sane = 'edge-7f3a9c21.request:42';
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': sane } });
    expect(kept.headers['x-request-id']).toBe(sane);
    for (const bad of [
      'short',
      'x'.repeat(129),
      'has space in it',
      'new\\nline-injection',
      '<script>alert(1)</script>',
    ]) {
      const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the id in every error body: the error handler, a route answer and bad input', async () => {
    const tenant = await newTenant(app);
    const asked = [
      app.inject({ url: '/rest/no-such-thing', headers: { host: tenant.host, 'x-request-id': 'trace-0001-abcd' } }),
      app.inject({ url: `/item/contact/${randomUUID()}/card`, headers: { host: tenant.host } }),
      app.inject({ method: 'POST', url: '/login', headers: { host: tenant.host }, payload: { userId: 5 } }),
      app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: tenant.host, 'content-type': 'application/json' },
        payload: '{not json',
      }),
    ];
    const answers = await Promise.all(asked);
    for (const response of answers) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      const body = json<{ errors: { message: string; code: string }; requestId: string }>(response);
      expect(body.errors.message).toBeTruthy();
      expect(body.errors).not.toHaveProperty('requestId');
      expect(body.requestId).toBe(response.headers['x-request-id']);
    }
    expect(answers[0]?.headers['x-request-id']).toBe('trace-0001-abcd');
    const ok = await app.inject({ url: '/healthz' });
    expect(json(ok)).toEqual({ status: 'ok' });
  });
});

describe('/readyz', () => {
  it('is ready while the database answers and the job runner turns; 503 once the runner stops', async () => {
    const app = await startTestApp();
    // Asked as a load balancer asks, again until it answers: on a loaded machine the first ask can come before the
    // runner's first turn or find the database slower than the 2 s it is given (503, as it should then).
    let ready = await app.inject({ url: '/readyz' });
    await vi.waitFor(
      async () => {
        ready = await app.inject({ url: '/readyz' });
        expect(ready.statusCode, ready.body).toBe(200);
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(json(ready)).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, jobs: { ok: true, state: 'started' } },
    });
    // Loops that stopped turning (no beat for minutes) make the runner unhealthy, though it is started.
    const stalled = app.platform.jobs.health(Date.now() + 5 * 60_000);
    expect(stalled).toMatchObject({ ok: false, state: 'started' });
    expect(stalled.lastBeatAgeSeconds).toBeGreaterThan(stalled.stallSeconds);
    expect(app.platform.jobs.health().ok).toBe(true);
    await app.platform.jobs.stop();
    const stopped = await app.inject({ url: '/readyz' });
    expect(stopped.statusCode).toBe(503);
    expect(json(stopped)).toMatchObject({
      status: 'not ready',
      checks: { database: { ok: true }, jobs: { ok: false, state: 'stopped' } },
    });
    // Liveness is not readiness: /ping still answers.
    expect((await app.inject({ url: '/ping' })).statusCode).toBe(200);
  });

  it('answers 503 when the database is closed', async () => {
    const url = process.env.TEST_DATABASE_URL ?? null;
    const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 2 });
    if (!url) await migrateDatabase(database);
    const app = await startTestApp({}, { database });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await database.close();
    const down = await app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(json(down)).toMatchObject({ status: 'not ready', checks: { database: { ok: false } } });
    expect(down.body).not.toMatch(/pool|closed|ECONN/i);
  });

  // PostgreSQL only: the server stopped (its port closed, connections cut) and started again.
  if (process.env.TEST_DATABASE_URL) {
    it('answers 503 while PostgreSQL is down, and 200 once it is back', async () => {
      const target = new URL(process.env.TEST_DATABASE_URL as string);
      // A TCP hop in front of PostgreSQL that the test can take down and bring back, as a stop and a start would.
      const sockets = new Set<Socket>();
      const hop = createServer((client) => {
        const server = tcpConnect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, server]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(server).pipe(client);
      });
      const listen = (port: number) =>
        new Promise<number>((resolve) =>
          hop.listen(port, '127.0.0.1', () => resolve((hop.address() as { port: number }).port)),
        );
      const port = await listen(0);
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 2 });
      try {
        const app = await startTestApp({}, { database });
        // ready once its first check answers in time (on a loaded machine the job runner's start can hold the
        // two connections past the check's 2 s: a load balancer asks again, as this does)
        await until(async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 'readiness at the start');
        await new Promise<void>((resolve) => {
          hop.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
        const down = await app.inject({ url: '/readyz' });
        expect(down.statusCode).toBe(503);
        expect(json(down)).toMatchObject({ status: 'not ready', checks: { database: { ok: false } } });
        await listen(port);
        await until(
          async () => (await app.inject({ url: '/readyz' })).statusCode === 200,
          'readiness after the restart',
        );
        await app.close();
      } finally {
        await database.close();
        await new Promise<void>((resolve) => {
          hop.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
      }
    });
  }
});
