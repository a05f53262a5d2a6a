// Invoice list and search latency with 100,000 invoices in the demo tenant on PostgreSQL, and the
// time of one invoice PDF.
// Usage: npm run bench:invoices   (BENCH_SECONDS=10 per measurement, BENCH_INVOICES=100000, BENCH_CONNECTIONS=10,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_invoices)
// Not part of npm test. The PostgreSQL database is created when missing and its schema dropped first.
import { openBenchDatabase } from './lib/bench-db.mjs';
import { demoTarget } from './lib/bench-http.mjs';
import { startAtrium } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3230);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_bench_invoices';
const FIRST = ['Maria', 'Mark', 'Omar', 'Anna', 'Ben', 'Chloe', 'David', 'Emma', 'Felix', 'Grace', 'Hugo', 'Isla'];
const LAST = ['Martin', 'Smith', 'Jones', 'Brown', 'Taylor', 'Wilson', 'Patel', 'Nguyen', 'Bennett', 'King'];
const arr = (values) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** 100,000 invoices (one line each, some paid) for the demo tenant in three statements, as the owner. */
async function seed(client) {
  const started = performance.now();
  const { rows } = await client.query(`select id from tenants where org_id = 'demo'`);
  const tenantId = rows[0].id;
  await client.query('drop index if exists invoices_tenant_search_trgm_idx');
  await client.query(
    `insert into invoices (tenant_id, number, public_id, contact_id, contact_name, contact_email, currency,
       payment_method, subtotal, tax, total, amount_paid, balance, status, created_at, updated_at)
     select $1, g, md5(g::text || 'pub') || md5(g::text), gen_random_uuid(),
       f.name || ' ' || l.name, lower(f.name) || '.' || lower(l.name) || '.' || g || '@bench.test', 'USD', 'cash',
       1000 + g % 9000, (1000 + g % 9000) / 10, (1000 + g % 9000) * 11 / 10,
       case when g % 3 = 0 then (1000 + g % 9000) * 11 / 10 else 0 end,
       case when g % 3 = 0 then 0 else (1000 + g % 9000) * 11 / 10 end,
       case when g % 3 = 0 then 'complete' else 'pending' end,
       now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
     from generate_series(1, ${INVOICES}) g
     cross join lateral (select (${arr(FIRST)})[1 + (g * 31) % ${FIRST.length}] as name) f
     cross join lateral (select (${arr(LAST)})[1 + (g * 17 + g / 40) % ${LAST.length}] as name) l`,
    [tenantId],
  );
  await client.query(
    `insert into invoice_lines (tenant_id, invoice_id, position, kind, name, unit_price, quantity, amount, tax, total,
       is_taxable, is_charge_credit_card_fees)
     select tenant_id, id, 0, 'product', 'Class pass', subtotal, 1, subtotal, tax, total, true, false
     from invoices where tenant_id = $1`,
    [tenantId],
  );
  await client.query(
    `insert into invoice_counters (tenant_id, last_number) values ($1, ${INVOICES})
     on conflict (tenant_id) do update set last_number = excluded.last_number`,
    [tenantId],
  );
  await client.query(
    'create index invoices_tenant_search_trgm_idx on invoices using gin (tenant_id, search_text gin_trgm_ops)',
  );
  await client.query('vacuum analyze');
  return (performance.now() - started) / 1000;
}

const target = demoTarget(PORT);
const measure = (title, path, token) =>
  target.measure(title, path, token, { connections: CONNECTIONS, duration: DURATION });
const { login, timed } = target;

const client = await openBenchDatabase(PG_URL);
let server = await startAtrium(PORT, { databaseUrl: PG_URL });
console.log(`== postgres: seeding ${INVOICES} invoices in the demo tenant ...`);
const seedSeconds = await seed(client);
await client.end();
console.log(`   seeded in ${seedSeconds.toFixed(1)} s`);
// restart so the server's caches and prepared plans start cold on the seeded data
await server.stop();
server = await startAtrium(PORT, { databaseUrl: PG_URL });
const results = [];
try {
  const token = await login();
  for (const [title, path] of [
    ['first page (50, newest first)', '/item/ireport?offset=0&max=50'],
    ['search "mar" (name or email)', '/item/ireport?offset=0&max=50&search=mar'],
    ['search "bennett"', '/item/ireport?offset=0&max=50&search=bennett'],
    ['search an invoice number', '/item/ireport?offset=0&max=50&search=INV-04242'],
    ['by name A-Z, page 3', '/item/ireport?offset=100&max=50&sort=name&order=asc'],
    ['with archived, by total', '/item/ireport?offset=0&max=50&showArchive=true&sort=total'],
  ]) {
    const alone = [];
    for (let i = 0; i < 6; i++) {
      const { ms } = await timed(path, token);
      if (i > 0) alone.push(ms);
    }
    alone.sort((a, b) => a - b);
    const result = { ...(await measure(title, path, token)), alone: alone[Math.floor(alone.length / 2)] };
    console.log(
      `   ${title}: alone ${result.alone.toFixed(1)} ms; at ${CONNECTIONS} connections p95 ${result.p95.toFixed(1)} ms`,
    );
    results.push(result);
  }
  const first = JSON.parse((await timed('/item/ireport?max=1', token)).body.toString('utf8')).data[0];
  const pdfTimes = [];
  let size = 0;
  for (let i = 0; i < 6; i++) {
    const { ms, body } = await timed(`/cform/pdf/ireport/${first.id}`, token);
    size = body.length;
    pdfTimes.push(ms);
  }
  console.log(
    `\n${INVOICES} invoices in the demo tenant (PostgreSQL); ${CONNECTIONS} connections, ${DURATION} s each (${process.platform}, node ${process.version})`,
  );
  console.log('| request | alone ms | requests | req/s | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.title} | ${r.alone.toFixed(1)} | ${r.requests} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99} |`,
    );
  }
  console.log(
    `\nOne invoice PDF (${(size / 1024).toFixed(1)} KB): first ${pdfTimes[0].toFixed(0)} ms (font load), then ${pdfTimes
      .slice(1)
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms`,
  );
} finally {
  await server.stop();
}
