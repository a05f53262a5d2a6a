import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { APP_ROLE, type Database, type Db, openDatabase, readTenant, type Tx, withTenant } from './client.ts';
import { contactSearchTerms, contacts } from './schema/index.ts';

/**
 * Tables that belong to the platform, not to a tenant. Anything else must be tenant-scoped, in every
 * schema but the job runner's (pg-boss: `pgboss`, or a test app's own `pgboss_test_…`), which is
 * platform data too.
 */
const PLATFORM_TABLES = [
  'tenants',
  'platform_secrets',
  'studio_signup_guards',
  'master_plans',
  'operator_audit',
  '__drizzle_migrations',
];
const JOB_SCHEMAS = sql`n.nspname like 'pgboss%'`;

let app: App;
beforeAll(async () => {
  app = await startTestApp();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await app.platform.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('the schema keeps tenants apart', () => {
  it('every tenant table has tenant_id, forced row-level security, and tenant_id in every key', async () => {
    const tables = await rows<{ name: string; has_tenant: boolean; rls: boolean; forced: boolean }>(sql`
      select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'
        and not ${JOB_SCHEMAS} and c.relkind in ('r', 'p')`);
    const tenantTables = tables.filter((t) => !PLATFORM_TABLES.includes(t.name));
    expect(tenantTables.length).toBeGreaterThanOrEqual(5);
    for (const table of tenantTables) {
      expect({ table: table.name, hasTenant: table.has_tenant, rls: table.rls, forced: table.forced }).toEqual({
        table: table.name,
        hasTenant: true,
        rls: true,
        forced: true,
      });
    }

    const keys = await rows<{ table_name: string; name: string; type: string; columns: string[] }>(sql`
      select cl.relname as table_name, con.conname as name, con.contype as type,
        array(select a.attname from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k)::text[] as columns
      from pg_constraint con join pg_class cl on cl.oid = con.conrelid join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = 'public' and con.contype in ('p', 'u', 'f')`);
    const uniqueIndexes = await rows<{ table_name: string; name: string; def: string }>(sql`
      select tablename as table_name, indexname as name, indexdef as def from pg_indexes
      where schemaname = 'public' and indexdef like 'CREATE UNIQUE INDEX%'`);
    const tenantTableNames = new Set(tenantTables.map((t) => t.name));
    const offending = [
      ...keys
        .filter((key) => tenantTableNames.has(key.table_name) && !key.columns.includes('tenant_id'))
        .map((key) => `${key.table_name}.${key.name}`),
      ...uniqueIndexes
        .filter((index) => tenantTableNames.has(index.table_name) && !index.def.includes('tenant_id'))
        .map((index) => `${index.table_name}.${index.name}`),
    ];
    expect(offending).toEqual([]);
    // every tenant table has a primary key
    for (const name of tenantTableNames) {
      expect(keys.some((key) => key.table_name === name && key.type === 'p')).toBe(true);
    }
  });

  it("the application role cannot reach the job runner's tables (jobs of every tenant)", async () => {
    const schemas = await rows<{ name: string; usage: boolean }>(sql`
      select n.nspname as name, has_schema_privilege(${APP_ROLE}, n.oid, 'USAGE') as usage
      from pg_namespace n where ${JOB_SCHEMAS}`);
    expect(schemas.length).toBeGreaterThan(0); // created by the app's start
    for (const schema of schemas) {
      expect(schema).toEqual({ name: schema.name, usage: false });
      const refused = await app.platform.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
          await tx.execute(sql.raw(`select count(*) from ${schema.name}.job`));
        })
        .then(
          () => 'read',
          (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
        );
      expect(refused).toBe(`permission denied for schema ${schema.name}`);
    }
  });

  it('the application role is not a superuser and cannot bypass row-level security', async () => {
    const [role] = await rows<{ super: boolean; bypass: boolean }>(
      sql`select rolsuper as super, rolbypassrls as bypass from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ super: false, bypass: false });
  });
});

describe('row-level security at work', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    a = await newTenant(app);
    b = await newTenant(app);
  });

  it('a transaction sees only its own tenant, and nothing without a tenant', async () => {
    const seenByA = await withTenant(app.platform.db, a.tenantId, (tx) => tx.select().from(contacts));
    expect(seenByA.length).toBe(4);
    expect(seenByA.every((row) => row.tenantId === a.tenantId)).toBe(true);

    const seenByNobody = await app.platform.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      return tx.select().from(contacts);
    });
    expect(seenByNobody).toEqual([]);
  });

  it('a transaction cannot write a row for another tenant', async () => {
    await expect(
      withTenant(app.platform.db, a.tenantId, (tx) =>
        tx.insert(contacts).values({ tenantId: b.tenantId, email: 'intruder@x.test', name: 'x', role: 'student' }),
      ),
    ).rejects.toThrow();
    const seenByB = await withTenant(app.platform.db, b.tenantId, (tx) => tx.select().from(contacts));
    expect(seenByB.map((row) => row.email)).not.toContain('intruder@x.test');
  });

  it("the contact search's digit terms: another tenant's never match, and none can be written for it", async () => {
    const phone = '+1 (555) 864-2097';
    for (const tenant of [a, b]) {
      await withTenant(app.platform.db, tenant.tenantId, (tx) =>
        tx.insert(contacts).values({
          tenantId: tenant.tenantId,
          email: `digits@${tenant.orgId}.test`,
          name: 'D',
          phone,
          role: 'student',
        }),
      );
    }
    const termsSeenByA = await readTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select({ tenantId: contactSearchTerms.tenantId })
        .from(contactSearchTerms)
        .where(eq(contactSearchTerms.term, '8642097')),
    );
    expect(termsSeenByA).toEqual([{ tenantId: a.tenantId }]);
    // asked for by the other tenant's id: nothing
    const askedForB = await readTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(contactSearchTerms).where(eq(contactSearchTerms.tenantId, b.tenantId)),
    );
    expect(askedForB).toEqual([]);
    const hits = (tenantId: string) =>
      readTenant(app.platform.db, a.tenantId, async (tx) => {
        const result = await tx.execute(
          sql`select count(*)::int as n from contact_digit_hits(${tenantId}::uuid, '8642097', '8642097:')`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
      });
    expect(await hits(a.tenantId)).toBe(1);
    expect(await hits(b.tenantId)).toBe(0);
    const [contactOfB] = await withTenant(app.platform.db, b.tenantId, (tx) =>
      tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(eq(contacts.email, `digits@${b.orgId}.test`)),
    );
    await expect(
      withTenant(app.platform.db, a.tenantId, (tx) =>
        tx.insert(contactSearchTerms).values({ tenantId: b.tenantId, term: '1111', contactId: contactOfB?.id ?? '' }),
      ),
    ).rejects.toThrow();
    const seenByNobody = await app.platform.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      return tx.select().from(contactSearchTerms);
    });
    expect(seenByNobody).toEqual([]);
  });

  it('concurrent transactions of two tenants never mix', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a.tenantId : b.tenantId));
    const seen = await Promise.all(
      ids.map((tenantId) =>
        withTenant(app.platform.db, tenantId, async (tx) => {
          const [setting] = (
            (await tx.execute(sql`select current_setting('app.tenant_id', true) as t`)) as unknown as {
              rows: { t: string }[];
            }
          ).rows;
          const people = await tx.select({ tenantId: contacts.tenantId }).from(contacts);
          return { expected: tenantId, setting: setting?.t, tenants: [...new Set(people.map((p) => p.tenantId))] };
        }),
      ),
    );
    for (const result of seen) {
      expect(result.setting).toBe(result.expected);
      expect(result.tenants).toEqual([result.expected]);
    }
  });

  it('concurrent requests of two tenants each get only their own people', async () => {
    const [tokenA, tokenB] = await Promise.all([loginAs(app, a, 'admin'), loginAs(app, b, 'admin')]);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const [tenant, token] = i % 2 === 0 ? [a, tokenA] : [b, tokenB];
        return app
          .inject({ url: '/rest/contact?userType=admin', headers: bearer(token.access_token, tenant.host) })
          .then((response) => ({ tenant, response }));
      }),
    );
    for (const { tenant, response } of responses) {
      expect(response.statusCode).toBe(200);
      const emails = json<{ email: string }[]>(response).map((row) => row.email);
      expect(emails.length).toBe(3);
      expect(emails.every((email) => email.endsWith(`@${tenant.orgId}.test`))).toBe(true);
    }
  });
});

describe('the fast tenant path (setup in the same round trip, no transaction for a read)', () => {
  let a: TestTenant;
  let b: TestTenant;
  /** One connection: on PostgreSQL a pool of 1, so every call below reuses the same server session. */
  let single: Database;
  let ownDatabase = false;
  beforeAll(async () => {
    a = await newTenant(app);
    b = await newTenant(app);
    const url = process.env.TEST_DATABASE_URL;
    ownDatabase = Boolean(url);
    single = url ? await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 }) : app.platform.database;
  });
  afterAll(async () => {
    if (ownDatabase) await single.close();
  });

  interface SessionState {
    who: string;
    tenant: string | null;
    readOnly: string;
    inTransaction: boolean;
  }
  const stateSql = sql`select current_user as who, nullif(current_setting('app.tenant_id', true), '') as tenant,
    current_setting('transaction_read_only') as "readOnly",
    now() = statement_timestamp() as "inTransaction"`;
  async function stateOf(db: Db): Promise<SessionState> {
    const result = (await db.execute(stateSql)) as unknown as { rows: SessionState[] };
    return result.rows[0] as SessionState;
  }
  async function expectReset(db: Db) {
    const state = await stateOf(db);
    expect(state.who).not.toBe(APP_ROLE);
    expect(state.tenant).toBeNull();
    expect(state.readOnly).toBe('off');
  }

  it('a read sees only its own tenant, every statement of it', async () => {
    const seen = await readTenant(single.db, a.tenantId, async (tx) => {
      const first = await tx.select().from(contacts);
      const second = await tx.select().from(contacts);
      const [state] = ((await tx.execute(stateSql)) as unknown as { rows: SessionState[] }).rows;
      return { first, second, state };
    });
    expect(seen.first.length).toBe(4);
    expect([...seen.first, ...seen.second].every((row) => row.tenantId === a.tenantId)).toBe(true);
    expect(seen.second.length).toBe(4);
    expect(seen.state).toMatchObject({ who: APP_ROLE, tenant: a.tenantId, readOnly: 'on' });
    // another tenant's rows are invisible even when asked for by id
    const other = await readTenant(single.db, a.tenantId, (tx) =>
      tx.select().from(contacts).where(sql`${contacts.tenantId} = ${b.tenantId}`),
    );
    expect(other).toEqual([]);
  });

  it('the connection keeps neither role nor tenant after a read, a transaction or a failure', async () => {
    await readTenant(single.db, a.tenantId, (tx) => tx.select().from(contacts));
    await expectReset(single.db);
    await withTenant(single.db, b.tenantId, (tx) => tx.select().from(contacts));
    await expectReset(single.db);
    await expect(readTenant(single.db, a.tenantId, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    await expectReset(single.db);
    await expect(
      withTenant(single.db, a.tenantId, async (tx) => {
        await tx.select().from(contacts);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await expectReset(single.db);
    await expect(
      withTenant(single.db, a.tenantId, async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    await expectReset(single.db);
    // and the next request of another tenant on that connection sees only its own rows
    const seenByB = await readTenant(single.db, b.tenantId, (tx) => tx.select().from(contacts));
    expect(seenByB.length).toBe(4);
    expect(seenByB.every((row) => row.tenantId === b.tenantId)).toBe(true);
  });

  it('a read cannot write, and a transaction is all or nothing', async () => {
    await expect(
      readTenant(single.db, a.tenantId, (tx) =>
        tx.insert(contacts).values({ tenantId: a.tenantId, email: 'reader@x.test', name: 'x', role: 'student' }),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(single.db, a.tenantId, async (tx) => {
        await tx.insert(contacts).values({ tenantId: a.tenantId, email: 'half@x.test', name: 'x', role: 'student' });
        throw new Error('after the insert');
      }),
    ).rejects.toThrow('after the insert');
    const emails = (
      await readTenant(single.db, a.tenantId, (tx) => tx.select({ email: contacts.email }).from(contacts))
    ).map((row) => row.email);
    expect(emails).not.toContain('reader@x.test');
    expect(emails).not.toContain('half@x.test');
    await expectReset(single.db);
  });

  it('concurrent reads of two tenants on the shared pool never mix', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a.tenantId : b.tenantId));
    const seen = await Promise.all(
      ids.map((tenantId, i) =>
        (i % 3 === 0 ? withTenant : readTenant)(app.platform.db, tenantId, async (tx) => {
          const people = await tx.select({ tenantId: contacts.tenantId }).from(contacts);
          return { expected: tenantId, tenants: [...new Set(people.map((p) => p.tenantId))] };
        }),
      ),
    );
    for (const result of seen) expect(result.tenants).toEqual([result.expected]);
  });

  it('a statement sent after its transaction ended fails instead of running elsewhere', async () => {
    let leaked: Tx | undefined;
    await readTenant(single.db, a.tenantId, async (tx) => {
      leaked = tx;
      await tx.select().from(contacts);
    });
    const error = await leaked
      ?.select()
      .from(contacts)
      .then(
        () => null,
        (failure: Error) => failure,
      );
    // drizzle wraps the driver's error ('Failed query: ...') with it as the cause
    const message = `${error?.message} ${(error?.cause as Error | undefined)?.message}`;
    expect(message).toMatch(single.kind === 'postgres' ? /after the transaction ended/ : /Transaction is closed/);
    await expectReset(single.db);
  });

  it('a tenant id that is not a uuid never reaches SQL', async () => {
    await expect(readTenant(single.db, "x', true); --", (tx) => tx.select().from(contacts))).rejects.toThrow(
      'not a uuid',
    );
  });
});
