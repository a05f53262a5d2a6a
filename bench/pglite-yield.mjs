// A visitor's read while the embedded database (PGlite, one query at a time) does a long write (issue 30):
// the server on PGlite with the demo tenant, a client asking the public events page (GET /public/events,
// read from the database on every call, no cache) every 50 ms (one ask at a time: the next one at once
// when an answer took longer); meanwhile 2,000-row contact imports one after the other, then a whole-studio export.
// Prints the page's p50/p95/max when idle, during the imports and during the export, with the load average.
// Usage: npm run bench:pglite-yield   (BENCH_IMPORTS=3 imports, BENCH_ROWS=2000 rows each, BENCH_PORT=3240,
// BENCH_NO_EXPORT=1 skips the export, BENCH_LABEL names the run in the table)
// Holds /tmp/atrium-bench.lock (waits for it). Not part of npm test.
import { execSync } from 'node:child_process';
import { mkdirSync, rmdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { hostFetch } from './host-fetch.mjs';
import { demoTarget, percentile } from './lib/bench-http.mjs';
import { startAtrium } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 3);
const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const EVERY_MS = 50;
const PAGE = '/public/events';
const LOCK = '/tmp/atrium-bench.lock';
const target = demoTarget(PORT);
const { host, base } = target;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const revision = () => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function takeLock() {
  for (let waited = 0; ; waited += 10) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (waited % 60 === 0) console.log(`waiting for ${LOCK} ...`);
      await sleep(10_000);
    }
  }
}

/**
 * One visitor asking PAGE every 50 ms until stopped: the next ask 50 ms after the last one was made, or
 * at once when its answer took longer (one ask in flight, so a slow server is not flooded as well).
 * Each answer's time, by when it was asked.
 */
function visitor() {
  const samples = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const asked = performance.now();
      try {
        const response = await hostFetch(`${base}${PAGE}`, { headers: { host } });
        await response.arrayBuffer();
        if (response.ok) samples.push({ asked, ms: performance.now() - asked });
        else failures++;
      } catch {
        failures++;
      }
      const wait = EVERY_MS - (performance.now() - asked);
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    /** Answers to asks made between from and to (performance.now() times). */
    between(from, to) {
      return samples.filter((s) => s.asked >= from && s.asked <= to).map((s) => s.ms);
    },
    get failures() {
      return failures;
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

function stats(title, times, seconds, loadBefore, loadAfter) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    title,
    asks: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1],
    seconds,
    load: `${loadBefore} → ${loadAfter}`,
  };
}

function importCsv(run) {
  const lines = ['First Name,Last Name,Email,Phone'];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(
      `Visitor${i},Yield ${run},yield.${run}.${i}@csv.bench,+1 555 ${String(run * ROWS + i).padStart(7, '0')}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function main() {
  await takeLock();
  let server;
  try {
    console.log(`pglite-yield at ${revision()}, load average ${load()}`);
    server = await startAtrium(PORT, { timeoutMs: 240_000 });
    const token = await target.login();
    const auth = { host, authorization: `Bearer ${token}` };
    const category = await (
      await hostFetch(`${base}/rest/tag`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Yield ${Date.now()}`, type: 'category' }),
      })
    ).json();
    const page = await hostFetch(`${base}${PAGE}`, { headers: { host } });
    if (!page.ok) throw new Error(`${PAGE}: ${page.status}`);

    const results = [];
    const watch = visitor();
    await sleep(1000); // warm-up asks, not counted
    let loadBefore = load();
    let from = performance.now();
    await sleep(5000);
    results.push(stats('idle (5 s)', watch.between(from, performance.now()), 5, loadBefore, load()));

    for (let run = 1; run <= IMPORTS; run++) {
      const body = importCsv(run);
      loadBefore = load();
      from = performance.now();
      const response = await hostFetch(`${base}/rest/contact/import?categoryId=${category.id}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv', 'x-file-name': `yield-${run}.csv` },
        body,
      });
      const to = performance.now();
      const result = await response.json();
      if (response.status !== 201 || result.imported !== ROWS) {
        throw new Error(`import: ${response.status} ${JSON.stringify(result).slice(0, 300)}`);
      }
      const loadAfter = load();
      // an ask the import held is answered just after it: counted too (asks are taken by when they were made)
      await sleep(1000);
      results.push(
        stats(`import ${run} (${ROWS} rows)`, watch.between(from, to), (to - from) / 1000, loadBefore, loadAfter),
      );
    }

    if (!process.env.BENCH_NO_EXPORT) {
      loadBefore = load();
      from = performance.now();
      const started = await hostFetch(`${base}/rest/tenant-export`, { method: 'POST', headers: auth });
      if (started.status !== 202) throw new Error(`export: ${started.status} ${await started.text()}`);
      const { _id: id } = await started.json();
      let status = 'queued';
      let rows = 0;
      while (status === 'queued' || status === 'running') {
        await sleep(200);
        const list = await (await hostFetch(`${base}/rest/tenant-export`, { headers: auth })).json();
        const mine = list.exports.find((e) => e._id === id);
        status = mine?.status ?? 'missing';
        rows = mine?.rowsWritten ?? 0;
      }
      const to = performance.now();
      if (status !== 'done') throw new Error(`export ended ${status}`);
      await sleep(1000);
      results.push(
        stats(
          `export (${rows} rows, from ask to done)`,
          watch.between(from, to),
          (to - from) / 1000,
          loadBefore,
          load(),
        ),
      );
    }
    await watch.stop();

    const label = process.env.BENCH_LABEL ?? revision();
    console.log(`\nGET ${PAGE} asked every ${EVERY_MS} ms on PGlite; ${watch.failures} failed asks`);
    console.log('\n| run | while | asks | p50 ms | p95 ms | max ms | took s | load average (1/5/15 min) |');
    console.log('|---|---|---:|---:|---:|---:|---:|---|');
    const ms = (n) => (n === undefined ? '-' : n.toFixed(0));
    for (const r of results) {
      console.log(
        `| ${label} | ${r.title} | ${r.asks} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${r.seconds.toFixed(1)} | ${r.load} |`,
      );
    }
  } finally {
    await server?.stop();
    rmdirSync(LOCK);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
