import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';

/**
 * Two real processes, each a job runner with the same schedule on one PostgreSQL, the second's clock
 * 1.3 s ahead of the first's: over ten and more ticks of a two-second cron each slot runs once.
 * Runs only with TEST_DATABASE_URL (scripts/test.sh).
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const schema = `pgboss_test_${randomBytes(5).toString('hex')}`;
const queue = 'cron-slots';
const EVERY_MS = 2_000;
const children: ChildProcess[] = [];

interface Run {
  slot: string | null;
  by: string;
}

function startRunner(label: string, aheadMs: number, runs: Run[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/multi-process/cron-runner-process.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      QUEUE: queue,
      JOB_SCHEMA: schema,
      LABEL: label,
      CRON: '*/2 * * * * *',
      CLOCK_AHEAD_MS: String(aheadMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const message = JSON.parse(line) as Run & { ready?: string };
        if (message.ready) resolve(child);
        else runs.push({ slot: message.slot, by: message.by });
      }
    });
    child.on('exit', (code) => reject(new Error(`runner ${label} exited with ${code}`)));
  });
}

async function stopRunner(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  for (const child of children) await stopRunner(child);
  const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir: null });
  await database.sql.query(`drop schema if exists ${schema} cascade`);
  await database.close();
});

describe('scheduled jobs across two processes', () => {
  it('two processes, clocks 1.3 s apart, ten and more ticks: one run per slot, none missed', async () => {
    const runs: Run[] = [];
    // The first creates the job schema; then the second joins it.
    const first = await startRunner('first', 0, runs);
    const second = await startRunner('second', 1_300, runs);
    await new Promise((resolve) => setTimeout(resolve, 12 * EVERY_MS + 500));
    await stopRunner(first);
    await stopRunner(second);

    const bySlot = new Map<string, number>();
    for (const { slot } of runs) bySlot.set(String(slot), (bySlot.get(String(slot)) ?? 0) + 1);
    expect([...bySlot.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    const slots = [...bySlot.keys()].map((slot) => Date.parse(slot)).sort((a, b) => a - b);
    expect(slots.length).toBeGreaterThanOrEqual(10);
    // Consecutive ticks, none skipped between the first and the last.
    expect(slots.slice(1).map((slot, i) => slot - (slots[i] as number))).toEqual(
      Array(slots.length - 1).fill(EVERY_MS),
    );
  }, 90_000);
});
