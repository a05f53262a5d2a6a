// Starts the production server on a fresh embedded database (demo seeded) for a benchmark.
import { spawn } from 'node:child_process';
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

/** The real server, as `npm start` runs it, on its own port and data folder. */
export async function startAtrium(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const child = spawnQuiet(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return {
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
