import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { newTenant, startTestApp } from '../../test/helpers.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { contacts, outboxEmails, tenants } from '../db/schema/index.ts';
import { createTenant, createUsers } from '../seed/tenants.ts';
import { startControlSocket } from './backup.ts';

const CLI = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));

/** Runs the command as `npm run backup` / `npm run restore` do, with the given database. */
function cli(
  args: string[],
  env: { DATA_DIR?: string; DATABASE_URL?: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 240_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** What a backup must bring back: row counts and sums over a tenant's rows. */
async function snapshot(db: Db, tenantId: string) {
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  const [base] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(length(${outboxEmails.textBody})), 0)::int`,
    })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.tenantId, tenantId), like(outboxEmails.subject, 'base-%')));
  const [people] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.tenantId, tenantId));
  return { name: tenant?.name, base: base ?? null, contacts: people?.count ?? null };
}

async function writeBase(db: Db, tenantId: string, rows: number): Promise<void> {
  await db.insert(outboxEmails).values(
    Array.from({ length: rows }, (_, n) => ({
      tenantId,
      toAddress: `base-${n}@example.test`,
      subject: `base-${n}`,
      textBody: 'x'.repeat(n + 1),
      status: 'sent' as const,
    })),
  );
}

async function changeEverything(db: Db, tenantId: string): Promise<void> {
  await db.update(tenants).set({ name: 'Changed after the backup' }).where(eq(tenants.id, tenantId));
  await db.delete(outboxEmails).where(and(eq(outboxEmails.tenantId, tenantId), like(outboxEmails.subject, 'base-1%')));
  await db.delete(contacts).where(and(eq(contacts.tenantId, tenantId), eq(contacts.role, 'student')));
}

/**
 * A migrated PGlite data folder in dataDir, as the server makes one: made in memory and loaded there,
 * since creating and migrating one on disk takes half a minute.
 */
async function migratedDataFolder(dataDir: string): Promise<void> {
  const seed = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrateDatabase(seed);
  const folder = await (seed.pglite as PGlite).dumpDataDir('none');
  await seed.close();
  const loaded = new PGlite(join(dataDir, 'pglite'), { loadDataDir: folder });
  await loaded.waitReady;
  await loaded.close();
}

describe('backup and restore: embedded database (PGlite)', () => {
  it('copies the database while the server runs and writes go on, refuses careless restores, and restores it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-backup-'));
    await migratedDataFolder(dataDir);
    const database = await openDatabase({ databaseUrl: null, dataDir });
    const app = await startTestApp({ dataDir }, { database });
    const control = await startControlSocket(database.pglite as PGlite, dataDir, app.log);
    const tenant = await newTenant(app);
    await writeBase(app.platform.db, tenant.tenantId, 300);
    const before = await snapshot(app.platform.db, tenant.tenantId);
    expect(before.base?.count).toBe(300);
    expect(before.contacts).toBe(4);

    // Writes go on during the backup: pairs of rows, each pair in one transaction.
    let writing = true;
    let pairs = 0;
    const writer = (async () => {
      while (writing) {
        const n = pairs++;
        await app.platform.db.transaction(async (tx) => {
          for (const half of ['a', 'b']) {
            await tx.insert(outboxEmails).values({
              tenantId: tenant.tenantId,
              toAddress: `pair@example.test`,
              subject: `pair-${n}-${half}`,
              textBody: half,
              status: 'sent',
            });
          }
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = join(dataDir, 'backup.tar.gz');
    const [made, ready] = await Promise.all([
      cli(['backup', file], { DATA_DIR: dataDir }),
      app.inject({ url: '/readyz' }),
    ]);
    writing = false;
    await writer;
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('copy made by the running server');
    expect(ready.statusCode).toBe(200);
    expect(pairs).toBeGreaterThan(1);

    await changeEverything(app.platform.db, tenant.tenantId);
    const changed = await snapshot(app.platform.db, tenant.tenantId);
    expect(changed).not.toEqual(before);

    const whileRunning = await cli(['restore', file, '--replace'], { DATA_DIR: dataDir });
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain('the server is running on this database: stop it, then restore');

    await new Promise<void>((resolve) => control.close(() => resolve()));
    await app.close();
    await database.close();

    const careless = await cli(['restore', file], { DATA_DIR: dataDir });
    expect(careless.code).toBe(1);
    expect(careless.stderr).toContain('already holds a database: run the restore with --replace');
    const notABackup = await cli(['restore', CLI, '--replace'], { DATA_DIR: dataDir });
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toContain('is not a backup this command made');

    const restored = await cli(['restore', file, '--replace'], { DATA_DIR: dataDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored .* tenant\(s\)\. The database it replaced is kept in /);
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);

    const reopened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(await snapshot(reopened.db, tenant.tenantId)).toEqual(before);
      // Every pair is whole: the copy holds no half-done transaction.
      const { rows } = await reopened.sql.query(
        `select count(*) filter (where subject like 'pair-%-a')::int as a,
                   count(*) filter (where subject like 'pair-%-b')::int as b
            from outbox_emails where tenant_id = $1`,
        [tenant.tenantId],
      );
      const counts = rows[0] as { a: number; b: number };
      expect(counts.a).toBeGreaterThan(0);
      expect(counts.a).toBe(counts.b);
    } finally {
      await reopened.close();
    }
  }, 300_000);
});

// On the PostgreSQL run (TEST_DATABASE_URL), pg_dump and pg_restore through the same commands.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  describe('backup and restore: PostgreSQL (pg_dump / pg_restore)', () => {
    it('dumps the database, refuses a restore over it without --replace, and restores it', async () => {
      const name = `atrium_backup_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      const scratch = url.toString();
      let database: Database | null = await openDatabase({ databaseUrl: scratch, dataDir: null, poolSize: 2 });
      try {
        await migrateDatabase(database);
        const { tenantId } = await createTenant(database.db, {
          name: 'Backed up',
          orgId: `b${randomBytes(4).toString('hex')}`,
        });
        await createUsers(database.db, tenantId, [
          { email: 'a@backup.test', password: 'Correct-horse-1', name: 'A', lastName: 'B', role: 'admin' },
          { email: 's@backup.test', password: 'Correct-horse-1', name: 'S', lastName: 'B', role: 'student' },
        ]);
        await writeBase(database.db, tenantId, 300);
        const before = await snapshot(database.db, tenantId);

        const file = join(mkdtempSync(join(tmpdir(), 'atrium-pgdump-')), 'backup.dump');
        const made = await cli(['backup', file], { DATABASE_URL: scratch });
        expect(made.code, made.stderr).toBe(0);
        expect(made.stdout).toContain('pg_dump');
        expect(existsSync(file)).toBe(true);

        await changeEverything(database.db, tenantId);
        expect(await snapshot(database.db, tenantId)).not.toEqual(before);
        await database.close();
        database = null;

        const careless = await cli(['restore', file], { DATABASE_URL: scratch });
        expect(careless.code).toBe(1);
        expect(careless.stderr).toContain('already holds 1 tenant(s)');
        const restored = await cli(['restore', file, '--replace'], { DATABASE_URL: scratch });
        expect(restored.code, restored.stderr).toBe(0);
        expect(restored.stdout).toContain('1 tenant(s)');

        database = await openDatabase({ databaseUrl: scratch, dataDir: null, poolSize: 2 });
        expect(await snapshot(database.db, tenantId)).toEqual(before);
        // Row-level security came back with the tables.
        const { rows } = await database.sql.query(
          "select relforcerowsecurity as forced from pg_class where relname = 'outbox_emails'",
        );
        expect(rows[0]).toEqual({ forced: true });
      } finally {
        await database?.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 300_000);
  });
}
