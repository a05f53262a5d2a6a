import { describe, expect, it } from 'vitest';
import { concurrencyGate } from './concurrency-gate.ts';

/** A call that runs until its `finish` is called. */
function pending() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyGate', () => {
  it('runs at most `limit` at once and lets the waiting in by arrival, after a failure too', async () => {
    const gate = concurrencyGate(2);
    const calls = Array.from({ length: 5 }, pending);
    const started: number[] = [];
    const results = calls.map((call, index) =>
      gate(async () => {
        started.push(index);
        await call.done;
        if (index === 1) throw new Error('second call failed');
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    calls[1]?.finish();
    await expect(results[1]).rejects.toThrow('second call failed');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    calls[0]?.finish();
    calls[2]?.finish();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    calls[3]?.finish();
    calls[4]?.finish();
    expect(await Promise.all([results[0], results[2], results[3], results[4]])).toEqual([0, 2, 3, 4]);
    // every place is free again: two new calls start at once
    const again = [pending(), pending()];
    const more: number[] = [];
    const runs = again.map((call, index) =>
      gate(async () => {
        more.push(index);
        await call.done;
      }),
    );
    await tick();
    expect(more).toEqual([0, 1]);
    for (const call of again) call.finish();
    await Promise.all(runs);
  });
});
