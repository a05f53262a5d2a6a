// Starts the production server on a fresh embedded database (demo seeded) for a benchmark.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

export function spawnQuiet(command, args, env = {}) {
  return spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The real server, as `npm start` runs it, on its own port. Embedded PGlite in a fresh data folder
 * by default; `dataDir` reuses a folder (kept on stop when given), `databaseUrl` runs it on PostgreSQL,
 * `env` adds variables (a provider stand-in's address).
 */
export async function startAtrium(port, options = {}) {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  // BENCH_CPU_PROF=<folder> writes a V8 CPU profile of the server there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  // What `npm start` runs: the server built for production (built here, so it is never stale).
  const built = spawnSync(process.execPath, ['apps/server/build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the server did not build');
  const child = spawnQuiet(process.execPath, [...profile, '--enable-source-maps', 'apps/server/dist/main.js'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // the benches load tenants far past any plan's contact limit (100,000 contacts and more)
    PLAN_LIMITS: 'off',
    DATABASE_URL: options.databaseUrl ?? '',
    ...options.env,
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`, options.timeoutMs ?? 60_000);
  return {
    pid: child.pid,
    dataDir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
