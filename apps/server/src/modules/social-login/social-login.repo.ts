import { asc, eq } from 'drizzle-orm';
import { type Db, withTenant } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { type ContactRow, findContactByEmail } from '../auth/auth.repo.ts';
import { toTenantContext } from '../tenants/tenant-directory.ts';

export interface FranchiseAccount {
  tenant: TenantContext;
  contact: ContactRow;
}

/**
 * The tenants of one franchise group: every tenant whose masterOrgId is the given one (the master
 * itself included, since a master's masterOrgId is its own orgId). Reads the tenant registry only,
 * from the owner connection, as host resolution does; never a tenant outside the group.
 */
export async function listFranchiseGroup(db: Db, masterOrgId: string): Promise<TenantContext[]> {
  const rows = await db.select().from(tenants).where(eq(tenants.masterOrgId, masterOrgId)).orderBy(asc(tenants.name));
  return rows.map(toTenantContext);
}

/**
 * The accounts with this email in the given tenants. Each lookup runs in its own tenant
 * transaction, so row-level security still scopes it: the request never reads contacts as the owner.
 */
export async function findAccountsByEmail(db: Db, group: TenantContext[], email: string): Promise<FranchiseAccount[]> {
  const accounts: FranchiseAccount[] = [];
  for (const tenant of group) {
    const contact = await withTenant(db, tenant.tenantId, (tx) => findContactByEmail(tx, tenant.tenantId, email));
    if (contact) accounts.push({ tenant, contact });
  }
  return accounts;
}
