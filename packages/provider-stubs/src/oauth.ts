import { randomBytes } from 'node:crypto';
import { escapeHtml, type ProviderHandler, send } from './http.ts';
import type { StripeConnectAccounts } from './stripe-connect.ts';

/** OAuth 2.0 apps (Google, Microsoft, Zoho mail; Zoom meetings): their clients and the codes they may exchange (once each). */
export interface OAuthAccounts {
  clients: Record<string, [clientId: string, clientSecret: string]>;
  codes: Record<string, { accessToken: string; refreshToken: string; email?: string }>;
}

const APPS = 'google|microsoft|zoho|zoom';

/** Zoom meetings made through the stub (https://developers.zoom.us/docs/api/meetings/), and those deleted. */
export interface ZoomState {
  meetings: Map<string, { id: number; topic: string; type: number; timezone: string; join_url: string; by: string }>;
  deleted: string[];
  /** Refresh grants the token endpoint answered, in order. */
  refreshes: number;
}

export const newZoomState = (): ZoomState => ({ meetings: new Map(), deleted: [], refreshes: 0 });

const idToken = (email: string) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email })).toString('base64url')}.`;

/** The token endpoints under /{app}/…token (form post; Zoom sends the client as Basic) and Zoom's GET /v2/users/me. */
export function oauthTokenHandler(
  accounts: OAuthAccounts | undefined,
  usedCodes: Set<string>,
  zoom: ZoomState = newZoomState(),
): ProviderHandler {
  let nextMeeting = 81_000_000_000;
  return ({ req, res, url, body, pair }) => {
    if (!accounts) return false;
    const token = new RegExp(`^/(${APPS})/.*token$`).exec(url.pathname);
    if (token && req.method === 'POST') {
      const app = token[1] ?? '';
      const form = new URLSearchParams(body);
      const [clientId, clientSecret] = accounts.clients[app] ?? ['', ''];
      const sent = app === 'zoom' ? pair : [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
      if (!sent || sent[0] !== clientId || sent[1] !== clientSecret) return send(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'refresh_token') {
        // The refresh token is used once: the answer carries a new pair (as Zoom rotates them).
        const held = Object.values(accounts.codes).find((g) => g.refreshToken === form.get('refresh_token'));
        if (!held) return send(res, 400, { reason: 'Invalid Token!', error: 'invalid_request' });
        zoom.refreshes += 1;
        held.accessToken = `${held.accessToken.split('~')[0]}~${zoom.refreshes}`;
        held.refreshToken = `${held.refreshToken.split('~')[0]}~${zoom.refreshes}`;
        return send(res, 200, {
          access_token: held.accessToken,
          refresh_token: held.refreshToken,
          expires_in: 3599,
          token_type: 'bearer',
          scope: 'stub',
        });
      }
      const code = form.get('code') ?? '';
      const grant = accounts.codes[code];
      if (form.get('grant_type') !== 'authorization_code' || !grant || usedCodes.has(`${app}:${code}`)) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      usedCodes.add(`${app}:${code}`);
      return send(res, 200, {
        access_token: grant.accessToken,
        refresh_token: grant.refreshToken,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'stub',
        ...(grant.email && app !== 'zoho' && app !== 'zoom' ? { id_token: idToken(grant.email) } : {}),
      });
    }
    const bearer = () =>
      Object.values(accounts.codes).find((g) => req.headers.authorization === `Bearer ${g.accessToken}`);
    if (url.pathname === '/v2/users/me/meetings' && req.method === 'POST') {
      const grant = bearer();
      if (!grant) return send(res, 401, { code: 124, message: 'Invalid access token.' });
      const input = JSON.parse(body || '{}') as { topic?: string; type?: number; timezone?: string };
      if (!input.topic) return send(res, 400, { code: 300, message: 'Validation Failed.' });
      nextMeeting += 1;
      const meeting = {
        id: nextMeeting,
        topic: input.topic,
        type: input.type ?? 2,
        timezone: input.timezone ?? 'UTC',
        join_url: `https://zoom.stub.example/j/${nextMeeting}`,
        by: grant.email ?? '',
      };
      zoom.meetings.set(String(nextMeeting), meeting);
      return send(res, 201, { ...meeting, start_url: `https://zoom.stub.example/s/${nextMeeting}` });
    }
    const meetingPath = /^\/v2\/meetings\/(\d+)$/.exec(url.pathname);
    if (meetingPath && req.method === 'DELETE') {
      if (!bearer()) return send(res, 401, { code: 124, message: 'Invalid access token.' });
      const id = meetingPath[1] ?? '';
      if (!zoom.meetings.delete(id)) return send(res, 404, { code: 3001, message: 'Meeting does not exist.' });
      zoom.deleted.push(id);
      res.writeHead(204).end();
      return true;
    }
    if (url.pathname === '/v2/users/me') {
      const grant = Object.values(accounts.codes).find((g) => req.headers.authorization === `Bearer ${g.accessToken}`);
      if (!grant) return send(res, 401, { code: 124, message: 'Invalid access token.' });
      return send(res, 200, { id: 'zoom-user-1', email: grant.email ?? '', type: 1 });
    }
    return false;
  };
}

/**
 * The providers' consent pages, for a developer clicking through locally (`npm run dev:stubs`):
 * GET /{app}/authorize and Stripe's /express/oauth/authorize show Allow / Deny; Allow mints a code
 * the token endpoint exchanges once and sends the browser back to `redirect_uri` with it and the state.
 */
export function authorizePageHandler(
  oauth: OAuthAccounts | undefined,
  stripe: StripeConnectAccounts | undefined,
): ProviderHandler {
  return ({ req, res, url }) => {
    if (req.method !== 'GET') return false;
    const app = new RegExp(`^/(${APPS})/authorize$`).exec(url.pathname)?.[1];
    const isStripe = url.pathname === '/express/oauth/authorize';
    if ((!app || !oauth) && !(isStripe && stripe)) return false;
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    if (!/^https?:\/\//.test(redirectUri)) return send(res, 400, { error: 'invalid_request' });
    const email =
      url.searchParams.get('login_hint') ?? url.searchParams.get('stripe_user[email]') ?? 'owner@stub.example';
    const code = `stub-${randomBytes(8).toString('hex')}`;
    if (isStripe && stripe) {
      stripe.codes[code] = { stripeUserId: `acct_${code.slice(5)}`, accessToken: `sk_test_${code}`, livemode: false };
    } else if (oauth) {
      oauth.codes[code] = { accessToken: `at-${code}`, refreshToken: `rt-${code}`, email };
    }
    const back = (params: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [name, value] of Object.entries({ ...params, state })) target.searchParams.set(name, value);
      return escapeHtml(target.href);
    };
    const name = isStripe ? 'Stripe Connect' : `${app} (${email})`;
    return send(
      res,
      200,
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(name)}: local stand-in</title>` +
        `<h1>Connect ${escapeHtml(name)}?</h1><p>A local stand-in of the provider's consent page.</p>` +
        `<p><a href="${back({ code })}">Allow</a> · <a href="${back({ error: 'access_denied' })}">Deny</a></p></html>`,
      'text/html; charset=utf-8',
    );
  };
}
