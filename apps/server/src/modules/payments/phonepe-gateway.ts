import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** PhonePe's merchantTransactionId: fewer than 35 characters, letters, digits, `_` and `-`. */
export const PHONEPE_TRANSACTION = /^[A-Za-z0-9_-]{1,34}$/;
/** Ours: `IV` + the invoice uuid in base64url (22) + `_` + 8 random base64url characters (33). */
const OURS = /^IV([A-Za-z0-9_-]{22})_[A-Za-z0-9_-]{8}$/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** PhonePe's checksum: SHA256(text + salt key) + `###` + salt index. */
export function phonepeChecksum(text: string, saltKey: string, saltIndex: string | number): string {
  return `${sha256(`${text}${saltKey}`)}###${saltIndex}`;
}

/** The invoice a transaction of ours is for (its uuid is in the transaction id), or null. */
export function invoiceOfTransaction(transactionId: string): string | null {
  const match = OURS.exec(transactionId);
  if (!match?.[1]) return null;
  const hex = Buffer.from(match[1], 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function transactionFor(invoiceId: string): string {
  const uuid = Buffer.from(invoiceId.replace(/-/g, ''), 'hex').toString('base64url');
  return `IV${uuid}_${randomBytes(6).toString('base64url')}`;
}

/** What the status check answers: the state, and the notice when it is COMPLETED. */
export interface PhonePeStatus {
  state: 'COMPLETED' | 'PENDING' | 'FAILED';
  code: string;
  message: string;
  notice: PaymentNotice | null;
}

interface PhonePeAnswer<T> {
  success?: boolean;
  code?: string;
  message?: string;
  data?: T;
}

/**
 * PhonePe's PG API (Standard Checkout, the pay page) on the tenant's merchant id, salt key and salt
 * index: `POST /pg/v1/pay` (base64 JSON in `request`, `X-VERIFY`), the status check
 * `GET /pg/v1/status/{merchantId}/{merchantTransactionId}`, refunds `POST /pg/v1/refund`, and the
 * checksum of its server-to-server callback. Amounts are paise (minor units of INR, PhonePe's only
 * currency).
 */
export class PhonePeGateway implements PaymentGateway {
  readonly provider = 'phonepe';

  constructor(
    private readonly apiBase: string,
    readonly merchantId: string,
    private readonly saltKey: string,
    private readonly saltIndex: string,
    /** The tenant's server-to-server callback (`{tenant origin}/webhooks/phonepe`). */
    private readonly callbackUrl: string,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, payload?: object): Promise<PhonePeAnswer<T>> {
    const base64 = payload ? Buffer.from(JSON.stringify(payload)).toString('base64') : '';
    const { response, answer } = await callProvider<PhonePeAnswer<T>>(`${this.apiBase}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'X-VERIFY': phonepeChecksum(`${base64}${path}`, this.saltKey, this.saltIndex),
        ...(method === 'GET' ? { 'X-MERCHANT-ID': this.merchantId } : {}),
      },
      ...(payload ? { body: JSON.stringify({ request: base64 }) } : {}),
    });
    if (response.status === 401) throw new GatewayError(503, PROVIDER_UNAVAILABLE);
    if (!answer) throw new GatewayError(502, PROVIDER_UNREACHABLE);
    if (response.status >= 400 && response.status < 500) {
      throw new GatewayError(400, answer.message || 'The payment provider refused the request.');
    }
    if (!response.ok) throw new GatewayError(502, PROVIDER_UNREACHABLE);
    return answer;
  }

  async startHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
    if (request.currency !== 'INR') throw new GatewayError(400, 'PhonePe takes payments in INR only.');
    // PhonePe has no idempotency key: each start is a transaction of its own (the paid one is applied).
    const transactionId = transactionFor(request.reference.invoiceId);
    const back = new URL(request.successUrl);
    back.searchParams.set('phonepe', transactionId);
    const answer = await this.call<{ instrumentResponse?: { redirectInfo?: { url?: string } } }>('POST', '/pg/v1/pay', {
      merchantId: this.merchantId,
      merchantTransactionId: transactionId,
      merchantUserId: `MU${sha256(request.reference.invoiceId).slice(0, 30)}`,
      amount: request.amount,
      redirectUrl: back.toString(),
      redirectMode: 'REDIRECT',
      callbackUrl: this.callbackUrl,
      paymentInstrument: { type: 'PAY_PAGE' },
    });
    const url = answer.data?.instrumentResponse?.redirectInfo?.url;
    if (!answer.success || !url) throw new GatewayError(400, answer.message || 'The payment could not be started.');
    return { redirectUrl: url, providerRef: transactionId };
  }

  /**
   * Asks PhonePe for the transaction's state (never the browser's word). A completed payment is a
   * notice whose event id is the transaction (the confirm route and the callback apply it once).
   */
  async status(transactionId: string, tenantId: string): Promise<PhonePeStatus> {
    const path = `/pg/v1/status/${encodeURIComponent(this.merchantId)}/${encodeURIComponent(transactionId)}`;
    const answer = await this.call<{
      merchantTransactionId?: string;
      transactionId?: string;
      amount?: number;
      state?: string;
    }>('GET', path);
    const data = answer.data;
    if (answer.code === 'TRANSACTION_NOT_FOUND' || !data) throw new GatewayError(404, 'Payment not found.');
    const state = data.state === 'COMPLETED' ? 'COMPLETED' : data.state === 'FAILED' ? 'FAILED' : 'PENDING';
    const base = { state, code: answer.code ?? '', message: answer.message ?? '' } as const;
    if (state !== 'COMPLETED' || answer.code !== 'PAYMENT_SUCCESS' || typeof data.amount !== 'number') {
      return { ...base, notice: null };
    }
    const invoiceId = invoiceOfTransaction(transactionId);
    return {
      ...base,
      notice: {
        kind: 'paid',
        eventId: transactionId,
        account: this.merchantId,
        reference: invoiceId ? { tenantId, invoiceId } : null,
        amount: data.amount,
        currency: 'INR',
        // PhonePe refunds name the original merchantTransactionId.
        chargeRef: transactionId,
        attemptRef: transactionId,
      },
    };
  }

  /**
   * The server-to-server callback: `{response: base64}` with X-VERIFY = SHA256(response + salt key)
   * ### salt index. Answers the transaction it names (its state is then asked of PhonePe).
   */
  parseCallback(body: unknown, checksum: string | undefined): string {
    const response = body && typeof body === 'object' ? (body as { response?: unknown }).response : undefined;
    if (typeof response !== 'string' || !checksum) throw new InvalidNotice('the callback is not signed');
    const expected = Buffer.from(phonepeChecksum(response, this.saltKey, this.saltIndex));
    const given = Buffer.from(checksum);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new InvalidNotice('X-VERIFY does not verify');
    }
    let decoded: { data?: { merchantId?: unknown; merchantTransactionId?: unknown } };
    try {
      decoded = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    } catch {
      throw new InvalidNotice('the response is not base64 JSON');
    }
    const id = decoded.data?.merchantTransactionId;
    if (decoded.data?.merchantId !== this.merchantId || typeof id !== 'string' || !PHONEPE_TRANSACTION.test(id)) {
      throw new InvalidNotice('the callback names no transaction of this merchant');
    }
    return id;
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (request.amount === undefined) throw new GatewayError(400, 'PhonePe refunds need an amount.');
    // The refund's own transaction id is derived from the idempotency key: a retry is the same refund.
    const refundId = `RF${createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 30)}`;
    const answer = await this.call<{ transactionId?: string; merchantTransactionId?: string; amount?: number }>(
      'POST',
      '/pg/v1/refund',
      {
        merchantId: this.merchantId,
        merchantUserId: 'MUrefund',
        originalTransactionId: request.chargeRef,
        merchantTransactionId: refundId,
        amount: request.amount,
        callbackUrl: this.callbackUrl,
      },
    );
    if (!answer.success || typeof answer.data?.amount !== 'number') {
      throw new GatewayError(400, answer.message || 'The refund was refused.');
    }
    return { providerRef: answer.data.transactionId ?? refundId, amount: answer.data.amount };
  }
}
