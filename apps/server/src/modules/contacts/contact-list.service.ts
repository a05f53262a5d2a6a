import {
  CONTACT_COUNT_CAP,
  CONTACT_SEARCH_COUNT_CAP,
  type ContactListQuery,
  type ContactListResponse,
  type ContactStats,
  knownTimeZone,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant } from '../../db/client.ts';
import { listCountCache } from '../../lib/list-count-cache.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { countContactsByStatus, findContactPage, membershipEnds } from './contact-list.repo.ts';
import { toListRow } from './contact-mappers.ts';

type ListQuery = z.output<typeof ContactListQuery>;

/** GET /snode/contact: one page of the tenant's contacts (the walk-in is not listed). */
export async function listContacts(db: Db, tenant: TenantContext, query: ListQuery): Promise<ContactListResponse> {
  const filter = {
    search: query.search || undefined,
    statuses: query.ctype ?? [],
    tags: query.ctag ?? [],
    joinBy: query.join_by,
  };
  // The count of the matches is reused a few seconds (lib/list-count-cache.ts): paging through a list or
  // a search, or sorting it another way, does not count again. A search's count reads rows' text.
  const cache = listCountCache(db, 'contacts');
  const key = `${tenant.tenantId}:${filter.joinBy}:${JSON.stringify([filter.search ?? '', filter.statuses, filter.tags.map((tag) => tag.toLowerCase())])}`;
  const known = cache.peek(key);
  const writesBefore = cache.writes;
  const { rows, total, capped, counted } = await readTenant(db, tenant.tenantId, async (tx) => {
    const page = await findContactPage(
      tx,
      tenant.tenantId,
      filter,
      { start: query.start, max: query.max, sort: query.sort },
      filter.search ? CONTACT_SEARCH_COUNT_CAP : CONTACT_COUNT_CAP,
      known,
    );
    const ends = await membershipEnds(
      tx,
      tenant.tenantId,
      page.rows.map((row) => row.id),
    );
    return {
      ...page,
      rows: page.rows.map((row) => ({ ...row, lastMembershipEndsAt: ends.get(row.id) ?? null })),
      // past the cap the total is the cap: kept as one more, it answers "capped" again
      counted: page.capped ? page.total + 1 : page.total,
    };
  });
  if (known === undefined) cache.keep(key, counted, writesBefore);
  return {
    recordsTotal: total,
    isTotalCapped: capped,
    data: rows.map((row) => toListRow(row, knownTimeZone(tenant.settings.timezone))),
  };
}

export function contactStats(db: Db, tenant: TenantContext): Promise<ContactStats> {
  return readTenant(db, tenant.tenantId, (tx) => countContactsByStatus(tx, tenant.tenantId));
}
