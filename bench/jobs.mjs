// The job runner (pg-boss through apps/server's JobRunner): 10,000 jobs across 50 tenants queued,
// then drained by two runners (two pg-boss instances, each with its own connection pool) on
// PostgreSQL, and by one runner on embedded PGlite. Every job writes one row; the bench checks each
// ran exactly once and reports the time to queue and to drain.
// Usage: npm run bench:jobs   (BENCH_JOBS=10000, BENCH_ONLY=pglite|postgres,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_jobs_bench: created when missing, its
// job tables dropped first). Loopback only; stops by itself (BENCH_TIMEOUT_SECONDS=300).
import { openDatabase } from '../apps/server/src/db/client.ts';
import { JobRunner } from '../apps/server/src/modules/jobs/job-runner.ts';
import { ensureDatabase } from './lib/bench-db.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const TENANTS = 50;
const QUEUE = 'bench-job';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_jobs_bench';
const ONLY = process.env.BENCH_ONLY ?? '';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 300) * 1000;

const host = new URL(PG_URL).hostname;
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`BENCH_PG_URL must be loopback, not ${host}`);
setTimeout(() => {
  console.error(`bench:jobs did not finish within ${TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, TIMEOUT_MS).unref();

const log = { warn: (details, message) => console.warn(message, details.err?.message ?? ''), error: console.error };
const rowsOf = async (database, text, values) => (await database.sql.query(text, values)).rows;

const ensurePgDatabase = () => ensureDatabase(PG_URL);

/** A runner of the bench queue; each job records (n, worker) in bench_runs. */
function runner(database, worker, work) {
  const jobs = new JobRunner({ db: database.sql, log, work, pollingSeconds: 0.5 });
  jobs.register(
    QUEUE,
    async ({ n }) => {
      await database.sql.query('insert into bench_runs (n, worker) values ($1, $2)', [n, worker]);
    },
    { batchSize: 20, retryLimit: 0 },
  );
  return jobs;
}

async function bench(label, databases) {
  const [first] = databases;
  await first.sql.query('drop schema if exists pgboss cascade');
  await first.sql.query('drop table if exists bench_runs');
  await first.sql.query('create table bench_runs (n int not null, worker text not null)');

  const producer = runner(first, 'producer', false);
  await producer.start();
  let started = Date.now();
  for (let n = 0; n < JOBS; n += 100) {
    const batch = Array.from({ length: Math.min(100, JOBS - n) }, (_, i) => n + i);
    await Promise.all(batch.map((i) => producer.send(QUEUE, { tenantId: `tenant-${i % TENANTS}`, n: i })));
  }
  const queuedMs = Date.now() - started;
  await producer.stop();

  const workers = databases.map((database, i) => runner(database, `worker-${i + 1}`, true));
  started = Date.now();
  await Promise.all(workers.map((jobs) => jobs.start()));
  for (;;) {
    const [{ count }] = await rowsOf(first, 'select count(*)::int as count from bench_runs');
    if (count >= JOBS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const drainedMs = Date.now() - started;
  await Promise.all(workers.map((jobs) => jobs.stop()));

  const [check] = await rowsOf(first, 'select count(*)::int as runs, count(distinct n)::int as jobs from bench_runs');
  const split = await rowsOf(first, 'select worker, count(*)::int as runs from bench_runs group by 1 order by 1');
  const ok = check.runs === JOBS && check.jobs === JOBS;
  console.log(
    `${label}: ${JOBS} jobs (${TENANTS} tenants) queued in ${(queuedMs / 1000).toFixed(2)} s ` +
      `(${Math.round(JOBS / (queuedMs / 1000))}/s), drained by ${workers.length} runner(s) in ` +
      `${(drainedMs / 1000).toFixed(2)} s (${Math.round(JOBS / (drainedMs / 1000))}/s); ` +
      `${check.jobs} distinct jobs, ${check.runs} runs ${ok ? '(each once)' : '(NOT each once)'}; ` +
      split.map((row) => `${row.worker} ${row.runs}`).join(', '),
  );
  return ok;
}

let ok = true;
if (ONLY !== 'pglite') {
  await ensurePgDatabase();
  const databases = [
    await openDatabase({ databaseUrl: PG_URL, dataDir: null, poolSize: 10 }),
    await openDatabase({ databaseUrl: PG_URL, dataDir: null, poolSize: 10 }),
  ];
  ok = (await bench('PostgreSQL, 2 runners', databases)) && ok;
  for (const database of databases) await database.close();
}
if (ONLY !== 'postgres') {
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  ok = (await bench('PGlite (in memory), 1 runner', [database])) && ok;
  await database.close();
}
process.exit(ok ? 0 : 1);
