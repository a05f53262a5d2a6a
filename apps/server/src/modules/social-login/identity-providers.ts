import type { OAuthProvider } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../config.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/** What the IdP told us about the person, after the code exchange. */
export interface ProviderIdentity {
  email: string | null;
  /** null when the IdP does not say. */
  emailVerified: boolean | null;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

export interface CodeExchange {
  /** The callback URL as the IdP called it: the registered redirect_uri plus its query. */
  callbackUrl: URL;
  state: string;
  codeVerifier: string;
}

function claimedEmail(claims: Record<string, unknown>): ProviderIdentity {
  const email = typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email : null;
  const verified = claims.email_verified;
  // Some IdPs send the flag as a string.
  const emailVerified = verified === undefined || verified === null ? null : verified === true || verified === 'true';
  return { email, emailVerified };
}

/**
 * The configured OpenID Connect providers (OIDC_PROVIDERS), through openid-client's functional API:
 * discovery once per provider (cached; a failed discovery is retried on the next sign-in),
 * authorization URLs with PKCE (S256) and state, and the code exchange.
 */
export class IdentityProviders {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly providers: OidcProviderConfig[],
    private readonly log: FastifyBaseLogger,
  ) {}

  list(): OAuthProvider[] {
    return this.providers.map(({ id, name }) => ({ id, name }));
  }

  /** The provider of a path segment; 404 when none is configured under that id. */
  get(id: string): OidcProviderConfig {
    const provider = this.providers.find((p) => p.id === id);
    if (!provider) throw notFound('Sign-in provider');
    return provider;
  }

  async authorizationUrl(provider: OidcProviderConfig, request: AuthorizationRequest): Promise<URL> {
    const configuration = await this.configuration(provider);
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: request.redirectUri,
      scope: provider.scope,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      state: request.state,
    });
  }

  /**
   * Exchanges the code (checking state, PKCE, the issuer and the ID token) and reads the email:
   * from the ID token, or from the userinfo endpoint when the ID token does not carry it.
   */
  async exchangeCode(provider: OidcProviderConfig, exchange: CodeExchange): Promise<ProviderIdentity> {
    const configuration = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(configuration, exchange.callbackUrl, {
      pkceCodeVerifier: exchange.codeVerifier,
      expectedState: exchange.state,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return { email: null, emailVerified: null };
    const fromIdToken = claimedEmail(idToken);
    if (fromIdToken.email || !configuration.serverMetadata().userinfo_endpoint) return fromIdToken;
    const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    return claimedEmail(userInfo);
  }

  private configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let pending = this.discovered.get(provider.id);
    if (!pending) {
      pending = oidc
        .discovery(
          new URL(provider.issuer),
          provider.clientId,
          undefined,
          provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
          provider.allowInsecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
        )
        .catch((error: unknown) => {
          this.discovered.delete(provider.id);
          this.log.warn({ err: error, provider: provider.id }, 'OpenID Connect discovery failed');
          throw new AppError(
            502,
            'provider_unavailable',
            `Sign-in with ${provider.name} is not available right now. Please try again later.`,
          );
        });
      this.discovered.set(provider.id, pending);
    }
    return pending;
  }
}
