import type { RawSql } from '../src/db/client.ts';

/** Drops test queues (with their dead letters, jobs, schedules and slot claims) so a long-lived test database does not collect them. */
export async function dropQueues(sql: RawSql, names: string[]): Promise<void> {
  const all = names.flatMap((name) => [name, `${name}-dead`]);
  for (const table of ['job', 'archive']) {
    await sql.query(`delete from pgboss.${table} where name = any($1::text[])`, [all]);
  }
  // The scheduled slots' claims (the job runner made the table when it started).
  await sql.query('delete from pgboss.cron_slot where queue = any($1::text[])', [all]);
  for (const name of all) await sql.query('select pgboss.delete_queue($1)', [name]);
}
