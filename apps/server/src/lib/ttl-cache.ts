/**
 * A small in-process cache with a time to live, for hot public reads (tenant config, public pages).
 * Writes in this process call delete()/clear(); the TTL bounds staleness from other processes.
 */
export class TtlCache<V> {
  private entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
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
    this.entries.delete(key);
  }

  /** Drops every key starting with prefix (all keys when none is given). */
  clear(prefix?: string): void {
    if (prefix === undefined) {
      this.entries.clear();
      return;
    }
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
