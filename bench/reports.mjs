// The dashboard and the reports on a big studio (issue 24, "Measured"): the demo tenant on PostgreSQL
// with 100,000 invoices over the last year (one line each; nine in ten paid, one in fifty refunded
// in part), 200,000 bookings and 5,000 members, seeded in SQL. Then, at 10 connections (autocannon,
// p95 from every response's own time): the dashboard (target p95 < 150 ms) and each report's first
// page as /reports opens it, this month so far (sales by every grouping, attendance, memberships,
// donations; target p95 < 300 ms), the same over the whole year, and the rows behind a figure; then
// the streamed CSV of the year's 100,000 invoice lines (target < 10 s) with the server's RSS sampled
// every 50 ms while it streams (flat memory).
// Usage: npm run bench:reports   (BENCH_SECONDS=10 per measurement,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_reports, BENCH_REUSE=1 keeps the
// data an earlier run seeded, BENCH_ONLY=dashboard measures only the requests whose title starts so). Not part of npm test. The database is created when missing and its
// schema dropped first. A missed target exits 1.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { emptySchema, openBenchDatabase } from './lib/bench-db.mjs';
import { demoTarget } from './lib/bench-http.mjs';
import { startAtrium } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const INVOICES = 100_000;
const MEMBERS = 5_000;
const BOOKINGS = 200_000;
const PER_SESSION = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3260);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_bench_reports';
const REUSE = process.env.BENCH_REUSE === '1';
/** BENCH_ONLY=dashboard (or any title's start) measures only those, without the CSV exports. */
const ONLY = process.env.BENCH_ONLY ?? '';
const TARGETS = { dashboard: 150, report: 300, csvSeconds: 10 };

/** The studio's data, as the owner (seeding is not the app's job: row-level security is bypassed). */
async function seed(client) {
  const started = performance.now();
  const { rows } = await client.query(`select id, settings->>'timezone' as zone from tenants where org_id = 'demo'`);
  const { id: tenantId, zone } = rows[0];
  const run = (text) => client.query(text, [tenantId]);
  // the catalogue: 20 products in 4 categories, 3 memberships
  await run(`insert into item_categories (tenant_id, name, category_type)
    select $1, 'Bench category ' || g, 'PRODUCT' from generate_series(1, 4) g`);
  await run(`insert into items (tenant_id, category_id, kind, name, price_minor)
    select $1, (select id from item_categories where tenant_id = $1 and name = 'Bench category ' || (1 + g % 4)),
      'product', 'Bench product ' || g, 500 + g * 100
    from generate_series(1, 20) g`);
  await run(`insert into items (tenant_id, category_id, kind, name, price_minor)
    select $1, (select id from item_categories where tenant_id = $1 and name = 'Bench category 1'),
      'membership', 'Bench membership ' || g, 4000 + g * 1000
    from generate_series(1, 3) g`);
  // 5,000 members, each with a membership (most active, some paused, past due or cancelled)
  await run(`insert into contacts (tenant_id, email, name, last_name, role, created_at)
    select $1, 'member' || g || '@bench.test', 'Member', 'No ' || g, 'student', now() - ((g % 700) || ' days')::interval
    from generate_series(1, ${MEMBERS}) g`);
  await run(`create temporary table bench_members as
    select id, row_number() over (order by email) as n from contacts where tenant_id = $1 and email like 'member%@bench.test'`);
  await run(`insert into subscriptions (tenant_id, contact_id, item_id, name, membership_type, frequency, status,
      price_minor, currency, provider, provider_account, provider_customer, payment_method_id, setup_ref,
      started_at, next_charge_at, period_ends_at, paused_at, cancelled_at)
    select $1, m.id, i.id, i.name, 'recurring', 'monthly',
      case when m.n % 20 = 0 then 'cancelled' when m.n % 25 = 0 then 'paused' when m.n % 33 = 0 then 'past_due' else 'active' end,
      i.price_minor, 'USD', 'bench', 'acct_bench', 'cus_' || m.n, 'pm_' || m.n, 'setup_' || m.n,
      now() - ((m.n % 600) || ' days')::interval, now() + ((m.n % 30) || ' days')::interval, now() + ((m.n % 30) || ' days')::interval,
      case when m.n % 25 = 0 and m.n % 20 <> 0 then now() - interval '3 days' end,
      case when m.n % 20 = 0 then now() - ((m.n % 90) || ' days')::interval end
    from bench_members m
    cross join lateral (select id, name, price_minor from items
      where tenant_id = $1 and kind = 'membership' order by name offset (m.n % 3) limit 1) i`);
  // 100,000 invoices over the last 365 days, one product line each; 9 in 10 paid (cash, card, account)
  await run(`insert into invoices (tenant_id, number, public_id, contact_id, contact_name, contact_email, currency,
      payment_method, subtotal, tax, total, amount_paid, amount_refunded, balance, status, created_at, updated_at)
    select $1, 100000 + g, md5(g::text || 'rep') || md5(g::text), m.id, 'Member No ' || m.n, 'member' || m.n || '@bench.test', 'USD',
      (array['cash', 'credit_card', 'account'])[1 + g % 3], 1000 + g % 9000, 0, 1000 + g % 9000,
      case when g % 10 = 0 then 0 else 1000 + g % 9000 end,
      case when g % 50 = 1 then 500 else 0 end,
      case when g % 10 = 0 then 1000 + g % 9000 else 0 end,
      case when g % 10 = 0 then 'pending' else 'complete' end,
      now() - ((g * 315.36) || ' seconds')::interval, now() - ((g * 315.36) || ' seconds')::interval
    from generate_series(1, ${INVOICES}) g
    join bench_members m on m.n = 1 + g % ${MEMBERS}`);
  await run(`insert into invoice_lines (tenant_id, invoice_id, position, kind, item_id, name, unit_price, quantity,
      amount, tax, total, is_taxable, is_charge_credit_card_fees)
    select i.tenant_id, i.id, 0, 'product', p.id, p.name, i.subtotal, 1, i.subtotal, 0, i.total, false, false
    from invoices i
    cross join lateral (select id, name from items
      where tenant_id = $1 and kind = 'product' order by name offset (i.number % 20) limit 1) p
    where i.tenant_id = $1 and i.number > 100000`);
  await run(`insert into invoice_payments (tenant_id, invoice_id, kind, method, amount, refunded, idempotency_key,
      recorded_by_name, created_at)
    select tenant_id, id, 'payment', payment_method, total, amount_refunded, 'bench-pay-' || number,
      case when payment_method = 'credit_card' then '' else 'Front desk' end, created_at + interval '1 minute'
    from invoices where tenant_id = $1 and number > 100000 and amount_paid > 0`);
  await run(`insert into invoice_payments (tenant_id, invoice_id, kind, refund_of, method, amount, idempotency_key,
      recorded_by_name, created_at)
    select p.tenant_id, p.invoice_id, 'refund', p.id, p.method, p.refunded, 'bench-refund-' || p.idempotency_key,
      'Front desk', p.created_at + interval '2 days'
    from invoice_payments p where p.tenant_id = $1 and p.refunded > 0`);
  await run(`insert into invoice_counters (tenant_id, last_number) values ($1, ${100_000 + INVOICES})
    on conflict (tenant_id) do update set last_number = excluded.last_number`);
  // 200,000 bookings: 4,000 sessions of 8 weekly classes over the last ~500 days (and the next week), 50 places taken each
  const sessions = BOOKINGS / PER_SESSION;
  await run(`insert into class_rules (tenant_id, name, days_of_week, start_time, duration_minutes, start_date,
      capacity, time_zone, generated_until)
    select $1, 'Bench class ' || g, array[0,1,2,3,4,5,6]::smallint[], (6 + g) || ':00', 60,
      to_char(now() - interval '520 days', 'YYYY-MM-DD'), 60, '${zone}', now() + interval '14 days'
    from generate_series(1, 8) g`);
  await run(`insert into class_sessions (tenant_id, rule_id, local_date, starts_at, ends_at, capacity, booked_count)
    select $1, r.id, to_char(d.day, 'YYYY-MM-DD'), d.day + (r.n + 6) * interval '1 hour',
      d.day + (r.n + 7) * interval '1 hour', 60, ${PER_SESSION}
    from (select id, row_number() over (order by name) as n from class_rules where tenant_id = $1 and name like 'Bench class %') r
    cross join lateral (select date_trunc('day', now()) + interval '7 days' - (k || ' days')::interval as day
      from generate_series(0, ${sessions / 8 - 1}) k) d`);
  await run(`insert into class_bookings (tenant_id, session_id, contact_id, status, attended_at, no_show, placed_at, created_at)
    select $1, s.id, m.id, 'booked',
      case when s.starts_at < now() and (s.n + k) % 7 <> 0 then s.starts_at end,
      s.starts_at < now() and (s.n + k) % 7 = 0, s.starts_at - interval '2 days', s.starts_at - interval '2 days'
    from (select id, starts_at, row_number() over (order by starts_at, id) as n from class_sessions
      where tenant_id = $1 and rule_id in (select id from class_rules where tenant_id = $1 and name like 'Bench class %')) s
    cross join generate_series(0, ${PER_SESSION - 1}) k
    join bench_members m on m.n = 1 + (s.n * ${PER_SESSION} + k) % ${MEMBERS}`);
  // donations: one in twenty of the paid invoices is a gift to one of three campaigns
  await run(`insert into donation_campaigns (tenant_id, name, minimum_amount)
    select $1, 'Bench campaign ' || g, 100 from generate_series(1, 3) g`);
  await run(`insert into donations (tenant_id, campaign_id, contact_id, invoice_id, donor_name, donor_email, amount,
      currency, frequency, paid_at, created_at)
    select i.tenant_id, c.id, i.contact_id, i.id, i.contact_name, i.contact_email, i.total, 'USD',
      case when i.number % 3 = 0 then 'monthly' else 'once' end, i.created_at, i.created_at
    from invoices i
    cross join lateral (select id from donation_campaigns where tenant_id = $1 order by name offset (i.number % 3) limit 1) c
    where i.tenant_id = $1 and i.number > 100000 and i.number % 20 = 1 and i.amount_paid > 0`);
  await client.query('vacuum analyze');
  const counts = (
    await run(`select
      (select count(*) from invoices where tenant_id = $1)::int as invoices,
      (select count(*) from invoice_lines where tenant_id = $1)::int as lines,
      (select count(*) from invoice_payments where tenant_id = $1)::int as payments,
      (select count(*) from class_bookings where tenant_id = $1)::int as bookings,
      (select count(*) from subscriptions where tenant_id = $1)::int as memberships,
      (select count(*) from donations where tenant_id = $1)::int as donations`)
  ).rows[0];
  return { seconds: (performance.now() - started) / 1000, counts, zone };
}

const target = demoTarget(PORT);
const { host: HOST, base: BASE, login, timed } = target;
const measure = (title, path, token) =>
  target.measure(title, path, token, { connections: CONNECTIONS, duration: DURATION });

const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** Streams a CSV, counting its lines as they arrive, while the server's RSS is sampled. */
async function streamCsv(path, token, pid) {
  const samples = [rssMb(pid)];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 50);
  const started = performance.now();
  let firstByteMs = null;
  let bytes = 0;
  let lines = 0;
  try {
    // node:http, read as it arrives (hostFetch keeps the whole body)
    const response = await new Promise((resolve, reject) =>
      http
        .get(`${BASE}${path}`, { headers: { host: HOST, authorization: `Bearer ${token}` } }, resolve)
        .on('error', reject),
    );
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
    for await (const chunk of response) {
      if (firstByteMs === null) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  samples.push(rssMb(pid));
  return {
    seconds: (performance.now() - started) / 1000,
    firstByteMs,
    bytes,
    rows: lines - 1,
    rss: { before: samples[0], min: Math.min(...samples), max: Math.max(...samples), after: samples.at(-1) },
    samples: samples.length,
  };
}

const dateIn = (zone, date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(date);

const client = await openBenchDatabase(PG_URL, { empty: false });
let server;
let seeded;
const reused = REUSE && (await client.query(`select to_regclass('public.invoices') as t`)).rows[0].t !== null;
if (reused) {
  const zone = (await client.query(`select settings->>'timezone' as zone from tenants where org_id = 'demo'`)).rows[0]
    .zone;
  seeded = { seconds: 0, counts: 'reused', zone };
  server = await startAtrium(PORT, { databaseUrl: PG_URL });
} else {
  await emptySchema(client);
  server = await startAtrium(PORT, { databaseUrl: PG_URL });
  console.log('== postgres: seeding the demo studio ...');
  seeded = await seed(client);
  console.log(`   seeded in ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
  // restart so the server's caches and prepared plans start cold on the seeded data
  await server.stop();
  server = await startAtrium(PORT, { databaseUrl: PG_URL });
}
await client.end();

const today = dateIn(seeded.zone);
const monthStart = `${today.slice(0, 7)}-01`;
const yearAgo = dateIn(seeded.zone, new Date(Date.now() - 364 * 86_400_000));
const month = `from=${monthStart}&to=${today}`;
const year = `from=${yearAgo}&to=${today}`;
const results = [];
const missed = [];
let csv;
let paymentsCsv;
try {
  const token = await login();
  const plan = [
    ['dashboard', '/itemreport/dashboard', TARGETS.dashboard],
    ...['day', 'week', 'month', 'method', 'staff', 'item', 'category', 'kind'].map((group) => [
      `sales by ${group}, this month`,
      `/itemreport/sales?${month}&groupBy=${group}`,
      TARGETS.report,
    ]),
    ['attendance by class, this month', `/itemreport/attendance?${month}&groupBy=class`, TARGETS.report],
    ['memberships, this month', `/itemreport/memberships?${month}`, TARGETS.report],
    ['donations, this month', `/itemreport/donations?${month}`, TARGETS.report],
    ['rows behind sales by day, first page (50)', `/itemreport/sales/lines?${month}&groupBy=day`, TARGETS.report],
    ['sales by day, the whole year', `/itemreport/sales?${year}&groupBy=day`, null],
    ['sales by item, the whole year', `/itemreport/sales?${year}&groupBy=item`, null],
    ['attendance by class, the whole year', `/itemreport/attendance?${year}&groupBy=class`, null],
    ['rows behind sales by item, the whole year, first page', `/itemreport/sales/lines?${year}&groupBy=item`, null],
  ];
  for (const [title, path, target] of plan.filter(([title]) => !ONLY || title.startsWith(ONLY))) {
    const alone = [];
    for (let i = 0; i < 4; i++) {
      const { ms } = await timed(path, token);
      if (i > 0) alone.push(ms);
    }
    alone.sort((a, b) => a - b);
    const result = { ...(await measure(title, path, token)), alone: alone[1], target };
    const verdict =
      target === null ? '' : result.p95 < target ? ` (target ${target}: met)` : ` (target ${target}: MISSED)`;
    if (target !== null && result.p95 >= target) missed.push(title);
    console.log(`   ${title}: alone ${result.alone.toFixed(1)} ms; p95 ${result.p95.toFixed(1)} ms${verdict}`);
    results.push(result);
  }
  if (!ONLY) {
    console.log('== the streamed CSV of the year’s invoice lines');
    csv = await streamCsv(`/itemreport/sales/lines.csv?${year}&groupBy=item`, token, server.pid);
    if (csv.seconds >= TARGETS.csvSeconds) missed.push('CSV');
    paymentsCsv = await streamCsv(`/itemreport/sales/lines.csv?${year}&groupBy=day`, token, server.pid);
  }
} finally {
  await server.stop();
}

const counts = typeof seeded.counts === 'object' ? seeded.counts : null;
console.log(
  `\nThe demo studio on PostgreSQL${counts ? `: ${counts.invoices} invoices (${counts.lines} lines, ${counts.payments} payments and refunds), ${counts.bookings} bookings, ${counts.memberships} memberships, ${counts.donations} gifts (seeded in ${seeded.seconds.toFixed(0)} s)` : ' (reused)'}; ${CONNECTIONS} connections, ${DURATION} s each (${process.platform}, node ${process.version}, load ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
);
console.log('| request | alone ms | requests | req/s | p50 ms | p95 ms | p99 ms | target p95 |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  const target = r.target === null ? '–' : `< ${r.target} ms ${r.p95 < r.target ? 'met' : '**missed**'}`;
  console.log(
    `| ${r.title} | ${r.alone.toFixed(1)} | ${r.requests} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99} | ${target} |`,
  );
}
for (const [what, c] of [
  ['invoice lines (by item)', csv],
  ['payments and refunds (by day)', paymentsCsv],
]) {
  if (!c) continue;
  console.log(
    `\nCSV of the year's ${what}: ${c.rows} rows, ${(c.bytes / 1048576).toFixed(1)} MB in ${c.seconds.toFixed(2)} s (first byte ${c.firstByteMs?.toFixed(0)} ms); server RSS ${c.rss.before.toFixed(0)} MB before, ${c.rss.min.toFixed(0)}-${c.rss.max.toFixed(0)} MB while streaming (${c.samples} samples), ${c.rss.after.toFixed(0)} MB after`,
  );
}
if (missed.length > 0) {
  console.log(`\nMissed: ${missed.join('; ')}`);
  process.exitCode = 1;
}
