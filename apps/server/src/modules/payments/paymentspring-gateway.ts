import {
  GatewayError,
  type HostedPayment,
  type HostedPaymentRequest,
  type PaymentGateway,
  type PaymentNotice,
  type RefundRequest,
  type RefundResult,
} from './payment-gateway.ts';
import { callProvider, PROVIDER_UNAVAILABLE, PROVIDER_UNREACHABLE } from './provider-http.ts';

/** PaymentSpring (Nelnet) settles in US dollars only (spec 2 §9's advertised fees). */
export const PAYMENTSPRING_CURRENCY = 'USD';
export const PAYMENTSPRING_USD_ONLY = 'Card payments here are in US dollars only.';

/** What PaymentSpring answers for a transaction (the fields used here). */
interface PaymentSpringTransaction {
  class: string;
  id: string;
  status: string;
  amount_settled: number;
  amount_refunded?: number;
  metadata?: Record<string, unknown> | null;
}

export interface PaymentSpringCharge {
  token: string;
  amount: number;
  description: string;
  email?: string;
  reference: { tenantId: string; invoiceId: string };
  /** What this charge pays (the invoice and its state): kept in the charge's metadata, to find it again. */
  payKey: string;
}

type PaidNotice = Extract<PaymentNotice, { kind: 'paid' }>;

/** How far back a lost charge is looked for, and how many of the merchant's transactions are read at most. */
const SEARCH_DAYS = 2;
const SEARCH_PAGES = 5;
const PAGE = 100;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * PaymentSpring's REST API with the tenant's own keys (the mode Settings > Integrations chose).
 * The card is never on our server: the buyer's browser sends it to PaymentSpring's `POST /tokens`
 * with the PUBLIC key and hands us the single-use token; this adapter charges the token with the
 * PRIVATE key (`POST /charge`) and refunds (`POST /charge/{id}/cancel` with an amount). Basic auth,
 * the key as the user name and no password; amounts in cents.
 *
 * PaymentSpring takes no idempotency key. A token charges at most once on its side; the callers
 * claim each charge and refund before calling (`chargeOnce`, `refundOnce`); and because an answer can
 * be lost after the money moved (a timeout), every charge names what it pays in its metadata and is
 * looked for (`findCharge`, the v2 transaction search) before another is made, and every refund
 * compares PaymentSpring's refunded total with ours before it refunds (decisions.md "PaymentSpring").
 */
export class PaymentSpringGateway implements PaymentGateway {
  readonly provider = 'pspring';
  readonly withoutIdempotencyKeys = true;

  constructor(
    private readonly apiBase: string,
    /** The public key: the browser's token calls, and the account payments are matched against. */
    readonly publicKey: string,
    private readonly privateKey: string,
  ) {}

  /** What the buyer's browser needs to make a token: the public key and PaymentSpring's token URL. */
  browserCard(): { provider: 'pspring'; publicKey: string; tokenUrl: string } {
    return { provider: 'pspring', publicKey: this.publicKey, tokenUrl: `${this.apiBase}/tokens` };
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object, base = this.apiBase): Promise<T> {
    const { response, answer } = await callProvider<T & { errors?: Array<{ code?: string; message?: string }> }>(
      `${base}${path}`,
      {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.privateKey}:`).toString('base64')}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
    );
    if (response.status === 401 || response.status === 403) throw new GatewayError(503, PROVIDER_UNAVAILABLE);
    if (response.status === 404) throw new GatewayError(404, 'The payment was not found at the provider.');
    if (response.status >= 400 && response.status < 500) {
      const message = answer?.errors?.map((e) => e.message).find(Boolean);
      throw new GatewayError(400, message || 'The payment provider refused the request.');
    }
    if (!response.ok || !answer) throw new GatewayError(502, PROVIDER_UNREACHABLE);
    return answer as T;
  }

  /**
   * PaymentSpring has no hosted page: the card is typed on our own page and tokenised by
   * PaymentSpring from the browser. The "hosted payment" is that page, the one the buyer is on.
   */
  async startHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
    const page = new URL(request.cancelUrl);
    page.searchParams.set('payment', 'card');
    return { redirectUrl: page.toString(), providerRef: '' };
  }

  /**
   * Charges the browser's token and answers the payment as a notice (our own server-to-server call
   * with the private key: the amount and id are PaymentSpring's answer, never the browser's). A
   * declined card or a used token is a GatewayError in the 400 range with PaymentSpring's words.
   */
  async charge(charge: PaymentSpringCharge): Promise<PaidNotice> {
    const transaction = await this.call<PaymentSpringTransaction>('POST', '/charge', {
      token: charge.token,
      amount: charge.amount,
      description: charge.description,
      ...(charge.email ? { email_address: charge.email } : {}),
      send_receipt: false,
      metadata: {
        tenantId: charge.reference.tenantId,
        invoiceId: charge.reference.invoiceId,
        payKey: charge.payKey,
      },
    });
    if (transaction.class !== 'transaction' || transaction.status !== 'SETTLED' || !transaction.id) {
      // Not a settled charge: PaymentSpring may still hold it; our caller looks for it before a retry charges.
      throw new GatewayError(502, `The card payment did not complete (${transaction.status || 'no status'}).`);
    }
    return this.notice(transaction, charge.reference);
  }

  private notice(transaction: PaymentSpringTransaction, reference: PaymentSpringCharge['reference']): PaidNotice {
    return {
      kind: 'paid',
      eventId: transaction.id,
      account: this.publicKey,
      reference,
      amount: transaction.amount_settled,
      currency: PAYMENTSPRING_CURRENCY,
      chargeRef: transaction.id,
      attemptRef: transaction.id,
    };
  }

  /**
   * A settled charge made for this pay key in the last days (its answer may have been lost), read
   * from PaymentSpring's v2 transaction search; null when there is none. Throws when PaymentSpring
   * cannot be asked: the caller must not charge then.
   */
  async findCharge(reference: PaymentSpringCharge['reference'], payKey: string): Promise<PaidNotice | null> {
    const now = Date.now();
    const range = { start_date: day(now - SEARCH_DAYS * 86_400_000), end_date: day(now + 86_400_000) };
    const v2 = this.apiBase.replace(/\/v1$/, '/v2');
    for (let page = 0; page < SEARCH_PAGES; page += 1) {
      const found = await this.call<{ list?: PaymentSpringTransaction[] }>(
        'POST',
        `/transactions/search?limit=${PAGE}&offset=${page * PAGE}`,
        range,
        v2,
      );
      const list = found.list ?? [];
      const mine = list.find(
        (t) =>
          t.status !== 'FAILED' &&
          t.metadata?.payKey === payKey &&
          t.metadata?.invoiceId === reference.invoiceId &&
          t.metadata?.tenantId === reference.tenantId,
      );
      if (mine) return this.notice(mine, reference);
      if (list.length < PAGE) return null;
    }
    return null;
  }

  /**
   * Refunds `amount` of the charge, comparing first what PaymentSpring has refunded of it with what
   * we have (`refundedBefore`): equal, the refund is made; already `refundedBefore + amount`, an earlier
   * try of this very refund landed and its answer was lost, so nothing is sent; anything else is a
   * refusal to guess (staff look at PaymentSpring's dashboard) rather than a second refund.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const path = `/charge/${encodeURIComponent(request.chargeRef)}`;
    const before = await this.call<PaymentSpringTransaction>('GET', path);
    const had = before.amount_refunded ?? 0;
    const amount = request.amount ?? before.amount_settled - (request.refundedBefore ?? had);
    const reference = (total: number) => `${before.id}:refunded-${total}`;
    if (request.refundedBefore !== undefined && had !== request.refundedBefore) {
      if (had === request.refundedBefore + amount) return { providerRef: reference(had), amount };
      throw new GatewayError(
        409,
        'PaymentSpring shows other refunds of this payment than ours. Check the payment on PaymentSpring before refunding it here.',
      );
    }
    const after = await this.call<PaymentSpringTransaction>('POST', `${path}/cancel`, { amount });
    // PaymentSpring's cancel answers the transaction, not a refund of its own: the reference is the
    // transaction and the running total it reached.
    return { providerRef: reference(after.amount_refunded ?? had + amount), amount };
  }
}
