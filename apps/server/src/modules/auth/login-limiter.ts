/**
 * Counts failed logins per account and per IP in a sliding window. In memory: one server
 * process owns the embedded database, and a restart forgetting counts is acceptable
 * (docs/decisions.md); a multi-instance deployment would move this to the database.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxPerAccount: number,
    private readonly maxPerIp: number,
    private readonly windowMs: number,
  ) {}

  /** Minutes until the caller may try again, or 0 when allowed. */
  retryAfterMinutes(accountKey: string, ipKey: string, now = Date.now()): number {
    const wait = Math.max(
      this.waitFor(`acct:${accountKey}`, this.maxPerAccount, now),
      this.waitFor(`ip:${ipKey}`, this.maxPerIp, now),
    );
    return wait > 0 ? Math.max(1, Math.ceil(wait / 60_000)) : 0;
  }

  recordFailure(accountKey: string, ipKey: string, now = Date.now()): void {
    for (const key of [`acct:${accountKey}`, `ip:${ipKey}`]) {
      const recent = this.recent(key, now);
      recent.push(now);
      this.failures.set(key, recent);
    }
    if (this.failures.size > 50_000) this.prune(now);
  }

  recordSuccess(accountKey: string): void {
    this.failures.delete(`acct:${accountKey}`);
  }

  private waitFor(key: string, max: number, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < max) return 0;
    const oldestCounted = recent[recent.length - max] ?? now;
    return oldestCounted + this.windowMs - now;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((at) => now - at >= this.windowMs)) this.failures.delete(key);
    }
  }
}
