import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Plain SQL on the owner connection, for a library that brings its own queries (the job runner). */
export interface RawSql {
  /** Without values the text may hold several statements. */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations, tenant registry and platform jobs. */
  db: Db;
  sql: RawSql;
  /** PostgreSQL's connection pool (its counts, for metrics); null on PGlite. */
  pool: pg.Pool | null;
  /** The embedded database itself (backups); null on PostgreSQL. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/** The non-superuser role tenant transactions run as; row-level security applies to it. */
export const APP_ROLE = 'atrium_app';

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder for the embedded database; null keeps PGlite in memory (tests). */
  dataDir: string | null;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server ends (a restart, a failover, pg_terminate_backend) leaves the pool, and the
    // next query opens a new one; without this listener its error would end the process (/readyz says 503 meanwhile).
    pool.on('error', (error) => console.error(`database: an idle connection was lost (${error.message})`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const raw: RawSql = { query: (text, values) => pool.query(text, values) };
    tenantRunners.set(db, postgresRunner(pool, db));
    return { kind: 'postgres', db, sql: raw, pool, pglite: null, close: () => pool.end() };
  }
  // Contact search uses trigram indexes (migration 0003); PGlite loads these extensions here.
  const extensions = { pg_trgm, btree_gin };
  let client: PGlite;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(join(options.dataDir, 'pglite'), { extensions });
  } else {
    client = new PGlite({ extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  // PGlite's query takes one statement; exec takes several but no parameters.
  const raw: RawSql = {
    query: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
  tenantRunners.set(db, pgliteRunner(client, db));
  embedded.add(db);
  return { kind: 'pglite', db, sql: raw, pool: null, pglite: client, close: () => client.close() };
}

/**
 * Runs fn in a transaction as the application role with the tenant set, so row-level security
 * scopes every statement to that tenant. Keep it short and never await network I/O inside:
 * on PGlite (one connection) it holds every other request.
 *
 * On PostgreSQL the transaction costs one round trip more than its own statements: BEGIN and the
 * tenant setup travel in the same network write as the first statement (see "Fast signed-in path"
 * in docs/decisions.md), and a fn that runs no statement opens no transaction at all.
 */
export function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const runner = tenantRunners.get(db);
  if (!runner) return legacyWithTenant(db, tenantId, fn);
  if (!UUID.test(tenantId)) return notAUuid();
  if (!writeListeners.has(db)) return runner(tenantId, fn, false);
  let ran = false;
  return runner(
    tenantId,
    (tx) => {
      ran = true;
      return fn(tx);
    },
    false,
  ).finally(() => {
    if (ran) tenantWritten(db, tenantId);
  });
}

/**
 * A read-only withTenant for hot reads: on PostgreSQL every statement of fn is its own implicit
 * transaction that carries the tenant setup in the same round trip (one round trip per
 * statement, none for BEGIN or COMMIT); a write in fn fails (the transaction is read-only). Under
 * READ COMMITTED each statement of a transaction takes its own snapshot anyway, so a read loses
 * nothing by not sharing one. On PGlite it is a read-only transaction like withTenant's.
 */
export function readTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const runner = tenantRunners.get(db);
  if (!runner) return legacyWithTenant(db, tenantId, fn);
  if (!UUID.test(tenantId)) return notAUuid();
  return runner(tenantId, fn, true);
}

interface SessionInternals {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

/**
 * One write statement on its own, for a hot write: on PostgreSQL it is an implicit transaction of the
 * extended protocol carrying the tenant setup (one round trip, no BEGIN or COMMIT), as readTenant's
 * reads are, but not read-only. fn must run ONE statement (a second would be a transaction of its
 * own); a statement is atomic by itself. On PGlite it is withTenant's transaction.
 */
export function writeTenantStatement<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const runner = tenantRunners.get(db);
  if (!runner) return legacyWithTenant(db, tenantId, fn);
  if (!UUID.test(tenantId)) return notAUuid();
  return runner(tenantId, fn, false, true).finally(() => tenantWritten(db, tenantId));
}

/**
 * A hot read whose SQL text is built once: drizzle's query builder (entity checks, SQL text from
 * chunks) was 10-17% of a signed-in one-query read's CPU. `build` must use `sql.placeholder(name)`
 * for every value; each call runs the cached text on the caller's own transaction session (so on
 * its tenant connection: the cache holds no connection), with `values` for the placeholders.
 * For single-table selects (a join's nullability map is not kept).
 */
export function hotRead<Row>(
  build: (tx: Tx) => { prepare(name?: string): unknown },
  /** A name makes it a named prepared statement on PostgreSQL: parsed once per connection, its
   * plan cached by the server. Unique per process, and only for statements run often. */
  statementName?: string,
): (tx: Tx, values: Record<string, unknown>) => Promise<Row[]> {
  let shape: { sql: string; params: unknown[]; fields: unknown } | undefined;
  return (tx, values) => {
    if (!shape) {
      const prepared = build(tx).prepare() as { queryString?: string; params?: unknown[]; fields?: unknown };
      if (typeof prepared.queryString !== 'string' || !Array.isArray(prepared.params) || !prepared.fields) {
        throw new Error('hotRead: this drizzle version prepares queries differently');
      }
      shape = { sql: prepared.queryString, params: prepared.params, fields: prepared.fields };
    }
    const session = (tx as unknown as { session: SessionInternals }).session;
    return session
      .prepareQuery({ sql: shape.sql, params: shape.params }, shape.fields, statementName, true)
      .execute(values) as Promise<Row[]>;
  };
}

/**
 * A hot statement of any kind (a write too) whose SQL text is built once: `query` must use
 * `sql.placeholder(name)` for every value. On PostgreSQL it is the named prepared statement
 * `statementName` (unique per process): parsed, analysed and planned once per connection, then a
 * generic plan; on PGlite the name is unused. Answers the driver's result ({ rows }, timestamps as
 * text on PostgreSQL). Run it inside withTenant, readTenant or writeTenantStatement like any statement.
 */
export function hotStatement<Row>(
  query: SQL,
  statementName: string,
): (tx: Tx, values: Record<string, unknown>) => Promise<{ rows: Row[] }> {
  let shape: { sql: string; params: unknown[] } | undefined;
  return (tx, values) => {
    shape ??= (tx as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    const session = (tx as unknown as { session: SessionInternals }).session;
    return session.prepareQuery(shape, undefined, statementName, false).execute(values) as Promise<{ rows: Row[] }>;
  };
}

const embedded = new WeakSet<Db>();

/**
 * True for the embedded database (PGlite): one connection running one transaction at a time, so a
 * long transaction holds every other request's read until it ends. A long write there runs in short
 * transactions that let waiting reads in between (docs/decisions/contacts.md "Import in batches on PGlite").
 */
export function isEmbedded(db: Db): boolean {
  return embedded.has(db);
}

type TenantRunner = <T>(
  tenantId: string,
  fn: (tx: Tx) => Promise<T>,
  readOnly: boolean,
  /** Each statement its own implicit transaction, writes allowed (writeTenantStatement). */
  autocommit?: boolean,
) => Promise<T>;
const tenantRunners = new WeakMap<Db, TenantRunner>();
const writeListeners = new WeakMap<Db, ((tenantId: string) => void)[]>();

/**
 * Calls listener with the tenant after every withTenant of that tenant (whether it committed or
 * not): what a cache of tenant data derived in this process must forget.
 * readTenant cannot write, so it calls nothing.
 */
export function onTenantWrite(db: Db, listener: (tenantId: string) => void): void {
  const listeners = writeListeners.get(db) ?? [];
  listeners.push(listener);
  writeListeners.set(db, listeners);
}

function tenantWritten(db: Db, tenantId: string): void {
  for (const listener of writeListeners.get(db) ?? []) listener(tenantId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tenant ids are uuids; anything else never reaches SQL (PGlite's setup inlines it). */
function notAUuid(): Promise<never> {
  return Promise.reject(new Error('withTenant: the tenant id is not a uuid'));
}

/** Sets the role and the tenant for the current transaction only (PostgREST's way): one statement. */
function tenantSetupSql(tenantIdParam: string, readOnly: boolean): string {
  const readOnlyPart = readOnly ? `, set_config('transaction_read_only', 'on', true)` : '';
  return `select set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', ${tenantIdParam}, true)${readOnlyPart}`;
}

/** For a Db that openDatabase did not make: the plain drizzle transaction. */
function legacyWithTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    return fn(tx);
  });
}

interface DrizzleInternals {
  dialect: PgDialect;
  session: { schema: ConstructorParameters<typeof NodePgSession>[2] };
}

interface Statement {
  text: string;
  values?: string[];
}

/**
 * A pg query that sends `prefix` statements (Parse, Bind, Execute each, no Describe) ahead of
 * itself in one network write, before the single Sync: the server runs them in order, in one
 * transaction (the implicit one of the extended protocol, or an explicit one the prefix BEGINs).
 * Their rows and completions are skipped; an error in any of them fails this query.
 */
class PrefixedQuery extends (pg.Query as unknown as new (
  config: unknown,
  values?: unknown,
) => {
  name?: string;
  prepare(connection: PgConnection): void;
  hasBeenParsed(connection: PgConnection): boolean;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
  handleError(error: Error, connection: PgConnection): void;
  callback?: (error: Error | null, result?: unknown) => void;
}) {
  private pending: number;
  /** This query sends the Parse of its named statement (the first use on this connection). */
  private parsesNamed = false;

  constructor(
    config: unknown,
    values: unknown,
    private readonly prefix: Statement[],
  ) {
    super(config, values);
    this.pending = prefix.length;
  }

  requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: PgConnection): void {
    this.parsesNamed = Boolean(this.name) && !this.hasBeenParsed(connection);
    for (const statement of this.prefix) {
      connection.parse({ text: statement.text, name: '' });
      connection.bind({ portal: '', statement: '', values: statement.values ?? [] });
      connection.execute({ portal: '' });
    }
    super.prepare(connection);
  }

  override handleDataRow(msg: unknown): void {
    if (this.pending === 0) super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: PgConnection): void {
    if (this.pending > 0) this.pending--;
    else super.handleCommandComplete(msg, connection);
  }

  /**
   * pg marks a named statement parsed on the first ParseComplete of the query, which here may be a
   * prefix statement's: when such a query fails, whether the server holds the statement is not known,
   * so the connection is not pooled again (a later use would skip the Parse, or repeat it).
   */
  override handleError(error: Error, connection: PgConnection): void {
    if (this.parsesNamed) connection[UNSURE_STATEMENTS] = true;
    super.handleError(error, connection);
  }
}

/** Set on a connection whose named statements pg may remember wrongly (see PrefixedQuery). */
const UNSURE_STATEMENTS = Symbol('atrium.unsureStatements');

interface PgConnection {
  parse(config: { text: string; name: string }): void;
  bind(config: { portal: string; statement: string; values: string[] }): void;
  execute(config: { portal: string }): void;
  [UNSURE_STATEMENTS]?: boolean;
}

/**
 * The pg client drizzle's session sees inside withTenant/readTenant: plain queries on the pooled
 * connection, with the tenant prefix in front of the first one (withTenant) or of each (readTenant).
 */
class TenantConnection {
  /** Set once a statement has gone out (withTenant then owes a COMMIT or ROLLBACK). */
  begun = false;
  /** Set when withTenant/readTenant returns: a statement sent later (a promise fn left running)
   * would run on a connection another request may hold, so it fails instead. */
  closed = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly prefix: Statement[],
    private readonly everyStatement: boolean,
  ) {}

  query(config: unknown, values?: unknown): Promise<pg.QueryResult> {
    if (this.closed) return Promise.reject(new Error('withTenant: a statement after the transaction ended'));
    if (this.begun && !this.everyStatement) return this.client.query(config as pg.QueryConfig, values as unknown[]);
    this.begun = true;
    return new Promise((resolve, reject) => {
      const query = new PrefixedQuery(config, values, this.prefix);
      query.callback = (error, result) => (error ? reject(error) : resolve(result as pg.QueryResult));
      this.client.query(query as unknown as pg.QueryConfig);
    });
  }
}

function postgresRunner(pool: pg.Pool, db: Db): TenantRunner {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const schemaConfig = session.schema;
  return async (tenantId, fn, readOnly, autocommit = false) => {
    const client = await pool.connect();
    const setup = { text: tenantSetupSql('$1', readOnly), values: [tenantId] };
    // readTenant (and writeTenantStatement): every statement is its own implicit transaction, ended
    // by its Sync, which also ends the local role and tenant. withTenant: BEGIN travels with the first.
    const single = readOnly || autocommit;
    const connection = single
      ? new TenantConnection(client, [setup], true)
      : new TenantConnection(client, [{ text: 'begin' }, setup], false);
    const tx = new NodePgTransaction(
      dialect,
      new NodePgSession(connection as unknown as pg.PoolClient, dialect, schemaConfig),
      schemaConfig,
    ) as unknown as Tx;
    let broken: Error | undefined;
    try {
      const result = await fn(tx);
      // Closed before COMMIT is awaited: a statement fn left running must not queue behind it
      // and run outside the transaction, with no tenant.
      connection.closed = true;
      if (!single && connection.begun) {
        const committed = await client.query('commit');
        // COMMIT of a transaction an error aborted (fn caught it) rolls back: never a silent loss.
        if (committed.command === 'ROLLBACK') throw new Error('withTenant: the transaction was rolled back');
      }
      return result;
    } catch (error) {
      connection.closed = true;
      if (!single && connection.begun) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      throw error;
    } finally {
      connection.closed = true;
      // A connection whose transaction could not be ended is closed, never pooled again; so is one
      // whose named statements are in doubt.
      const unsure = (client as unknown as { connection?: PgConnection }).connection?.[UNSURE_STATEMENTS];
      client.release(
        broken ?? (unsure ? new Error('withTenant: a named statement failed on its first use') : undefined),
      );
    }
  };
}

function pgliteRunner(client: PGlite, db: Db): TenantRunner {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const schemaConfig = session.schema;
  return (tenantId, fn, readOnly) =>
    // PGlite runs one transaction at a time; the setup is one simple query (the id is a checked uuid).
    client.transaction(async (ptx) => {
      await ptx.exec(tenantSetupSql(`'${tenantId}'`, readOnly));
      const tx = new PgliteTransaction(
        dialect,
        new PgliteSession(ptx as unknown as PGlite, dialect, schemaConfig),
        schemaConfig,
      ) as unknown as Tx;
      return fn(tx);
    });
}
