import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request does after its answer has been sent (the lookup and email of forgot-password and
 * registration, so their timing tells the caller nothing). Each run is kept until it settles, so a
 * graceful shutdown can wait for them (`settle`, in the app's onClose) instead of dropping an email
 * whose row was not written yet.
 */
export class AfterAnswer {
  readonly #pending = new Set<Promise<void>>();

  /** Runs the work now; a failure is logged, never thrown (the answer has gone). */
  run(work: () => Promise<void>, log: FastifyBaseLogger): Promise<void> {
    const running = work()
      .catch((error: unknown) => log.error({ err: error }, 'follow-up after the answer failed'))
      .finally(() => this.#pending.delete(running));
    this.#pending.add(running);
    return running;
  }

  get pending(): number {
    return this.#pending.size;
  }

  /** Waits for every run in progress (and any they start), at most `timeoutMs`; true when none is left. */
  async settle(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      while (this.#pending.size > 0) {
        const outcome = await Promise.race([Promise.allSettled([...this.#pending]), timedOut]);
        if (outcome === 'timeout') return false;
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
}
