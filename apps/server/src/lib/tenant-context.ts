import type { TenantSettings } from './tenant-settings.ts';

/** The tenant a request runs for, resolved once from its host. */
export interface TenantContext {
  tenantId: string;
  orgId: string;
  masterOrgId: string;
  name: string;
  customDomain: string | null;
  settings: TenantSettings;
  /** ISO time the platform operator suspended the studio (issue 28); null or absent: open. */
  suspendedAt?: string | null;
}
