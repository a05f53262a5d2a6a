import { type Db, onTenantWrite } from '../db/client.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * How long the match count of a list or a search is reused (contacts, invoices: the key names the
 * filter and the search text, never the sort or the page). Counting a large tenant's first page was
 * most of its cost: up to 10,001 index entries for every request, and a search's count reads up to
 * 1,001 matching rows' text (a tenth of 100,000 invoices for a common name). Any
 * withTenant of the tenant in this process forgets its counts at once; another server process's
 * writes show within this time (as the session gate's answers).
 */
const LIST_COUNT_TTL_MS = 5_000;

export interface ListCountCache {
  /** The live count of key (keys start with `{tenantId}:`), if any. */
  peek(key: string): number | undefined;
  /** Keeps a count read in a call that began at `writesBefore`, unless a write of any tenant ran since. */
  keep(key: string, count: number, writesBefore: number): void;
  /** Bumped by every write: a count read while a write ran is not kept. */
  readonly writes: number;
}

const caches = new WeakMap<Db, Map<string, ListCountCache>>();

/** The count cache of one list (`name`) on this database, made on first use. */
export function listCountCache(db: Db, name: string): ListCountCache {
  let byName = caches.get(db);
  if (!byName) {
    byName = new Map();
    caches.set(db, byName);
  }
  const existing = byName.get(name);
  if (existing) return existing;
  const counts = new TtlCache<number>(LIST_COUNT_TTL_MS, 10_000);
  let writes = 0;
  onTenantWrite(db, (tenantId) => {
    writes++;
    counts.clear(`${tenantId}:`);
  });
  const cache: ListCountCache = {
    peek: (key) => counts.peek(key),
    keep: (key, count, writesBefore) => {
      if (writes === writesBefore) counts.set(key, count);
    },
    get writes() {
      return writes;
    },
  };
  byName.set(name, cache);
  return cache;
}
