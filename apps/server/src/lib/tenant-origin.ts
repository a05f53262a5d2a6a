import type { AppConfig } from '../config.ts';
import type { TenantContext } from './tenant-context.ts';

/**
 * The tenant's own origin, from configuration only: its custom domain, else `{orgId}.{PUBLIC_URL host}`.
 * Every link the platform emails is built from it, never from the request's Host or forwarded
 * headers, which a caller controls (a forgot-password request with a forged Host must not mail
 * the victim a link to the forger's server).
 */
export function tenantOrigin(
  config: Pick<AppConfig, 'publicUrl'>,
  tenant: Pick<TenantContext, 'orgId' | 'customDomain'>,
): string {
  const base = new URL(config.publicUrl);
  const port = base.port ? `:${base.port}` : '';
  const host = tenant.customDomain ? tenant.customDomain.toLowerCase() : `${tenant.orgId}.${base.hostname}`;
  return `${base.protocol}//${host}${port}`;
}
