import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const raw: RawSql = { query: (text, values) => pool.query(text, values) };
    return { kind: 'postgres', db, sql: raw, close: () => pool.end() };
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
  return { kind: 'pglite', db, sql: raw, close: () => client.close() };
}

/**
 * Runs fn in a transaction as the application role with the tenant set, so row-level security
 * scopes every statement to that tenant. Keep it short and never await network I/O inside:
 * on PGlite (one connection) it holds every other request.
 */
export function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    return fn(tx);
  });
}
