import { openDatabase } from '../../src/db/client.ts';
import { JobRunner } from '../../src/modules/jobs/job-runner.ts';

/**
 * One process of cron-slots.test.ts: a job runner on TEST_DATABASE_URL with one schedule, whose
 * process clock runs CLOCK_AHEAD_MS ahead of the database's (every reader of Date.now, pg-boss's
 * included). Each run is printed as a JSON line; SIGTERM stops it gracefully.
 */
const ahead = Number(process.env.CLOCK_AHEAD_MS ?? 0);
if (ahead) {
  const real = Date.now.bind(Date);
  Date.now = () => real() + ahead;
}
const { QUEUE = '', JOB_SCHEMA = '', LABEL = '', CRON = '' } = process.env;
const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir: null, poolSize: 3 });
const log = { warn() {}, error: (details: object, message: string) => console.error(message, details) };
const jobs = new JobRunner({ db: database.sql, log, schema: JOB_SCHEMA, pollingSeconds: 0.2, cronPollSeconds: 0.2 });
jobs.register(QUEUE, async (_data, job) => {
  console.log(JSON.stringify({ slot: job.slot ?? null, by: LABEL, at: new Date().toISOString() }));
});
jobs.schedule(QUEUE, CRON);
await jobs.start();
console.log(JSON.stringify({ ready: LABEL }));
process.on('SIGTERM', async () => {
  await jobs.stop(5_000);
  await database.close();
  process.exit(0);
});
