import type { FastifyInstance } from 'fastify';
import { refuseWhileSuspended } from '../modules/operator/operator-guard.ts';
import { parseHost } from '../modules/tenants/tenant-directory.ts';
import type { Platform } from '../platform.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The platform's own probes and scrape: no tenant, whatever the Host. */
const OPERATOR_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Resolves the tenant once per request from its Host, then the bearer token's claims if the
 * token was issued for that same tenant (a token from another tenant authenticates nothing) and
 * its login session is still open.
 *
 * On an IP address or an empty Host (which any client can send) the default org is served for
 * reading only: nothing there writes, signs in or sends mail, and no bearer token counts.
 */
export function registerTenantAndAuth(app: FastifyInstance, platform: Platform): void {
  app.decorateRequest('tenant', null);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (OPERATOR_PATHS.has(request.url) || request.url.startsWith('/api/docs') || request.url.startsWith('/assets/'))
      return;
    const host = request.headers.host;
    const onAddress = parseHost(host, platform.config.productDomains).kind === 'address';
    if (onAddress && !READ_METHODS.has(request.method)) return;
    request.tenant = await platform.tenants.resolveHost(host);
    const header = request.headers.authorization;
    if (onAddress || !request.tenant || !header?.startsWith('Bearer ')) return;
    const claims = await platform.accessTokens.verify(header.slice('Bearer '.length).trim());
    if (!claims || claims.tid !== request.tenant.tenantId) return;
    // A session that has ended (logout, suspension, role change) authenticates nothing, even
    // while its access token has minutes left. A route marked sessionCheckedByRoute checks it in its
    // own statement instead (fresh, in the same round trip) and refuses with 401 itself.
    if (
      !request.routeOptions.config?.sessionCheckedByRoute &&
      (await platform.sessions.isEnded(claims.tid, claims.sid))
    )
      return;
    request.auth = claims;
  });
  // A suspended studio takes no writes but its staff's (issue 28).
  app.addHook('preHandler', async (request) => refuseWhileSuspended(request));
}
