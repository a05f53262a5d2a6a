// Throughput and latency of the production server beside a bare node:http hello-world on the same
// machine (autocannon, 50 connections, 10 s each), then the JavaScript each face loads first.
// Usage: npm run bench  (builds nothing: run `npm run build` first; npm start does)
// BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_run runs the server on PostgreSQL
// (that database's schema is dropped first); BENCH_ONLY=signed-in measures only the signed-in reads.
import autocannon from 'autocannon';
import { hostFetch } from './host-fetch.mjs';
import { openBenchDatabase } from './lib/bench-db.mjs';
import { spawnQuiet, startAtrium, waitFor } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const APP_PORT = 3210;
const BARE_PORT = 3211;
const PG_URL = process.env.BENCH_PG_URL ?? '';
const SIGNED_IN_ONLY = process.env.BENCH_ONLY === 'signed-in';

/** An empty schema on the bench database (created when missing); the server migrates and seeds it. */
async function resetPostgres(url) {
  await (await openBenchDatabase(url)).end();
}
function measure(title, url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ title, url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
      }
      resolve({ title, rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 });
    });
  });
}

const bare = spawnQuiet(process.execPath, [
  '-e',
  `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello world'); }).listen(${BARE_PORT}, '127.0.0.1')`,
]);
if (PG_URL) await resetPostgres(PG_URL);
const app = await startAtrium(APP_PORT, PG_URL ? { databaseUrl: PG_URL } : {});

const results = [];
let pageWeight = null;
try {
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  const host = { host: `demo.localhost:${APP_PORT}` };
  const ping = await (await hostFetch(`http://127.0.0.1:${APP_PORT}/ping`, { headers: host })).json();
  // warm up once, so the first run is not the JIT's
  await measure('warm-up', `http://127.0.0.1:${APP_PORT}/ping`, host).catch(() => {});
  results.push(await measure('bare node:http', `http://127.0.0.1:${BARE_PORT}/`));
  if (!SIGNED_IN_ONLY) {
    results.push(await measure('GET /ping', `http://127.0.0.1:${APP_PORT}/ping`, host));
    results.push(
      await measure(
        'GET public page (home)',
        `http://127.0.0.1:${APP_PORT}/stemplate/public/web/${ping.tenantId}/home`,
        host,
      ),
    );
    results.push(await measure('GET / (server-rendered home page)', `http://127.0.0.1:${APP_PORT}/`, host));
    results.push(await measure('GET /login (web app shell)', `http://127.0.0.1:${APP_PORT}/login`, host));
  }
  // Signed-in reads: each request verifies the token and asks the session gate (one cached
  // check per session) before the handler.
  const login = await (
    await hostFetch(`http://127.0.0.1:${APP_PORT}/login`, {
      method: 'POST',
      headers: { ...host, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'admin@demo.test', password: 'Atrium-demo-1' }),
    })
  ).json();
  const signedIn = { ...host, authorization: `Bearer ${login.access_token}` };
  results.push(
    await measure(
      'GET /snode/tenant (account settings, signed in)',
      `http://127.0.0.1:${APP_PORT}/snode/tenant`,
      signedIn,
    ),
  );
  results.push(
    await measure(
      'GET /plugin/tenant (website settings, signed in)',
      `http://127.0.0.1:${APP_PORT}/plugin/tenant`,
      signedIn,
    ),
  );
  results.push(
    await measure(
      'GET /rest/customField (custom fields, signed in, one query)',
      `http://127.0.0.1:${APP_PORT}/rest/customField`,
      signedIn,
    ),
  );
  results.push(
    await measure(
      'GET /snode/contact (contact list page of 50, signed in)',
      `http://127.0.0.1:${APP_PORT}/snode/contact?start=0&max=50`,
      signedIn,
    ),
  );
  const { gzipSync } = await import('node:zlib');
  const bytes = async (path) =>
    Buffer.from(await (await hostFetch(`http://127.0.0.1:${APP_PORT}${path}`, { headers: host })).arrayBuffer());
  const home = await bytes('/');
  const boot = await bytes('/site/boot.js');
  pageWeight = { html: home.length, htmlGzip: gzipSync(home).length, js: boot.length, jsGzip: gzipSync(boot).length };
} finally {
  bare.kill('SIGTERM');
  await app.stop();
}

const baseline = results[0].rps;
console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s each, one machine (${process.platform}, node ${process.version}), ${PG_URL ? 'PostgreSQL' : 'PGlite'}`,
);
console.log('| request | req/s | p50 ms | p99 ms | vs bare |');
console.log('|---|---:|---:|---:|---:|');
for (const r of results) {
  console.log(`| ${r.title} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline).toFixed(2)} |`);
}

if (pageWeight) {
  console.log(
    `\nPublic home page (server-rendered, no media): HTML ${pageWeight.html} B (${pageWeight.htmlGzip} B gzip), ` +
      `JavaScript ${pageWeight.js} B (${pageWeight.jsGzip} B gzip), no stylesheet request (CSS inline)`,
  );
}
if (!SIGNED_IN_ONLY) {
  console.log('\nJavaScript each face of the web app loads before its first screen (gzip):');
  await import('../apps/web/scripts/bundle-report.mjs');
}
