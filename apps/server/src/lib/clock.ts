/**
 * The one clock that time-dependent business logic reads (renewals, trials, credit expiry):
 * DESIGN.md "Business logic reads one injectable clock". In production it is the system time; tests
 * move it forward (a year of monthly renewals in seconds), and e2e moves it through the test-only
 * route `/test/clock`, registered only when TEST_CLOCK_ROUTE=true (never in production).
 */
export interface Clock {
  now(): Date;
}

/** System time plus an offset that only tests (and the e2e-only route) change. */
export class MovableClock implements Clock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  /** Moves the clock forward (or back) by `ms`; answers the new time. */
  advance(ms: number): Date {
    this.#offsetMs += ms;
    return this.now();
  }

  /** Sets the clock to an instant (it keeps running from there). */
  set(at: Date): Date {
    this.#offsetMs = at.getTime() - Date.now();
    return this.now();
  }

  reset(): void {
    this.#offsetMs = 0;
  }
}
