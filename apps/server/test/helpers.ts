import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type App, type BuildOptions, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { tenants } from '../src/db/schema/index.ts';
import { createPages, createTenant, createUsers, type NewPage, type NewTenant } from '../src/seed/tenants.ts';

export const PASSWORD = 'Correct-horse-1';

/** The real server on a fresh embedded database, or on TEST_DATABASE_URL when set (CI runs both). */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  build: Pick<BuildOptions, 'afterAnswerWaitMs' | 'logger' | 'jobSchema' | 'jobPollingSeconds'> & {
    /** A database of the test's own (it closes it), in place of the shared one. */
    database?: Database;
  } = {},
): Promise<App> {
  const url = process.env.TEST_DATABASE_URL ?? null;
  const { database: own, ...buildOptions } = build;
  const database =
    own ?? (url ? await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 }) : await sharedPglite());
  const config: AppConfig = {
    ...loadConfig({}),
    webDistDir: '/nonexistent-web-dist',
    defaultOrgId: null,
    productDomains: ['localhost', 'atrium.test'],
    publicUrl: 'http://localhost',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    dataDir: mkdtempSync(join(tmpdir(), 'atrium-test-data-')),
    ...overrides,
  };
  // On the shared PostgreSQL database each app gets its own job tables, so no other test file's app
  // (with its own SMTP server and provider stubs) runs this app's jobs; the global setup drops them.
  // The same holds for the embedded database, which every test file of a worker process shares.
  // (a bench's two apps may share one, as two processes of one server do)
  const jobSchema = `pgboss_test_${randomBytes(5).toString('hex')}`;
  // Scheduled jobs (hold sweeps, renewals) act on every tenant's rows: in a test app they fire only when
  // the test runs them, never in the middle of another test file's work on the shared database.
  const app = await buildApp({
    config,
    database,
    logger: false,
    jobPollingSeconds: 1,
    jobSchema,
    jobCron: false,
    ...buildOptions,
  });
  openApps.push({ app, database: url && !own ? database : null });
  return app;
}

/**
 * One migrated embedded database per test worker process, shared by the files it runs (the server
 * suite runs with isolate: false): opening PGlite costs about 4 s (WebAssembly and extensions) and
 * migrating it 1 s, which once per file was half the suite's time. Files share it as they share
 * the PostgreSQL database: every test makes its own tenants.
 */
function sharedPglite(): Promise<Database> {
  const holder = globalThis as { atriumTestPglite?: Promise<Database> };
  holder.atriumTestPglite ??= openDatabase({ databaseUrl: null, dataDir: null }).then(async (database) => {
    await migrateDatabase(database);
    return database;
  });
  return holder.atriumTestPglite;
}

// Apps are mostly started inside beforeAll, where an afterAll no longer registers: a setup file
// (test/close-apps.ts, run for every test file even where files share a module graph) closes them
// all after each file's tests.
const openApps: Array<{ app: App; database: Database | null }> = [];
export async function closeOpenApps(): Promise<void> {
  for (const { app, database } of openApps.splice(0)) {
    await app.close();
    await database?.close();
  }
}

export interface TestUser {
  id: string;
  email: string;
  role: Role;
}

export interface TestTenant {
  tenantId: string;
  orgId: string;
  host: string;
  users: Record<Role, TestUser>;
}

/** A fresh tenant with one user of each role (email `{role}@{orgId}.test`, password PASSWORD). */
export async function newTenant(
  app: App,
  options: Partial<NewTenant> & { pages?: NewPage[] } = {},
): Promise<TestTenant> {
  const orgId = options.orgId ?? `t${randomBytes(5).toString('hex')}`;
  const { tenantId } = await createTenant(app.platform.db, { name: `Studio ${orgId}`, ...options, orgId });
  const roles: Role[] = ['admin', 'staff', 'frontdesk', 'student'];
  const rows = await createUsers(
    app.platform.db,
    tenantId,
    roles.map((role) => ({ email: `${role}@${orgId}.test`, password: PASSWORD, name: role, lastName: orgId, role })),
  );
  await createPages(app.platform.db, tenantId, options.pages ?? []);
  const users = Object.fromEntries(rows.map((row) => [row.role, { id: row.id, email: row.email, role: row.role }]));
  return { tenantId, orgId, host: `${orgId}.localhost`, users: users as Record<Role, TestUser> };
}

/** A studio's published home page (the first in its menu) with `unhtml` as its content. */
export function homePage(unhtml: string): NewPage {
  return { name: 'home', title: 'Home', url: 'home', unhtml, sequence: 1, isPublished: true };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

export async function loginAs(app: App, tenant: TestTenant, role: Role, remoteAddress = '127.0.0.1') {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { host: tenant.host },
    remoteAddress,
    payload: { userId: tenant.users[role].email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login as ${role} failed: ${response.statusCode} ${response.body}`);
  return json<{ access_token: string; refresh_token: string; contact: { guId: string; role: Role } }>(response);
}

/**
 * A studio with an access token for each role asked, and another studio (with its admin's token) for
 * the checks that one studio never sees the other's records.
 */
export async function twoStudios<R extends Role>(
  app: App,
  roles: readonly R[],
  options: { tenant?: Parameters<typeof newTenant>[1]; other?: Parameters<typeof newTenant>[1] } = {},
): Promise<{ tenant: TestTenant; other: TestTenant; otherAdmin: string } & Record<R, string>> {
  const tenant = await newTenant(app, options.tenant);
  const other = await newTenant(app, options.other);
  const token = async (t: TestTenant, role: Role) => (await loginAs(app, t, role)).access_token;
  const [otherAdmin, ...mine] = await Promise.all([token(other, 'admin'), ...roles.map((role) => token(tenant, role))]);
  const tokens = Object.fromEntries(roles.map((role, i) => [role, mine[i]])) as Record<R, string>;
  return { tenant, other, otherAdmin, ...tokens };
}

export function bearer(token: string, host: string) {
  return { host, authorization: `Bearer ${token}` };
}

/** Another member (a student with a password) of the tenant, signed in: their email and access token. */
export async function newMember(app: App, tenant: TestTenant, name: string, lastName: string) {
  const email = `m-${randomBytes(4).toString('hex')}@${tenant.orgId}.test`;
  await createUsers(app.platform.db, tenant.tenantId, [{ email, password: PASSWORD, name, lastName, role: 'student' }]);
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { host: tenant.host },
    payload: { userId: email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`member login failed: ${login.statusCode} ${login.body}`);
  return { email, token: json<{ access_token: string }>(login).access_token };
}

/**
 * Writes `settings` over the tenant's stored settings (the other keys kept) straight in the database,
 * and drops the app's cached tenants so the next request reads them.
 */
export async function setTenantSettings(
  app: App,
  tenant: Pick<TestTenant, 'tenantId'>,
  settings: Record<string, unknown>,
): Promise<void> {
  const [row] = await app.platform.db.select().from(tenants).where(eq(tenants.id, tenant.tenantId));
  await app.platform.db
    .update(tenants)
    .set({ settings: { ...(row?.settings as object), ...settings } })
    .where(eq(tenants.id, tenant.tenantId));
  app.platform.tenants.clearCache();
}
