/** What a delete() or clear() dropped: one key, every key with a prefix, or everything (null). */
export type CacheDrop = { key: string } | { prefix: string | null };

/**
 * A small in-process cache with a time to live, for hot reads (tenant config, public pages).
 * Writes call delete()/clear() after their commit; when the cache is shared (CacheBus), the same
 * drop reaches the cache of that name in every other server process, and the TTL only bounds
 * staleness when such a message is lost.
 */
export class TtlCache<V> {
  private entries = new Map<string, { at: number; value: V }>();
  /**
   * The loads in flight, per key. A drop while a load runs marks it stale: what it read may be from
   * before the write that dropped the key, so it is answered to its caller but not kept (else a
   * visitor's page load racing a settings save would keep the old value for the whole TTL).
   */
  private loading = new Map<string, Set<{ stale: boolean }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly broadcast: (drop: CacheDrop) => void = () => {},
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const ticket = { stale: false };
    const tickets = this.loading.get(key) ?? new Set();
    tickets.add(ticket);
    this.loading.set(key, tickets);
    try {
      const value = await load();
      if (!ticket.stale) this.set(key, value);
      return value;
    } finally {
      tickets.delete(ticket);
      if (tickets.size === 0 && this.loading.get(key) === tickets) this.loading.delete(key);
    }
  }

  /** The live value of key, if any (for values loaded elsewhere, then set()). */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: Date.now(), value });
  }

  delete(key: string): void {
    this.drop({ key });
    this.broadcast({ key });
  }

  /** Drops every key starting with prefix (all keys when none is given). */
  clear(prefix?: string): void {
    this.drop({ prefix: prefix ?? null });
    this.broadcast({ prefix: prefix ?? null });
  }

  /** Applies a drop made by another process (not broadcast again). */
  drop(drop: CacheDrop): void {
    const dropped = (key: string) =>
      'key' in drop ? key === drop.key : drop.prefix === null || key.startsWith(drop.prefix);
    for (const key of [...this.entries.keys()]) if (dropped(key)) this.entries.delete(key);
    for (const [key, tickets] of this.loading) if (dropped(key)) for (const ticket of tickets) ticket.stale = true;
  }
}
