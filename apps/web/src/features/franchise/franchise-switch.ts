import type { Franchise, TenantConfig } from '@atrium/contracts';
import { getTokens } from '../../lib/auth-tokens';
import { decodeJwt } from '../../lib/jwt';
import { type HostLocation, orgOrigin } from '../auth/social-login';
import { logout } from '../session/session-actions';
import { franchiseSwitchApi } from './franchise-api';
import { switchUrl } from './switch-fragment';

/**
 * Franchise mode (spec 1 §4, spec 2 §6-§7), decisions.md "Franchise":
 * 1. on the master's host the master admin asks GET /rest/tenant/{id}/token for a one-time code
 *    (60 s, single use, bound to this browser's IP and user agent);
 * 2. the browser goes to `{franchise host}/dashboard#franchiseSwitch={code}`; the boot takes the
 *    fragment out of the address bar before the router starts and exchanges the code with
 *    POST /public/franchise/switch, which answers like login (the franchise owner's session with the
 *    master admin's id in the `masterAdminId` claim);
 * 3. Master View ends that session and goes back to the master's host, whose own session was kept.
 * No token ever travels in a URL or between hosts.
 */

/** True while this browser's session on this host is a master admin acting as the franchise. */
export function isFranchiseModeToken(token: string | null | undefined): boolean {
  const claims = decodeJwt(token) as { masterAdminId?: unknown } | null;
  return typeof claims?.masterAdminId === 'string' && claims.masterAdminId.length > 0;
}

export function isFranchiseMode(): boolean {
  return isFranchiseModeToken(getTokens().access);
}

function here(): HostLocation {
  const { protocol, hostname, port } = window.location;
  return { protocol, hostname, port };
}

/** The franchise's origin as seen from the master's host (null from an IP address). */
export function franchiseOrigin(
  franchise: Pick<Franchise, 'orgId' | 'customDomain'>,
  master: Pick<TenantConfig, 'orgId' | 'customDomain'>,
  location: HostLocation,
): string | null {
  return orgOrigin(franchise, master, location);
}

/** The master's origin as seen from a franchise's host. */
export function masterOrigin(
  franchise: Pick<TenantConfig, 'orgId' | 'customDomain' | 'masterOrgId'>,
  location: HostLocation,
) {
  return orgOrigin({ orgId: franchise.masterOrgId, customDomain: null }, franchise, location);
}

export const CANNOT_SWITCH =
  'This franchise cannot be opened from this address. Open the master account on its own domain.';

/** Step 1: get the code and move to the franchise's host. */
export async function switchToFranchise(
  franchise: Pick<Franchise, 'tenantId' | 'orgId' | 'customDomain'>,
  master: Pick<TenantConfig, 'orgId' | 'customDomain'>,
  masterAdminId: string,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const origin = franchiseOrigin(franchise, master, here());
  if (!origin) throw new Error(CANNOT_SWITCH);
  const grant = await franchiseSwitchApi.grant(franchise.tenantId, masterAdminId);
  navigate(switchUrl(franchiseOrigin(grant.franchise, master, here()) ?? origin, grant.code));
}

/** Master View: end the franchise-mode session here and go back to the master's host (its session was kept). */
export async function returnToMaster(
  franchise: Pick<TenantConfig, 'orgId' | 'customDomain' | 'masterOrgId'>,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const origin = masterOrigin(franchise, here());
  await logout(null);
  navigate(origin ? `${origin}/dashboard` : '/login');
}
