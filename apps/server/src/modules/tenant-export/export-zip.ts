import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import { APP_ROLE, type Database, readTenant } from '../../db/client.ts';
import { settingsWithDefaults } from '../../lib/tenant-settings.ts';
import { defaultInvoicePdfBound, type InvoicePdfBound, invoicePdfsForExport } from '../invoices/invoice-pdf-export.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { EXPORT_FORMAT, type ExportManifest, type ExportTenant } from './export-manifest.ts';
import { exportReadme } from './export-readme.ts';
import {
  EXCLUDED_TABLES,
  exportedTables,
  ident,
  isRedacted,
  REDACTED_COLUMNS,
  type TenantTable,
} from './export-tables.ts';

export interface ExportProgress {
  tablesDone: number;
  tablesTotal: number;
  rowsWritten: number;
  filesWritten: number;
  pdfsWritten: number;
}

/** Rows read per round trip: the most the export holds in memory of one table. */
const BATCH = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads one table's rows as JSON text (Postgres writes it: exact numbers, ISO times), BATCH at a time. */
type RowSource = (table: TenantTable, onBatch: (rows: string[]) => Promise<void>) => Promise<void>;

function selectList(table: TenantTable, alias: string): string {
  return table.columns
    .map((c) => (isRedacted(table.name, c.name) ? `null::${c.type} as ${ident(c.name)}` : `${alias}.${ident(c.name)}`))
    .join(', ');
}

/**
 * PostgreSQL: one read-only REPEATABLE READ transaction on a connection of its own, as the
 * application role with the tenant set (row-level security applies), one cursor per table: every
 * table is read from the same snapshot, BATCH rows at a time.
 */
async function postgresSource<T>(
  database: Database,
  tenantId: string,
  run: (source: RowSource) => Promise<T>,
): Promise<T> {
  const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`select set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', $1, true)`, [
      tenantId,
    ]);
    const source: RowSource = async (table, onBatch) => {
      await client.query(
        `declare tenant_export no scroll cursor for select row_to_json(r)::text as j from (select ${selectList(table, 't')} from ${ident(table.name)} t where t.tenant_id = '${tenantId}') r`,
      );
      for (;;) {
        const page = await client.query<{ j: string }>(`fetch ${BATCH} from tenant_export`);
        if (page.rows.length === 0) break;
        await onBatch(page.rows.map((row) => row.j));
        if (page.rows.length < BATCH) break;
      }
      await client.query('close tenant_export');
    };
    const result = await run(source);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * PGlite (one connection): pages by the row's physical position (ctid), each page its own short
 * read-only tenant transaction, so requests run between pages. Not one snapshot: a row written
 * while the export runs may be in it or not.
 */
function pgliteSource(database: Database, tenantId: string): RowSource {
  return async (table, onBatch) => {
    let after = '(0,0)';
    for (;;) {
      const rows = await readTenant(database.db, tenantId, async (tx) => {
        const result = await tx.execute(
          sql.raw(
            `select t.ctid::text as c, row_to_json(r)::text as j from ${ident(table.name)} t cross join lateral (select ${selectList(table, 't')}) r where t.tenant_id = '${tenantId}' and t.ctid > '${after}'::tid order by t.ctid limit ${BATCH}`,
          ),
        );
        return (result as unknown as { rows: Array<{ c: string; j: string }> }).rows;
      });
      if (rows.length === 0) break;
      await onBatch(rows.map((row) => row.j));
      after = rows[rows.length - 1]?.c ?? after;
      if (rows.length < BATCH) break;
    }
  };
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Writes to a stream, waiting when it asks to (bounded memory). */
async function put(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) {
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        stream.off('drain', onDrain);
        reject(error);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
  }
}

export interface WriteExportOptions {
  database: Database;
  media: MediaStorage;
  tenant: ExportTenant;
  /** Where the zip goes (written as it is made). */
  output: Writable;
  onProgress?: (progress: ExportProgress) => Promise<void> | void;
  now?: () => Date;
  /** Which invoices get a PDF in `pdf/invoices/` (default: the last 2 years, at most 1,000, newest first). */
  invoicePdfs?: InvoicePdfBound;
}

/**
 * Writes the whole tenant as a zip to `output`, as a stream: `data/{table}.json` and
 * `data/{table}.csv` for every exported table, `media/{key}` for every stored file (uploads, profile
 * photos, signed form PDFs), `pdf/invoices/{number}.pdf` for the newest invoices (the bound), `tenant.json`, `manifest.json` (tables, columns, row counts, what was
 * left out) and `README.md`. Memory stays bounded: rows are read BATCH at a time, the JSON goes
 * straight into the zip and the CSV through a temporary file, files are opened one at a time, and
 * each invoice PDF is rendered once the zip has taken the one before.
 */
export async function writeTenantExport(options: WriteExportOptions): Promise<ExportManifest> {
  const { database, media, tenant, output } = options;
  if (!UUID.test(tenant.id)) throw new Error('tenant export: the tenant id is not a uuid');
  const tables = await exportedTables(database.sql);
  const keys = await media.list(tenant.id);
  const progress: ExportProgress = {
    tablesDone: 0,
    tablesTotal: tables.length,
    rowsWritten: 0,
    filesWritten: 0,
    pdfsWritten: 0,
  };
  const now = options.now?.() ?? new Date();
  const pdfBound = options.invoicePdfs ?? defaultInvoicePdfBound(now);
  const zip = new yazl.ZipFile();
  const zipError = new Promise<never>((_, reject) => zip.on('error', reject));
  zipError.catch(() => {});
  const piped = finished(zip.outputStream.pipe(output));
  piped.catch(() => {});
  const temp = await mkdtemp(join(tmpdir(), 'tenant-export-csv-'));
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    tenant,
    tables: [],
    excludedTables: { ...EXCLUDED_TABLES },
    redactedColumns: { ...REDACTED_COLUMNS },
    media: keys,
    pdfs: { invoices: { since: pdfBound.since.toISOString(), max: pdfBound.max, files: [] } },
  };
  try {
    const each = async (source: RowSource) => {
      for (const table of tables) {
        const json = new PassThrough({ highWaterMark: 64 * 1024 });
        zip.addReadStream(json, `data/${table.name}.json`);
        const csvPath = join(temp, `${table.name}.csv`);
        const csv: WriteStream = createWriteStream(csvPath);
        const names = table.columns.map((c) => c.name);
        await put(csv, `${names.map(csvCell).join(',')}\r\n`);
        await put(json, '[');
        let rows = 0;
        await Promise.race([
          zipError,
          source(table, async (batch) => {
            let jsonText = '';
            let csvText = '';
            for (const text of batch) {
              jsonText += `${rows === 0 ? '\n' : ',\n'}${text}`;
              const row = JSON.parse(text) as Record<string, unknown>;
              csvText += `${names.map((n) => csvCell(row[n])).join(',')}\r\n`;
              rows++;
            }
            await put(json, jsonText);
            await put(csv, csvText);
            progress.rowsWritten += batch.length;
          }),
        ]);
        json.end('\n]\n');
        csv.end();
        await finished(csv);
        zip.addReadStreamLazy(`data/${table.name}.csv`, (cb) => {
          const stream = createReadStream(csvPath);
          stream.on('close', () => void rm(csvPath, { force: true }));
          cb(null, stream);
        });
        manifest.tables.push({
          name: table.name,
          columns: table.columns.map((c) => ({ ...c, redacted: isRedacted(table.name, c.name) })),
          rows,
        });
        progress.tablesDone++;
        await options.onProgress?.({ ...progress });
      }
    };
    if (database.kind === 'postgres') await postgresSource(database, tenant.id, each);
    else await each(pgliteSource(database, tenant.id));

    for (const key of keys) {
      const stream = await media.stream(tenant.id, key);
      if (!stream) continue;
      const done = finished(stream);
      done.catch(() => {});
      // Images and PDFs are compressed already: stored as they are.
      zip.addReadStream(stream, `media/${key}`, { compress: false });
      await Promise.race([zipError, done]);
      progress.filesWritten++;
      if (progress.filesWritten % 50 === 0) await options.onProgress?.({ ...progress });
    }

    // Invoice PDFs: each rendered when the zip has taken the one before (one held at a time).
    const context = {
      tenantId: tenant.id,
      orgId: tenant.orgId,
      masterOrgId: tenant.masterOrgId,
      name: tenant.name,
      customDomain: tenant.customDomain,
      settings: settingsWithDefaults(tenant.settings as Parameters<typeof settingsWithDefaults>[0]),
    };
    for await (const file of invoicePdfsForExport(database.db, media, context, pdfBound)) {
      const path = `pdf/invoices/${file.number}.pdf`;
      const stream = new PassThrough();
      const done = finished(stream);
      done.catch(() => {});
      zip.addReadStream(stream, path, { compress: false, mtime: file.createdAt });
      stream.end(file.pdf);
      await Promise.race([zipError, done]);
      manifest.pdfs.invoices.files.push({ path, invoiceId: file.invoiceId, number: file.number });
      progress.pdfsWritten++;
      if (progress.pdfsWritten % 50 === 0) await options.onProgress?.({ ...progress });
    }
    zip.addBuffer(Buffer.from(`${JSON.stringify(tenant, null, 2)}\n`), 'tenant.json');
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json');
    zip.addBuffer(Buffer.from(exportReadme(manifest)), 'README.md');
    zip.end();
    await Promise.race([zipError, piped]);
    await options.onProgress?.({ ...progress });
    return manifest;
  } catch (error) {
    (zip.outputStream as unknown as Readable).destroy();
    throw error;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
