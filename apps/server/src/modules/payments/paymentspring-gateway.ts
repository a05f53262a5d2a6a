import {
  GatewayError,
  type HostedPayment,
  type HostedPaymentRequest,
  type PaymentGateway,
  type PaymentNotice,
  type RefundRequest,
  type RefundResult,
} from './payment-gateway.ts';
import { PROVIDER_UNAVAILABLE, PROVIDER_UNREACHABLE } from './stripe-gateway.ts';

const TIMEOUT_MS = 15_000;

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
}

export interface PaymentSpringCharge {
  token: string;
  amount: number;
  description: string;
  email?: string;
  reference: { tenantId: string; invoiceId: string };
}

/**
 * PaymentSpring's REST API with the tenant's own keys (the mode Settings > Integrations chose).
 * The card is never on our server: the buyer's browser sends it to PaymentSpring's `POST /tokens`
 * with the PUBLIC key and hands us the single-use token; this adapter charges the token with the
 * PRIVATE key (`POST /charge`) and refunds (`POST /charge/{id}/cancel` with an amount). Basic auth,
 * the key as the user name and no password; amounts in cents.
 *
 * PaymentSpring takes no idempotency key: a token charges at most once on its side, and the callers
 * claim each charge and refund attempt before calling (`startOnce`), so a double submit or a retried
 * job calls once.
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

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.privateKey}:`).toString('base64')}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new GatewayError(502, PROVIDER_UNREACHABLE);
    }
    const answer = (await response.json().catch(() => null)) as
      | (T & { errors?: Array<{ code?: string; message?: string }> })
      | null;
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
  async charge(charge: PaymentSpringCharge): Promise<Extract<PaymentNotice, { kind: 'paid' }>> {
    const transaction = await this.call<PaymentSpringTransaction>('POST', '/charge', {
      token: charge.token,
      amount: charge.amount,
      description: charge.description,
      ...(charge.email ? { email_address: charge.email } : {}),
      send_receipt: false,
      metadata: { tenantId: charge.reference.tenantId, invoiceId: charge.reference.invoiceId },
    });
    if (transaction.class !== 'transaction' || transaction.status !== 'SETTLED' || !transaction.id) {
      throw new GatewayError(400, `The card payment did not complete (${transaction.status || 'no status'}).`);
    }
    return {
      kind: 'paid',
      eventId: transaction.id,
      account: this.publicKey,
      reference: charge.reference,
      amount: transaction.amount_settled,
      currency: PAYMENTSPRING_CURRENCY,
      chargeRef: transaction.id,
      attemptRef: transaction.id,
    };
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const before = await this.call<PaymentSpringTransaction>('GET', `/charge/${encodeURIComponent(request.chargeRef)}`);
    const after = await this.call<PaymentSpringTransaction>(
      'POST',
      `/charge/${encodeURIComponent(request.chargeRef)}/cancel`,
      request.amount === undefined ? {} : { amount: request.amount },
    );
    const refunded = request.amount ?? (after.amount_refunded ?? 0) - (before.amount_refunded ?? 0);
    // PaymentSpring's cancel answers the transaction, not a refund of its own: the reference is the
    // transaction and the running total it reached.
    return { providerRef: `${after.id}:refunded-${after.amount_refunded ?? 0}`, amount: refunded };
  }
}
