import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, type ProviderHandler, send } from './http.ts';
import { hostedCardError } from './stripe-test-cards.ts';

/**
 * Stripe Checkout on connected accounts, as Stripe documents it: `POST /v1/checkout/sessions`,
 * `GET /v1/checkout/sessions/{id}` and `POST /v1/refunds` (platform secret key as Bearer,
 * `Stripe-Account: acct_…`, form-encoded bodies, `Idempotency-Key` replayed for 24 hours and
 * refused for other parameters), the hosted page at the session's `url`, and the signed
 * `checkout.session.completed` Connect event (`account` set) sent to the platform's webhook.
 * Test cards as Stripe's: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
export interface StripeCheckoutOptions {
  /** The platform's secret key the SDK must send. */
  secretKey: string;
  /** The connected accounts that exist (`acct_…`); those Stripe Connect's codes name exist too. */
  accounts: string[];
  /** Where completed sessions are announced (the platform's Connect webhook endpoint), and its signing secret. */
  webhook?: { url: string; secret: string };
}

export interface StubSession {
  id: string;
  account: string;
  amount: number;
  currency: string;
  productName: string;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  paymentIntent: string | null;
  created: number;
  expiresAt: number;
}

export interface StubRefund {
  id: string;
  account: string;
  paymentIntent: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** What tests look at and drive: the sessions, the refunds, the events sent and their deliveries. */
export interface StripeCheckoutState {
  sessions: Map<string, StubSession>;
  refunds: StubRefund[];
  /** Every event built, in order (its JSON as sent). */
  events: Array<{ id: string; payload: string }>;
  /** Delivery answers from the webhook endpoint (status codes), in order. */
  deliveries: number[];
  /** Pays an open session as the hosted page does (no browser), and announces it; answers the event's JSON. */
  pay(sessionId: string): Promise<string>;
  /** While true, refunds are refused as Stripe refuses them when the account's balance cannot cover them. */
  refuseRefunds: boolean;
}

/** Stripe's signature header: `t={unix},v1={HMAC-SHA256(secret, "{t}.{payload}") hex}`. */
export function stripeSignature(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY = 24 * 60 * 60;
/** Stripe's minimum charge in the smallest unit, for the currencies the tests use (others: 50). */
const MINIMUM: Record<string, number> = { usd: 50, eur: 50, gbp: 30, inr: 5000, jpy: 50, cad: 50, aud: 50 };

type Answer = { status: number; body: unknown };
const stripeError = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });
const invalid = (message: string, param?: string, code = 'parameter_invalid'): Answer =>
  stripeError(400, { type: 'invalid_request_error', message, ...(param ? { param, code } : {}) });

/** Stripe's `key[sub]` form fields under a prefix, as a flat record (`metadata[x]` -> x). */
function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

function validUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function metadataError(metadata: Record<string, string>, param: string): Answer | null {
  if (Object.keys(metadata).length > 50) return invalid('You can specify up to 50 keys in metadata.', param);
  for (const [key, value] of Object.entries(metadata)) {
    if (key.length > 40) return invalid(`Metadata keys can have at most 40 characters (${key}).`, `${param}[${key}]`);
    if (value.length > 500) return invalid('Metadata values can have at most 500 characters.', `${param}[${key}]`);
  }
  return null;
}

export function sessionJson(session: StubSession, stubUrl: string) {
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amount,
    amount_total: session.amount,
    client_reference_id: session.clientReferenceId,
    created: session.created,
    currency: session.currency,
    cancel_url: session.cancelUrl,
    expires_at: session.expiresAt,
    livemode: false,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: session.paymentIntent,
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    status: session.status,
    success_url: session.successUrl,
    url: session.status === 'open' ? `${stubUrl}/c/pay/${session.id}` : null,
  };
}

export function stripeCheckoutHandler(
  options: StripeCheckoutOptions | undefined,
  stubUrl: () => string,
  connectedElsewhere: (account: string) => boolean = () => false,
): { handler: ProviderHandler; state: StripeCheckoutState } {
  const sessions = new Map<string, StubSession>();
  const refunds: StubRefund[] = [];
  const events: StripeCheckoutState['events'] = [];
  const deliveries: number[] = [];
  /** What each payment intent took, and how much of it was refunded. */
  const charges = new Map<string, { account: string; amount: number; refunded: number; currency: string }>();
  const replays = new Map<string, { params: string; answer: Answer; at: number }>();

  async function announce(session: StubSession): Promise<string> {
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      account: session.account,
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      data: { object: sessionJson(session, stubUrl()) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    });
    events.push({ id: JSON.parse(payload).id, payload });
    if (options?.webhook) {
      try {
        const answer = await fetch(options.webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': stripeSignature(options.webhook.secret, payload),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        deliveries.push(answer.status);
      } catch {
        deliveries.push(0);
      }
    }
    return payload;
  }

  function complete(session: StubSession): void {
    session.status = 'complete';
    session.paymentIntent = newId('pi');
    charges.set(session.paymentIntent, {
      account: session.account,
      amount: session.amount,
      refunded: 0,
      currency: session.currency,
    });
  }

  function createSession(account: string, form: URLSearchParams): Answer {
    if (form.get('mode') !== 'payment') {
      return form.get('mode')
        ? invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode')
        : invalid('Missing required param: mode.', 'mode', 'parameter_missing');
    }
    const successUrl = form.get('success_url') ?? '';
    if (!successUrl) return invalid('Missing required param: success_url.', 'success_url', 'parameter_missing');
    if (!validUrl(successUrl)) return invalid('Not a valid URL', 'success_url', 'url_invalid');
    const cancelUrl = form.get('cancel_url');
    if (cancelUrl !== null && !validUrl(cancelUrl)) return invalid('Not a valid URL', 'cancel_url', 'url_invalid');
    const line = 'line_items[0]';
    if (!form.has(`${line}[quantity]`) && !form.has(`${line}[price_data][currency]`)) {
      return invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
    }
    if (form.has('line_items[1][quantity]')) return invalid('This stand-in takes one line item.', 'line_items[1]');
    const currency = form.get(`${line}[price_data][currency]`) ?? '';
    if (!/^[a-z]{3}$/.test(currency)) return invalid(`Invalid currency: ${currency}`, `${line}[price_data][currency]`);
    const name = form.get(`${line}[price_data][product_data][name]`) ?? '';
    if (!name.trim()) {
      return invalid(
        'Missing required param: line_items[0][price_data][product_data][name].',
        `${line}[price_data][product_data][name]`,
        'parameter_missing',
      );
    }
    const unitAmount = form.get(`${line}[price_data][unit_amount]`) ?? '';
    if (!/^\d+$/.test(unitAmount)) {
      return invalid('Invalid integer: unit_amount', `${line}[price_data][unit_amount]`);
    }
    const quantity = form.get(`${line}[quantity]`) ?? '';
    if (!/^[1-9]\d*$/.test(quantity)) return invalid('Invalid positive integer', `${line}[quantity]`);
    const amount = Number(unitAmount) * Number(quantity);
    const minimum = MINIMUM[currency] ?? 50;
    if (amount < minimum) {
      return invalid(
        `The Checkout Session's total amount due must add up to at least ${minimum} ${currency} in the smallest currency unit.`,
        undefined,
      );
    }
    const metadata = bracketed(form, 'metadata');
    const paymentIntentMetadata = bracketed(form, 'payment_intent_data[metadata]');
    const bad =
      metadataError(metadata, 'metadata') ?? metadataError(paymentIntentMetadata, 'payment_intent_data[metadata]');
    if (bad) return bad;
    const created = Math.floor(Date.now() / 1000);
    const expiresAfter = form.get('expires_at');
    const expiresAt = expiresAfter ? Number(expiresAfter) : created + DAY;
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + DAY) {
      return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.', 'expires_at');
    }
    const session: StubSession = {
      id: newId('cs_test'),
      account,
      amount,
      currency,
      productName: name,
      successUrl,
      cancelUrl,
      clientReferenceId: form.get('client_reference_id'),
      metadata,
      paymentIntentMetadata,
      status: 'open',
      paymentIntent: null,
      created,
      expiresAt,
    };
    sessions.set(session.id, session);
    return { status: 200, body: sessionJson(session, stubUrl()) };
  }

  function createRefund(account: string, form: URLSearchParams): Answer {
    const intent = form.get('payment_intent');
    if (!intent) return invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
    const charge = charges.get(intent);
    if (!charge || charge.account !== account) {
      return invalid(`No such payment_intent: '${intent}'`, 'payment_intent', 'resource_missing');
    }
    if (state.refuseRefunds) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: 'You have insufficient funds in your Stripe account for this refund.',
      });
    }
    const left = charge.amount - charge.refunded;
    if (left === 0) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge for payment_intent ${intent} has already been refunded.`,
      });
    }
    const raw = form.get('amount');
    if (raw !== null && !/^[1-9]\d*$/.test(raw)) return invalid('Invalid positive integer', 'amount');
    const amount = raw === null ? left : Number(raw);
    if (amount > left) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      });
    }
    const reason = form.get('reason');
    if (reason !== null && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      return invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
    }
    const metadata = bracketed(form, 'metadata');
    const bad = metadataError(metadata, 'metadata');
    if (bad) return bad;
    charge.refunded += amount;
    const refund: StubRefund = {
      id: newId('re'),
      account,
      paymentIntent: intent,
      amount,
      currency: charge.currency,
      metadata,
    };
    refunds.push(refund);
    return {
      status: 200,
      body: {
        id: refund.id,
        object: 'refund',
        amount,
        currency: charge.currency,
        payment_intent: intent,
        metadata,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      },
    };
  }

  /** An API call with the key, the account and idempotency: answers, or null when it is not one of ours. */
  function api(req: IncomingMessage, url: URL, body: string): Answer | null {
    const isSessions = url.pathname === '/v1/checkout/sessions';
    const oneSession = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    const isRefunds = url.pathname === '/v1/refunds';
    if (!isSessions && !oneSession && !isRefunds) return null;
    if (!options) return null;
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    const account = req.headers['stripe-account'];
    if (typeof account !== 'string') {
      // Stripe would act on the platform's own account; the stand-in models connected accounts only.
      return invalid('This stand-in serves connected accounts only: send the Stripe-Account header.');
    }
    if (!(options.accounts.includes(account) || connectedElsewhere(account))) {
      return stripeError(403, {
        type: 'invalid_request_error',
        message: `The provided key does not have access to account '${account ?? ''}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
    if (oneSession) {
      if (req.method !== 'GET') return invalid(`Unrecognized request URL (${req.method}: ${url.pathname}).`);
      const session = sessions.get(oneSession[1] ?? '');
      if (!session || session.account !== account) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${oneSession[1]}'`,
        });
      }
      return { status: 200, body: sessionJson(session, stubUrl()) };
    }
    if (req.method !== 'POST') return invalid(`Unrecognized request URL (${req.method}: ${url.pathname}).`);
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${account} ${url.pathname} ${key}` : null;
    const now = Date.now();
    const seen = replayKey ? replays.get(replayKey) : undefined;
    if (seen && now - seen.at < DAY * 1000) {
      if (seen.params !== body) {
        return stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return seen.answer;
    }
    const form = new URLSearchParams(body);
    const answer = isSessions ? createSession(account, form) : createRefund(account, form);
    // Stripe keeps the answer of a request that ran (success or a 4xx it decided), not of a 5xx.
    if (replayKey && answer.status < 500) replays.set(replayKey, { params: body, answer, at: now });
    return answer;
  }

  function page(res: ServerResponse, session: StubSession, error = ''): true {
    const amount = (session.amount / 100).toFixed(2);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(session.productName)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1a1f36}main{max-width:420px;margin:auto}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #6b7280;border-radius:6px}
button{margin-top:16px;width:100%;padding:12px;font-size:16px;background:#0a2540;color:#fff;border:0;border-radius:6px}
.error{color:#a4161a;margin-top:12px}.row{display:flex;gap:8px}.row>div{flex:1}a{color:#0a2540}</style></head>
<body><main><h1>${escapeHtml(session.productName)}</h1>
<p>Pay <strong data-testid="checkout-amount">${escapeHtml(session.currency.toUpperCase())} ${amount}</strong></p>
${
  session.status !== 'open'
    ? `<p role="status">This Checkout Session is no longer active.</p>`
    : `<form method="post" aria-label="Pay with card">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row"><div><label for="cardExpiry">Expiration (MM / YY)</label><input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" required></div>
<div><label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Pay</button></form>`
}
${session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">Back</a></p>` : ''}
</main></body></html>`;
    return send(res, 200, html, 'text/html; charset=utf-8');
  }

  const handler: ProviderHandler = async ({ req, res, url, body }) => {
    const hosted = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (hosted && options) {
      const session = sessions.get(hosted[1] ?? '');
      if (!session)
        return send(res, 404, '<!doctype html><title>Not found</title><p>Something went wrong.</p>', 'text/html');
      if (session.status === 'open' && session.expiresAt < Date.now() / 1000) session.status = 'expired';
      if (req.method === 'GET' || session.status !== 'open') return page(res, session);
      if (req.method !== 'POST') return send(res, 405, { message: 'method not allowed' });
      const error = hostedCardError(new URLSearchParams(body), ['4242424242424242']);
      if (error) return page(res, session, error);
      complete(session);
      // Stripe announces the payment on its own schedule; the buyer is sent back at once.
      void announce(session);
      res.writeHead(303, { location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) });
      res.end();
      return true;
    }
    const answer = api(req, url, body);
    if (!answer) return false;
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(answer.body));
    return true;
  };

  const state: StripeCheckoutState = {
    refuseRefunds: false,
    sessions,
    refunds,
    events,
    deliveries,
    pay: async (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      complete(session);
      return announce(session);
    },
  };
  return { handler, state };
}
