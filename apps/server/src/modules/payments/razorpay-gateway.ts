import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  GatewayError,
  type HostedPayment,
  type HostedPaymentRequest,
  InvalidNotice,
  type PaymentGateway,
  type PaymentNotice,
  type RefundRequest,
  type RefundResult,
} from './payment-gateway.ts';
import { callProvider, PROVIDER_UNAVAILABLE, PROVIDER_UNREACHABLE } from './provider-http.ts';

/** HMAC-SHA256 hex, compared in constant time (Razorpay's payment and webhook signatures). */
export function razorpaySignature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

function sameHex(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** What Razorpay's Orders API answers for an order (the fields used here). */
interface RazorpayOrder {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string> | unknown[];
}

/** The ids Razorpay's webhook (`payment.captured`, `order.paid`) carries; everything else is read back. */
export interface RazorpayWebhookEvent {
  event: string;
  orderId: string | null;
  paymentId: string | null;
  /** Our notes on the payment or order: which tenant's keys to read the order with. */
  tenantId: string | null;
}

/**
 * Verifies a Razorpay webhook: `X-Razorpay-Signature` is HMAC-SHA256(raw body, webhook secret).
 * Throws InvalidNotice; answers only ids, never amounts (the order is read back with the tenant's keys).
 */
export function parseRazorpayWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string | null,
): RazorpayWebhookEvent {
  if (!secret) throw new InvalidNotice('no Razorpay webhook secret is configured');
  const expected = createHmac('sha256', secret).update(rawBody).digest('hex');
  if (!sameHex(expected, signature)) throw new InvalidNotice('X-Razorpay-Signature does not verify');
  let body: {
    event?: unknown;
    payload?: {
      payment?: { entity?: { id?: unknown; order_id?: unknown; notes?: unknown } };
      order?: { entity?: { id?: unknown; notes?: unknown } };
    };
  };
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new InvalidNotice('the body is not JSON');
  }
  const payment = body.payload?.payment?.entity;
  const order = body.payload?.order?.entity;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const noteOf = (notes: unknown) =>
    notes && typeof notes === 'object' && !Array.isArray(notes)
      ? text((notes as Record<string, unknown>).tenantId)
      : null;
  return {
    event: text(body.event) ?? '',
    orderId: text(payment?.order_id) ?? text(order?.id),
    paymentId: text(payment?.id),
    tenantId: noteOf(payment?.notes) ?? noteOf(order?.notes),
  };
}

/**
 * Razorpay on the tenant's own keys (key id + key secret of the mode in use): Orders API
 * `POST /v1/orders`, the hosted checkout page for the order (Razorpay's redirect mode: it posts
 * `razorpay_payment_id`, `razorpay_order_id`, `razorpay_signature` to our callback URL), reading an
 * order back, and refunds `POST /v1/payments/{id}/refund`. Basic auth, JSON, amounts in minor units.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly provider = 'razorpay';

  constructor(
    private readonly apiBase: string,
    readonly keyId: string,
    private readonly keySecret: string,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object, headers: Record<string, string> = {}) {
    const { response, answer } = await callProvider<T & { error?: { description?: string } }>(
      `${this.apiBase}${path}`,
      {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
    );
    if (response.status === 401) throw new GatewayError(503, PROVIDER_UNAVAILABLE);
    if (response.status >= 400 && response.status < 500) {
      throw new GatewayError(400, answer?.error?.description || 'The payment provider refused the request.');
    }
    if (!response.ok || !answer) throw new GatewayError(502, PROVIDER_UNREACHABLE);
    return answer as T;
  }

  async startHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
    // Razorpay's receipt is at most 40 characters: a digest of the idempotency key (one per balance).
    const receipt = `inv_${createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 32)}`;
    const order = await this.call<RazorpayOrder>('POST', '/v1/orders', {
      amount: request.amount,
      currency: request.currency,
      receipt,
      notes: { tenantId: request.reference.tenantId, invoiceId: request.reference.invoiceId },
    });
    // Razorpay's hosted checkout of the order, a form the browser posts: card and netbanking on, UPI
    // and wallets off (spec 1 §9).
    const form: Record<string, string> = {
      key_id: this.keyId,
      order_id: order.id,
      name: request.description,
      description: request.description,
      callback_url: request.successUrl,
      cancel_url: request.cancelUrl,
      'method[card]': '1',
      'method[netbanking]': '1',
      'method[upi]': '0',
      'method[wallet]': '0',
      ...(request.customerEmail ? { 'prefill[email]': request.customerEmail } : {}),
    };
    return { redirectUrl: `${this.apiBase}/v1/checkout/embedded`, form, providerRef: order.id };
  }

  /** Razorpay's payment signature: HMAC-SHA256(`{order_id}|{razorpay_payment_id}`, key secret). */
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean {
    return sameHex(razorpaySignature(this.keySecret, `${orderId}|${paymentId}`), signature);
  }

  /**
   * Reads the order back with the tenant's keys: the amount, currency and our notes come from
   * Razorpay, never from the browser or the webhook's body. `ignored` until the order is paid.
   */
  async confirmOrder(orderId: string, paymentId: string): Promise<PaymentNotice> {
    const order = await this.call<RazorpayOrder>('GET', `/v1/orders/${encodeURIComponent(orderId)}`);
    if (order.status !== 'paid' || order.amount_paid <= 0) {
      return { kind: 'ignored', eventId: paymentId, type: `order.${order.status}` };
    }
    const notes = Array.isArray(order.notes) ? {} : order.notes;
    return {
      kind: 'paid',
      // One payment is applied once, whether the callback or the webhook brings it first.
      eventId: paymentId,
      account: this.keyId,
      reference: notes.tenantId && notes.invoiceId ? { tenantId: notes.tenantId, invoiceId: notes.invoiceId } : null,
      amount: order.amount_paid,
      currency: order.currency.toUpperCase(),
      chargeRef: paymentId,
      attemptRef: order.id,
    };
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const refund = await this.call<{ id: string; amount: number }>(
      'POST',
      `/v1/payments/${encodeURIComponent(request.chargeRef)}/refund`,
      {
        ...(request.amount === undefined ? {} : { amount: request.amount }),
        receipt: createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 40),
        notes: { reason: request.reason ?? 'requested_by_customer' },
      },
      // Razorpay's refund idempotency header: a retried request answers the first refund.
      { 'X-Refund-Idempotency': request.idempotencyKey.slice(0, 128) },
    );
    return { providerRef: refund.id, amount: refund.amount };
  }
}
