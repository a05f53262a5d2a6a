import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';
import type { RawSql } from '../../db/client.ts';

/** The job data field that carries a scheduled job's slot (the cron tick it is for); handlers never see it. */
export const SLOT_FIELD = '__slot';

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
