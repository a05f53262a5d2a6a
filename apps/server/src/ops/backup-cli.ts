import { resolve } from 'node:path';
import { backup, RestoreRefused, restore } from './backup.ts';

/**
 * npm run backup -- <file>               a consistent copy of the database (the server may be running)
 * npm run restore -- <file> [--replace]  puts a backup in place (servers stopped; --replace over an existing database)
 * The database is DATABASE_URL's (pg_dump/pg_restore) or the embedded one in DATA_DIR (default ./data).
 */
const [command, ...rest] = process.argv.slice(2);
const replace = rest.includes('--replace');
const file = rest.find((arg) => !arg.startsWith('--'));
const usage = 'usage: npm run backup -- <file>  |  npm run restore -- <file> [--replace]';

if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error(usage);
  process.exit(2);
}

const target = {
  databaseUrl: process.env.DATABASE_URL || null,
  dataDir: resolve(process.env.DATA_DIR || './data'),
};
const where = target.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${target.dataDir}`;

try {
  if (command === 'backup') {
    const made = await backup(target, resolve(file));
    console.log(`Backup of ${where} written to ${resolve(file)} (${made.bytes} bytes, ${made.how}).`);
  } else {
    const done = await restore(target, resolve(file), { replace });
    console.log(
      `Restored ${resolve(file)} into ${where}: ${done.tenants} tenant(s).` +
        (done.kept ? ` The database it replaced is kept in ${done.kept}.` : ''),
    );
  }
} catch (error) {
  console.error(error instanceof RestoreRefused ? error.message : `The ${command} failed: ${(error as Error).message}`);
  process.exit(1);
}
