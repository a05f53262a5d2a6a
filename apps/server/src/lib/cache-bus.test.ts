import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CacheBus } from './cache-bus.ts';

/**
 * The bus between processes' caches, on a real PostgreSQL (TEST_DATABASE_URL; PGlite is one process
 * and has no bus). Two buses stand for two server processes.
 */
const url = process.env.TEST_DATABASE_URL ?? null;
const quiet = { warn: () => {} };
const buses: CacheBus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.stop();
});

async function startBus(name = 'cache-bus-test'): Promise<CacheBus> {
  const named = new URL(url as string);
  named.searchParams.set('application_name', `${name}-${process.pid}`);
  const bus = new CacheBus(named.toString(), quiet);
  buses.push(bus);
  await bus.start();
  return bus;
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The backend pid of the bus connected as this application name (each bus in a test has its own). */
async function busPid(admin: pg.Client, name: string): Promise<number | undefined> {
  const rows = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = $1 and query = 'listen atrium_cache'`,
    [name],
  );
  return rows.rows[0]?.pid;
}

// PGlite (one process owns the database): no bus, a drop is only local.
if (!url) {
  describe('cache bus without a database URL (PGlite)', () => {
    it('starts without connecting and its caches drop locally', async () => {
      const bus = new CacheBus(null, quiet);
      buses.push(bus);
      await bus.start();
      const pages = bus.cache<string>('pages', 60_000);
      pages.set('t1:home', 'home');
      pages.set('t1:about', 'about');
      pages.delete('t1:home');
      expect(pages.peek('t1:home')).toBeUndefined();
      expect(pages.peek('t1:about')).toBe('about');
    });
  });
}

// Not declared on PGlite rather than skipped: a skipped test counts as a failure (DESIGN.md).
const describeOnPostgres = url ? describe : (_name: string, _body: () => void) => {};

describeOnPostgres('cache bus (PostgreSQL)', () => {
  it("a drop in one process reaches the other's cache of the same name, and not its other caches", async () => {
    const one = await startBus();
    const two = await startBus();
    const pagesOne = one.cache<string>('pages', 60_000);
    const pagesTwo = two.cache<string>('pages', 60_000);
    const tenantsTwo = two.cache<string>('tenants', 60_000);
    pagesTwo.set('t1:home', 'old home');
    pagesTwo.set('t1:about', 'old about');
    tenantsTwo.set('t1:home', 'a tenant');

    pagesOne.delete('t1:home');
    await until(() => pagesTwo.peek('t1:home') === undefined, 'the drop to arrive');
    expect(pagesTwo.peek('t1:about')).toBe('old about');
    expect(tenantsTwo.peek('t1:home')).toBe('a tenant');
  });

  it('a lost connection clears every cache at once, reconnects, and drops arrive again', async () => {
    const one = await startBus();
    const pagesOne = one.cache<string>('pages', 60_000);
    const two = await startBus('cache-bus-test-two');
    const pagesTwo = two.cache<string>('pages', 60_000);
    const tenantsTwo = two.cache<string>('tenants', 60_000);
    pagesTwo.set('t1:home', 'old home');
    tenantsTwo.set('t1', 'a tenant');

    // The second process's listening connection is killed (a failover, an idle-connection reaper).
    const db = await admin();
    const name = `cache-bus-test-two-${process.pid}`;
    const twoPid = await busPid(db, name);
    expect(twoPid).toBeDefined();
    await db.query('select pg_terminate_backend($1)', [twoPid]);

    // Drops sent while it was away may be lost: everything it cached is forgotten at once.
    await until(
      () => pagesTwo.peek('t1:home') === undefined && tenantsTwo.peek('t1') === undefined,
      'the caches to clear',
    );

    // It listens again about a second later, and drops reach it as before.
    await untilAsync(async () => {
      const pid = await busPid(db, name);
      return pid !== undefined && pid !== twoPid;
    }, 'the reconnect');
    pagesTwo.set('t1:home', 'new home');
    pagesOne.delete('t1:home');
    await until(() => pagesTwo.peek('t1:home') === undefined, 'a drop after the reconnect');
  });
});

const admins: pg.Client[] = [];
afterEach(async () => {
  for (const client of admins.splice(0)) await client.end();
});
async function admin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url ?? undefined });
  await client.connect();
  admins.push(client);
  return client;
}

async function untilAsync(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
