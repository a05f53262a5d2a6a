/**
 * In-process background jobs, one at a time per key (decisions.md: pg-boss is not used yet). A job
 * runs after the request that started it has answered, outside any transaction; its state lives
 * in the database, so a restart only loses the work in flight (the stale check picks that up).
 */
export class BackgroundJobs {
  readonly #running = new Map<string, Promise<void>>();

  constructor(readonly log: { error(details: object, message: string): void }) {}

  isRunning(key: string): boolean {
    return this.#running.has(key);
  }

  /** Starts `work` unless a job of this key is already running here; answers whether it started. */
  start(key: string, work: () => Promise<void>): boolean {
    if (this.#running.has(key)) return false;
    const job = (async () => {
      // Let the starting request commit and answer first.
      await new Promise((resolve) => setImmediate(resolve));
      await work();
    })()
      .catch((error: unknown) => this.log.error({ err: error, job: key }, 'background job failed'))
      .finally(() => this.#running.delete(key));
    this.#running.set(key, job);
    return true;
  }

  /** Resolves when every running job has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running.values()]);
  }
}
