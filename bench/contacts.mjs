// Contact search and list latency with 100,000 contacts in the demo tenant and 10 other tenants of
// the same size, on embedded PGlite and on PostgreSQL; then a 10,000-row CSV import (time, peak RSS).
// Usage: npm run bench:contacts   (BENCH_SECONDS=10 per measurement, BENCH_CONTACTS=100000, BENCH_CONNECTIONS=20,
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_bench, BENCH_ONLY=pglite|postgres,
// BENCH_REUSE=1 keeps a PostgreSQL database an earlier run seeded, BENCH_NO_IMPORT=1 skips the import)
// Not part of npm test. The PostgreSQL database is created when missing and its schema dropped first.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { hostFetch } from './host-fetch.mjs';
import { emptySchema, openBenchDatabase } from './lib/bench-db.mjs';
import { demoTarget } from './lib/bench-http.mjs';
import { startAtrium } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PER_TENANT = Number(process.env.BENCH_CONTACTS ?? 100_000);
const OTHER_TENANTS = 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const IMPORT_ROWS = 10_000;
const PORT = Number(process.env.BENCH_PORT ?? 3220);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_bench';
const ONLY = process.env.BENCH_ONLY ?? '';
const HOST = `demo.localhost:${PORT}`;
const BASE = `http://127.0.0.1:${PORT}`;
/** Indexes rebuilt after the bulk load (faster than updating them row by row). */
const REBUILT_INDEXES = ['contacts_tenant_search_trgm_idx', 'contacts_tenant_lower_name_idx'];
/** The digit terms of the search (migration 0016): filled once after the load, then keyed. */
const TERMS_KEY = 'contact_search_terms_tenant_id_term_contact_id_pk';

const FIRST = [
  'Maria',
  'Mark',
  'Marco',
  'Omar',
  'Tamara',
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kara',
  'Liam',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
  'Quinn',
  'Ruby',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Will',
  'Xena',
  'Yara',
  'Zoe',
  'Aiden',
  'Bella',
  'Caleb',
  'Daisy',
  'Ethan',
  'Freya',
  'Gavin',
  'Hazel',
  'Ivan',
];
const LAST = [
  'Martin',
  'Marshall',
  'Dumar',
  'Smith',
  'Jones',
  'Brown',
  'Taylor',
  'Wilson',
  'Davies',
  'Evans',
  'Thomas',
  'Johnson',
  'Roberts',
  'Walker',
  'Wright',
  'Robinson',
  'Thompson',
  'White',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Harris',
  'Lewis',
  'Clarke',
  'Patel',
  'Jackson',
  'Turner',
  'Hill',
  'Moore',
  'Cooper',
  'King',
  'Lee',
  'Baker',
  'Young',
  'Allen',
  'Scott',
  'Adams',
  'Nguyen',
];
const sqlArray = (values) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** Inserts `PER_TENANT` contacts for a tenant in one statement (generate_series), as the owner. */
function contactsSql(tenantId, tag) {
  return `insert into contacts (tenant_id, email, name, last_name, phone, role, statuses, created_at, updated_at)
    select '${tenantId}',
      lower(f.name) || '.' || lower(l.name) || '.' || g || '@${tag}.bench',
      f.name, l.name,
      '+1 (555) ' || lpad(((g * 7919) % 10000000)::text, 7, '0'),
      'student',
      case when g % 5 = 0 then array['member'] when g % 7 = 0 then array['lead'] else '{}'::text[] end,
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${PER_TENANT}) g
    cross join lateral (select (${sqlArray(FIRST)})[1 + (g * 31) % ${FIRST.length}] as name) f
    cross join lateral (select (${sqlArray(LAST)})[1 + (g * 17 + g / 40) % ${LAST.length}] as name) l`;
}

async function seed(exec) {
  const started = performance.now();
  const defs = (
    await exec(`select indexdef from pg_indexes where indexname in (${REBUILT_INDEXES.map((n) => `'${n}'`).join(',')})`)
  ).map((row) => row.indexdef);
  for (const name of REBUILT_INDEXES) await exec(`drop index if exists ${name}`);
  await exec('alter table contacts disable trigger contacts_search_terms_insert');
  await exec(`alter table contact_search_terms drop constraint ${TERMS_KEY}`);
  const [demo] = await exec(`select id from tenants where org_id = 'demo'`);
  await exec(contactsSql(demo.id, 'demo'));
  for (let i = 1; i <= OTHER_TENANTS; i++) {
    const [tenant] = await exec(
      `insert into tenants (org_id, master_org_id, name) values ('bench${i}', 'bench${i}', 'Bench ${i}') returning id`,
    );
    await exec(contactsSql(tenant.id, `bench${i}`));
  }
  for (const def of defs) await exec(def);
  // what the insert trigger writes, for every contact at once (the demo's own contacts included)
  await exec('truncate contact_search_terms');
  await exec(`insert into contact_search_terms (tenant_id, term, contact_id)
    select c.tenant_id, t.term, c.id from contacts c, contact_digit_terms(c.search_text) as t(term)`);
  await exec(`alter table contact_search_terms add constraint ${TERMS_KEY} primary key (tenant_id, term, contact_id)`);
  await exec('alter table contacts enable trigger contacts_search_terms_insert');
  // as autovacuum would after a bulk load: statistics for the planner and the visibility map
  await exec('vacuum analyze');
  return (performance.now() - started) / 1000;
}

const target = demoTarget(PORT);
const { login } = target;
const measure = (title, path, token) =>
  target.measure(title, path, token, { connections: CONNECTIONS, duration: DURATION });

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** 10,000 rows, 1% of them bad (no first name) and 1% repeating an earlier email. */
function importCsv() {
  const lines = ['First Name,Last Name,Email,Phone'];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const first = i % 100 === 0 ? '' : FIRST[i % FIRST.length];
    const email = i % 100 === 50 ? `import.${i - 1}@csv.bench` : `import.${i}@csv.bench`;
    lines.push(`${first},"${LAST[i % LAST.length]}, Jr.",${email},+1 555 ${String(i).padStart(7, '0')}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function timeImport(server, token) {
  const body = importCsv();
  // the import's categoryId must name a contact category of the tenant (POST /rest/tag)
  const category = await (
    await hostFetch(`${BASE}/rest/tag`, {
      method: 'POST',
      headers: { host: HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${Date.now()}`, type: 'category' }),
    })
  ).json();
  const before = rssOf(server.pid);
  let peakSampled = before.rss;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, rssOf(server.pid).rss);
  }, 20);
  const started = performance.now();
  const response = await hostFetch(`${BASE}/rest/contact/import?categoryId=${category.id}`, {
    method: 'POST',
    headers: { host: HOST, authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'x-file-name': 'bench.csv' },
    body,
  });
  const result = await response.json();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(result)}`);
  const after = rssOf(server.pid);
  return {
    seconds,
    bytes: Buffer.byteLength(body),
    imported: result.imported,
    rejected: result.rejected.length,
    rssBefore: before.rss,
    rssPeakDuring: Math.max(peakSampled, after.rss),
    processPeak: after.peak,
  };
}

async function runOn(kind) {
  let server;
  let seconds;
  if (kind === 'pglite') {
    // First start migrates and seeds the demo; the bulk load then opens the same folder directly.
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-contacts-'));
    server = await startAtrium(PORT, { dataDir });
    await server.stop();
    const db = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm, btree_gin } });
    seconds = await seed(async (text) => (await db.query(text)).rows);
    await db.close();
    console.log(`   seeded in ${seconds.toFixed(1)} s`);
    server = await startAtrium(PORT, { dataDir, timeoutMs: 300_000 });
    if (!process.env.BENCH_KEEP) server.cleanup = dataDir;
    else console.log(`   data kept in ${dataDir}`);
  } else {
    const client = await openBenchDatabase(PG_URL, { empty: false });
    const seeded =
      process.env.BENCH_REUSE &&
      (await client.query(`select 1 from pg_tables where tablename = 'tenants'`)).rowCount > 0 &&
      (await client.query(`select 1 from tenants where org_id = 'bench${OTHER_TENANTS}'`)).rowCount > 0;
    if (seeded) {
      server = await startAtrium(PORT, { databaseUrl: PG_URL });
      seconds = 0;
      console.log('   reusing the seeded database (BENCH_REUSE)');
    } else {
      await emptySchema(client);
      server = await startAtrium(PORT, { databaseUrl: PG_URL });
      seconds = await seed(async (text) => (await client.query(text)).rows);
      console.log(`   seeded in ${seconds.toFixed(1)} s`);
    }
    await client.end();
  }
  try {
    const token = await login();
    const search = '/snode/contact?search=mar';
    const page = '/snode/contact?start=0&max=50';
    const results = [];
    for (const [title, path] of [
      ['search "mar"', search],
      ['search "bennett" (selective)', '/snode/contact?search=bennett'],
      ['search "4567" (phone digits)', '/snode/contact?search=4567'],
      ['first list page (50)', page],
    ]) {
      // one at a time first (also the warm-up): the latency of a request with no queue
      const single = [];
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        const response = await hostFetch(`${BASE}${path}`, {
          headers: { host: HOST, authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${title}: ${response.status}`);
        if (i > 0) single.push(performance.now() - started);
      }
      single.sort((a, b) => a - b);
      const result = { ...(await measure(title, path, token)), single: single[Math.floor(single.length / 2)] };
      console.log(
        `   ${title}: alone ${result.single.toFixed(1)} ms; at ${CONNECTIONS} connections p95 ${result.p95.toFixed(1)} ms`,
      );
      results.push(result);
    }
    const total = await (
      await hostFetch(`${BASE}${search}&max=5`, { headers: { host: HOST, authorization: `Bearer ${token}` } })
    ).json();
    const imported = process.env.BENCH_NO_IMPORT ? null : await timeImport(server, token);
    if (imported) console.log(`   import of ${IMPORT_ROWS} rows: ${imported.seconds.toFixed(2)} s`);
    return { kind, seedSeconds: seconds, matches: total.recordsTotal, results, imported };
  } finally {
    await server.stop();
    if (server.cleanup) rmSync(server.cleanup, { recursive: true, force: true });
  }
}

const runs = [];
for (const kind of ['pglite', 'postgres']) {
  if (ONLY && ONLY !== kind) continue;
  console.log(`== ${kind}: seeding ${PER_TENANT} contacts x ${OTHER_TENANTS + 1} tenants ...`);
  const run = await runOn(kind);
  console.log(`   "mar" matches ${run.matches} contacts of the demo tenant`);
  runs.push(run);
}

console.log(
  `\n${PER_TENANT} contacts in the demo tenant + ${OTHER_TENANTS} tenants of the same size; ${CONNECTIONS} connections, ${DURATION} s each (${process.platform}, node ${process.version})`,
);
console.log('| database | request | alone ms | requests | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | errors |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const run of runs) {
  for (const r of run.results) {
    console.log(
      `| ${run.kind} | ${r.title} | ${r.single.toFixed(1)} | ${r.requests} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p975} | ${r.p99} | ${r.errors} |`,
    );
  }
}
console.log(
  '\n| database | CSV import | rows imported | rejected | seconds | server RSS before MB | peak RSS during MB |',
);
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const run of runs) {
  const i = run.imported;
  if (!i) continue;
  console.log(
    `| ${run.kind} | ${IMPORT_ROWS} rows, ${(i.bytes / 1024).toFixed(0)} KB | ${i.imported} | ${i.rejected} | ${i.seconds.toFixed(2)} | ${i.rssBefore.toFixed(0)} | ${i.rssPeakDuring.toFixed(0)} |`,
  );
}
