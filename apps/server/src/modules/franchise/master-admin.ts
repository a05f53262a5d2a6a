import { withTenant } from '../../db/client.ts';
import type { Platform } from '../../platform.ts';
import { findContactById } from '../auth/auth.repo.ts';

/**
 * Franchise mode lasts only while the master admin who switched in is still an active admin of
 * the master tenant: checked at the switch and again at every refresh of the franchise session.
 */
export async function isActiveMasterAdmin(
  platform: Platform,
  masterOrgId: string,
  masterAdminId: string,
): Promise<boolean> {
  const master = await platform.tenants.byOrgId(masterOrgId);
  if (!master) return false;
  const admin = await withTenant(platform.db, master.tenantId, (tx) =>
    findContactById(tx, master.tenantId, masterAdminId),
  );
  return admin?.role === 'admin' && !admin.isSuspended;
}
