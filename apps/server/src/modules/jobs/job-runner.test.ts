import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropQueues } from '../../../test/jobs.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { JobRunner, type JobRunnerOptions } from './job-runner.ts';

/** Real pg-boss on TEST_DATABASE_URL when set (two runners get two pools), else on an embedded PGlite. */
const url = process.env.TEST_DATABASE_URL ?? null;
const databases: Database[] = [];
const runners: JobRunner[] = [];
const queues: string[] = [];
let shared: Database;

const open = async () => {
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 3 });
  databases.push(database);
  return database;
};

beforeAll(async () => {
  shared = await open();
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await dropQueues(shared.sql, queues);
  for (const database of databases) await database.close();
});

/** A queue name of this run (the PostgreSQL test database is shared with other runs and files). */
function queueName(what: string): string {
  const name = `test-${what}-${randomBytes(4).toString('hex')}`;
  queues.push(name);
  return name;
}

const silent = { warn() {}, error() {} };
function runner(options: Partial<JobRunnerOptions> = {}, database = shared): JobRunner {
  const created = new JobRunner({ db: database.sql, log: silent, pollingSeconds: 0.5, ...options });
  runners.push(created);
  return created;
}

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('job runner', () => {
  it('retries a failing job with growing waits, then dead-letters it once; a job that recovers is not', async () => {
    const name = queueName('retry');
    const attempts = new Map<string, number[]>();
    const dead: string[] = [];
    const jobs = runner();
    jobs.register<{ key: string; failures: number }>(
      name,
      async ({ key, failures }) => {
        const times = attempts.get(key) ?? [];
        times.push(Date.now());
        attempts.set(key, times);
        if (times.length <= failures) throw new Error(`attempt ${times.length} of ${key} failed`);
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, onDeadLetter: async ({ key }) => void dead.push(key) },
    );
    await jobs.start();
    await jobs.send(name, { key: 'always', failures: 99 });
    await jobs.send(name, { key: 'once', failures: 1 });
    await until(() => dead.length > 0);

    const always = attempts.get('always') ?? [];
    expect(always.length).toBe(3); // the first attempt and retryLimit retries
    const [first = 0, second = 0, third = 0] = always;
    expect(second - first).toBeGreaterThanOrEqual(1_000);
    expect(third - second).toBeGreaterThanOrEqual(2_000); // backoff: about twice the first wait
    expect(attempts.get('once')?.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(dead).toEqual(['always']);
  });

  it('a singleton key keeps one queued job per key; once it has run, the key may be queued again', async () => {
    const name = queueName('single');
    const ran: string[] = [];
    const jobs = runner({ work: false });
    jobs.register<{ n: number; key: string }>(name, async ({ n, key }) => void ran.push(`${key}${n}`), {
      policy: 'short',
    });
    await jobs.start();
    expect(await jobs.send(name, { n: 1, key: 'a' }, { singletonKey: 'tenant-a' })).toEqual(expect.any(String));
    expect(await jobs.send(name, { n: 2, key: 'a' }, { singletonKey: 'tenant-a' })).toBeNull();
    expect(await jobs.send(name, { n: 1, key: 'b' }, { singletonKey: 'tenant-b' })).toEqual(expect.any(String));
    await jobs.drain(name);
    expect(ran.sort()).toEqual(['a1', 'b1']);
    expect(await jobs.send(name, { n: 3, key: 'a' }, { singletonKey: 'tenant-a' })).toEqual(expect.any(String));
    await jobs.drain(name);
    expect(ran.sort()).toEqual(['a1', 'a3', 'b1']);
  });

  it('a job id is used once: a second send with it is dropped', async () => {
    const name = queueName('id');
    const ran: number[] = [];
    const jobs = runner({ work: false });
    jobs.register<{ n: number }>(name, async ({ n }) => void ran.push(n));
    await jobs.start();
    const id = '6f1c8d9e-3b2a-4c5d-8e7f-0a1b2c3d4e5f';
    expect(await jobs.send(name, { n: 1 }, { id })).toBe(id);
    expect(await jobs.send(name, { n: 2 }, { id })).toBeNull();
    await jobs.drain(name);
    expect(await jobs.send(name, { n: 3 }, { id })).toBeNull();
    await jobs.drain(name);
    expect(ran).toEqual([1]);
  });

  it('stores the cron schedules it is given, and drops one no longer given', async () => {
    const name = queueName('cron');
    const first = runner({ work: false });
    first.register(name, async () => {});
    first.schedule(name, '*/5 * * * *', { sweep: true });
    await first.start();
    expect((await first.schedules()).filter((s) => s.name === name)).toEqual([{ name, cron: '*/5 * * * *' }]);
    await first.stop();

    const next = runner({ work: false });
    next.register(name, async () => {});
    await next.start();
    expect((await next.schedules()).filter((s) => s.name === name)).toEqual([]);
  });

  it('stop() waits for the jobs in flight, which then stay done', async () => {
    const name = queueName('stop');
    let started = 0;
    let finished = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler = async () => {
      started += 1;
      await held;
      finished += 1;
    };
    const jobs = runner();
    jobs.register(name, handler);
    await jobs.start();
    await jobs.send(name, {});
    await until(() => started === 1);

    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(1);

    const after = runner({ work: false });
    after.register(name, handler);
    await after.start();
    await after.drain(name);
    expect(started).toBe(1); // completed, not handed to the next runner
  });

  it('two runners on one database: both work the queue and each job runs exactly once', async () => {
    const name = queueName('two');
    const runs = new Map<number, string[]>();
    let secondRan: () => void = () => {};
    const secondHasRun = new Promise<void>((resolve) => {
      secondRan = resolve;
    });
    // On PostgreSQL each runner has its own pool; PGlite has one connection, which both share.
    const [one, two] = [runner(), runner({}, url ? await open() : shared)];
    for (const [label, jobs] of [
      ['one', one],
      ['two', two],
    ] as const) {
      jobs.register<{ n: number }>(
        name,
        async ({ n }) => {
          runs.set(n, [...(runs.get(n) ?? []), label]);
          // The first runner holds its first batch until the second has run a job, so both take part.
          if (label === 'one') await Promise.race([secondHasRun, new Promise((r) => setTimeout(r, 10_000))]);
          else secondRan();
        },
        { batchSize: 5 },
      );
      await jobs.start();
    }
    const total = 200;
    for (let n = 0; n < total; n += 1) await one.send(name, { n });
    await until(() => runs.size === total, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 600));

    expect([...runs.values()].filter((labels) => labels.length !== 1)).toEqual([]);
    expect(runs.size).toBe(total);
    const byRunner = [...runs.values()].flat();
    expect(byRunner.filter((label) => label === 'one').length).toBeGreaterThan(0);
    expect(byRunner.filter((label) => label === 'two').length).toBeGreaterThan(0);
  });
});
