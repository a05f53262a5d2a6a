import type { EmailProvider } from '@atrium/contracts';
import type { OAuthApp, OAuthApps } from '../../config.ts';

/**
 * OAuth 2.0 authorization-code clients for the mailbox providers (Google, Microsoft, Zoho) and Zoom,
 * on their documented endpoints (configurable, so tests use a local server). Never called inside a
 * database transaction.
 */
export type OAuthAppName = EmailProvider | 'zoom';

interface AppShape {
  label: string;
  scope: string;
  /** Extra authorize parameters (offline access so a refresh token comes back). */
  extra: Record<string, string>;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'body' | 'basic';
}

const SHAPES: Record<OAuthAppName, AppShape> = {
  // https://developers.google.com/identity/protocols/oauth2/web-server
  googlemail: {
    label: 'Google',
    scope: 'openid email https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.readonly',
    extra: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    clientAuth: 'body',
  },
  // https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow
  outlookmail: {
    label: 'Microsoft',
    scope: 'openid email offline_access https://graph.microsoft.com/Mail.Send https://graph.microsoft.com/Mail.Read',
    extra: { response_mode: 'query' },
    clientAuth: 'body',
  },
  // https://www.zoho.com/accounts/protocol/oauth/web-apps/authorization.html
  zohomail: {
    label: 'Zoho',
    scope: 'ZohoMail.messages.ALL,ZohoMail.accounts.READ',
    extra: { access_type: 'offline', prompt: 'consent' },
    clientAuth: 'body',
  },
  // https://developers.zoom.us/docs/integrations/oauth/
  zoom: { label: 'Zoom', scope: '', extra: {}, clientAuth: 'basic' },
};

export const appLabel = (name: OAuthAppName) => SHAPES[name].label;

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresIn: number | null;
  scope: string;
  /** The email claim of an OpenID id_token received straight from the token endpoint, if any. */
  idTokenEmail: string | null;
}

export type ExchangeResult =
  | { outcome: 'ok'; tokens: TokenSet }
  | { outcome: 'refused'; detail: string }
  | { outcome: 'unreachable'; detail: string };

const TIMEOUT_MS = 10_000;

/**
 * The id_token came over TLS straight from the token endpoint, so its claims may be read without
 * checking the signature (OpenID Connect Core 3.1.3.7); it only names the mailbox.
 */
function emailOfIdToken(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null;
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const email = claims.email ?? claims.preferred_username;
    return typeof email === 'string' && email.includes('@') ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

export class OAuthClients {
  constructor(
    private readonly apps: OAuthApps,
    private readonly zoomApi: string,
  ) {}

  app(name: OAuthAppName): OAuthApp {
    return name === 'googlemail'
      ? this.apps.google
      : name === 'outlookmail'
        ? this.apps.microsoft
        : name === 'zohomail'
          ? this.apps.zoho
          : this.apps.zoom;
  }

  configured(name: OAuthAppName): boolean {
    return !!this.app(name).clientId;
  }

  authorizeUrl(name: OAuthAppName, input: { state: string; redirectUri: string; loginHint?: string }): string {
    const app = this.app(name);
    const shape = SHAPES[name];
    const url = new URL(app.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', app.clientId ?? '');
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    if (shape.scope) url.searchParams.set('scope', shape.scope);
    for (const [key, value] of Object.entries(shape.extra)) url.searchParams.set(key, value);
    if (input.loginHint && name !== 'zoom') url.searchParams.set('login_hint', input.loginHint);
    return url.toString();
  }

  /** POST {tokenUrl} grant_type=authorization_code (form encoded), once per code. */
  exchange(name: OAuthAppName, code: string, redirectUri: string): Promise<ExchangeResult> {
    return this.tokenRequest(
      name,
      new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    );
  }

  /** POST {tokenUrl} grant_type=refresh_token: a new access token (Zoom also rotates the refresh token). */
  refresh(name: OAuthAppName, refreshToken: string): Promise<ExchangeResult> {
    return this.tokenRequest(name, new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }));
  }

  private async tokenRequest(name: OAuthAppName, form: URLSearchParams): Promise<ExchangeResult> {
    const app = this.app(name);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (SHAPES[name].clientAuth === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;
    } else {
      form.set('client_id', app.clientId ?? '');
      form.set('client_secret', app.clientSecret ?? '');
    }
    let response: Response;
    try {
      response = await fetch(app.tokenUrl, {
        method: 'POST',
        headers,
        body: form.toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return {
        outcome: 'unreachable',
        detail: (error as Error).name === 'TimeoutError' ? 'no answer in time' : 'no connection',
      };
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    // Zoho answers 200 with {error: 'invalid_code'}.
    if (!response.ok || !body || typeof body.access_token !== 'string') {
      if (response.status >= 500) return { outcome: 'unreachable', detail: `status ${response.status}` };
      return {
        outcome: 'refused',
        detail: String(body?.error_description ?? body?.error ?? `status ${response.status}`),
      };
    }
    return {
      outcome: 'ok',
      tokens: {
        accessToken: body.access_token,
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
        expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
        scope: typeof body.scope === 'string' ? body.scope : '',
        idTokenEmail: emailOfIdToken(body.id_token),
      },
    };
  }

  /** Zoom's REST API base (https://api.zoom.us in production). */
  get zoomApiBase(): string {
    return this.zoomApi;
  }

  /** Zoom: GET /v2/users/me with the new access token (who connected). */
  async zoomUser(accessToken: string): Promise<{ id: string; email: string } | null> {
    try {
      const response = await fetch(`${this.zoomApi}/v2/users/me`, {
        headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const body = (await response.json()) as Record<string, unknown>;
      return { id: String(body.id ?? ''), email: String(body.email ?? '') };
    } catch {
      return null;
    }
  }
}
