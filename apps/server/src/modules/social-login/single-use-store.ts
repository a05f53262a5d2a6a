/**
 * Short-lived, single-use values kept in this process's memory: the pending authorizations of the
 * OpenID Connect flow (keyed by state) and the social tokens (keyed by their hash). Taking a value
 * removes it, so each can be used once. Expired entries are swept as new ones arrive, and the map
 * never grows past its capacity (the oldest entries go first), so an anonymous flood of
 * `/start` calls cannot exhaust memory.
 */
export class SingleUseStore<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  put(key: string, value: T): void {
    if (this.entries.size >= this.capacity) this.sweep();
    while (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  /** The value if it exists and has not expired; either way it is gone afterwards. */
  take(key: string): T | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    return entry.expiresAt > this.now() ? entry.value : null;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
  }
}
