import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the parts of the providers' documented APIs the credential checks
 * use (paths, auth headers, JSON shapes, the 401 answers). Tests only: server tests and
 * e2e/tests/integrations-more.spec.ts (integrations.spec.ts has its own copy).
 */
export interface StubAccounts {
  razorpay?: Array<[keyId: string, keySecret: string]>;
  twilio?: Array<[sid: string, token: string]>;
  plivo?: Array<[authId: string, authToken: string]>;
  brevo?: string[];
  /** Mailchimp API keys (`…-usX`) and the audiences they see. */
  mailchimp?: { keys: string[]; lists: Record<string, { name: string }> };
  /** Stripe: the platform secret key the SDK must send, and the authorization codes it may exchange (once each). */
  stripe?: {
    secretKey: string;
    codes: Record<string, { stripeUserId: string; accessToken: string; livemode: boolean }>;
    /** Customers of each connected account (by `stripe_user_id`), read with the `Stripe-Account` header. */
    customers?: Record<string, StubCustomer[]>;
  };
  /** OAuth token endpoints under /{app}/…: codes (once each) and what they give. */
  oauth?: {
    clients: Record<string, [clientId: string, clientSecret: string]>;
    codes: Record<string, { accessToken: string; refreshToken: string; email?: string }>;
  };
}

/** A connected account's customer and its cards (`detach` removes a card from `cards`). */
export interface StubCustomer {
  id: string;
  email: string;
  defaultPaymentMethod?: string;
  cards: Array<{ id: string; brand: string; last4: string; expMonth: number; expYear: number }>;
}

export interface StubMember {
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
}

export interface StubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  apiKey: string | undefined;
  /** Stripe's `Stripe-Account` header (calls on behalf of a connected account). */
  stripeAccount?: string | undefined;
  body: string;
}

export interface ProviderStub {
  url: string;
  requests: StubRequest[];
  /** Mailchimp members by list id. */
  members: Map<string, Map<string, StubMember>>;
  /** Mailchimp audiences by id (tests may delete one). */
  lists: Map<string, { name: string }>;
  /** While set, Mailchimp batch calls wait for it (a resync stays in progress). */
  hold: Promise<void> | null;
  close(): Promise<void>;
}

function basicPair(header: string | undefined): [string, string] | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at < 0 ? null : [decoded.slice(0, at), decoded.slice(at + 1)];
}

const has = (list: Array<[string, string]> | undefined, pair: [string, string] | null) =>
  !!pair && (list ?? []).some(([a, b]) => a === pair[0] && b === pair[1]);

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const idToken = (email: string) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email })).toString('base64url')}.`;

/** `port`: a fixed port (e2e, where the server's URLs are set before the stub starts); default any free one. */
export async function startProviderStub(
  accounts: StubAccounts,
  options: { port?: number } = {},
): Promise<ProviderStub> {
  const requests: StubRequest[] = [];
  const members = new Map<string, Map<string, StubMember>>();
  const lists = new Map(Object.entries(accounts.mailchimp?.lists ?? {}));
  const usedCodes = new Set<string>();
  const stub: ProviderStub = { url: '', requests, members, lists, hold: null, close: async () => {} };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const apiKey = req.headers['api-key'];
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
      stripeAccount: typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] : undefined,
      body,
    });
    const pair = basicPair(req.headers.authorization);

    // Mailchimp Marketing API v3 under /{dc}/3.0 (basic anystring:key; the key's -usX is the dc)
    const mc = /^\/(us\d+)\/3\.0(\/.*)$/.exec(url.pathname);
    if (mc) {
      const [, dc, path] = mc as unknown as [string, string, string];
      const key = pair?.[1] ?? '';
      if (!(accounts.mailchimp?.keys ?? []).includes(key) || !key.endsWith(`-${dc}`)) {
        return send(res, 401, {
          type: 'about:blank',
          title: 'API Key Invalid',
          status: 401,
          detail: 'Your API key may be invalid.',
        });
      }
      if (req.method === 'GET' && path === '/ping') return send(res, 200, { health_status: "Everything's Chimpy!" });
      if (req.method === 'POST' && path === '/lists') {
        const input = JSON.parse(body) as { name?: string; contact?: Record<string, string> };
        if (!input.contact?.address1 || !input.contact?.city) {
          return send(res, 400, {
            title: 'Invalid Resource',
            status: 400,
            detail: 'The resource submitted could not be validated.',
            errors: [{ field: 'contact.address1', message: 'This value should not be blank.' }],
          });
        }
        const id = `l${Math.random().toString(16).slice(2, 12)}`;
        lists.set(id, { name: input.name ?? '' });
        return send(res, 200, { id, name: input.name, stats: { member_count: 0 } });
      }
      const one = /^\/lists\/([^/]+)$/.exec(path);
      if (one) {
        const id = decodeURIComponent(one[1] ?? '');
        const list = lists.get(id);
        if (!list)
          return send(res, 404, {
            title: 'Resource Not Found',
            status: 404,
            detail: 'The requested resource could not be found.',
          });
        const current = members.get(id) ?? new Map<string, StubMember>();
        members.set(id, current);
        if (req.method === 'GET') {
          return send(res, 200, {
            id,
            name: list.name,
            stats: {
              member_count: [...current.values()].filter((m) => m.status === 'subscribed').length,
              unsubscribe_count: [...current.values()].filter((m) => m.status === 'unsubscribed').length,
              campaign_count: 2,
              click_rate: 1.5,
              open_rate: 42.25,
            },
          });
        }
        if (req.method === 'POST') {
          if (stub.hold) await stub.hold;
          const input = JSON.parse(body) as {
            members: Array<{
              email_address: string;
              status_if_new?: string;
              status?: string;
              merge_fields?: Record<string, string>;
            }>;
            update_existing?: boolean;
          };
          if (input.members.length > 500)
            return send(res, 400, { title: 'Invalid Resource', status: 400, detail: 'too many members' });
          let created = 0;
          let updated = 0;
          let errors = 0;
          for (const m of input.members) {
            if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(m.email_address)) {
              errors += 1;
              continue;
            }
            const existing = current.get(m.email_address.toLowerCase());
            if (existing) {
              if (!input.update_existing) continue;
              existing.merge_fields = { ...existing.merge_fields, ...m.merge_fields };
              if (m.status) existing.status = m.status;
              updated += 1;
            } else {
              current.set(m.email_address.toLowerCase(), {
                email_address: m.email_address,
                status: m.status ?? m.status_if_new ?? 'subscribed',
                merge_fields: m.merge_fields ?? {},
              });
              created += 1;
            }
          }
          return send(res, 200, { total_created: created, total_updated: updated, error_count: errors, errors: [] });
        }
      }
      return send(res, 404, { title: 'Resource Not Found', status: 404 });
    }

    // Stripe (what the SDK sends with its host overridden): Bearer platform secret key
    const stripePaths = ['/oauth/', '/v1/accounts/', '/v1/customers', '/v1/payment_methods/'];
    if (accounts.stripe && stripePaths.some((prefix) => url.pathname.startsWith(prefix))) {
      const stripeError = (status: number, type: string, message: string, code?: string) =>
        send(res, status, { error: { type, message, ...(code ? { code } : {}) } });
      if (req.headers.authorization !== `Bearer ${accounts.stripe.secretKey}`) {
        return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      }
      // Customers and their cards, on behalf of a connected account (Stripe-Account header)
      if (url.pathname.startsWith('/v1/customers') || url.pathname.startsWith('/v1/payment_methods/')) {
        const connected = req.headers['stripe-account'];
        const customers = typeof connected === 'string' ? accounts.stripe.customers?.[connected] : undefined;
        if (!customers) return stripeError(403, 'invalid_request_error', 'No such connected account');
        const methodOf = (customer: StubCustomer, card: StubCustomer['cards'][number]) => ({
          id: card.id,
          object: 'payment_method',
          type: 'card',
          customer: customer.id,
          billing_details: { email: customer.email },
          card: {
            brand: card.brand,
            last4: card.last4,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            funding: 'credit',
            country: 'US',
          },
        });
        const list = (path: string, data: unknown[]) =>
          send(res, 200, { object: 'list', url: path, has_more: false, data });
        if (req.method === 'GET' && url.pathname === '/v1/customers') {
          const email = url.searchParams.get('email');
          const found = customers.filter((c) => email === null || c.email === email);
          return list(
            '/v1/customers',
            found.map((c) => ({
              id: c.id,
              object: 'customer',
              email: c.email,
              default_source: null,
              invoice_settings: { default_payment_method: c.defaultPaymentMethod ?? null },
            })),
          );
        }
        const methods = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(url.pathname);
        if (req.method === 'GET' && methods) {
          const customer = customers.find((c) => c.id === methods[1]);
          if (!customer) return stripeError(404, 'invalid_request_error', 'No such customer', 'resource_missing');
          const type = url.searchParams.get('type');
          const cards = type === null || type === 'card' ? customer.cards : [];
          return list(
            url.pathname,
            cards.map((card) => methodOf(customer, card)),
          );
        }
        const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname);
        if (req.method === 'POST' && detach) {
          for (const customer of customers) {
            const at = customer.cards.findIndex((card) => card.id === detach[1]);
            if (at < 0) continue;
            const [card] = customer.cards.splice(at, 1);
            if (!card) break;
            return send(res, 200, { ...methodOf(customer, card), customer: null });
          }
          return stripeError(404, 'invalid_request_error', 'No such PaymentMethod', 'resource_missing');
        }
        return stripeError(404, 'invalid_request_error', 'Unrecognized request URL');
      }
      const form = new URLSearchParams(body);
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const code = form.get('code') ?? '';
        const grant = accounts.stripe.codes[code];
        if (form.get('grant_type') !== 'authorization_code' || !grant || usedCodes.has(`stripe:${code}`)) {
          return send(res, 400, {
            error: 'invalid_grant',
            error_description: `Authorization code does not exist: ${code}`,
          });
        }
        usedCodes.add(`stripe:${code}`);
        return send(res, 200, {
          access_token: grant.accessToken,
          livemode: grant.livemode,
          refresh_token: `rt_${grant.accessToken}`,
          token_type: 'bearer',
          stripe_publishable_key: grant.livemode ? 'pk_live_connected' : 'pk_test_connected',
          stripe_user_id: grant.stripeUserId,
          scope: 'read_write',
        });
      }
      if (req.method === 'POST' && url.pathname === '/oauth/deauthorize') {
        return send(res, 200, { stripe_user_id: form.get('stripe_user_id') });
      }
      const account = /^\/v1\/accounts\/([^/]+)(\/login_links)?$/.exec(url.pathname);
      const known = Object.values(accounts.stripe.codes).some((c) => c.stripeUserId === account?.[1]);
      if (!account || !known) return stripeError(404, 'invalid_request_error', 'No such account', 'resource_missing');
      if (account[2] && req.method === 'POST') {
        return send(res, 200, {
          object: 'login_link',
          created: 1,
          url: `https://connect.stripe.com/express/${account[1]}/Lstub`,
        });
      }
      if (!account[2] && req.method === 'GET') {
        return send(res, 200, {
          id: account[1],
          object: 'account',
          type: 'express',
          email: 'owner@connected.test',
          country: 'US',
          default_currency: 'usd',
          charges_enabled: true,
          payouts_enabled: false,
          details_submitted: true,
          business_profile: { name: 'Connected Studio' },
        });
      }
      return stripeError(405, 'invalid_request_error', 'method not allowed');
    }

    // OAuth 2.0 token endpoints (Google, Microsoft, Zoho, Zoom) under /{app}/…token
    const token = /^\/(google|microsoft|zoho|zoom)\/.*token$/.exec(url.pathname);
    if (token && req.method === 'POST' && accounts.oauth) {
      const app = token[1] ?? '';
      const form = new URLSearchParams(body);
      const [clientId, clientSecret] = accounts.oauth.clients[app] ?? ['', ''];
      const sent = app === 'zoom' ? pair : [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
      if (!sent || sent[0] !== clientId || sent[1] !== clientSecret) return send(res, 401, { error: 'invalid_client' });
      const code = form.get('code') ?? '';
      const grant = accounts.oauth.codes[code];
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
    // Zoom: GET /v2/users/me (bearer)
    if (url.pathname === '/v2/users/me' && accounts.oauth) {
      const grant = Object.values(accounts.oauth.codes).find(
        (g) => req.headers.authorization === `Bearer ${g.accessToken}`,
      );
      if (!grant) return send(res, 401, { code: 124, message: 'Invalid access token.' });
      return send(res, 200, { id: 'zoom-user-1', email: grant.email ?? '', type: 1 });
    }
    if (req.method !== 'GET') return send(res, 405, { message: 'method not allowed' });

    // Razorpay: GET /v1/payments (basic key_id:key_secret)
    if (url.pathname === '/v1/payments') {
      if (!has(accounts.razorpay, pair)) {
        return send(res, 401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid', source: 'NA' },
        });
      }
      return send(res, 200, { entity: 'collection', count: 0, items: [] });
    }
    // Twilio: GET /2010-04-01/Accounts/{Sid}.json (basic Sid:AuthToken)
    const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(url.pathname);
    if (twilio) {
      const sid = decodeURIComponent(twilio[1] ?? '');
      if (!has(accounts.twilio, pair) || pair?.[0] !== sid) {
        return send(res, 401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
      }
      return send(res, 200, { sid, friendly_name: 'Stub Twilio account', status: 'active', type: 'Full' });
    }
    // Plivo: GET /v1/Account/{auth_id}/ (basic auth_id:auth_token)
    const plivo = /^\/v1\/Account\/([^/]+)\/$/.exec(url.pathname);
    if (plivo) {
      const authId = decodeURIComponent(plivo[1] ?? '');
      if (!has(accounts.plivo, pair) || pair?.[0] !== authId) {
        return send(res, 401, 'Could not verify your access level for that URL.', 'text/html');
      }
      return send(res, 200, { auth_id: authId, name: 'Stub Plivo account', account_type: 'standard' });
    }
    // Brevo: GET /v3/account (api-key header)
    if (url.pathname === '/v3/account') {
      if (typeof apiKey !== 'string' || !(accounts.brevo ?? []).includes(apiKey)) {
        return send(res, 401, { code: 'unauthorized', message: 'Key not found' });
      }
      return send(res, 200, {
        email: 'owner@stub.example',
        firstName: 'Stub',
        lastName: 'Owner',
        companyName: 'Stub',
        plan: [{ type: 'free', credits: 300, creditsType: 'sendLimit' }],
      });
    }
    return send(res, 404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.url = `http://127.0.0.1:${port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return stub;
}
