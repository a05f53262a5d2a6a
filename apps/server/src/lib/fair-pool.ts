/**
 * Runs `work` over `items`, `concurrency` at a time, with at most `perKey` at once for any one key
 * (a tenant: its provider account has its own rate limit), taking the keys in turn so a studio with
 * 5,000 due payments does not hold back one with 5. Resolves when every item has run; an item whose
 * `work` throws is passed to `onError` (the rest carry on).
 */
export async function runFairly<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  options: { concurrency: number; perKey: number },
  work: (item: T) => Promise<void>,
  onError: (item: T, error: unknown) => void = () => {},
): Promise<void> {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const queue = queues.get(key);
    if (queue) queue.push(item);
    else queues.set(key, [item]);
  }
  const inFlight = new Map<string, number>();
  const turn = [...queues.keys()];
  let next = 0;
  let running = 0;
  let remaining = items.length;
  const concurrency = Math.max(1, options.concurrency);
  const perKey = Math.max(1, options.perKey);

  return new Promise<void>((resolve) => {
    if (remaining === 0) return resolve();
    // the next key in turn that has work and room, or null when none has both now
    const take = (): [string, T] | null => {
      for (let tried = 0; tried < turn.length; tried++) {
        const key = turn[(next + tried) % turn.length] as string;
        const queue = queues.get(key);
        if (!queue?.length || (inFlight.get(key) ?? 0) >= perKey) continue;
        next = (next + tried + 1) % turn.length;
        return [key, queue.shift() as T];
      }
      return null;
    };
    const fill = () => {
      while (running < concurrency) {
        const taken = take();
        if (!taken) return;
        const [key, item] = taken;
        running += 1;
        inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
        work(item)
          .catch((error: unknown) => onError(item, error))
          .finally(() => {
            running -= 1;
            inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
            remaining -= 1;
            if (remaining === 0) resolve();
            else fill();
          });
      }
    };
    fill();
  });
}
