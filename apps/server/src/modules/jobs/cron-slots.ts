import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';
import type { RawSql } from '../../db/client.ts';

/** The job data field that carries a scheduled job's slot (the cron tick it is for); handlers never see it. */
export const SLOT_FIELD = '__slot';

/** A tick is sent while it is younger than this: a process that was down longer skips it (as pg-boss did). */
const CATCH_UP_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * The latest tick of a UTC cron at or before `nowMs` (cron-parser's prev() is strictly before its
 * date, hence the millisecond). Five fields, or six with seconds first.
 */
export function latestTick(cron: string, nowMs: number): Date {
  return cronParser
    .parseExpression(cron, { currentDate: new Date(nowMs + 1), tz: 'UTC' })
    .prev()
    .toDate();
}

/**
 * The job id of a queue's slot: the same in every process, so however many send it, pg-boss keeps
 * one job (its insert skips an id it holds; completed jobs stay a day before they are archived).
 * A UUID (version 8: custom) from SHA-256 of the queue and the tick.
 */
export function slotJobId(queue: string, slot: Date): string {
  const bytes = createHash('sha256').update(`${queue}\u0000${slot.toISOString()}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Claims on (queue, slot), in the job runner's schema next to pg-boss's tables (a platform table:
 * slots belong to no tenant, and a test app's own job schema keeps its claims apart from another's).
 * A scheduled run claims its slot before the handler runs and marks it completed after; a second
 * job for a slot that another job has claimed does nothing. The same job may claim again until the
 * slot is completed: that is pg-boss retrying a failed or expired run of it.
 */
export class SlotClaims {
  readonly #sql: RawSql;
  readonly #table: string;

  constructor(sql: RawSql, schema: string) {
    this.#sql = sql;
    this.#table = `${schema}.cron_slot`;
  }

  async ensureTable(): Promise<void> {
    try {
      await this.#sql.query(
        `create table if not exists ${this.#table} (
          queue text not null,
          slot timestamptz not null,
          job_id uuid not null,
          started_on timestamptz not null default now(),
          completed_on timestamptz,
          primary key (queue, slot)
        )`,
        [],
      );
    } catch (error) {
      // Two processes starting at once: the other one created it (PostgreSQL's catalogue race).
      const code = (error as { code?: string }).code;
      if (code !== '23505' && code !== '42P07') throw error;
    }
  }

  /** True when this job may run the slot now. */
  async claim(queue: string, slot: string, jobId: string): Promise<boolean> {
    const { rows } = await this.#sql.query(
      `insert into ${this.#table} (queue, slot, job_id) values ($1, $2, $3)
       on conflict (queue, slot) do update set started_on = now()
         where ${this.#table}.job_id = excluded.job_id and ${this.#table}.completed_on is null
       returning true as claimed`,
      [queue, slot, jobId],
    );
    return rows.length === 1;
  }

  async complete(queue: string, slot: string): Promise<void> {
    await this.#sql.query(`update ${this.#table} set completed_on = now() where queue = $1 and slot = $2`, [
      queue,
      slot,
    ]);
  }

  /** Claims of slots older than a week go (pg-boss has archived their jobs by then). */
  async prune(): Promise<void> {
    await this.#sql.query(`delete from ${this.#table} where slot < now() - interval '7 days'`, []);
  }
}

export interface CronSchedule {
  name: string;
  cron: string;
  data: object;
}

/**
 * Sends each schedule's latest tick that is due (at most a minute old) as the job of its slot: the
 * job id comes from the queue and the tick, so every process, whatever its clock or timing, sends the
 * same job and pg-boss keeps one. A process sends a tick once (it remembers the last it sent).
 */
export class CronTicks {
  readonly #schedules: CronSchedule[];
  readonly #claims: SlotClaims;
  readonly #now: () => number;
  readonly #send: (name: string, data: object, id: string) => Promise<void>;
  readonly #sent = new Map<string, number>();
  #prunedAt = 0;

  constructor(
    schedules: CronSchedule[],
    claims: SlotClaims,
    now: () => number,
    send: (name: string, data: object, id: string) => Promise<void>,
  ) {
    this.#schedules = schedules;
    this.#claims = claims;
    this.#now = now;
    this.#send = send;
  }

  async tick(): Promise<void> {
    const now = this.#now();
    for (const { name, cron, data } of this.#schedules) {
      const tick = latestTick(cron, now);
      if (now - tick.getTime() >= CATCH_UP_MS || this.#sent.get(name) === tick.getTime()) continue;
      await this.#send(name, { ...data, [SLOT_FIELD]: tick.toISOString() }, slotJobId(name, tick));
      this.#sent.set(name, tick.getTime());
    }
    if (now - this.#prunedAt >= HOUR_MS) {
      this.#prunedAt = now;
      await this.#claims.prune();
    }
  }
}

type SlotJob = { id: string; data: unknown };
type SlotHandler = (data: unknown, job: { id: string; data: unknown; slot?: string }) => Promise<void>;

/**
 * Runs one job. A scheduled one (its data carries a slot) first claims the slot: a second job for a
 * slot already claimed by another, or done, does nothing, so each tick's work runs once even if it
 * were queued twice. The handler gets the data without the slot, and the slot as `job.slot`.
 */
export async function runInSlot(
  claims: SlotClaims,
  queue: string,
  handler: SlotHandler,
  job: SlotJob,
  log: { warn(details: object, message: string): void },
): Promise<void> {
  const data = job.data && typeof job.data === 'object' ? (job.data as Record<string, unknown>) : null;
  const slot = data?.[SLOT_FIELD];
  if (!data || typeof slot !== 'string') return handler(job.data, job);
  const { [SLOT_FIELD]: _slot, ...rest } = data;
  if (!(await claims.claim(queue, slot, job.id))) {
    log.warn({ queue, slot, job: job.id }, 'scheduled slot already run; this job does nothing');
    return;
  }
  await handler(rest, { id: job.id, data: rest, slot });
  await claims.complete(queue, slot);
}
