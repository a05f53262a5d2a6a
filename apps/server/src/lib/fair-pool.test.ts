import { describe, expect, it } from 'vitest';
import { runFairly } from './fair-pool.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runFairly', () => {
  it('takes the keys in turn: a key with many items does not hold back one with few', async () => {
    const items = [...Array.from({ length: 6 }, (_, i) => `big-${i}`), 'small-0', 'small-1'];
    const started: string[] = [];
    await runFairly(
      items,
      (item) => item.split('-')[0] as string,
      { concurrency: 1, perKey: 1 },
      async (item) => {
        started.push(item);
        await tick();
      },
    );
    expect(started.slice(0, 4)).toEqual(['big-0', 'small-0', 'big-1', 'small-1']);
    expect(started).toHaveLength(8);
  });

  it('never runs more than concurrency at once, nor more than perKey of one key', async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ key: `t${i % 3}`, i }));
    let running = 0;
    let most = 0;
    const perKey = new Map<string, number>();
    let mostPerKey = 0;
    await runFairly(
      items,
      (item) => item.key,
      { concurrency: 5, perKey: 2 },
      async (item) => {
        running += 1;
        perKey.set(item.key, (perKey.get(item.key) ?? 0) + 1);
        most = Math.max(most, running);
        mostPerKey = Math.max(mostPerKey, perKey.get(item.key) ?? 0);
        await tick();
        running -= 1;
        perKey.set(item.key, (perKey.get(item.key) ?? 0) - 1);
      },
    );
    expect(most).toBe(5);
    expect(mostPerKey).toBe(2);
  });

  it('runs every item once, carries on past one that throws, and ends on an empty list', async () => {
    const seen: number[] = [];
    const failed: number[] = [];
    await runFairly(
      [1, 2, 3, 4],
      (n) => String(n % 2),
      { concurrency: 3, perKey: 1 },
      async (n) => {
        if (n === 2) throw new Error('declined');
        seen.push(n);
      },
      (n) => failed.push(n),
    );
    expect(seen.sort()).toEqual([1, 3, 4]);
    expect(failed).toEqual([2]);
    await expect(runFairly([], String, { concurrency: 2, perKey: 1 }, async () => {})).resolves.toBeUndefined();
  });
});
