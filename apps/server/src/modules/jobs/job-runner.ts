import PgBoss from 'pg-boss';
import type { RawSql } from '../../db/client.ts';

export interface Job<T> {
  id: string;
  data: T;
}

export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>;

export interface QueueOptions<T> {
  /** Attempts after the first one; then the job is dead (default 3). */
  retryLimit?: number;
  /** Wait before the first retry; with backoff each retry waits about twice the last (default 5). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run taking longer counts as failed, so a worker that died mid-job hands it back (default 15 minutes). */
  expireInSeconds?: number;
  /** Jobs fetched and run together by one worker (default 5). */
  batchSize?: number;
  /**
   * What a singletonKey means: 'short' keeps one queued job per key (a second send while one waits is
   * dropped); 'standard' ignores the key. Not 'singleton' or 'stately': in pg-boss 10 a queued job
   * whose key is already running blocks the fetch of the whole queue until that run ends.
   */
  policy?: 'standard' | 'short';
  /** Runs once with the job's data after its last attempt failed (it is fetched from the dead-letter queue). */
  onDeadLetter?: JobHandler<T>;
}

export interface SendOptions {
  /** With the 'short' policy: one queued job per key however many send it. */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** The job's id: a second send with an id pg-boss still holds is dropped (one job per outbox row). */
  id?: string;
}

export interface JobRunnerOptions {
  db: RawSql;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** How often an idle worker looks for jobs that other processes queued or that became due (default 2). */
  pollingSeconds?: number;
  /** pg-boss's schema (default pgboss); each test app on a shared test database gets its own. */
  schema?: string;
  /** False: nothing runs by itself (no workers, cron or maintenance); drain() runs queued jobs (benchmarks, tests). */
  work?: boolean;
}

interface Queue {
  name: string;
  handler: JobHandler<unknown>;
  options: QueueOptions<unknown>;
}

type BossJob = { id: string; data: unknown };

const deadLetterOf = (name: string) => `${name}-dead`;

/**
 * The one background job runner (pg-boss on the owner connection, PostgreSQL or PGlite). Features
 * register a handler per named queue before start and send jobs; pg-boss keeps them in its own
 * schema (pgboss), hands each to one worker across every process, retries with backoff,
 * dead-letters after the last attempt, fires cron schedules once across processes, and stops
 * gracefully.
 */
export class JobRunner {
  readonly #boss: PgBoss;
  readonly #queues = new Map<string, Queue>();
  readonly #schedules: Array<{ name: string; cron: string; data: object }> = [];
  readonly #workers = new Map<string, string>();
  /** Runs started by drain(), which pg-boss's own graceful stop does not know about. */
  readonly #draining = new Set<Promise<void>>();
  /** Batches running in this process, by queue, so drain() can wait for the ones a worker took first. */
  readonly #running = new Map<string, Set<Promise<void>>>();
  readonly #log: JobRunnerOptions['log'];
  readonly #work: boolean;
  readonly #pollingSeconds: number;
  #state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';

  constructor(options: JobRunnerOptions) {
    this.#log = options.log;
    this.#work = options.work ?? true;
    this.#pollingSeconds = options.pollingSeconds ?? 2;
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => options.db.query(text, values) as Promise<{ rows: never[] }> },
      schema: options.schema ?? 'pgboss',
      supervise: this.#work,
      schedule: this.#work,
      // The cron's own queue is polled like the others.
      cronWorkerIntervalSeconds: Math.max(1, Math.round(this.#pollingSeconds)),
      // Completed and failed jobs leave the job table after a day (then kept 7 days in the archive).
      archiveCompletedAfterSeconds: 86_400,
    });
    this.#boss.on('error', (error) => this.#log.error({ err: error }, 'job runner error'));
  }

  /** A queue and its handler; call before start(). */
  register<T>(name: string, handler: JobHandler<T>, options: QueueOptions<T> = {}): void {
    if (this.#state !== 'new') throw new Error(`queue ${name} registered after the job runner started`);
    this.#queues.set(name, { name, handler, options } as Queue);
  }

  /** A cron schedule (UTC) of a registered queue: one job per tick across every process. */
  schedule(name: string, cron: string, data: object = {}): void {
    if (this.#state !== 'new') throw new Error(`schedule ${name} added after the job runner started`);
    this.#schedules.push({ name, cron, data });
  }

  /** Creates pg-boss's schema and the queues when missing, then starts the workers and the cron. */
  async start(): Promise<void> {
    if (this.#state !== 'new') return;
    this.#state = 'started';
    await this.#boss.start();
    for (const queue of this.#queues.values()) {
      const { options } = queue;
      const deadLetter = deadLetterOf(queue.name);
      await this.#boss.createQueue(deadLetter, { name: deadLetter, retryLimit: 3, retryDelay: 60 });
      const settings = {
        name: queue.name,
        policy: options.policy ?? 'standard',
        retryLimit: options.retryLimit ?? 3,
        retryDelay: options.retryDelaySeconds ?? 5,
        retryBackoff: options.retryBackoff ?? true,
        expireInSeconds: options.expireInSeconds ?? 15 * 60,
        deadLetter,
      };
      // Created once; updated on every start so the code stays the source of the retry policy.
      await this.#boss.createQueue(queue.name, settings);
      await this.#boss.updateQueue(queue.name, settings);
    }
    const scheduled = new Set(this.#schedules.map((s) => s.name));
    for (const existing of await this.#boss.getSchedules()) {
      if (this.#queues.has(existing.name) && !scheduled.has(existing.name)) await this.#boss.unschedule(existing.name);
    }
    for (const { name, cron, data } of this.#schedules) await this.#boss.schedule(name, cron, data);
    if (!this.#work) return;
    for (const queue of this.#queues.values()) {
      const { onDeadLetter, batchSize = 5 } = queue.options;
      await this.#startWorker(queue.name, queue.handler, batchSize);
      if (onDeadLetter) await this.#startWorker(deadLetterOf(queue.name), onDeadLetter, batchSize);
    }
  }

  async #startWorker(name: string, handler: JobHandler<unknown>, batchSize: number): Promise<void> {
    const id = await this.#boss.work(
      name,
      { batchSize, pollingIntervalSeconds: this.#pollingSeconds },
      async (jobs: BossJob[]) => {
        await this.#run(name, jobs, handler);
        // A full batch: more are probably waiting, so fetch again at once rather than after the poll.
        if (jobs.length === batchSize) this.#boss.notifyWorker(id);
      },
    );
    this.#workers.set(name, id);
  }

  /** The cron schedules stored for this database (every process's). */
  async schedules(): Promise<Array<{ name: string; cron: string }>> {
    const rows = await this.#boss.getSchedules();
    return rows.map(({ name, cron }) => ({ name, cron }));
  }

  /** Queues a job; answers its id, or null when a job with its id or singletonKey is already queued. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.#queues.has(name)) throw new Error(`no job queue named ${name}`);
    const id = await this.#boss.send(name, data, {
      id: options.id,
      singletonKey: options.singletonKey,
      startAfter: options.startAfter,
    });
    const worker = this.#workers.get(name);
    if (id && worker && !options.startAfter) this.#boss.notifyWorker(worker);
    return id;
  }

  /**
   * Runs every job of the queue that is due now, then its dead letters, and resolves when they are
   * done (a retry waiting for its backoff is not due). Workers in any process may take some of them
   * meanwhile; each job still runs once. For tests, and for work that should not wait for a poll.
   */
  drain(name: string): Promise<void> {
    const queue = this.#queues.get(name);
    if (!queue) throw new Error(`no job queue named ${name}`);
    const { onDeadLetter, batchSize = 5 } = queue.options;
    const run = (async () => {
      await this.#drainQueue(name, queue.handler, batchSize);
      if (!onDeadLetter) return;
      await this.#drainQueue(deadLetterOf(name), onDeadLetter, batchSize);
    })();
    this.#draining.add(run);
    return run.finally(() => this.#draining.delete(run));
  }

  async #drainQueue(name: string, handler: JobHandler<unknown>, batchSize: number): Promise<void> {
    while (this.#state === 'started') {
      const jobs = (await this.#boss.fetch(name, { batchSize })) as BossJob[];
      await this.#run(name, jobs, handler);
      if (jobs.length < batchSize) break;
    }
    // Jobs a worker of this process took first count as drained once they are done.
    const running = this.#running.get(name);
    while (running?.size) await Promise.allSettled([...running]);
  }

  /** Runs a fetched batch, each job completed or failed on its own (a failure retries only that job). */
  #run(name: string, jobs: BossJob[], handler: JobHandler<unknown>): Promise<void> {
    if (jobs.length === 0) return Promise.resolve();
    const running = this.#running.get(name) ?? new Set();
    this.#running.set(name, running);
    const batch = this.#runBatch(name, jobs, handler).finally(() => running.delete(batch));
    running.add(batch);
    return batch;
  }

  async #runBatch(name: string, jobs: BossJob[], handler: JobHandler<unknown>): Promise<void> {
    const outcomes = await Promise.allSettled(jobs.map((job) => handler(job.data, job)));
    const done = jobs.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((job) => job.id);
    if (done.length > 0) await this.#boss.complete(name, done);
    await Promise.all(
      outcomes.map(async (outcome, i) => {
        const job = jobs[i];
        if (outcome.status === 'fulfilled' || !job) return;
        const error = outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason));
        this.#log.warn({ err: error, queue: name, job: job.id }, 'job failed');
        await this.#boss.fail(name, job.id, error);
      }),
    );
  }

  /** Stops fetching, waits for the jobs in flight (up to timeoutMs; those left are failed and retried later). */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (this.#state !== 'started') {
      this.#state = 'stopped';
      return;
    }
    this.#state = 'stopping';
    const timeout = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...this.#draining]), timeout]);
    await this.#boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    this.#state = 'stopped';
  }
}
