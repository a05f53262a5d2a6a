import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import type { IdentityProviders } from './identity-providers.ts';

export const AUTHORIZATION_TTL_MS = 10 * 60_000;
export const SOCIAL_TOKEN_TTL_MS = 2 * 60_000;
export const STATE_MISMATCH = 'This sign-in attempt has expired or was started in another browser. Please try again.';

/** What the callback needs to finish a sign-in started by /start (kept server-side, keyed by state). */
interface PendingAuthorization {
  tenantId: string;
  providerId: string;
  codeVerifier: string;
  redirectUri: string;
  redirectUrl: string | null;
}

/** A verified identity, good for one POST /public/authToken on the host's tenant. */
export interface SocialGrant {
  tenantId: string;
  email: string;
  providerId: string;
}

/** The opaque social tokens: random, single use, 2 minutes, bound to tenant, email and provider. */
export class SocialTokens {
  private readonly grants: SingleUseStore<SocialGrant>;

  constructor(db: Db) {
    this.grants = new SingleUseStore<SocialGrant>(db, 'social_token', SOCIAL_TOKEN_TTL_MS);
  }

  async issue(grant: SocialGrant): Promise<string> {
    const token = newOpaqueToken();
    await this.grants.put(grant.tenantId, token, grant);
    return token;
  }

  /** The grant of an unexpired, unused token of this tenant; the token is spent either way. */
  consume(tenantId: string, token: string): Promise<SocialGrant | null> {
    return this.grants.take(tenantId, token);
  }
}

export interface CallbackParams {
  state: string;
  error?: string;
  /** The callback's query string exactly as received (code, state, iss...). */
  rawQuery: string;
  /** The state cookie set by /start in this browser. */
  cookieState: string | null;
}

const verifiedEmail = z.string().trim().toLowerCase().email().max(254);

function loginPage(params: Record<string, string | null>): string {
  const fragment = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) fragment.set(key, value);
  return `/login#${fragment.toString()}`;
}

/**
 * The authorization-code flow with PKCE and state. `start` sends the browser to the IdP with
 * redirect_uri `{tenant origin}/public/oauth/{provider}/callback`; `finish` checks the state against
 * the pending authorization and this browser's state cookie, exchanges the code, requires a
 * verified email and sends the browser to `/login#token=...&authType=...&redirectUrl=...`.
 * Failures after a valid state go to `/login#error={reason}&authType=...` for the client's
 * 'Account Not Found' dialog.
 */
export class OidcSignInFlow {
  private readonly pending: SingleUseStore<PendingAuthorization>;

  constructor(
    db: Db,
    private readonly providers: IdentityProviders,
    private readonly socialTokens: SocialTokens,
    private readonly log: { warn(details: object, message: string): void },
  ) {
    this.pending = new SingleUseStore<PendingAuthorization>(db, 'oidc_state', AUTHORIZATION_TTL_MS);
  }

  async start(
    tenant: TenantContext,
    providerId: string,
    origin: string,
    redirectUrl: string | null,
  ): Promise<{ location: string; state: string }> {
    const provider = this.providers.get(providerId);
    const redirectUri = `${origin}/public/oauth/${provider.id}/callback`;
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = await this.providers.authorizationUrl(provider, {
      redirectUri,
      state,
      codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    });
    await this.pending.put(tenant.tenantId, state, {
      tenantId: tenant.tenantId,
      providerId: provider.id,
      codeVerifier,
      redirectUri,
      redirectUrl,
    });
    return { location: url.href, state };
  }

  /** The location to send the browser to. Throws 400 on a state that this browser did not start here. */
  async finish(tenant: TenantContext, providerId: string, callback: CallbackParams): Promise<string> {
    const provider = this.providers.get(providerId);
    const pending = await this.pending.take(tenant.tenantId, callback.state);
    if (
      !pending ||
      callback.cookieState !== callback.state ||
      pending.tenantId !== tenant.tenantId ||
      pending.providerId !== provider.id
    ) {
      throw badRequest('state', STATE_MISMATCH);
    }
    const failed = (reason: string) => loginPage({ error: reason, authType: provider.id });
    if (callback.error) {
      return failed(
        callback.error === 'access_denied'
          ? `sign-in with ${provider.name} was cancelled`
          : `sign-in with ${provider.name} did not succeed`,
      );
    }

    const callbackUrl = new URL(pending.redirectUri);
    callbackUrl.search = callback.rawQuery;
    let identity: Awaited<ReturnType<IdentityProviders['exchangeCode']>>;
    try {
      identity = await this.providers.exchangeCode(provider, {
        callbackUrl,
        state: callback.state,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      this.log.warn({ err: error, provider: provider.id }, 'OpenID Connect code exchange failed');
      return failed(`we could not complete your sign-in with ${provider.name}`);
    }

    const email = verifiedEmail.safeParse(identity.email);
    if (!email.success) return failed(`your ${provider.name} account did not share an email address`);
    if (identity.emailVerified === false) {
      return failed(`your ${provider.name} email address ${email.data} is not verified`);
    }

    const token = await this.socialTokens.issue({
      tenantId: tenant.tenantId,
      email: email.data,
      providerId: provider.id,
    });
    return loginPage({ token, authType: provider.id, redirectUrl: pending.redirectUrl });
  }
}
