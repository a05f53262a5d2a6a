import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { count, eq, or, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { Database, Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { EXPORT_FORMAT, type ExportManifest, type ManifestTable } from './export-manifest.ts';
import { foreignKeys, ident, insertOrder, tenantTables } from './export-tables.ts';

/** A restore the install refuses, with the reason for the person running it. */
export class ImportRefused extends Error {}

/** Rows per INSERT. */
const BATCH = 500;

interface OpenZip {
  entries: Map<string, yauzl.Entry>;
  read(name: string): Promise<Readable>;
  close(): void;
}

function openZip(path: string): Promise<OpenZip> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('could not open the zip'));
      const entries = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('error', reject);
      zip.on('end', () =>
        resolve({
          entries,
          read: (name) =>
            new Promise((ok, fail) => {
              const entry = entries.get(name);
              if (!entry) return fail(new ImportRefused(`The zip has no ${name}: it is not a complete export.`));
              zip.openReadStream(entry, (e, stream) => (e || !stream ? fail(e) : ok(stream)));
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The rows of `data/{table}.json`, one per line as the export writes them, without holding the file. */
async function* jsonRows(stream: Readable): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const raw of lines) {
    const line = raw.trim();
    if (line === '[' || line === ']' || line === '') continue;
    yield JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as Record<string, unknown>;
  }
}

export interface ImportOptions {
  database: Database;
  media: MediaStorage;
  zipPath: string;
  /** Allow other studios in the install (default: only an empty install takes a restore). */
  alongside?: boolean;
}

export interface ImportResult {
  tenantId: string;
  orgId: string;
  rows: Record<string, number>;
  files: number;
}

/**
 * Restores an export zip into this install: the tenant row with its id, org id and settings, every
 * table's rows with their ids (so every link between records holds), and the stored files under
 * their keys. Refused (ImportRefused) when the install already has studios (unless `alongside`),
 * when the studio's id or org id is taken, or when the zip was made by a newer version whose
 * tables or columns this install does not have. The rows go in one transaction: all or nothing.
 */
export async function importTenantZip(options: ImportOptions): Promise<ImportResult> {
  const { database, media } = options;
  const zip = await openZip(options.zipPath);
  try {
    const manifest = JSON.parse((await readAll(await zip.read('manifest.json'))).toString('utf8')) as ExportManifest;
    if (manifest.format !== EXPORT_FORMAT) {
      throw new ImportRefused(
        `This zip is export format ${manifest.format}; this install reads format ${EXPORT_FORMAT}.`,
      );
    }
    const tenant = manifest.tenant;
    const [taken] = await database.db
      .select({ id: tenants.id, orgId: tenants.orgId })
      .from(tenants)
      .where(or(eq(tenants.id, tenant.id), eq(tenants.orgId, tenant.orgId)));
    if (taken) {
      throw new ImportRefused(
        taken.id === tenant.id
          ? `This install already has the studio ${tenant.id} (${taken.orgId}): a restore never overwrites a studio.`
          : `The org id ${tenant.orgId} is already taken in this install.`,
      );
    }
    if (!options.alongside) {
      const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(tenants);
      if (n > 0) {
        throw new ImportRefused(
          `This install is not empty: it has ${n} ${n === 1 ? 'studio' : 'studios'}. Restore into a fresh install (a new DATABASE_URL or DATA_DIR).`,
        );
      }
    }
    const here = new Map((await tenantTables(database.sql)).map((t) => [t.name, t]));
    for (const table of manifest.tables) {
      const target = here.get(table.name);
      if (!target)
        throw new ImportRefused(`This install has no table ${table.name}: update it to the exporting version.`);
      const columns = new Set(target.columns.map((c) => c.name));
      const missing = table.columns.filter((c) => !columns.has(c.name)).map((c) => c.name);
      if (missing.length > 0) {
        throw new ImportRefused(
          `This install's ${table.name} has no ${missing.join(', ')}: update it to the exporting version.`,
        );
      }
    }

    let files = 0;
    for (const key of manifest.media) {
      await media.put(tenant.id, key, await readAll(await zip.read(`media/${key}`)));
      files++;
    }

    const keys = await foreignKeys(database.sql);
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    const order = insertOrder(
      manifest.tables.map((t) => t.name),
      keys,
    );
    const rows: Record<string, number> = {};
    await database.db.transaction(async (tx) => {
      await tx.insert(tenants).values({
        id: tenant.id,
        orgId: tenant.orgId,
        masterOrgId: tenant.masterOrgId,
        name: tenant.name,
        customDomain: tenant.customDomain,
        settings: tenant.settings as typeof tenants.$inferInsert.settings,
        createdAt: new Date(tenant.createdAt),
      });
      // Row-level security holds for the owner too (FORCE): the rows are the tenant's.
      await tx.execute(sql`select set_config('app.tenant_id', ${tenant.id}, true)`);
      // Tables a trigger keeps (search terms, ledger totals) come from the zip as they were: the
      // triggers are off while the rows go in, and on again before the commit (no one else sees them off).
      for (const name of order) await tx.execute(sql.raw(`alter table ${ident(name)} disable trigger user`));
      for (const name of order) {
        const table = byName.get(name) as ManifestTable;
        const selfColumns = keys.filter((k) => k.child === name && k.parent === name).flatMap((k) => k.columns);
        rows[name] = await insertTable(tx, table, selfColumns, () => zip.read(`data/${name}.json`));
        if (rows[name] !== table.rows) {
          throw new ImportRefused(`${name}: the zip's manifest says ${table.rows} rows, its data has ${rows[name]}.`);
        }
      }
      for (const name of order) await tx.execute(sql.raw(`alter table ${ident(name)} enable trigger user`));
      for (const table of manifest.tables) {
        for (const column of table.columns.filter((c) => c.identity)) {
          await tx.execute(
            sql.raw(
              `select setval(pg_get_serial_sequence('${ident(table.name)}', '${column.name}'), greatest((select max(${ident(column.name)}) from ${ident(table.name)}), (select last_value from pg_sequences where schemaname || '.' || sequencename = pg_get_serial_sequence('${ident(table.name)}', '${column.name}'))))`,
            ),
          );
        }
      }
    });
    return { tenantId: tenant.id, orgId: tenant.orgId, rows, files };
  } finally {
    zip.close();
  }
}

/** Inserts one table's rows in batches; rows pointing at rows of their own table wait for a second pass. */
async function insertTable(
  tx: Tx,
  table: ManifestTable,
  selfColumns: string[],
  open: () => Promise<Readable>,
): Promise<number> {
  const columns = table.columns.filter((c) => !c.generated);
  const list = columns.map((c) => ident(c.name)).join(', ');
  const fresh = columns.filter((c) => c.redacted && c.notNull).map((c) => c.name);
  const hasIdentity = columns.some((c) => c.identity);
  let inserted = 0;
  const flush = async (batch: Array<Record<string, unknown>>) => {
    if (batch.length === 0) return;
    for (const row of batch) for (const name of fresh) row[name] = randomBytes(24).toString('base64url');
    const head = `insert into ${ident(table.name)} (${list}) ${hasIdentity ? 'overriding system value ' : ''}select ${list} from jsonb_populate_recordset(null::${ident(table.name)}, `;
    await tx.execute(sql`${sql.raw(head)}${JSON.stringify(batch)}::jsonb)`);
    inserted += batch.length;
  };
  let batch: Array<Record<string, unknown>> = [];
  const later: Array<Record<string, unknown>> = [];
  for await (const row of jsonRows(await open())) {
    if (selfColumns.some((c) => row[c] !== null && row[c] !== undefined)) {
      later.push(row);
      continue;
    }
    batch.push(row);
    if (batch.length >= BATCH) {
      await flush(batch);
      batch = [];
    }
  }
  await flush(batch);
  for (let i = 0; i < later.length; i += BATCH) await flush(later.slice(i, i + BATCH));
  return inserted;
}
