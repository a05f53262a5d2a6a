// The benches' PostgreSQL database: made when missing, emptied before a run that seeds it again.
import pg from 'pg';

/** Creates the database a URL names when it is missing (through the server's `postgres` database). */
export async function ensureDatabase(url) {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await admin.end();
  }
}

/** An empty schema: the server migrates (and seeds the demo studio) from scratch on its next start. */
export async function emptySchema(client) {
  await client.query(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public',
  );
  await client.query('drop schema if exists pgboss cascade').catch(() => {});
}

/** A client on the bench database, made when missing; `empty` drops what an earlier run left. */
export async function openBenchDatabase(url, { empty = true } = {}) {
  await ensureDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (empty) await emptySchema(client);
  return client;
}
