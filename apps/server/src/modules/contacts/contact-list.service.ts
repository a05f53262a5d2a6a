import type { ContactListQuery, ContactListResponse, ContactStats } from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant } from '../../db/client.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { countContactsByStatus, findContactPage } from './contact-list.repo.ts';
import { toListRow } from './contact-mappers.ts';

type ListQuery = z.output<typeof ContactListQuery>;

/** GET /snode/contact: one page of the tenant's contacts (the walk-in is not listed). */
export async function listContacts(db: Db, tenant: TenantContext, query: ListQuery): Promise<ContactListResponse> {
  const { rows, total, capped } = await readTenant(db, tenant.tenantId, (tx) =>
    findContactPage(
      tx,
      tenant.tenantId,
      {
        search: query.search || undefined,
        statuses: query.ctype ?? [],
        tags: query.ctag ?? [],
        joinBy: query.join_by,
      },
      { start: query.start, max: query.max, sort: query.sort },
    ),
  );
  return { recordsTotal: total, isTotalCapped: capped, data: rows.map(toListRow) };
}

export function contactStats(db: Db, tenant: TenantContext): Promise<ContactStats> {
  return readTenant(db, tenant.tenantId, (tx) => countContactsByStatus(tx, tenant.tenantId));
}
