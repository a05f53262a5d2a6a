import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contacts, tenants } from '../../db/schema/index.ts';
import type { TenantSettings } from '../../lib/tenant-settings.ts';

export type TenantRow = typeof tenants.$inferSelect;

/**
 * The one write of the settings module: a single UPDATE of this tenant's registry row, by its id.
 * The tenant registry is platform data (no tenant_id, no RLS), so it runs on the owner connection;
 * the id always comes from the request's host, never from a body. The patch is merged into the
 * stored jsonb (`||`), so two toggles saved at the same moment do not undo each other.
 */
export async function updateTenantSettings(
  db: Db,
  tenantId: string,
  patch: Partial<TenantSettings>,
  name?: string,
): Promise<TenantRow | null> {
  const [row] = await db
    .update(tenants)
    .set({
      ...(name === undefined ? {} : { name }),
      settings: sql`coalesce(${tenants.settings}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
    })
    .where(eq(tenants.id, tenantId))
    .returning();
  return row ?? null;
}

/** An active admin of this tenant (the Account Owner must be one); runs under the tenant's RLS. */
export async function findActiveAdmin(tx: Tx, tenantId: string, contactId: string): Promise<{ id: string } | null> {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.id, contactId),
        eq(contacts.role, 'admin'),
        eq(contacts.isSuspended, false),
      ),
    )
    .limit(1);
  return row ?? null;
}
