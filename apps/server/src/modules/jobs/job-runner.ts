import PgBoss from 'pg-boss';
import type { RawSql } from '../../db/client.ts';
import { CronTicks, runInSlot, SlotClaims } from './cron-slots.ts';

export interface Job<T> {
  id: string;
  data: T;
  /** A scheduled run's slot: the cron tick (ISO, UTC) it is for. */
  slot?: string;
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
  /** The clock the cron reads, in epoch ms (tests inject one); default the process's. */
  now?: () => number;
  /** How often each process looks for a cron tick that is due (default 10). */
  cronPollSeconds?: number;
  /**
   * False: the schedules are kept but fire only when cronTick() is called. Test apps share one
   * database, and a scheduled sweep of one app would act on another test's rows mid-test.
   */
  cron?: boolean;
}

interface Queue {
  name: string;
  handler: JobHandler<unknown>;
  options: QueueOptions<unknown>;
}

type BossJob = { id: string; data: unknown };

/** What a run of one job came to, for metrics: its queue, whether it succeeded, how long it took. */
export interface JobOutcome {
  queue: string;
  ok: boolean;
  seconds: number;
}

/** Jobs of one queue in one state, as pg-boss holds them (every process's). */
export interface QueueDepth {
  queue: string;
  state: 'created' | 'retry' | 'active' | 'failed';
  count: number;
}

const deadLetterOf = (name: string) => `${name}-dead`;

/** The cron loop's key among the wakers (no queue has this name). */
const CRON_WAKER = '\u0000cron';

/**
 * The one background job runner (pg-boss on the owner connection, PostgreSQL or PGlite). Features
 * register a handler per named queue before start and send jobs; pg-boss keeps them in its own
 * schema, hands each to one fetch across every process (SKIP LOCKED), retries with backoff,
 * dead-letters after the last attempt, fires cron schedules once across processes and expires the
 * runs of a worker that died. The worker loop is ours, so that drain() knows every fetch in flight.
 */
export class JobRunner {
  readonly #boss: PgBoss;
  readonly #queues = new Map<string, Queue>();
  readonly #schedules: Array<{ name: string; cron: string; data: object }> = [];
  /** Fetches with their runs in flight in this process, by queue (workers' and drains'). */
  readonly #busy = new Map<string, Set<Promise<number>>>();
  /** Wakes a queue's idle worker. */
  readonly #wakers = new Map<string, () => void>();
  readonly #loops: Promise<void>[] = [];
  readonly #draining = new Set<Promise<void>>();
  readonly #log: JobRunnerOptions['log'];
  readonly #work: boolean;
  readonly #pollingMs: number;
  readonly #cronPollMs: number;
  readonly #cronOn: boolean;
  readonly #claims: SlotClaims;
  readonly #cron: CronTicks;
  #state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  readonly #sql: RawSql;
  readonly #schema: string;
  readonly #observers: Array<(outcome: JobOutcome) => void> = [];
  /** When a worker or the cron loop last went round (epoch ms): a loop that stopped turning shows here. */
  #lastBeat = 0;

  constructor(options: JobRunnerOptions) {
    this.#log = options.log;
    this.#sql = options.db;
    this.#work = options.work ?? true;
    this.#pollingMs = (options.pollingSeconds ?? 2) * 1000;
    this.#cronPollMs = (options.cronPollSeconds ?? 10) * 1000;
    this.#cronOn = options.cron ?? true;
    const schema = options.schema ?? 'pgboss';
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`job schema "${schema}" is not a plain identifier`);
    this.#schema = schema;
    this.#claims = new SlotClaims(options.db, schema);
    this.#cron = new CronTicks(this.#schedules, this.#claims, options.now ?? Date.now, async (name, data, id) => {
      const sent = await this.#boss.send(name, data, { id });
      if (sent) this.#wakers.get(name)?.();
    });
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => options.db.query(text, values) as Promise<{ rows: never[] }> },
      schema,
      supervise: this.#work,
      // Not pg-boss's timekeeper: it throttles a tick to the minute it is sent in, so two processes
      // (or one whose clock is ahead of the database's) made two jobs for one tick. See cronTick().
      schedule: false,
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

  /**
   * A cron schedule (UTC; five fields, or six with seconds first) of a registered queue: one job per
   * tick across every process, run once per tick (its slot).
   */
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
    await this.#claims.ensureTable();
    const scheduled = new Set(this.#schedules.map((s) => s.name));
    for (const existing of await this.#boss.getSchedules()) {
      if (this.#queues.has(existing.name) && !scheduled.has(existing.name)) await this.#boss.unschedule(existing.name);
    }
    // Stored for the record (schedules()); pg-boss's timekeeper is off, cronTick() sends them.
    for (const { name, cron, data } of this.#schedules) await this.#boss.schedule(name, cron, data);
    if (!this.#work) return;
    for (const queue of this.#queues.values()) {
      const { onDeadLetter, batchSize = 5 } = queue.options;
      this.#loops.push(this.#worker(queue.name, queue.handler, batchSize));
      if (onDeadLetter) this.#loops.push(this.#worker(deadLetterOf(queue.name), onDeadLetter, batchSize));
    }
    if (this.#schedules.length > 0 && this.#cronOn) this.#loops.push(this.#cronLoop());
    this.#lastBeat = Date.now();
  }

  /**
   * Whether this process's runner is up, and whether its loops still turn: each worker goes round at
   * least every pollingSeconds, so a beat older than a few polls means the loops are stuck (a fetch
   * that never answers). A runner without workers (work: false) only has to be started.
   */
  health(now = Date.now()): { ok: boolean; state: string; lastBeatAgeSeconds: number | null; stallSeconds: number } {
    const stallSeconds = Math.max(30, (this.#pollingMs / 1000) * 5, (this.#cronPollMs / 1000) * 3);
    const age = this.#lastBeat ? (now - this.#lastBeat) / 1000 : null;
    const turning = !this.#work || this.#loops.length === 0 || (age !== null && age <= stallSeconds);
    return { ok: this.#state === 'started' && turning, state: this.#state, lastBeatAgeSeconds: age, stallSeconds };
  }

  /** Calls observer after each job this process runs (completed or failed). */
  observe(observer: (outcome: JobOutcome) => void): void {
    this.#observers.push(observer);
  }

  /** The jobs waiting, running or failed (kept a day) in each queue, across every process. */
  async queueDepths(): Promise<QueueDepth[]> {
    const { rows } = await this.#sql.query(
      `select name, state::text as state, count(*)::int as count from ${this.#schema}.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    );
    return (rows as Array<{ name: string; state: QueueDepth['state']; count: number }>).map((row) => ({
      queue: row.name,
      state: row.state,
      count: Number(row.count),
    }));
  }

  /**
   * Sends each schedule's latest tick that is due (at most a minute old) as the job of its slot: the
   * job id comes from the queue and the tick, so every process, whatever its clock or timing, sends
   * the same job and pg-boss keeps one. Every process calls it every cronPollSeconds; tests call it
   * with an injected clock.
   */
  cronTick(): Promise<void> {
    return this.#cron.tick();
  }

  async #cronLoop(): Promise<void> {
    while (this.#state === 'started') {
      this.#lastBeat = Date.now();
      try {
        await this.cronTick();
      } catch (error) {
        this.#log.error({ err: error }, 'job cron error');
      }
      if (this.#state !== 'started') break;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.#wakers.delete(CRON_WAKER);
          resolve();
        };
        const timer = setTimeout(wake, this.#cronPollMs);
        this.#wakers.set(CRON_WAKER, wake);
      });
    }
  }

  /** Fetches and runs batches; after a full one it fetches again at once, else it waits for the poll or a send. */
  async #worker(name: string, handler: JobHandler<unknown>, batchSize: number): Promise<void> {
    while (this.#state === 'started') {
      this.#lastBeat = Date.now();
      let fetched = 0;
      try {
        fetched = await this.#fetchAndRun(name, handler, batchSize);
      } catch (error) {
        this.#log.error({ err: error, queue: name }, 'job worker error');
      }
      if (fetched < batchSize && this.#state === 'started') {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.#wakers.delete(name);
            resolve();
          };
          const timer = setTimeout(wake, this.#pollingMs);
          this.#wakers.set(name, wake);
        });
      }
    }
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
    if (id && !options.startAfter) this.#wakers.get(name)?.();
    return id;
  }

  /**
   * Runs every job of the queue that is due now, then its dead letters, and resolves when they are
   * done, including those this process's workers fetched meanwhile (a retry waiting for its backoff is
   * not due; other processes may take some, each job still runs once). For tests, and for work that
   * should not wait for a poll.
   */
  drain(name: string): Promise<void> {
    const queue = this.#queues.get(name);
    if (!queue) throw new Error(`no job queue named ${name}`);
    const { onDeadLetter, batchSize = 5 } = queue.options;
    const run = (async () => {
      await this.#drainQueue(name, queue.handler, batchSize);
      if (onDeadLetter) await this.#drainQueue(deadLetterOf(name), onDeadLetter, batchSize);
    })();
    this.#draining.add(run);
    return run.finally(() => this.#draining.delete(run));
  }

  async #drainQueue(name: string, handler: JobHandler<unknown>, batchSize: number): Promise<void> {
    let fetched = batchSize;
    while (this.#state === 'started' && fetched === batchSize)
      fetched = await this.#fetchAndRun(name, handler, batchSize);
    const busy = this.#busy.get(name);
    while (busy?.size) await Promise.allSettled([...busy]);
  }

  /** Fetches a batch and runs it; answers how many jobs it got. Tracked from before the fetch, for drain(). */
  #fetchAndRun(name: string, handler: JobHandler<unknown>, batchSize: number): Promise<number> {
    const busy = this.#busy.get(name) ?? new Set<Promise<number>>();
    this.#busy.set(name, busy);
    const task = (async () => {
      const jobs = (await this.#boss.fetch(name, { batchSize })) as BossJob[];
      if (jobs.length > 0) await this.#runBatch(name, jobs, handler);
      return jobs.length;
    })();
    busy.add(task);
    return task.finally(() => busy.delete(task));
  }

  /** Runs a batch together; each job is completed or failed on its own (a failure retries only that job). */
  async #runBatch(name: string, jobs: BossJob[], handler: JobHandler<unknown>): Promise<void> {
    const outcomes = await Promise.allSettled(
      jobs.map(async (job) => {
        const started = performance.now();
        let ok = false;
        try {
          await runInSlot(this.#claims, name, handler, job, this.#log);
          ok = true;
        } finally {
          const seconds = (performance.now() - started) / 1000;
          for (const observer of this.#observers) observer({ queue: name, ok, seconds });
        }
      }),
    );
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

  /**
   * Stops fetching and waits for the jobs in flight, up to timeoutMs; a job still running then stays
   * active in pg-boss until its expiry, and is retried after it.
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (this.#state !== 'started') {
      this.#state = 'stopped';
      return;
    }
    this.#state = 'stopping';
    for (const wake of [...this.#wakers.values()]) wake();
    const timeout = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    const inFlight = [...this.#loops, ...this.#draining, ...[...this.#busy.values()].flatMap((busy) => [...busy])];
    await Promise.race([Promise.allSettled(inFlight), timeout]);
    await this.#boss.stop({ graceful: true, timeout: 1_000, close: false });
    this.#state = 'stopped';
  }
}
