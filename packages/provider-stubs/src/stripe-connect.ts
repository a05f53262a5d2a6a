import { type ProviderHandler, send } from './http.ts';

/** A connected account's customer and its cards (`detach` removes a card from `cards`). */
export interface StubCustomer {
  id: string;
  email: string;
  defaultPaymentMethod?: string;
  cards: Array<{ id: string; brand: string; last4: string; expMonth: number; expYear: number }>;
}

/** Stripe Connect: the platform secret key the SDK must send, and the authorization codes it may exchange (once each). */
export interface StripeConnectAccounts {
  secretKey: string;
  codes: Record<string, { stripeUserId: string; accessToken: string; livemode: boolean }>;
  /** Customers of each connected account (by `stripe_user_id`), read with the `Stripe-Account` header. */
  customers?: Record<string, StubCustomer[]>;
}

const PATHS = ['/oauth/', '/v1/accounts/', '/v1/customers', '/v1/payment_methods/'];

/**
 * Stripe Connect as the SDK calls it with its host overridden (Bearer platform secret key): the
 * code exchange, deauthorize, the connected account and its login link, and the connected
 * account's customers and cards.
 */
export function stripeConnectHandler(
  accounts: StripeConnectAccounts | undefined,
  usedCodes: Set<string>,
): ProviderHandler {
  return ({ req, res, url, body }) => {
    if (!accounts || !PATHS.some((prefix) => url.pathname.startsWith(prefix))) return false;
    const stripeError = (status: number, type: string, message: string, code?: string) =>
      send(res, status, { error: { type, message, ...(code ? { code } : {}) } });
    if (req.headers.authorization !== `Bearer ${accounts.secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    // Customers and their cards, on behalf of a connected account (Stripe-Account header)
    if (url.pathname.startsWith('/v1/customers') || url.pathname.startsWith('/v1/payment_methods/')) {
      const connected = req.headers['stripe-account'];
      const customers = typeof connected === 'string' ? accounts.customers?.[connected] : undefined;
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
      const grant = accounts.codes[code];
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
    const known = Object.values(accounts.codes).some((c) => c.stripeUserId === account?.[1]);
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
  };
}
