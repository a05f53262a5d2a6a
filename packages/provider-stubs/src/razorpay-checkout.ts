import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml, hasPair, type ProviderHandler, send } from './http.ts';

/**
 * Razorpay's payments as Razorpay documents them: the Orders API (`POST /v1/orders`,
 * `GET /v1/orders/{id}`; Basic key_id:key_secret, JSON, amounts in minor units, `receipt`, `notes`),
 * refunds (`POST /v1/payments/{id}/refund`, `X-Refund-Idempotency`), the hosted checkout of an
 * order (`/v1/checkout/embedded`: the page Razorpay's checkout shows, then its callback_url mode:
 * a form posted to the callback URL with `razorpay_payment_id`, `razorpay_order_id` and
 * `razorpay_signature` = HMAC-SHA256(`order_id|payment_id`, key secret)), and the webhooks
 * `payment.captured` and `order.paid` with `X-Razorpay-Signature` = HMAC-SHA256(body, webhook secret).
 * Test card 4111 1111 1111 1111 pays (as in Razorpay's test mode); 4000 0000 0000 0002 is declined.
 */
export interface RazorpayCheckoutOptions {
  /** Where payments are announced, and the webhook's secret. */
  webhook?: { url: string; secret: string };
}

export interface StubOrder {
  id: string;
  keyId: string;
  amount: number;
  amountPaid: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
  status: 'created' | 'attempted' | 'paid';
  createdAt: number;
}

export interface StubRazorpayPayment {
  id: string;
  orderId: string;
  keyId: string;
  amount: number;
  currency: string;
  method: 'card' | 'netbanking';
  refunded: number;
  notes: Record<string, string>;
}

export interface StubRazorpayRefund {
  id: string;
  paymentId: string;
  amount: number;
  idempotencyKey: string | null;
}

export interface RazorpayCheckoutState {
  orders: Map<string, StubOrder>;
  payments: Map<string, StubRazorpayPayment>;
  refunds: StubRazorpayRefund[];
  /** Webhooks built (their JSON as sent) and the status codes the endpoint answered. */
  webhooks: string[];
  deliveries: number[];
  /** Pays an order as the hosted page does (no browser); answers what the checkout posts back. */
  pay(orderId: string): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>;
}

export const razorpayHmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const badRequest = (description: string, field?: string) => ({
  status: 400,
  body: {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  },
});
const unauthorized = {
  status: 401,
  body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA' } },
};

function orderJson(order: StubOrder) {
  return {
    id: order.id,
    entity: 'order',
    amount: order.amount,
    amount_paid: order.amountPaid,
    amount_due: order.amount - order.amountPaid,
    currency: order.currency,
    receipt: order.receipt,
    offer_id: null,
    status: order.status,
    attempts: order.status === 'created' ? 0 : 1,
    notes: Object.keys(order.notes).length ? order.notes : [],
    created_at: order.createdAt,
  };
}

function paymentJson(payment: StubRazorpayPayment) {
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: payment.currency,
    status: 'captured',
    order_id: payment.orderId,
    method: payment.method,
    amount_refunded: payment.refunded,
    refund_status: payment.refunded === 0 ? null : payment.refunded === payment.amount ? 'full' : 'partial',
    captured: true,
    notes: payment.notes,
    created_at: Math.floor(Date.now() / 1000),
  };
}

export function razorpayCheckoutHandler(
  options: RazorpayCheckoutOptions | undefined,
  keys: () => Array<[string, string]>,
): { handler: ProviderHandler; state: RazorpayCheckoutState } {
  const orders = new Map<string, StubOrder>();
  const payments = new Map<string, StubRazorpayPayment>();
  const refunds: StubRazorpayRefund[] = [];
  const webhooks: string[] = [];
  const deliveries: number[] = [];
  const secretOf = (keyId: string) => keys().find(([id]) => id === keyId)?.[1] ?? null;

  async function announce(payment: StubRazorpayPayment, order: StubOrder): Promise<void> {
    for (const event of ['payment.captured', 'order.paid']) {
      const payload = JSON.stringify({
        entity: 'event',
        account_id: `acc_${order.keyId.slice(-8)}`,
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: { entity: paymentJson(payment) },
          ...(event === 'order.paid' ? { order: { entity: orderJson(order) } } : {}),
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      webhooks.push(payload);
      if (!options?.webhook) continue;
      try {
        const answer = await fetch(options.webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': razorpayHmac(options.webhook.secret, payload),
            'x-razorpay-event-id': newId('evt'),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        deliveries.push(answer.status);
      } catch {
        deliveries.push(0);
      }
    }
  }

  function capture(order: StubOrder, method: StubRazorpayPayment['method']) {
    const payment: StubRazorpayPayment = {
      id: newId('pay'),
      orderId: order.id,
      keyId: order.keyId,
      amount: order.amount,
      currency: order.currency,
      method,
      refunded: 0,
      // Razorpay's checkout copies the order's notes onto the payment when none are given.
      notes: { ...order.notes },
    };
    payments.set(payment.id, payment);
    order.status = 'paid';
    order.amountPaid = order.amount;
    const secret = secretOf(order.keyId) ?? '';
    return {
      payment,
      answer: {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: razorpayHmac(secret, `${order.id}|${payment.id}`),
      },
    };
  }

  function createOrder(keyId: string, body: string) {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body || '{}');
    } catch {
      return badRequest('The request body is not valid JSON');
    }
    const amount = input.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return badRequest('The amount must be an integer.', 'amount');
    }
    if (amount < 100) return badRequest('Order amount less than minimum amount allowed', 'amount');
    const currency = input.currency;
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      return badRequest('The currency must be a valid ISO currency code.', 'currency');
    }
    const receipt = input.receipt ?? '';
    if (typeof receipt !== 'string' || receipt.length > 40) {
      return badRequest('receipt: the length must be no more than 40.', 'receipt');
    }
    const notes = input.notes ?? {};
    if (typeof notes !== 'object' || Array.isArray(notes) || notes === null) {
      return badRequest('notes must be an object', 'notes');
    }
    const entries = Object.entries(notes as Record<string, unknown>);
    if (entries.length > 15 || entries.some(([, v]) => typeof v !== 'string' || v.length > 256)) {
      return badRequest('notes: at most 15 keys of at most 256 characters each.', 'notes');
    }
    const order: StubOrder = {
      id: newId('order'),
      keyId,
      amount,
      amountPaid: 0,
      currency,
      receipt,
      notes: Object.fromEntries(entries) as Record<string, string>,
      status: 'created',
      createdAt: Math.floor(Date.now() / 1000),
    };
    orders.set(order.id, order);
    return { status: 200, body: orderJson(order) };
  }

  function refund(keyId: string, paymentId: string, body: string, idempotencyKey: string | null) {
    const payment = payments.get(paymentId);
    if (!payment || payment.keyId !== keyId) return badRequest('The id provided does not exist', 'id');
    if (idempotencyKey) {
      const earlier = refunds.find((r) => r.idempotencyKey === idempotencyKey && r.paymentId === paymentId);
      if (earlier) return { status: 200, body: refundJson(earlier, payment) };
    }
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body || '{}');
    } catch {
      return badRequest('The request body is not valid JSON');
    }
    const left = payment.amount - payment.refunded;
    if (left === 0) return badRequest('The payment has been fully refunded already', 'payment_id');
    const amount = input.amount ?? left;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return badRequest('The amount must be atleast INR 1.00', 'amount');
    }
    if (amount > left) return badRequest('The refund amount provided is greater than amount captured', 'amount');
    payment.refunded += amount;
    const made: StubRazorpayRefund = { id: newId('rfnd'), paymentId, amount, idempotencyKey };
    refunds.push(made);
    return { status: 200, body: refundJson(made, payment) };
  }

  function refundJson(made: StubRazorpayRefund, payment: StubRazorpayPayment) {
    return {
      id: made.id,
      entity: 'refund',
      amount: made.amount,
      currency: payment.currency,
      payment_id: payment.id,
      status: 'processed',
      speed_processed: 'normal',
    };
  }

  function page(res: ServerResponse, params: URLSearchParams, order: StubOrder | undefined, error = ''): true {
    const name = params.get('name') ?? '';
    const cancelUrl = params.get('cancel_url');
    const on = (method: string) =>
      params.get(`method[${method}]`) !== '0' && params.get(`method[${method}]`) !== 'false';
    const amount = order ? `${order.currency} ${(order.amount / 100).toFixed(2)}` : '';
    // Each of the page's forms posts the checkout's fields again, with what the buyer chose.
    const carried = [...params]
      .filter(([key]) => !['pay', 'method', 'cardNumber', 'cardExpiry', 'cardCvv', 'bank'].includes(key))
      .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
      .join('');
    const body = !order
      ? '<p role="alert">This payment link is not valid.</p>'
      : order.status === 'paid'
        ? '<p role="status">This order has already been paid.</p>'
        : `${
            on('card')
              ? `<form method="post" action="/v1/checkout/embedded" aria-label="Pay by card">${carried}<input type="hidden" name="pay" value="1"><input type="hidden" name="method" value="card">
<h2>Card</h2>
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="cardExpiry">Expiry (MM / YY)</label><input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" required></div>
<div><label for="cardCvv">CVV</label><input id="cardCvv" name="cardCvv" inputmode="numeric" autocomplete="cc-csc" required></div></div>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Pay ${escapeHtml(amount)}</button></form>`
              : ''
          }${
            on('netbanking')
              ? `<form method="post" action="/v1/checkout/embedded" aria-label="Pay by netbanking">${carried}<input type="hidden" name="pay" value="1"><input type="hidden" name="method" value="netbanking">
<h2>Netbanking</h2><label for="bank">Bank</label><select id="bank" name="bank"><option value="HDFC">HDFC Bank</option><option value="ICIC">ICICI Bank</option><option value="SBIN">State Bank of India</option></select>
<button type="submit">Pay with netbanking</button></form>`
              : ''
          }${on('upi') ? '<h2>UPI</h2>' : ''}${on('wallet') ? '<h2>Wallet</h2>' : ''}`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#0c2651}main{max-width:420px;margin:auto}
label{display:block;margin:12px 0 4px;font-weight:600}input,select{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #6b7280;border-radius:6px}
button{margin-top:16px;width:100%;padding:12px;font-size:16px;background:#0c2651;color:#fff;border:0;border-radius:6px}
form{margin-bottom:24px}.error{color:#a4161a;margin-top:12px}.row{display:flex;gap:8px}.row>div{flex:1}a{color:#0c2651}</style></head>
<body><main><h1>${escapeHtml(name)}</h1>${amount ? `<p>Amount <strong data-testid="checkout-amount">${escapeHtml(amount)}</strong></p>` : ''}
${body}
${cancelUrl ? `<p><a href="${escapeHtml(cancelUrl)}">Back</a></p>` : ''}
</main></body></html>`;
    return send(res, order ? 200 : 400, html, 'text/html; charset=utf-8');
  }

  /** Razorpay's callback_url mode: the browser posts the answer to the merchant's URL. */
  function postBack(res: ServerResponse, callbackUrl: string, fields: Record<string, string>): true {
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting</title></head>
<body><main><form id="back" method="post" action="${escapeHtml(callbackUrl)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>
<p role="status">Redirecting…</p><script>document.getElementById('back').submit()</script></main></body></html>`;
    return send(res, 200, html, 'text/html; charset=utf-8');
  }

  function cardError(form: URLSearchParams): string | null {
    if (form.get('method') === 'netbanking') return null;
    const number = (form.get('cardNumber') ?? '').replace(/\s+/g, '');
    if (number === '4000000000000002') return 'Your payment has been declined by your bank.';
    if (number !== '4111111111111111') return 'Please enter a valid card number.';
    if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(form.get('cardExpiry') ?? ''))
      return 'Please enter a valid expiry date.';
    if (!/^\d{3}$/.test(form.get('cardCvv') ?? '')) return 'Please enter a valid CVV.';
    return null;
  }

  const handler: ProviderHandler = async ({ req, res, url, body, pair }) => {
    if (!options) return false;
    if (url.pathname === '/v1/checkout/embedded') {
      // Razorpay's hosted checkout: the merchant's page posts the checkout's fields (a GET with them on
      // the URL shows the same page); the page's own forms post them again with the buyer's choice.
      const params = new URLSearchParams(url.search);
      if (req.method === 'POST') for (const [key, value] of new URLSearchParams(body)) params.set(key, value);
      const order = orders.get(params.get('order_id') ?? '');
      const known = order && params.get('key_id') === order.keyId ? order : undefined;
      if (params.get('pay') !== '1' || !known || known.status === 'paid') return page(res, params, known);
      const form = params;
      const error = cardError(form);
      if (error) return page(res, params, known, error);
      const { payment, answer } = capture(known, form.get('method') === 'netbanking' ? 'netbanking' : 'card');
      void announce(payment, known);
      return postBack(res, params.get('callback_url') ?? '', answer);
    }
    const orderPath = /^\/v1\/orders(?:\/([^/]+))?$/.exec(url.pathname);
    const refundPath = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (!orderPath && !refundPath && !paymentPath) return false;
    if (!hasPair(keys(), pair) || !pair) return reply(res, unauthorized);
    const keyId = pair[0];
    if (orderPath && !orderPath[1] && req.method === 'POST') return reply(res, createOrder(keyId, body));
    if (orderPath?.[1] && req.method === 'GET') {
      const order = orders.get(orderPath[1]);
      if (!order || order.keyId !== keyId) return reply(res, badRequest('The id provided does not exist', 'id'));
      return reply(res, { status: 200, body: orderJson(order) });
    }
    if (paymentPath?.[1] && req.method === 'GET') {
      const payment = payments.get(paymentPath[1]);
      if (!payment || payment.keyId !== keyId) return reply(res, badRequest('The id provided does not exist', 'id'));
      return reply(res, { status: 200, body: paymentJson(payment) });
    }
    if (refundPath?.[1] && req.method === 'POST') {
      const key = req.headers['x-refund-idempotency'];
      return reply(res, refund(keyId, refundPath[1], body, typeof key === 'string' ? key : null));
    }
    return reply(res, {
      status: 405,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: 'method not allowed' } },
    });
  };

  const state: RazorpayCheckoutState = {
    orders,
    payments,
    refunds,
    webhooks,
    deliveries,
    pay: async (orderId) => {
      const order = orders.get(orderId);
      if (!order || order.status === 'paid') throw new Error(`order ${orderId} is not payable`);
      const { payment, answer } = capture(order, 'card');
      await announce(payment, order);
      return answer;
    },
  };
  return { handler, state };
}

function reply(res: ServerResponse, answer: { status: number; body: unknown }): true {
  return send(res, answer.status, answer.body);
}
