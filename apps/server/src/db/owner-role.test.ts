import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { ownerRoleProblem } from './owner-role.ts';

/**
 * The start-up check that the owner connection bypasses row-level security (platform jobs need it).
 * On TEST_DATABASE_URL a role without SUPERUSER or BYPASSRLS is created, checked, and a real start of
 * the server (src/main.ts) is pointed at it; on the embedded database the session switches to it.
 */
const url = process.env.TEST_DATABASE_URL ?? null;
const role = `atrium_norls_${randomBytes(4).toString('hex')}`;
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let owner: Database;
let restricted: Database;
let restrictedUrl = '';

beforeAll(async () => {
  owner = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 });
  await owner.sql.query(`create role ${role} login nosuperuser nobypassrls`);
  if (url) {
    const address = new URL(url);
    address.username = role;
    address.password = '';
    restrictedUrl = address.toString();
    restricted = await openDatabase({ databaseUrl: restrictedUrl, dataDir: null, poolSize: 1 });
  } else {
    // PGlite has one connection: this database now speaks as the role.
    await owner.sql.query(`set role ${role}`);
    restricted = owner;
  }
});

afterAll(async () => {
  if (url) {
    await restricted.close();
  } else {
    await owner.sql.query('reset role');
  }
  await owner.sql.query(`drop role ${role}`);
  await owner.close();
});

describe('the owner role check at start-up', () => {
  it('passes for a superuser (the tests’ own owner connection)', async () => {
    const fine = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 });
    try {
      expect(await ownerRoleProblem(fine)).toBeNull();
    } finally {
      await fine.close();
    }
  });

  it('names the role and what it needs when it neither is a superuser nor bypasses row-level security', async () => {
    expect(await ownerRoleProblem(restricted)).toBe(
      `Cannot start: the DATABASE_URL role "${role}" must bypass row-level security for the platform's background jobs (email, pruning). Connect as a superuser, or run: ALTER ROLE "${role}" BYPASSRLS;`,
    );
  });

  it('passes once the role has BYPASSRLS', async () => {
    if (!url) await owner.sql.query('reset role');
    await owner.sql.query(`alter role ${role} bypassrls`);
    if (!url) await owner.sql.query(`set role ${role}`);
    try {
      expect(await ownerRoleProblem(restricted)).toBeNull();
    } finally {
      if (!url) await owner.sql.query('reset role');
      await owner.sql.query(`alter role ${role} nobypassrls`);
      if (!url) await owner.sql.query(`set role ${role}`);
    }
  });

  // A real start needs DATABASE_URL, so a PostgreSQL: only with TEST_DATABASE_URL (CI sets it).
  if (url) {
    it('a server started on that role refuses to start, with one line saying what it needs', async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: restrictedUrl, PORT: '0', SEED_DEMO: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `Cannot start: the DATABASE_URL role "${role}" must bypass row-level security for the platform's background jobs (email, pruning). Connect as a superuser, or run: ALTER ROLE "${role}" BYPASSRLS;`,
      ]);
      expect(stdout).not.toContain('is running');
    });
  }
});
