import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * Backup and restore of the whole platform's database (docs/operations.md).
 *
 * PGlite: the data folder belongs to the one process that opened it, so a backup asks that
 * process, over a Unix socket in DATA_DIR that only the server's user can open, for a copy made
 * inside it: PGlite's dumpDataDir (a gzipped tar of the data folder) taken in a transaction of its
 * own after a CHECKPOINT: PGlite runs one transaction at a time, so no other is half done in the
 * copy, and nothing else runs while the files are read. With no server running the command opens
 * the folder itself. A restore needs the server stopped.
 *
 * PostgreSQL: pg_dump's custom format and pg_restore, the standard tools.
 */

const EXTENSIONS = { pg_trgm, btree_gin };

/** Where the running server answers backup requests (PGlite only). */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'control.sock');
}

function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** A consistent copy of a PGlite database: a gzipped tar of its data folder. */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    // Written out to the data files, so the copy needs no recovery to be whole.
    await tx.exec('checkpoint');
    // Runs while this transaction holds PGlite's one transaction slot: no other is in flight.
    return client.dumpDataDir('gzip');
  });
}

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The running server's side: POST /backup on DATA_DIR/control.sock answers a copy of the database.
 * The socket is only the server's user's (mode 0600); a stale one left by a crash is replaced.
 */
export async function startControlSocket(client: PGlite, dataDir: string, log: Log): Promise<Server> {
  const path = controlSocketPath(dataDir);
  if (existsSync(path)) {
    if (await socketAnswers(path)) throw new Error(`another server already answers on ${path}`);
    unlinkSync(path);
  }
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    const started = performance.now();
    dumpPglite(client)
      .then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer());
        log.info({ bytes: bytes.length, ms: Math.round(performance.now() - started) }, 'database backup made');
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length }).end(bytes);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'database backup failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('the backup failed: see the server log');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  server.on('close', () => {
    if (existsSync(path)) unlinkSync(path);
  });
  return server;
}

function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = httpRequest({ socketPath: path, method: 'GET', path: '/', timeout: 2_000 }, (response) => {
      response.resume();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
    probe.on('timeout', () => {
      probe.destroy();
      resolve(false);
    });
    probe.end();
  });
}

function askForBackup(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest({ socketPath: path, method: 'POST', path: '/backup' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`the server refused the backup (${response.statusCode}): ${body.toString('utf8')}`));
      });
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

export interface Target {
  /** DATABASE_URL, or null for the embedded database in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error) =>
      reject(new Error(`${command} could not start (${error.message}): install PostgreSQL's client tools`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of the target's database to file (written whole, then renamed into place). */
export async function backup(target: Target, file: string): Promise<{ how: string; bytes: number }> {
  const partial = `${file}.partial`;
  try {
    let how: string;
    if (target.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${target.databaseUrl}`]);
      how = 'pg_dump (custom format)';
    } else {
      const socket = controlSocketPath(target.dataDir);
      if (existsSync(socket) && (await socketAnswers(socket))) {
        await writeFile(partial, await askForBackup(socket));
        how = 'copy made by the running server';
      } else {
        if (!existsSync(pgliteDir(target.dataDir))) throw new Error(`no database in ${target.dataDir}`);
        const client = new PGlite(pgliteDir(target.dataDir), { extensions: EXTENSIONS });
        try {
          await client.waitReady;
          await writeFile(partial, Buffer.from(await (await dumpPglite(client)).arrayBuffer()));
        } finally {
          await client.close();
        }
        how = 'copy of the stopped database';
      }
    }
    await rename(partial, file);
    return { how, bytes: (await readFile(file)).length };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export class RestoreRefused extends Error {}

/** How many tenants the database holds (null: no tenants table, an empty install). */
async function tenantCount(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number | null> {
  const { rows } = await query("select to_regclass('public.tenants') is not null as present");
  if (!(rows[0] as { present: boolean }).present) return null;
  const counted = await query('select count(*)::int as n from tenants');
  return Number((counted.rows[0] as { n: number }).n);
}

/**
 * Restores a backup made by backup() into the target. Refused while the embedded database's server
 * runs, and into a database that holds tenants unless replace is set; the replaced PGlite folder
 * is kept beside it (pglite.before-restore-{time}), never deleted.
 */
export async function restore(
  target: Target,
  file: string,
  options: { replace: boolean },
): Promise<{ tenants: number; kept: string | null }> {
  if (!existsSync(file)) throw new RestoreRefused(`no backup file at ${file}`);
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const tenants = await tenantCount((text) => client.query(text));
      if (tenants !== null && !options.replace) {
        throw new RestoreRefused(
          `the database already holds ${tenants} tenant(s): stop the servers and run the restore with --replace to overwrite it`,
        );
      }
    } finally {
      await client.end();
    }
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    const after = new pg.Client({ connectionString: target.databaseUrl });
    await after.connect();
    try {
      return { tenants: (await tenantCount((text) => after.query(text))) ?? 0, kept: null };
    } finally {
      await after.end();
    }
  }

  const socket = controlSocketPath(target.dataDir);
  if (existsSync(socket) && (await socketAnswers(socket))) {
    throw new RestoreRefused('the server is running on this database: stop it, then restore');
  }
  const live = pgliteDir(target.dataDir);
  const hasData = existsSync(live) && readdirSync(live).length > 0;
  if (hasData && !options.replace) {
    throw new RestoreRefused(
      `${live} already holds a database: run the restore with --replace to set it aside and restore in its place`,
    );
  }
  // Loaded into a folder of its own first: a file that is not a backup leaves the live one untouched.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const restoring = `${live}.restoring-${stamp}`;
  let tenants: number;
  try {
    const client = new PGlite(restoring, {
      extensions: EXTENSIONS,
      loadDataDir: new Blob([await readFile(file)], { type: 'application/gzip' }),
    });
    try {
      await client.waitReady;
      tenants = (await tenantCount((text) => client.query(text))) ?? 0;
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(restoring, { recursive: true, force: true });
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${file} is not a backup this command made: ${(error as Error).message}`);
  }
  let kept: string | null = null;
  if (existsSync(live)) {
    kept = `${live}.before-restore-${stamp}`;
    renameSync(live, kept);
  }
  renameSync(restoring, live);
  return { tenants, kept };
}
