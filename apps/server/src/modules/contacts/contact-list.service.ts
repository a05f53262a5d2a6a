import {
  CONTACT_COUNT_CAP,
  type ContactListQuery,
  type ContactListResponse,
  type ContactStats,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, onTenantWrite, readTenant } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { countContactsByStatus, findContactPage } from './contact-list.repo.ts';
import { toListRow } from './contact-mappers.ts';

type ListQuery = z.output<typeof ContactListQuery>;

/**
 * How long the match count of a list with no search text (the plain list and its status and tag
 * tabs) is reused. Counting a large tenant's first page was most of its cost: up to 10,001 index
 * entries for every request. Any withTenant of the tenant in this process forgets its counts at
 * once; another server process's writes show within this time (as the session gate's answers).
 */
const LIST_COUNT_TTL_MS = 5_000;
interface CountCache {
  counts: TtlCache<number>;
  /** Bumped by every write: a count read while a write ran is not kept. */
  writes: number;
}
const listCounts = new WeakMap<Db, CountCache>();

function listCountCache(db: Db): CountCache {
  let cache = listCounts.get(db);
  if (!cache) {
    const created: CountCache = { counts: new TtlCache<number>(LIST_COUNT_TTL_MS, 10_000), writes: 0 };
    onTenantWrite(db, (tenantId) => {
      created.writes++;
      created.counts.clear(`${tenantId}:`);
    });
    listCounts.set(db, created);
    cache = created;
  }
  return cache;
}

/** GET /snode/contact: one page of the tenant's contacts (the walk-in is not listed). */
export async function listContacts(db: Db, tenant: TenantContext, query: ListQuery): Promise<ContactListResponse> {
  const filter = {
    search: query.search || undefined,
    statuses: query.ctype ?? [],
    tags: query.ctag ?? [],
    joinBy: query.join_by,
  };
  const cache = filter.search ? null : listCountCache(db);
  const key = cache
    ? `${tenant.tenantId}:${filter.joinBy}:${JSON.stringify([filter.statuses, filter.tags.map((tag) => tag.toLowerCase())])}`
    : '';
  const known = cache?.counts.peek(key);
  const writesBefore = cache?.writes;
  const { rows, total, capped, counted } = await readTenant(db, tenant.tenantId, async (tx) => {
    const page = await findContactPage(
      tx,
      tenant.tenantId,
      filter,
      { start: query.start, max: query.max, sort: query.sort },
      undefined,
      known,
    );
    return { ...page, counted: page.capped ? CONTACT_COUNT_CAP + 1 : page.total };
  });
  if (cache && known === undefined && cache.writes === writesBefore) cache.counts.set(key, counted);
  return { recordsTotal: total, isTotalCapped: capped, data: rows.map(toListRow) };
}

export function contactStats(db: Db, tenant: TenantContext): Promise<ContactStats> {
  return readTenant(db, tenant.tenantId, (tx) => countContactsByStatus(tx, tenant.tenantId));
}
