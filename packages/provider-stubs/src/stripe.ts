import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the few Stripe API calls platform billing makes, as Stripe documents them:
 * form-encoded bodies, `Authorization: Bearer sk_test_...`, `Idempotency-Key` replays, and Stripe's
 * error JSON (`{ error: { type, code, message, param, decline_code } }`). Test card numbers follow
 * Stripe's: 4242... succeeds, 4000000000000002 is declined at the charge, 4000000000009995 too
 * (insufficient funds). `tok_visa` and `tok_chargeDeclined` are tokens.
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
    return fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
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
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    secretKey,
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
