import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { ownerRoleProblem } from './db/owner-role.ts';
import { startControlSocket } from './ops/backup.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { connectDemoStripe } from './seed/demo-payments.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (database.kind === 'postgres') {
  // Before anything runs on it: platform jobs need an owner role that bypasses row-level security.
  const problem = await ownerRoleProblem(database);
  if (problem) {
    console.error(problem);
    await database.close();
    process.exit(1);
  }
}
await migrateDatabase(database);
let seeded = false;
if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
  await seedDemo(database.db);
  if (process.env.SEED_DEMO_STRIPE_ACCOUNT) {
    await connectDemoStripe(database.db, config, process.env.SEED_DEMO_STRIPE_ACCOUNT);
  }
  seeded = true;
}

const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });
// The embedded database can only be copied by the process that holds it: `npm run backup` asks it here.
const control = database.pglite
  ? await startControlSocket(database.pglite, config.dataDir, app.log).catch((error: unknown) => {
      // A DATA_DIR path too long for a socket, say: the server still serves; only a backup must wait for a stop.
      app.log.error({ err: error }, 'no backup socket: `npm run backup` works only while the server is stopped');
      return null;
    })
  : null;

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
const media = config.s3
  ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ` (${config.s3.region})`}`
  : `local disk in ${config.dataDir}/media`;
const base = `http://demo.localhost:${config.port}`;
console.log(
  [
    '',
    `Atrium is running on ${where}${seeded ? ', demo tenants seeded' : ''}.`,
    `  Media files:     ${media}`,
    `  Demo studio:     ${base}  (also http://localhost:${config.port})`,
    `  Riverside:       http://riverside.localhost:${config.port}`,
    `  API docs:        http://localhost:${config.port}/api/docs`,
    `  Logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((login) => `    ${login.role.padEnd(10)} ${login.email}  on ${login.orgId}`),
    '',
  ].join('\n'),
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      control?.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  });
}
