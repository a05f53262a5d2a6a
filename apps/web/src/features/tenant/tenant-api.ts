import { isKnownTenant, type PingResponse, type TenantConfig } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/**
 * GET /ping for the host's tenant (or the tenant of `name`, an org id or a host). An unknown host answers {} (no orgId); per spec 1 §8 a 500
 * means no valid org and other errors resolve to an empty result: all of these are "no tenant".
 */
export async function pingTenant(name?: string): Promise<TenantConfig | null> {
  try {
    const body = await apiRequest<PingResponse>('/ping', { silent: true, query: { name } });
    return isKnownTenant(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * The tenant at start: the config the server put in the page (render-page.ts tenantAppShell), read
 * once, or GET /ping when the page has none (the dev server, an unknown host).
 */
export async function initialTenant(): Promise<TenantConfig | null> {
  const element = document.getElementById('tenant-config');
  if (element) {
    element.remove();
    try {
      const body = JSON.parse(element.textContent ?? '') as PingResponse;
      if (isKnownTenant(body)) return body;
    } catch {
      // a page that cannot be read falls back to asking
    }
  }
  return pingTenant();
}
