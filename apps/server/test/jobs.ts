import type { RawSql } from '../src/db/client.ts';

/** Drops test queues (with their dead letters, jobs and schedules) so a long-lived test database does not collect them. */
export async function dropQueues(sql: RawSql, names: string[]): Promise<void> {
  const all = names.flatMap((name) => [name, `${name}-dead`]);
  for (const table of ['job', 'archive']) {
    await sql.query(`delete from pgboss.${table} where name = any($1::text[])`, [all]);
  }
  for (const name of all) await sql.query('select pgboss.delete_queue($1)', [name]);
}
