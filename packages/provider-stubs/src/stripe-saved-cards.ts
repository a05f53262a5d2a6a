import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type ProviderHandler, send } from './http.ts';
import { hostedCardError, setupCardPage } from './stripe-test-cards.ts';

/**
 * Saved cards on connected accounts, as Stripe documents them, for memberships charged each cycle:
 * `POST /v1/customers`, Checkout Sessions in `setup` mode with their hosted page at `/c/setup/{id}`
 * (the card is typed there, never on the platform), `GET /v1/checkout/sessions/{id}` with
 * `expand[]=setup_intent`, `GET /v1/payment_methods/{id}` and off-session
 * `POST /v1/payment_intents` (confirm=true). Every call needs the platform key and `Stripe-Account`;
 * `Idempotency-Key` replays the first answer. Test cards as Stripe's: 4242 4242 4242 4242 and
 * 5555 5555 5555 4444 are saved and pay; 4000 0000 0000 0341 is saved but every charge on it is
 * declined (Stripe's "attaches, then fails"); 4000 0000 0000 0002 is declined on the page.
 */
export interface SavedCardsOptions {
  secretKey: string;
  /** Whether the stand-in knows this connected account. */
  knows: (account: string) => boolean;
}

export interface StubCharge {
  id: string;
  account: string;
  customer: string;
  paymentMethod: string;
  amount: number;
  currency: string;
  idempotencyKey: string | null;
  metadata: Record<string, string>;
  status: 'succeeded' | 'declined';
}

export interface SavedCardsState {
  /** Every payment intent created (a replayed key is not a new one). */
  charges: StubCharge[];
  /** Completes an open setup session with a card number, as the hosted page does (no browser). */
  saveCard(sessionId: string, cardNumber: string): { paymentMethod: string };
}

interface SetupSession {
  id: string;
  account: string;
  customer: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  status: 'open' | 'complete';
  setupIntent: string | null;
}

interface Method {
  id: string;
  account: string;
  customer: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  declines: boolean;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
type Answer = { status: number; body: unknown };
const fail = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });
const missing = (param: string): Answer =>
  fail(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });

function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

const brandOf = (number: string) => (number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'card');

export function stripeSavedCardsHandler(
  options: SavedCardsOptions | undefined,
  stubUrl: () => string,
): { handler: ProviderHandler; state: SavedCardsState } {
  const customers = new Map<string, { account: string; email: string | null }>();
  const sessions = new Map<string, SetupSession>();
  const intents = new Map<string, { id: string; status: 'succeeded'; customer: string; payment_method: string }>();
  const methods = new Map<string, Method>();
  const charges: StubCharge[] = [];
  const replays = new Map<string, { params: string; answer: Answer }>();

  function sessionJson(session: SetupSession, expand: string[]) {
    const intent = session.setupIntent ? intents.get(session.setupIntent) : undefined;
    return {
      id: session.id,
      object: 'checkout.session',
      mode: 'setup',
      status: session.status,
      customer: session.customer,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      metadata: session.metadata,
      url: session.status === 'open' ? `${stubUrl()}/c/setup/${session.id}` : null,
      payment_status: 'no_payment_required',
      setup_intent: expand.includes('setup_intent')
        ? intent
          ? { ...intent, object: 'setup_intent', usage: 'off_session' }
          : null
        : session.setupIntent,
    };
  }

  const methodJson = (m: Method) => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    customer: m.customer,
    card: { brand: m.brand, last4: m.last4, exp_month: m.expMonth, exp_year: m.expYear },
  });

  function save(session: SetupSession, number: string, expiry = '12 / 34'): Method {
    const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
    const method: Method = {
      id: newId('pm'),
      account: session.account,
      customer: session.customer,
      brand: brandOf(number),
      last4: number.slice(-4),
      expMonth: month || 12,
      expYear: 2000 + (year || 34),
      declines: number === '4000000000000341',
    };
    methods.set(method.id, method);
    const intent = {
      id: newId('seti'),
      status: 'succeeded' as const,
      customer: session.customer,
      payment_method: method.id,
    };
    intents.set(intent.id, intent);
    session.setupIntent = intent.id;
    session.status = 'complete';
    return method;
  }

  function createSession(account: string, form: URLSearchParams): Answer {
    for (const param of ['customer', 'success_url', 'cancel_url']) if (!form.get(param)) return missing(param);
    const customer = customers.get(form.get('customer') ?? '');
    if (!customer || customer.account !== account) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'customer',
        message: `No such customer: '${form.get('customer')}'`,
      });
    }
    const session: SetupSession = {
      id: newId('cs_test'),
      account,
      customer: form.get('customer') ?? '',
      successUrl: form.get('success_url') ?? '',
      cancelUrl: form.get('cancel_url') ?? '',
      metadata: bracketed(form, 'metadata'),
      status: 'open',
      setupIntent: null,
    };
    sessions.set(session.id, session);
    return { status: 200, body: sessionJson(session, []) };
  }

  function createIntent(account: string, form: URLSearchParams, key: string | null): Answer {
    for (const param of ['amount', 'currency', 'customer', 'payment_method'])
      if (!form.get(param)) return missing(param);
    const method = methods.get(form.get('payment_method') ?? '');
    if (!method || method.account !== account || method.customer !== form.get('customer')) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${form.get('payment_method')}'`,
      });
    }
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 50) {
      return fail(400, { type: 'invalid_request_error', param: 'amount', message: 'Amount must be at least 50 cents' });
    }
    const charge: StubCharge = {
      id: newId('pi'),
      account,
      customer: method.customer,
      paymentMethod: method.id,
      amount,
      currency: form.get('currency') ?? '',
      idempotencyKey: key,
      metadata: bracketed(form, 'metadata'),
      status: method.declines ? 'declined' : 'succeeded',
    };
    charges.push(charge);
    if (method.declines) {
      return fail(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { id: charge.id, object: 'payment_intent', status: 'requires_payment_method' },
      });
    }
    return {
      status: 200,
      body: {
        id: charge.id,
        object: 'payment_intent',
        amount,
        currency: charge.currency,
        customer: charge.customer,
        payment_method: method.id,
        metadata: charge.metadata,
        status: 'succeeded',
      },
    };
  }

  function api(req: IncomingMessage, url: URL, body: string): Answer | null | 'pass' {
    const path = url.pathname;
    const form = new URLSearchParams(body);
    const isSetup = req.method === 'POST' && path === '/v1/checkout/sessions' && form.get('mode') === 'setup';
    const oneSession = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const oneMethod = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    const ours =
      isSetup ||
      (req.method === 'POST' && (path === '/v1/customers' || path === '/v1/payment_intents')) ||
      (req.method === 'GET' && oneSession && sessions.has(oneSession[1] ?? '')) ||
      (req.method === 'GET' && oneMethod && methods.has(oneMethod[1] ?? ''));
    if (!ours || !options) return 'pass';
    const account = req.headers['stripe-account'];
    // the platform's own customers (Settings > Plan) are the other stand-in's
    if (typeof account !== 'string') return 'pass';
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return fail(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    if (!options.knows(account)) {
      return fail(403, {
        type: 'invalid_request_error',
        message: `The provided key does not have access to account '${account}' (or that account does not exist).`,
      });
    }
    if (req.method === 'GET' && oneSession) {
      const session = sessions.get(oneSession[1] ?? '');
      if (!session || session.account !== account) {
        return fail(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such checkout.session',
        });
      }
      const expand = [...url.searchParams.entries()].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
      return { status: 200, body: sessionJson(session, expand) };
    }
    if (req.method === 'GET' && oneMethod) {
      const method = methods.get(oneMethod[1] ?? '');
      if (!method || method.account !== account) {
        return fail(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' });
      }
      return { status: 200, body: methodJson(method) };
    }
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const replayKey = key ? `${account} ${path} ${key}` : null;
    const seen = replayKey ? replays.get(replayKey) : undefined;
    if (seen) {
      if (seen.params !== body) {
        return fail(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
        });
      }
      return seen.answer;
    }
    let answer: Answer;
    if (path === '/v1/customers') {
      const id = newId('cus');
      customers.set(id, { account, email: form.get('email') });
      answer = { status: 200, body: { id, object: 'customer', email: form.get('email'), name: form.get('name') } };
    } else if (path === '/v1/payment_intents') {
      answer = createIntent(account, form, key);
    } else {
      answer = createSession(account, form);
    }
    if (replayKey) replays.set(replayKey, { params: body, answer });
    return answer;
  }

  const ACCEPTED = ['4242424242424242', '5555555555554444', '4000000000000341'];

  const handler: ProviderHandler = ({ req, res, url, body }) => {
    const hosted = /^\/c\/setup\/([^/]+)$/.exec(url.pathname);
    if (hosted) {
      const session = sessions.get(hosted[1] ?? '');
      if (!session) return false;
      if (req.method === 'POST' && session.status === 'open') {
        const form = new URLSearchParams(body);
        const problem = hostedCardError(form, ACCEPTED);
        if (problem) return send(res, 200, setupCardPage(session, problem), 'text/html; charset=utf-8');
        save(session, (form.get('cardNumber') ?? '').replace(/\s+/g, ''), form.get('cardExpiry') ?? undefined);
        res.writeHead(303, { location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) });
        res.end();
        return true;
      }
      return send(res, 200, setupCardPage(session), 'text/html; charset=utf-8');
    }
    const answer = api(req, url, body);
    if (answer === 'pass') return false;
    if (!answer) return false;
    return send(res, answer.status, answer.body);
  };

  const state: SavedCardsState = {
    charges,
    saveCard(sessionId, cardNumber) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') throw new Error(`no open setup session ${sessionId}`);
      return { paymentMethod: save(session, cardNumber).id };
    },
  };
  return { handler, state };
}
