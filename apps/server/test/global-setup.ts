import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

/** On PostgreSQL (TEST_DATABASE_URL) the schema is migrated once for all test files, and the job schemas of earlier runs' test apps are dropped. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 });
  try {
    const { rows } = await database.sql.query(
      "select nspname from pg_namespace where nspname like 'pgboss\\_test\\_%'",
    );
    for (const { nspname } of rows as Array<{ nspname: string }>)
      await database.sql.query(`drop schema ${nspname} cascade`);
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}
