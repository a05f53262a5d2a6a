/**
 * Runs at most `limit` calls of `work` at once; the others wait their turn in the order they came.
 * For a heavy read many people make at once (the staff calendar's month): ten months computed side
 * by side on two cores each take the CPU longer (the database's backends preempt each other) and finish
 * in a wide spread; taken a few at a time they finish sooner on average and close together.
 */
export function concurrencyGate(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  const width = Math.max(1, Math.floor(limit));
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    // a freed place passes straight to the first waiter, so `running` counts it already
    if (running < width) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
