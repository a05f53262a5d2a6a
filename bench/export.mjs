// The tenant export (issue 28, "Take your data with you"): time and peak memory (RSS) of exporting a tenant with
// 100,000 contacts and 100,000 invoices (each with a line and, for a third, a payment) on PostgreSQL, against an
// almost empty tenant on the same database: memory must stay bounded (rows are read 1,000 at a time by a cursor and
// streamed into the zip; the invoice PDFs, at most 1,000 of the last 2 years, are rendered one at a time), so the
// large export's peak RSS should be close to the small one's plus the PDF renderer's own (fonts, layout engine).
// Usage: npm run bench:export   (BENCH_CONTACTS=100000, BENCH_INVOICES=100000,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_export)
// Each export runs in a child process of its own, so its peak RSS (getrusage maxrss) is the export's alone.
// Not part of npm test. The PostgreSQL database is created when missing and its schema dropped first.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_bench_export';
const server = (path) => new URL(`../apps/server/src/${path}`, import.meta.url).href;

async function openApp() {
  const { openDatabase } = await import(server('db/client.ts'));
  return openDatabase({ databaseUrl: PG_URL, dataDir: null, poolSize: 2 });
}

/** Child: exports one tenant to a file and prints the figures as JSON. */
async function runExport(tenantId) {
  const { eq } = await import('drizzle-orm');
  const { tenants } = await import(server('db/schema/index.ts'));
  const { LocalDiskStorage } = await import(server('modules/media/media.storage.ts'));
  const { writeTenantExport } = await import(server('modules/tenant-export/export-zip.ts'));
  const database = await openApp();
  const [row] = await database.db.select().from(tenants).where(eq(tenants.id, tenantId));
  const folder = mkdtempSync(join(tmpdir(), 'bench-export-'));
  const path = join(folder, 'export.zip');
  const output = createWriteStream(path);
  let sampledPeak = 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
  }, 50);
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const manifest = await writeTenantExport({
    database,
    media: new LocalDiskStorage(join(folder, 'media')),
    tenant: { ...row, createdAt: row.createdAt.toISOString() },
    output,
  });
  await finished(output);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const figures = {
    seconds,
    rows,
    tables: manifest.tables.length,
    pdfs: manifest.pdfs.invoices.files.length,
    zipBytes: statSync(path).size,
    rssBeforeBytes: before,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    sampledPeakRssBytes: sampledPeak,
  };
  rmSync(folder, { recursive: true, force: true });
  await database.close();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

async function seed() {
  const { openBenchDatabase } = await import('./lib/bench-db.mjs');
  const admin = await openBenchDatabase(PG_URL);
  await admin.end();
  const { migrateDatabase } = await import(server('db/migrate.ts'));
  const { createTenant, createUsers } = await import(server('seed/tenants.ts'));
  const database = await openApp();
  await migrateDatabase(database);
  const big = await createTenant(database.db, { orgId: 'bigstudio', name: 'Big Studio' });
  const small = await createTenant(database.db, { orgId: 'smallstudio', name: 'Small Studio' });
  for (const t of [big, small]) {
    await createUsers(database.db, t.tenantId, [
      {
        email: `admin@${t.tenantId}.bench`,
        password: 'Bench-password-1',
        name: 'Ada',
        lastName: 'Admin',
        role: 'admin',
      },
    ]);
  }
  const started = performance.now();
  const q = (text, values) => database.sql.query(text, values);
  await q(
    `insert into contacts (tenant_id, email, name, last_name, phone, role, statuses, tags, created_at, updated_at)
     select $1, 'member' || g || '@bench.test', 'Member' || g, 'Bench ' || (g % 977), '+1 555 ' || lpad(g::text, 7, '0'),
       'student', case when g % 5 = 0 then array['member'] else array['lead'] end, array['Yoga', 'Evening'],
       now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
     from generate_series(1, ${CONTACTS}) g`,
    [big.tenantId],
  );
  await q(
    `insert into invoices (tenant_id, number, public_id, contact_id, contact_name, contact_email, currency,
       payment_method, subtotal, tax, total, amount_paid, balance, status, created_at, updated_at)
     select c.tenant_id, c.n, md5(c.n::text || 'pub'), c.id, c.name || ' ' || c.last_name, c.email, 'USD', 'cash',
       1000 + c.n % 9000, (1000 + c.n % 9000) / 10, (1000 + c.n % 9000) * 11 / 10,
       case when c.n % 3 = 0 then (1000 + c.n % 9000) * 11 / 10 else 0 end,
       case when c.n % 3 = 0 then 0 else (1000 + c.n % 9000) * 11 / 10 end,
       case when c.n % 3 = 0 then 'complete' else 'pending' end, c.created_at, c.created_at
     from (select *, row_number() over (order by created_at) as n from contacts where tenant_id = $1 and role = 'student') c
     where c.n <= ${INVOICES}`,
    [big.tenantId],
  );
  await q(
    `insert into invoice_lines (tenant_id, invoice_id, position, kind, name, unit_price, quantity, amount, tax, total,
       is_taxable, is_charge_credit_card_fees)
     select tenant_id, id, 0, 'product', 'Class pass', subtotal, 1, subtotal, tax, total, true, false
     from invoices where tenant_id = $1`,
    [big.tenantId],
  );
  await q(
    `insert into invoice_payments (tenant_id, invoice_id, kind, method, amount, idempotency_key)
     select tenant_id, id, 'payment', 'cash', amount_paid, 'bench-' || number
     from invoices where tenant_id = $1 and amount_paid > 0`,
    [big.tenantId],
  );
  await q('vacuum analyze');
  await database.close();
  return { big: big.tenantId, small: small.tenantId, seedSeconds: (performance.now() - started) / 1000 };
}

function exportInChild(tenantId) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--run', tenantId], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`export failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop());
}

const mb = (bytes) => `${(bytes / 1_048_576).toFixed(0)} MB`;

if (process.argv[2] === '--run') {
  await runExport(process.argv[3]);
} else {
  console.log(`== postgres: seeding ${CONTACTS} contacts and ${INVOICES} invoices (lines, payments) ...`);
  const { big, small, seedSeconds } = await seed();
  console.log(`   seeded in ${seedSeconds.toFixed(1)} s`);
  const smallRun = exportInChild(small);
  const runs = [exportInChild(big), exportInChild(big)];
  console.log(
    `\nTenant export on PostgreSQL (${process.platform}, node ${process.version}); each export in its own process`,
  );
  console.log('| tenant | rows | tables | invoice PDFs | zip | time s | rows/s | peak RSS | RSS before |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const line = (title, r) =>
    console.log(
      `| ${title} | ${r.rows} | ${r.tables} | ${r.pdfs} | ${mb(r.zipBytes)} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds)} | ${mb(r.peakRssBytes)} | ${mb(r.rssBeforeBytes)} |`,
    );
  line('almost empty (1 contact)', smallRun);
  runs.forEach((r, i) => {
    line(`${CONTACTS} contacts, ${INVOICES} invoices (run ${i + 1})`, r);
  });
}
