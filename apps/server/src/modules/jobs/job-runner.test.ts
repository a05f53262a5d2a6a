import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropQueues } from '../../../test/jobs.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { SLOT_FIELD } from './cron-slots.ts';
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

  it('two runners whose clocks disagree, over ten ticks of a minute cron: each slot runs exactly once', async () => {
    const name = queueName('cron-slots');
    const minute = 60_000;
    const start = Date.UTC(2026, 0, 5, 9, 0, 0);
    // The test's clock; the second process's runs 7 s ahead of the first's (pg-boss's own cron sent a
    // tick twice then: once early into the previous minute's throttle slot, once after).
    let clock = start - 30 * 1000;
    const runs: Array<{ slot: string | undefined; by: string }> = [];
    const [one, two] = [
      runner({ now: () => clock, cronPollSeconds: 0.05 }),
      runner({ now: () => clock + 7_000, cronPollSeconds: 0.05 }, url ? await open() : shared),
    ];
    for (const [by, jobs] of [
      ['one', one],
      ['two', two],
    ] as const) {
      jobs.register(name, async (_data, job) => {
        runs.push({ slot: job.slot, by });
      });
      jobs.schedule(name, '* * * * *');
      await jobs.start();
    }
    // Ten minutes in steps of 5 s; each process's own cron loop also looks every 50 ms meanwhile.
    for (let step = 0; step < 120; step += 1) {
      clock += 5_000;
      await Promise.all([one.cronTick(), two.cronTick()]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all([one.drain(name), two.drain(name)]);
    // The clock is now 9:09:30 (9:09:37 on the second): the slots 8:59 (due at the start) to 9:09.
    const slots = Array.from({ length: 11 }, (_, i) => new Date(start + (i - 1) * minute).toISOString());
    await until(() => runs.length >= slots.length, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const bySlot = new Map<string, number>();
    for (const { slot } of runs) bySlot.set(String(slot), (bySlot.get(String(slot)) ?? 0) + 1);
    expect([...bySlot.keys()].sort()).toEqual(slots);
    expect([...bySlot.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(runs).toHaveLength(slots.length);
  });

  it('a second job for a slot already run does nothing; a failed run of a slot is retried until it succeeds', async () => {
    const name = queueName('slot-claim');
    let clock = Date.UTC(2026, 0, 5, 9, 5, 10);
    let failNext = true;
    const runs: string[] = [];
    const jobs = runner({ work: false, now: () => clock });
    jobs.register(
      name,
      async (data: Record<string, unknown>, job) => {
        expect(data).toEqual({ sweep: true }); // the slot travels beside the data, not in it
        if (failNext) {
          failNext = false;
          throw new Error('first attempt fails');
        }
        runs.push(String(job.slot));
      },
      { retryDelaySeconds: 0, retryBackoff: false },
    );
    jobs.schedule(name, '*/5 * * * *', { sweep: true });
    await jobs.start();
    await jobs.cronTick();
    await jobs.drain(name); // fails
    await jobs.drain(name); // its retry runs the slot
    expect(runs).toEqual(['2026-01-05T09:05:00.000Z']);
    // The same slot queued again as another job (pg-boss's cron did that): claimed already, nothing runs.
    expect(await jobs.send(name, { sweep: true, [SLOT_FIELD]: '2026-01-05T09:05:00.000Z' })).not.toBeNull();
    await jobs.drain(name);
    expect(runs).toEqual(['2026-01-05T09:05:00.000Z']);
    // A send without a slot (work asked for now) runs as any job does; the next tick runs its own slot.
    clock += 5 * 60_000;
    await jobs.cronTick();
    await jobs.drain(name);
    expect(runs).toEqual(['2026-01-05T09:05:00.000Z', '2026-01-05T09:10:00.000Z']);
  });
});
