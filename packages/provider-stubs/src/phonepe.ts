import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml, type ProviderHandler, send } from './http.ts';

/**
 * PhonePe's PG API (Standard Checkout) as PhonePe documents it: `POST /pg/v1/pay` (`{request:
 * base64 JSON}`, `X-VERIFY` = SHA256(base64 + "/pg/v1/pay" + salt key) + "###" + salt index)
 * answering the pay page's URL; the pay page, which sends the browser to `redirectUrl` and posts
 * the server-to-server callback (`{response: base64}`, X-VERIFY = SHA256(response + salt key) ###
 * index) to `callbackUrl`; the status check `GET /pg/v1/status/{merchantId}/{merchantTransactionId}`
 * (X-VERIFY over the path, `X-MERCHANT-ID`); refunds `POST /pg/v1/refund`. Amounts in paise.
 * Test card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 fails (the buyer still returns).
 */
export interface PhonePeMerchant {
  merchantId: string;
  saltKey: string;
  saltIndex: string;
}

export interface PhonePeOptions {
  merchants: PhonePeMerchant[];
}

export interface StubPhonePeTransaction {
  merchantId: string;
  merchantTransactionId: string;
  transactionId: string;
  amount: number;
  redirectUrl: string;
  callbackUrl: string;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  refunded: number;
  pageId: string;
}

export interface StubPhonePeRefund {
  merchantId: string;
  merchantTransactionId: string;
  originalTransactionId: string;
  transactionId: string;
  amount: number;
  payload: string;
}

export interface PhonePeState {
  transactions: Map<string, StubPhonePeTransaction>;
  refunds: StubPhonePeRefund[];
  /** Callbacks posted (their body as sent) and the status codes answered. */
  callbacks: Array<{ url: string; body: string; checksum: string }>;
  deliveries: number[];
  /** Completes (or fails) a transaction as the pay page does, without a browser or the callback. */
  settle(merchantTransactionId: string, state?: 'COMPLETED' | 'FAILED'): void;
}

export const phonepeChecksum = (text: string, saltKey: string, saltIndex: string) =>
  `${createHash('sha256').update(`${text}${saltKey}`, 'utf8').digest('hex')}###${saltIndex}`;

type Answer = { status: number; body: unknown };
const refused = (status: number, code: string, message: string): Answer => ({
  status,
  body: { success: false, code, message, data: {} },
});
const TRANSACTION = /^[A-Za-z0-9_-]{1,34}$/;

export function phonepeHandler(
  options: PhonePeOptions | undefined,
  stubUrl: () => string,
): { handler: ProviderHandler; state: PhonePeState } {
  const transactions = new Map<string, StubPhonePeTransaction>();
  const byPage = new Map<string, StubPhonePeTransaction>();
  const refunds: StubPhonePeRefund[] = [];
  const callbacks: PhonePeState['callbacks'] = [];
  const deliveries: number[] = [];
  const merchantOf = (id: unknown) => options?.merchants.find((m) => m.merchantId === id);
  const key = (merchantId: string, id: string) => `${merchantId}:${id}`;

  /** Verifies `X-VERIFY` for `text` against every merchant's salt; answers the merchant it fits. */
  function signer(text: string, checksum: string | undefined): PhonePeMerchant | null {
    return options?.merchants.find((m) => phonepeChecksum(text, m.saltKey, m.saltIndex) === checksum) ?? null;
  }

  function decode(body: string): Record<string, unknown> | null {
    try {
      const request = (JSON.parse(body) as { request?: unknown }).request;
      if (typeof request !== 'string') return null;
      return { base64: request, ...JSON.parse(Buffer.from(request, 'base64').toString('utf8')) };
    } catch {
      return null;
    }
  }

  function statusJson(t: StubPhonePeTransaction) {
    const code =
      t.state === 'COMPLETED' ? 'PAYMENT_SUCCESS' : t.state === 'FAILED' ? 'PAYMENT_ERROR' : 'PAYMENT_PENDING';
    const message =
      t.state === 'COMPLETED'
        ? 'Your payment is successful.'
        : t.state === 'FAILED'
          ? 'Payment Failed'
          : 'Your payment is in pending state.';
    return {
      success: t.state === 'COMPLETED',
      code,
      message,
      data: {
        merchantId: t.merchantId,
        merchantTransactionId: t.merchantTransactionId,
        transactionId: t.transactionId,
        amount: t.amount,
        state: t.state,
        responseCode: t.state === 'COMPLETED' ? 'SUCCESS' : t.state === 'FAILED' ? 'PAYMENT_DECLINED' : 'PENDING',
        paymentInstrument: t.state === 'COMPLETED' ? { type: 'CARD', cardType: 'CREDIT_CARD' } : null,
      },
    };
  }

  async function callback(t: StubPhonePeTransaction): Promise<void> {
    const merchant = merchantOf(t.merchantId);
    if (!merchant || !t.callbackUrl) return;
    const response = Buffer.from(JSON.stringify(statusJson(t))).toString('base64');
    const checksum = phonepeChecksum(response, merchant.saltKey, merchant.saltIndex);
    const body = JSON.stringify({ response });
    callbacks.push({ url: t.callbackUrl, body, checksum });
    try {
      const answer = await fetch(t.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-verify': checksum },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      deliveries.push(answer.status);
    } catch {
      deliveries.push(0);
    }
  }

  function pay(body: string, checksum: string | undefined): Answer {
    const input = decode(body);
    if (!input) return refused(400, 'BAD_REQUEST', 'Please check the inputs you have provided.');
    const merchant = signer(`${input.base64}/pg/v1/pay`, checksum);
    if (!merchant || merchant.merchantId !== input.merchantId) {
      return refused(401, 'AUTHORIZATION_FAILED', 'Key not found for the merchant');
    }
    const id = input.merchantTransactionId;
    if (typeof id !== 'string' || !TRANSACTION.test(id)) {
      return refused(400, 'BAD_REQUEST', 'merchantTransactionId: must be fewer than 35 characters, [A-Za-z0-9_-].');
    }
    if (transactions.has(key(merchant.merchantId, id))) {
      return refused(400, 'BAD_REQUEST', 'Duplicate merchantTransactionId.');
    }
    const amount = input.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return refused(400, 'BAD_REQUEST', 'amount: must be at least 100 paise.');
    }
    if (typeof input.merchantUserId !== 'string' || !/^[A-Za-z0-9_-]{1,36}$/.test(input.merchantUserId)) {
      return refused(400, 'BAD_REQUEST', 'merchantUserId: is required, at most 36 characters.');
    }
    const instrument = input.paymentInstrument as { type?: unknown } | undefined;
    if (instrument?.type !== 'PAY_PAGE') return refused(400, 'BAD_REQUEST', 'paymentInstrument.type must be PAY_PAGE.');
    for (const field of ['redirectUrl', 'callbackUrl'] as const) {
      const value = input[field];
      if (typeof value !== 'string' || !/^https?:\/\//.test(value)) {
        return refused(400, 'BAD_REQUEST', `${field}: must be a URL.`);
      }
    }
    const t: StubPhonePeTransaction = {
      merchantId: merchant.merchantId,
      merchantTransactionId: id,
      transactionId: `T${Date.now()}${randomBytes(4).toString('hex')}`,
      amount,
      redirectUrl: String(input.redirectUrl),
      callbackUrl: String(input.callbackUrl),
      state: 'PENDING',
      refunded: 0,
      pageId: randomBytes(12).toString('hex'),
    };
    transactions.set(key(merchant.merchantId, id), t);
    byPage.set(t.pageId, t);
    return {
      status: 200,
      body: {
        success: true,
        code: 'PAYMENT_INITIATED',
        message: 'Payment initiated',
        data: {
          merchantId: t.merchantId,
          merchantTransactionId: id,
          instrumentResponse: {
            type: 'PAY_PAGE',
            redirectInfo: { url: `${stubUrl()}/pg/pay/${t.pageId}`, method: 'GET' },
          },
        },
      },
    };
  }

  function refund(body: string, checksum: string | undefined): Answer {
    const input = decode(body);
    if (!input) return refused(400, 'BAD_REQUEST', 'Please check the inputs you have provided.');
    const merchant = signer(`${input.base64}/pg/v1/refund`, checksum);
    if (!merchant || merchant.merchantId !== input.merchantId) {
      return refused(401, 'AUTHORIZATION_FAILED', 'Key not found for the merchant');
    }
    const id = input.merchantTransactionId;
    if (typeof id !== 'string' || !TRANSACTION.test(id)) {
      return refused(400, 'BAD_REQUEST', 'merchantTransactionId: must be fewer than 35 characters.');
    }
    const earlier = refunds.find((r) => r.merchantId === merchant.merchantId && r.merchantTransactionId === id);
    if (earlier) {
      // The same refund asked again answers the refund made; another refund under its id is refused.
      if (earlier.payload !== input.base64) return refused(400, 'BAD_REQUEST', 'Duplicate merchantTransactionId.');
      return { status: 200, body: refundJson(earlier) };
    }
    const original = transactions.get(key(merchant.merchantId, String(input.originalTransactionId)));
    if (original?.state !== 'COMPLETED') {
      return refused(400, 'BAD_REQUEST', 'originalTransactionId: no completed transaction.');
    }
    const amount = input.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
      return refused(400, 'BAD_REQUEST', 'amount: must be a positive number of paise.');
    }
    if (amount > original.amount - original.refunded) {
      return refused(400, 'BAD_REQUEST', 'Refund amount is more than the amount left to refund.');
    }
    original.refunded += amount;
    const made: StubPhonePeRefund = {
      merchantId: merchant.merchantId,
      merchantTransactionId: id,
      originalTransactionId: original.merchantTransactionId,
      transactionId: `TR${Date.now()}${randomBytes(4).toString('hex')}`,
      amount,
      payload: String(input.base64),
    };
    refunds.push(made);
    return { status: 200, body: refundJson(made) };
  }

  function refundJson(r: StubPhonePeRefund) {
    return {
      success: true,
      code: 'PAYMENT_SUCCESS',
      message: 'Your request has been successfully completed.',
      data: {
        merchantId: r.merchantId,
        merchantTransactionId: r.merchantTransactionId,
        transactionId: r.transactionId,
        amount: r.amount,
        state: 'COMPLETED',
        responseCode: 'SUCCESS',
      },
    };
  }

  function page(res: ServerResponse, t: StubPhonePeTransaction, error = ''): true {
    const amount = `₹${(t.amount / 100).toFixed(2)}`;
    const back = new URL(t.redirectUrl);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#2b0d52}main{max-width:420px;margin:auto}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #6b7280;border-radius:6px}
button{margin-top:16px;width:100%;padding:12px;font-size:16px;background:#5f259f;color:#fff;border:0;border-radius:6px}
.error{color:#a4161a;margin-top:12px}.row{display:flex;gap:8px}.row>div{flex:1}a{color:#5f259f}</style></head>
<body><main><h1>Payment to ${escapeHtml(back.hostname)}</h1><p>Amount <strong data-testid="checkout-amount">${escapeHtml(amount)}</strong></p>
${
  t.state !== 'PENDING'
    ? '<p role="status">This payment is no longer open.</p>'
    : `<form method="post" aria-label="Pay by card">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="cardExpiry">Expiry (MM / YY)</label><input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" required></div>
<div><label for="cardCvv">CVV</label><input id="cardCvv" name="cardCvv" inputmode="numeric" autocomplete="cc-csc" required></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Pay ${escapeHtml(amount)}</button></form>`
}
</main></body></html>`;
    return send(res, 200, html, 'text/html; charset=utf-8');
  }

  const handler: ProviderHandler = async ({ req, res, url, body }) => {
    if (!options) return false;
    const checksum = typeof req.headers['x-verify'] === 'string' ? req.headers['x-verify'] : undefined;
    const hosted = /^\/pg\/pay\/([0-9a-f]+)$/.exec(url.pathname);
    if (hosted) {
      const t = byPage.get(hosted[1] ?? '');
      if (!t) return send(res, 404, '<!doctype html><title>Not found</title><p>Something went wrong.</p>', 'text/html');
      if (req.method !== 'POST' || t.state !== 'PENDING') return page(res, t);
      const form = new URLSearchParams(body);
      const number = (form.get('cardNumber') ?? '').replace(/\s+/g, '');
      if (number !== '4242424242424242' && number !== '4000000000000002') {
        return page(res, t, 'Please enter a valid card number.');
      }
      t.state = number === '4242424242424242' ? 'COMPLETED' : 'FAILED';
      // PhonePe calls the merchant's server on its own schedule; the buyer is sent back at once.
      void callback(t);
      res.writeHead(302, { location: t.redirectUrl });
      res.end();
      return true;
    }
    let answer: Answer | null = null;
    if (url.pathname === '/pg/v1/pay' && req.method === 'POST') answer = pay(body, checksum);
    else if (url.pathname === '/pg/v1/refund' && req.method === 'POST') answer = refund(body, checksum);
    else {
      const status = /^\/pg\/v1\/status\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      if (!status || req.method !== 'GET') return false;
      const merchant = signer(url.pathname, checksum);
      const merchantId = decodeURIComponent(status[1] ?? '');
      if (!merchant || merchant.merchantId !== merchantId || req.headers['x-merchant-id'] !== merchantId) {
        answer = refused(401, 'AUTHORIZATION_FAILED', 'Key not found for the merchant');
      } else {
        const t = transactions.get(key(merchantId, decodeURIComponent(status[2] ?? '')));
        answer = t
          ? { status: 200, body: statusJson(t) }
          : refused(200, 'TRANSACTION_NOT_FOUND', 'No transaction found with the given id.');
      }
    }
    return send(res, answer.status, answer.body);
  };

  const state: PhonePeState = {
    transactions,
    refunds,
    callbacks,
    deliveries,
    settle: (merchantTransactionId, to = 'COMPLETED') => {
      const t = [...transactions.values()].find((x) => x.merchantTransactionId === merchantTransactionId);
      if (t?.state !== 'PENDING') throw new Error(`transaction ${merchantTransactionId} is not pending`);
      t.state = to;
    },
  };
  return { handler, state };
}
