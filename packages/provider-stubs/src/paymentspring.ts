import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type ProviderHandler, send } from './http.ts';

/**
 * PaymentSpring's REST API (api/v1) as its documentation and official libraries use it: HTTP Basic
 * auth with an API key as the user name and no password; `POST /tokens` with the merchant's
 * PUBLIC key (called from the buyer's browser, hence CORS) turns card_number, card_exp_month,
 * card_exp_year, csc, card_owner_name into a single-use token; `POST /charge` with the PRIVATE key
 * charges `{token, amount}` (cents) and answers the transaction; `GET /charge/{id}` reads it back;
 * `POST /charge/{id}/cancel` with an `amount` refunds part or all of it; `POST /api/v2/transactions/search`
 * (start_date, end_date; `limit`, `offset`) lists the merchant's transactions with their metadata, as
 * PaymentSpring's v2 search answers them (`{list, meta}`). Errors are `{errors: [{code, message}]}`.
 * Bodies may be JSON or form-encoded, as the API accepts both. `loseNextAnswers` makes the next calls
 * succeed at PaymentSpring but answer 504 (a timeout after the money moved).
 * Test cards: 4111 1111 1111 1111 and 4242 4242 4242 4242 pay, 4000 0000 0000 0002 is declined at
 * the charge (the token is still made, as a real declined card's is).
 */
export interface PaymentSpringMerchant {
  publicKey: string;
  privateKey: string;
}

export interface PaymentSpringOptions {
  merchants: PaymentSpringMerchant[];
}

export interface StubPaymentSpringToken {
  id: string;
  merchant: string;
  cardNumber: string;
  cardOwnerName: string;
  expMonth: number;
  expYear: number;
  used: boolean;
}

export interface StubPaymentSpringCharge {
  id: string;
  merchant: string;
  token: string;
  amount: number;
  refunded: number;
  description: string;
  email: string;
  last4: string;
  metadata: Record<string, string>;
  createdAt: string;
}

export interface PaymentSpringState {
  tokens: Map<string, StubPaymentSpringToken>;
  charges: Map<string, StubPaymentSpringCharge>;
  /** Refuses the next N refunds (`cancel`) with PaymentSpring's error shape. */
  refuseRefunds: number;
  /** The next N charges or refunds are made, but their answer is lost (a 504, as a timed-out gateway). */
  loseNextAnswers: number;
  /** Answers every call with a 503 while set (PaymentSpring down: nothing is done). */
  down: boolean;
}

const PAYING_CARDS = ['4111111111111111', '4242424242424242', '4000000000000002'];
const DECLINED_CARD = '4000000000000002';

const errors = (res: ServerResponse, status: number, code: string, message: string) =>
  send(res, status, { errors: [{ code, message }] });

function luhn(number: string): boolean {
  let total = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/** The body as fields, whether sent as JSON or as a form. */
function fieldsOf(body: string, contentType: string | undefined): Record<string, string> {
  if (!body) return {};
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(parsed).map(([k, v]) => [
          k,
          v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v),
        ]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** Metadata as sent: a JSON object (JSON bodies keep it as one; a form sends it as a JSON string). */
function metadataOf(value: string | undefined): Record<string, string> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-max-age': '600',
};

export function paymentspringHandler(options: PaymentSpringOptions | undefined): {
  handler: ProviderHandler;
  state: PaymentSpringState;
} {
  const state: PaymentSpringState = {
    tokens: new Map(),
    charges: new Map(),
    refuseRefunds: 0,
    loseNextAnswers: 0,
    down: false,
  };
  /** The answer of a call that moved money, unless it is to be lost. */
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    if (state.loseNextAnswers > 0) {
      state.loseNextAnswers -= 1;
      return errors(res, 504, '50400', 'Gateway timeout.');
    }
    return send(res, status, body);
  };
  const byPublic = (key: string | undefined) => options?.merchants.find((m) => m.publicKey === key);
  const byPrivate = (key: string | undefined) => options?.merchants.find((m) => m.privateKey === key);

  function transaction(charge: StubPaymentSpringCharge) {
    const status =
      charge.refunded === 0 ? 'SETTLED' : charge.refunded >= charge.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return {
      class: 'transaction',
      id: charge.id,
      status,
      amount_authorized: charge.amount,
      amount_settled: charge.amount,
      amount_refunded: charge.refunded,
      amount_failed: 0,
      description: charge.description,
      email: charge.email,
      last_4: charge.last4,
      card_type: charge.last4 ? 'visa' : null,
      metadata: charge.metadata,
      created_at: charge.createdAt,
    };
  }

  function token(res: ServerResponse, merchant: PaymentSpringMerchant, fields: Record<string, string>) {
    const number = (fields.card_number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhn(number) || !PAYING_CARDS.includes(number)) {
      return errors(res, 422, '38501', 'Card number is invalid.');
    }
    const month = Number(fields.card_exp_month);
    let year = Number(fields.card_exp_year);
    if (year < 100) year += 2000;
    const now = new Date();
    if (
      !Number.isInteger(month) ||
      month < 1 ||
      month > 12 ||
      !Number.isInteger(year) ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    ) {
      return errors(res, 422, '38502', 'Card expiration date is invalid.');
    }
    if (fields.csc !== undefined && fields.csc !== '' && !/^\d{3,4}$/.test(fields.csc)) {
      return errors(res, 422, '38503', 'Card security code is invalid.');
    }
    const owner = (fields.card_owner_name ?? '').trim();
    if (!owner) return errors(res, 422, '38504', 'Card owner name is required.');
    const made: StubPaymentSpringToken = {
      id: randomBytes(5).toString('hex'),
      merchant: merchant.publicKey,
      cardNumber: number,
      cardOwnerName: owner,
      expMonth: month,
      expYear: year,
      used: false,
    };
    state.tokens.set(made.id, made);
    return send(res, 200, {
      class: 'token',
      token_type: 'credit_card',
      id: made.id,
      card_type: 'visa',
      card_owner_name: owner,
      last_4: number.slice(-4),
      card_exp_month: month,
      card_exp_year: year,
    });
  }

  function charge(res: ServerResponse, merchant: PaymentSpringMerchant, fields: Record<string, string>) {
    const amount = Number(fields.amount);
    if (!Number.isInteger(amount) || amount < 1) return errors(res, 422, '80013', 'Amount must be a positive integer.');
    const found = state.tokens.get(fields.token ?? '');
    if (!found || found.merchant !== merchant.publicKey) return errors(res, 422, '80001', 'Token is invalid.');
    // A token makes one charge: a second use is refused, however it is sent.
    if (found.used) return errors(res, 422, '80002', 'Token has already been used.');
    found.used = true;
    if (found.cardNumber === DECLINED_CARD) return errors(res, 422, '20005', 'The card was declined.');
    const made: StubPaymentSpringCharge = {
      id: randomBytes(16).toString('hex'),
      merchant: merchant.publicKey,
      token: found.id,
      amount,
      refunded: 0,
      description: fields.description ?? '',
      email: fields.email_address ?? '',
      last4: found.cardNumber.slice(-4),
      metadata: metadataOf(fields.metadata),
      createdAt: new Date().toISOString(),
    };
    state.charges.set(made.id, made);
    return answer(res, 201, transaction(made));
  }

  function cancel(res: ServerResponse, found: StubPaymentSpringCharge, fields: Record<string, string>) {
    const left = found.amount - found.refunded;
    const amount = fields.amount === undefined || fields.amount === '' ? left : Number(fields.amount);
    if (!Number.isInteger(amount) || amount < 1) return errors(res, 422, '80013', 'Amount must be a positive integer.');
    if (amount > left) return errors(res, 422, '80011', 'Refund amount is greater than the amount left to refund.');
    if (state.refuseRefunds > 0) {
      state.refuseRefunds -= 1;
      return errors(res, 422, '80012', 'This transaction cannot be refunded yet.');
    }
    found.refunded += amount;
    return answer(res, 200, transaction(found));
  }

  /** v2 search: the merchant's transactions created between start_date and end_date (days, inclusive). */
  function search(
    res: ServerResponse,
    merchant: PaymentSpringMerchant,
    fields: Record<string, string>,
    query: URLSearchParams,
  ) {
    const from = Date.parse(`${fields.start_date ?? ''}T00:00:00Z`);
    const to = Date.parse(`${fields.end_date ?? ''}T23:59:59.999Z`);
    if (Number.isNaN(from) || Number.isNaN(to))
      return errors(res, 422, '80020', 'start_date and end_date are required.');
    const limit = Math.min(Number(query.get('limit') ?? 25) || 25, 100);
    const offset = Number(query.get('offset') ?? 0) || 0;
    const all = [...state.charges.values()]
      .filter((c) => c.merchant === merchant.publicKey)
      .filter((c) => Date.parse(c.createdAt) >= from && Date.parse(c.createdAt) <= to)
      .reverse();
    return send(res, 200, {
      list: all.slice(offset, offset + limit).map(transaction),
      meta: { limit, offset, total_results: all.length },
    });
  }

  const handler: ProviderHandler = ({ req, res, url, body, pair }) => {
    if (!options || !url.pathname.startsWith('/api/v')) return false;
    if (state.down) return errors(res, 503, '50300', 'Service unavailable.');
    if (url.pathname === '/api/v2/transactions/search' && req.method === 'POST') {
      const merchant = byPrivate(pair?.[0]);
      if (!merchant) return errors(res, 401, '10001', 'Invalid API key.');
      return search(res, merchant, fieldsOf(body, req.headers['content-type']), url.searchParams);
    }
    if (!url.pathname.startsWith('/api/v1/')) return false;
    const path = url.pathname.slice('/api/v1'.length);
    if (path === '/tokens' && req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return true;
    }
    if (path === '/tokens' && req.method === 'POST') {
      for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
      const merchant = byPublic(pair?.[0]);
      if (!merchant) return errors(res, 401, '10000', 'A public API key is required to create a token.');
      return token(res, merchant, fieldsOf(body, req.headers['content-type']));
    }
    const fields = fieldsOf(body, req.headers['content-type']);
    const merchant = byPrivate(pair?.[0]);
    if (path === '/charge' && req.method === 'POST') {
      if (!merchant) return errors(res, 401, '10001', 'Invalid API key.');
      return charge(res, merchant, fields);
    }
    const one = /^\/charge\/([0-9a-f]{32})(\/cancel)?$/.exec(path);
    if (one) {
      if (!merchant) return errors(res, 401, '10001', 'Invalid API key.');
      const found = state.charges.get(one[1] ?? '');
      if (!found || found.merchant !== merchant.publicKey) return errors(res, 404, '80010', 'Transaction not found.');
      if (one[2] && req.method === 'POST') return cancel(res, found, fields);
      if (!one[2] && req.method === 'GET') return send(res, 200, transaction(found));
    }
    return false;
  };
  return { handler, state };
}
