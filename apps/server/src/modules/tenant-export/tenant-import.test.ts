import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { tenants } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/demo.ts';
import { LocalDiskStorage } from '../media/media.storage.ts';
import type { ExportManifest } from './export-manifest.ts';
import { ident, type TenantTable, tenantTables } from './export-tables.ts';
import { writeTenantExport } from './export-zip.ts';
import { ImportRefused, importTenantZip } from './import-zip.ts';

// The round trip (issue 28): the demo studio exported from one install and restored into a fresh one
// has the same rows in every table (counts, and the sums of every number column: money in minor
// units, quantities, counters), the same ids, its files, and its logins (after a password reset).
// On PGlite, and on PostgreSQL (two fresh databases on TEST_DATABASE_URL's server) when it is set.

const url = process.env.TEST_DATABASE_URL ?? null;
const made: string[] = [];

async function freshDatabase(): Promise<Database> {
  if (!url) {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrateDatabase(database);
    return database;
  }
  const name = `atrium_export_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 3 });
  // The drop at the end ends any connection the pool still holds; that is expected, not an error.
  (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => {});
  await migrateDatabase(database);
  return database;
}

let source: Database;
let target: Database;
let demoId: string;
const sourceMedia = new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'export-src-media-')));
const targetMedia = new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'export-dst-media-')));
let zipPath: string;
let manifest: ExportManifest;
const photo = randomUUID();
const photoBytes = randomBytes(5000);

/** Per table: its row count and the sum of each number column, for the tenant. */
async function figures(database: Database, tenantId: string, tables: TenantTable[]) {
  const out: Record<string, Record<string, string>> = {};
  for (const table of tables) {
    const numbers = table.columns.filter((c) =>
      /^(integer|bigint|smallint|numeric|double precision|real)$/.test(c.type),
    );
    const sums = numbers.map((c) => `coalesce(sum(${ident(c.name)}), 0)::text as ${ident(c.name)}`);
    const result = await database.sql.query(
      `select count(*)::text as row_count${sums.length ? `, ${sums.join(', ')}` : ''} from ${ident(table.name)} where tenant_id = $1`,
      [tenantId],
    );
    out[table.name] = result.rows[0] as Record<string, string>;
  }
  return out;
}

beforeAll(async () => {
  source = await freshDatabase();
  await seedDemo(source.db);
  const [demo] = await source.db.select().from(tenants).where(eq(tenants.orgId, 'demo'));
  if (!demo) throw new Error('no demo');
  demoId = demo.id;
  // Money to add up: 30 invoices with a payment each, 5 of the payments refunded in part (a refund
  // points at its payment in the same table).
  await source.db.execute(sql`
    insert into invoices (tenant_id, id, number, public_id, contact_id, contact_name, contact_email, currency,
                          payment_method, subtotal, total, amount_paid, balance, status)
    select ${demoId}, gen_random_uuid(), 1000 + g, 'RT' || g, c.id, c.name, c.email, 'USD', 'cash',
           1999 * g, 1999 * g, 1000 * g, 999 * g, 'partial'
      from generate_series(1, 30) g
      cross join lateral (select id, name, email from contacts where tenant_id = ${demoId} order by email limit 1) c`);
  await source.db.execute(sql`
    insert into invoice_payments (tenant_id, id, invoice_id, kind, method, amount, idempotency_key)
    select tenant_id, gen_random_uuid(), id, 'payment', 'cash', amount_paid, 'rt-' || number
      from invoices where tenant_id = ${demoId} and public_id like 'RT%'`);
  await source.db.execute(sql`
    insert into invoice_payments (tenant_id, id, invoice_id, kind, refund_of, method, amount, idempotency_key)
    select tenant_id, gen_random_uuid(), invoice_id, 'refund', id, 'cash', 250, 'rt-refund-' || idempotency_key
      from invoice_payments where tenant_id = ${demoId} and kind = 'payment' order by idempotency_key limit 5`);
  await sourceMedia.put(demoId, photo, photoBytes);

  zipPath = join(mkdtempSync(join(tmpdir(), 'export-rt-')), 'demo.zip');
  const output = createWriteStream(zipPath);
  manifest = await writeTenantExport({
    database: source,
    media: sourceMedia,
    tenant: {
      id: demo.id,
      orgId: demo.orgId,
      masterOrgId: demo.masterOrgId,
      name: demo.name,
      customDomain: demo.customDomain,
      settings: demo.settings,
      createdAt: demo.createdAt.toISOString(),
    },
    output,
    // The newest 3 invoices as PDFs (the bound's cap): the import leaves the pdf/ folder alone.
    invoicePdfs: { since: new Date(Date.now() - 86_400_000), max: 3 },
  });
  await finished(output);
  target = await freshDatabase();
}, 120_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  if (url && made.length) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

describe('export, then restore into a fresh install', () => {
  it('restores every table with the same counts and sums, the same ids and the files', async () => {
    const numbers = manifest.pdfs.invoices.files.map((f) => f.number);
    expect(numbers).toHaveLength(3);
    expect(numbers[0]).toBe('INV-01030');
    expect([...numbers].sort().reverse()).toEqual(numbers);
    const result = await importTenantZip({ database: target, media: targetMedia, zipPath });
    expect(result).toMatchObject({ tenantId: demoId, orgId: 'demo', files: 1 });
    const tables = (await tenantTables(source.sql)).filter((t) => manifest.tables.some((m) => m.name === t.name));
    const before = await figures(source, demoId, tables);
    const after = await figures(target, demoId, tables);
    expect(after).toEqual(before);
    expect(Number(before.invoices?.total)).toBe(1999 * 465);
    expect(Number(before.invoice_payments?.row_count)).toBe(35);
    expect(Number(before.contacts?.row_count)).toBeGreaterThan(5);
    // The same records (ids), not copies.
    const ids = async (database: Database) =>
      (await database.sql.query('select id::text from contacts where tenant_id = $1 order by id', [demoId])).rows;
    expect(await ids(target)).toEqual(await ids(source));
    expect((await targetMedia.get(demoId, photo))?.equals(photoBytes)).toBe(true);
    const [registry] = await target.db.select().from(tenants).where(eq(tenants.id, demoId));
    expect(registry).toMatchObject({ orgId: 'demo', name: 'Demo Studio' });
    // Passwords stayed behind.
    const hashes = await target.sql.query(
      'select count(*)::int as n from contacts where password_hash is not null',
      [],
    );
    expect((hashes.rows[0] as { n: number }).n).toBe(0);
  });

  it('refuses a second restore of the studio, and an install that is not empty', async () => {
    await expect(importTenantZip({ database: target, media: targetMedia, zipPath })).rejects.toThrow(
      /already has the studio/,
    );
    // An install with another studio: refused unless asked to restore alongside.
    const other = await freshDatabase();
    try {
      await other.db.insert(tenants).values({ orgId: 'someone', masterOrgId: 'someone', name: 'Someone' });
      const refused = importTenantZip({ database: other, media: targetMedia, zipPath });
      await expect(refused).rejects.toBeInstanceOf(ImportRefused);
      await expect(importTenantZip({ database: other, media: targetMedia, zipPath })).rejects.toThrow(
        'This install is not empty: it has 1 studio. Restore into a fresh install (a new DATABASE_URL or DATA_DIR).',
      );
      const alongside = await importTenantZip({ database: other, media: targetMedia, zipPath, alongside: true });
      expect(alongside.rows.contacts).toBe(manifest.tables.find((t) => t.name === 'contacts')?.rows);
    } finally {
      await other.close();
    }
  });
});
