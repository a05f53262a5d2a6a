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

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly broadcast: (drop: CacheDrop) => void = () => {},
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: Date.now(), value });
    return value;
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
    if ('key' in drop) {
      this.entries.delete(drop.key);
    } else if (drop.prefix === null) {
      this.entries.clear();
    } else {
      for (const key of this.entries.keys()) if (key.startsWith(drop.prefix)) this.entries.delete(key);
    }
  }
}
