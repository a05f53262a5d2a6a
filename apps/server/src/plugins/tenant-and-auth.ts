import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../lib/access-claims.ts';
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
 *
 * The hooks are callback-style with a synchronous path: when the tenant, the verified token and the
 * session's state are in their caches (nearly every request) nothing is awaited; a miss takes the
 * same checks through the database or the signature (docs/decisions/platform.md, "The request's hot path").
 */
export function registerTenantAndAuth(app: FastifyInstance, platform: Platform): void {
  const { tenants, accessTokens, sessions } = platform;
  const productDomains = platform.config.productDomains;

  /** The session's claims once its session is known to be open; a promise only when the gate must ask. */
  function admit(request: FastifyRequest, claims: AccessClaims | null): Promise<void> | undefined {
    if (!claims || claims.tid !== request.tenant?.tenantId) return;
    // A session that has ended (logout, suspension, role change) authenticates nothing, even
    // while its access token has minutes left. A route marked sessionCheckedByRoute checks it in its
    // own statement instead (fresh, in the same round trip) and refuses with 401 itself.
    if (request.routeOptions.config?.sessionCheckedByRoute) {
      request.auth = claims;
      return;
    }
    const ended = sessions.peekEnded(claims.tid, claims.sid);
    if (ended === undefined) {
      return sessions.isEnded(claims.tid, claims.sid).then((isEnded) => {
        if (!isEnded) request.auth = claims;
      });
    }
    if (!ended) request.auth = claims;
  }

  function authenticate(request: FastifyRequest, onAddress: boolean): Promise<void> | undefined {
    const header = request.headers.authorization;
    if (onAddress || !request.tenant || !header?.startsWith('Bearer ')) return;
    const token = header.slice('Bearer '.length).trim();
    const claims = accessTokens.peek(token);
    if (claims === undefined) return accessTokens.verify(token).then((verified) => admit(request, verified));
    return admit(request, claims);
  }

  function resolve(request: FastifyRequest): Promise<void> | undefined {
    const url = request.url;
    if (OPERATOR_PATHS.has(url) || url.startsWith('/api/docs') || url.startsWith('/assets/')) return;
    const lookup = parseHost(request.headers.host, productDomains);
    const onAddress = lookup.kind === 'address';
    if (onAddress && !READ_METHODS.has(request.method)) return;
    const cached = tenants.peek(lookup);
    if (cached === undefined) {
      return tenants.resolve(lookup).then((tenant) => {
        request.tenant = tenant;
        return authenticate(request, onAddress);
      });
    }
    request.tenant = cached;
    return authenticate(request, onAddress);
  }

  app.decorateRequest('tenant', null);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    let pending: Promise<void> | undefined;
    try {
      pending = resolve(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  });
  // A suspended studio takes no writes but its staff's (issue 28).
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      refuseWhileSuspended(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
