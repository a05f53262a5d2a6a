import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostedCardError, setupCardPage } from './stripe-test-cards.ts';

/**
 * A local server speaking the few Stripe API calls platform billing makes, as Stripe documents them:
 * form-encoded bodies, `Authorization: Bearer sk_test_...`, `Idempotency-Key` replays, and Stripe's
 * error JSON (`{ error: { type, code, message, param, decline_code } }`). Test card numbers follow
 * Stripe's: 4242... succeeds, 4000000000000002 is declined at the charge, 4000000000009995 too
 * (insufficient funds). `tok_visa` and `tok_chargeDeclined` are tokens. Checkout Sessions in setup
 * mode serve Stripe's hosted page at `/c/setup/{id}`, where the card is typed; completing it makes a
 * PaymentMethod on the customer and a succeeded SetupIntent, and sends the browser to `success_url`.
 */
export interface StripeStubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

export interface StripeStub {
  url: string;
  requests: StripeStubRequest[];
  secretKey: string;
  /** A saved card starts failing (expired, funds gone), as happens between two renewals. */
  setCardOutcome(methodId: string, outcome: 'ok' | 'declined' | 'insufficient'): void;
  close(): Promise<void>;
}

interface Method {
  id: string;
  object: 'payment_method';
  type: 'card' | 'us_bank_account';
  customer: string | null;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number };
  us_bank_account?: { bank_name: string; last4: string; routing_number: string };
  billing_details: { name: string | null };
  /** Not part of Stripe's answer: how the stub's charge will go. */
  outcome: 'ok' | 'declined' | 'insufficient';
}

/** A Checkout Session in setup mode: Stripe's hosted page collects a card for the customer. */
interface SetupSession {
  id: string;
  object: 'checkout.session';
  mode: 'setup';
  status: 'open' | 'complete' | 'expired';
  customer: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  url: string;
  setup_intent: string | null;
}

interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'succeeded';
  customer: string;
  payment_method: string;
  usage: 'off_session';
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6')) return 'discover';
  return 'unknown';
}

function publicMethod(method: Method) {
  const { outcome: _outcome, ...rest } = method;
  return rest;
}

export async function startStripeStub(options: { port?: number; secretKey?: string } = {}): Promise<StripeStub> {
  const secretKey = options.secretKey ?? 'sk_test_stub';
  const requests: StripeStubRequest[] = [];
  const methods = new Map<string, Method>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const sessions = new Map<string, SetupSession>();
  const setupIntents = new Map<string, SetupIntent>();
  let baseUrl = '';

  const error = (res: ServerResponse, status: number, body: Record<string, unknown>) =>
    send(res, status, { error: body });
  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }

  function handle(req: IncomingMessage, path: string, form: Record<string, string>): { status: number; body: unknown } {
    const fail = (status: number, body: Record<string, unknown>) => ({ status, body: { error: body } });
    if (req.method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: { id: id('cus'), object: 'customer', name: form.name ?? null, email: form.email ?? null },
      };
    }
    if (req.method === 'POST' && path === '/v1/payment_methods') {
      if (form.type === 'card' && form['card[token]']) {
        const token = form['card[token]'];
        if (!['tok_visa', 'tok_chargeDeclined'].includes(token)) {
          return fail(400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'card[token]',
            message: `No such token: '${token}'`,
          });
        }
        const method: Method = {
          id: id('pm'),
          object: 'payment_method',
          type: 'card',
          customer: null,
          card: { brand: 'visa', last4: token === 'tok_visa' ? '4242' : '0002', exp_month: 12, exp_year: 2034 },
          billing_details: { name: null },
          outcome: token === 'tok_visa' ? 'ok' : 'declined',
        };
        methods.set(method.id, method);
        return { status: 200, body: publicMethod(method) };
      }
      if (form.type === 'card') {
        const number = form['card[number]'] ?? '';
        if (!/^\d{12,19}$/.test(number)) {
          return fail(402, {
            type: 'card_error',
            code: 'invalid_number',
            param: 'number',
            message: 'Your card number is incorrect.',
          });
        }
        if (!form['card[cvc]']) {
          return fail(402, {
            type: 'card_error',
            code: 'invalid_cvc',
            param: 'cvc',
            message: "Your card's security code is invalid.",
          });
        }
        const method: Method = {
          id: id('pm'),
          object: 'payment_method',
          type: 'card',
          customer: null,
          card: {
            brand: brandOf(number),
            last4: number.slice(-4),
            exp_month: Number(form['card[exp_month]']),
            exp_year: Number(form['card[exp_year]']),
          },
          billing_details: { name: form['billing_details[name]'] ?? null },
          outcome: number === '4000000000000002' ? 'declined' : number === '4000000000009995' ? 'insufficient' : 'ok',
        };
        methods.set(method.id, method);
        return { status: 200, body: publicMethod(method) };
      }
      if (form.type === 'us_bank_account') {
        const method: Method = {
          id: id('pm'),
          object: 'payment_method',
          type: 'us_bank_account',
          customer: null,
          us_bank_account: {
            bank_name: 'STRIPE TEST BANK',
            last4: (form['us_bank_account[account_number]'] ?? '').slice(-4),
            routing_number: form['us_bank_account[routing_number]'] ?? '',
          },
          billing_details: { name: form['billing_details[name]'] ?? null },
          outcome: 'ok',
        };
        methods.set(method.id, method);
        return { status: 200, body: publicMethod(method) };
      }
      return fail(400, { type: 'invalid_request_error', param: 'type', message: 'Invalid type' });
    }
    const one = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const method = methods.get(one[1] ?? '');
      if (!method) {
        return fail(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${one[1]}'`,
        });
      }
      return { status: 200, body: publicMethod(method) };
    }
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (req.method === 'POST' && attach) {
      const method = methods.get(attach[1] ?? '');
      if (!method) {
        return fail(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${attach[1]}'`,
        });
      }
      if (method.customer && method.customer !== form.customer) {
        return fail(400, {
          type: 'invalid_request_error',
          message: 'The payment method you provided has already been attached to a customer.',
        });
      }
      method.customer = form.customer ?? null;
      return { status: 200, body: publicMethod(method) };
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const method = methods.get(form.payment_method ?? '');
      if (!method) {
        return fail(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${form.payment_method}'`,
        });
      }
      const intentId = id('pi');
      if (method.outcome !== 'ok') {
        return fail(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: method.outcome === 'declined' ? 'generic_decline' : 'insufficient_funds',
          message: method.outcome === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.',
          payment_intent: { id: intentId, object: 'payment_intent', status: 'requires_payment_method' },
        });
      }
      return {
        status: 200,
        body: {
          id: intentId,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          customer: form.customer,
          payment_method: method.id,
          status: method.type === 'us_bank_account' ? 'processing' : 'succeeded',
        },
      };
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'setup') {
        return fail(400, {
          type: 'invalid_request_error',
          param: 'mode',
          message: 'The platform stand-in takes Checkout Sessions in setup mode only.',
        });
      }
      for (const param of ['customer', 'success_url', 'cancel_url']) {
        if (!form[param]) {
          return fail(400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param,
            message: `Missing required param: ${param}.`,
          });
        }
      }
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice(9, -1), value]),
      );
      const session: SetupSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        customer: form.customer ?? '',
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        metadata,
        url: `${baseUrl}/c/setup/${sessionId}`,
        setup_intent: null,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1] ?? '');
      if (!session) {
        return fail(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${retrieve[1]}'`,
        });
      }
      // the SDK sends expand[0]=..., curl's examples expand[]=...
      const expand = [...new URL(req.url ?? '/', 'http://stub').searchParams.entries()]
        .filter(([key]) => /^expand\[\d*\]$/.test(key))
        .map(([, value]) => value);
      const intent = session.setup_intent ? setupIntents.get(session.setup_intent) : undefined;
      return {
        status: 200,
        body: { ...session, setup_intent: expand.includes('setup_intent') ? (intent ?? null) : session.setup_intent },
      };
    }
    return fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` });
  }

  /** Stripe's hosted page for a setup session (with the name on the card). */
  function setupPage(res: ServerResponse, session: SetupSession, error = '', name = '') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(setupCardPage({ status: session.status, cancelUrl: session.cancel_url }, error, name));
  }

  function setupSubmit(res: ServerResponse, session: SetupSession, body: string) {
    const form = new URLSearchParams(body);
    const problem = hostedCardError(form, ['4242424242424242', '5555555555554444']);
    // as Stripe's page does, the name stays and the card fields are typed again
    if (problem) return setupPage(res, session, problem, form.get('cardName') ?? '');
    const number = (form.get('cardNumber') ?? '').replace(/\s+/g, '');
    const [month, year] = (form.get('cardExpiry') ?? '').split('/').map((part) => Number(part.trim()));
    const method: Method = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: session.customer,
      card: { brand: brandOf(number), last4: number.slice(-4), exp_month: month ?? 12, exp_year: 2000 + (year ?? 30) },
      billing_details: { name: form.get('cardName') || null },
      outcome: 'ok',
    };
    methods.set(method.id, method);
    const intent: SetupIntent = {
      id: id('seti'),
      object: 'setup_intent',
      status: 'succeeded',
      customer: session.customer,
      payment_method: method.id,
      usage: 'off_session',
    };
    setupIntents.set(intent.id, intent);
    session.setup_intent = intent.id;
    session.status = 'complete';
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const hosted = /^\/c\/setup\/([^/]+)$/.exec(path);
      if (hosted) {
        const session = sessions.get(hosted[1] ?? '');
        if (!session) {
          res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
          return res.end('<!doctype html><title>Not found</title><p>Something went wrong.</p>');
        }
        if (req.method === 'POST' && session.status === 'open') {
          return setupSubmit(res, session, Buffer.concat(chunks).toString('utf8'));
        }
        return setupPage(res, session);
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const authorization = req.headers.authorization;
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, authorization, idempotencyKey, form });
      if (authorization !== `Bearer ${secretKey}`) {
        return error(res, 401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${(authorization ?? '').replace(/^Bearer /, '').slice(0, 8)}***`,
        });
      }
      const replayKey = idempotencyKey ? `${req.method} ${path} ${idempotencyKey}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        res.setHeader('idempotent-replayed', 'true');
        return send(res, replay.status, replay.body);
      }
      const result = handle(req, path, form);
      if (replayKey) replays.set(replayKey, result);
      send(res, result.status, result.body);
    });
  });
  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    secretKey,
    setCardOutcome: (methodId, outcome) => {
      const method = methods.get(methodId);
      if (!method) throw new Error(`no payment method ${methodId}`);
      method.outcome = outcome;
    },
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
