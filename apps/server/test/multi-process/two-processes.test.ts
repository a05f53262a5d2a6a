import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createTenant, createUsers } from '../../src/seed/tenants.ts';
import { startSmtpServer } from '../smtp.ts';

/**
 * Two real server processes on one PostgreSQL behind a round-robin proxy: what one process
 * counts, stores or changes, the other sees. Runs only with TEST_DATABASE_URL (scripts/test.sh).
 */
const databaseUrl = process.env.TEST_DATABASE_URL as string;
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Correct-horse-1';
const UA = 'two-process-test';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

function call(port: number, method: string, path: string, host: string, body?: object, token?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host,
          'user-agent': UA,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function startServer(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await call(port, 'GET', '/healthz', 'localhost').catch(() => null);
    if (up?.status === 200) return { port, child };
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A few lines of round-robin proxy; each answer says which process served it. */
function startProxy(ports: number[]): Promise<Server & { port: number }> {
  let next = 0;
  const proxy = createServer((req, res) => {
    const index = next++ % ports.length;
    const upstream = request(
      { host: '127.0.0.1', port: ports[index], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve(Object.assign(proxy, { port: (proxy.address() as AddressInfo).port }))),
  );
}

const suffix = randomBytes(4).toString('hex');
const master = { orgId: `mpm${suffix}`, host: `mpm${suffix}.localhost`, tenantId: '' };
const franchise = { orgId: `mpf${suffix}`, host: `mpf${suffix}.localhost`, tenantId: '' };
const servers: ChildProcess[] = [];
const MEMBERS = Array.from({ length: 12 }, (_, i) => `reset${i}@mpm.test`);
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: number;
let b: number;
let proxy: Server & { port: number };

beforeAll(async () => {
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 1 });
  try {
    master.tenantId = (await createTenant(database.db, { orgId: master.orgId, name: 'Two Process Master' })).tenantId;
    franchise.tenantId = (
      await createTenant(database.db, {
        orgId: franchise.orgId,
        name: 'Two Process Franchise',
        masterOrgId: master.orgId,
      })
    ).tenantId;
    const user = (email: string, role: 'admin' | 'student') => ({ email, password: PASSWORD, name: role, role });
    await createUsers(database.db, master.tenantId, [
      user('admin@mpm.test', 'admin'),
      user('member@mpm.test', 'student'),
      ...MEMBERS.map((email) => user(email, 'student')),
    ]);
    await createUsers(database.db, franchise.tenantId, [user('admin@mpf.test', 'admin')]);
  } finally {
    await database.close();
  }
  smtp = await startSmtpServer();
  const env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    DEFAULT_ORG_ID: '',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('base64'),
    CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3',
  };
  // One after the other: the first one migrates.
  const first = await startServer(env);
  servers.push(first.child);
  const second = await startServer(env);
  servers.push(second.child);
  a = first.port;
  b = second.port;
  proxy = await startProxy([a, b]);
}, 120_000);

afterAll(async () => {
  proxy?.close();
  await smtp?.close();
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});

async function logIn(port: number, host: string, email: string) {
  const answer = await call(port, 'POST', '/login', host, { userId: email, password: PASSWORD });
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string };
}

describe('two server processes on one PostgreSQL', () => {
  it('count login failures together: the limit holds whichever process answers', async () => {
    const backends: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await call(proxy.port, 'POST', '/login', master.host, {
        userId: 'member@mpm.test',
        password: 'wrong-password',
      });
      expect(answer.status).toBe(401);
      backends.push(String(answer.headers['x-backend']));
    }
    expect(new Set(backends)).toEqual(new Set(['0', '1']));
    for (let i = 0; i < 2; i++) {
      const blocked = await call(proxy.port, 'POST', '/login', master.host, {
        userId: 'member@mpm.test',
        password: PASSWORD,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.errors.message).toBe('Too many login attempts. Please try again in 1 minute.');
    }
  });

  it('finish a franchise switch on the other process than the one that issued the code', async () => {
    const admin = await logIn(a, master.host, 'admin@mpm.test');
    const issued = await call(
      a,
      'GET',
      `/rest/tenant/${franchise.tenantId}/token`,
      master.host,
      undefined,
      admin.access_token,
    );
    expect(issued.status).toBe(200);
    const code = issued.body.code as string;
    const switched = await call(b, 'POST', '/public/franchise/switch', franchise.host, { code });
    expect(switched.status).toBe(200);
    expect(switched.body.masterOrgId).toBe(master.orgId);
    // and it was single use for both
    expect((await call(a, 'POST', '/public/franchise/switch', franchise.host, { code })).status).toBe(401);
  });

  it('serve a settings change made on one process from the other within a second', async () => {
    const admin = await logIn(a, master.host, 'admin@mpm.test');
    const ping = () => call(b, 'GET', `/ping?name=${master.orgId}`, master.host);
    expect((await ping()).body.isShowStoreMenu).toBe(true);
    const saved = await call(
      a,
      'PUT',
      '/rest/settings/display',
      master.host,
      { isShowStoreMenu: false },
      admin.access_token,
    );
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    for (;;) {
      if ((await ping()).body.isShowStoreMenu === false) break;
      expect(Date.now() - changedAt).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('end a session on both processes at once when it is logged out on one', async () => {
    const member = await logIn(a, master.host, 'admin@mpm.test');
    const reInit = () => call(b, 'GET', '/rest/reInitInfo', master.host, undefined, member.access_token);
    expect((await reInit()).status).toBe(200);
    expect((await call(a, 'POST', '/app/logout', master.host, undefined, member.access_token)).status).toBe(200);
    const loggedOutAt = Date.now();
    for (;;) {
      if ((await reInit()).status === 401) break;
      expect(Date.now() - loggedOutAt).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('send each queued email once, whichever process queued it and however many workers poll', async () => {
    const backends = new Set<string>();
    for (const email of MEMBERS) {
      const answer = await call(proxy.port, 'POST', '/public/user/forgotPassword', master.host, { email });
      expect(answer.status).toBe(200);
      backends.add(String(answer.headers['x-backend']));
    }
    expect(backends).toEqual(new Set(['0', '1']));
    for (const email of MEMBERS) await smtp.waitFor(email, 20_000);
    // Both processes' workers poll the same queue every 2 s: give a second sending time to show.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (const email of MEMBERS) {
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    }
  }, 60_000);
});
