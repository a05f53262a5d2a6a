/**
 * What the payments module asks of a card payment provider, without naming one (DESIGN.md: one
 * interface, one adapter per provider). Every call is made outside any database transaction.
 *
 * The shape fits the providers still to come: a hosted payment answers where to send the browser
 * (Stripe Checkout's page; Razorpay's order, opened by its checkout script on a page of ours;
 * PhonePe's pay page, which comes back to a confirm route) and the provider's reference to match
 * the confirmation against; a confirmation is whatever the provider sends (a signed webhook, or the
 * signed answer on a return route), parsed into one `PaymentNotice`. PaymentSpring's browser token
 * is charged with `start` too, the token standing where a redirect would.
 */
export interface HostedPaymentRequest {
  /** The connected account (Stripe's `acct_…`), Razorpay key id or PhonePe merchant id the money goes to. */
  account: string;
  /** Minor units of `currency` (ISO 4217, upper case). */
  amount: number;
  currency: string;
  /** What the buyer sees on the provider's page ('Invoice INV-00042 - Studio name'). */
  description: string;
  /** Where the provider sends the browser back: both on the tenant's own origin. */
  successUrl: string;
  cancelUrl: string;
  /** Derived from what is paid (the invoice and its open balance): a retry opens the same payment. */
  idempotencyKey: string;
  /** Echoed back in the notice: the tenant and the invoice (ours, never trusted without a re-check). */
  reference: { tenantId: string; invoiceId: string };
  customerEmail?: string;
}

export interface HostedPayment {
  /** Where the browser goes to pay. */
  redirectUrl: string;
  /** When set, the browser posts these fields to `redirectUrl` as a form (Razorpay's hosted checkout). */
  form?: Record<string, string>;
  /** The provider's id of this payment attempt (a Checkout Session id). */
  providerRef: string;
}

/** A verified, parsed provider event. Other event kinds are `ignored`. */
export type PaymentNotice =
  | {
      kind: 'paid';
      /** The provider's event id: an event is applied once however often it is delivered. */
      eventId: string;
      account: string;
      reference: { tenantId: string; invoiceId: string } | null;
      amount: number;
      currency: string;
      /** The charge to refund later (Stripe's PaymentIntent id). */
      chargeRef: string;
      /** The attempt it completes (the Checkout Session id). */
      attemptRef: string;
    }
  | { kind: 'ignored'; eventId: string; type: string };

export interface RefundRequest {
  account: string;
  /** The charge, as `PaymentNotice.chargeRef` gave it. */
  chargeRef: string;
  /** Minor units; the whole charge when left out. */
  amount?: number;
  /** Derived from the request (or the event) that asked for it: a retry never refunds twice. */
  idempotencyKey: string;
  /**
   * What our records hold as refunded from this charge before this request. A provider without
   * idempotency keys (PaymentSpring) compares it with its own total to tell a lost answer from a new refund.
   */
  refundedBefore?: number;
  reason?: 'duplicate' | 'requested_by_customer';
}

export interface RefundResult {
  providerRef: string;
  amount: number;
}

/** A provider's refusal or failure, with a message fit for the person who asked. */
export class GatewayError extends Error {
  constructor(
    /** 400-range: the provider refused the request; 502: it could not be reached or failed. */
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A webhook that does not verify (bad or stale signature, not JSON). Nothing is applied. */
export class InvalidNotice extends Error {}

export interface PaymentGateway {
  /** The provider's name as stored on payments (`invoice_payments.provider`). */
  readonly provider: string;
  /** Set when the provider takes no idempotency key (PaymentSpring): callers claim each call (`refundOnce`). */
  readonly withoutIdempotencyKeys?: true;
  startHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  refund(request: RefundRequest): Promise<RefundResult>;
}

/**
 * A provider whose confirmation is a signed event complete in itself (Stripe). Razorpay and PhonePe
 * confirm differently: their signed callback only names the payment, which is then read back from
 * the provider with the tenant's own keys (`razorpay-gateway.ts`, `phonepe-gateway.ts`).
 */
export interface SignedEventGateway extends PaymentGateway {
  /** Verifies the signature over the raw body and parses the event; throws InvalidNotice. */
  parseNotice(rawBody: Buffer, signature: string | undefined): PaymentNotice;
}

/** A card saved on the provider's page for later charges (memberships), as the provider names it. */
export interface SavedCard {
  id: string;
  /** 'visa ending 4242'. */
  label: string;
}

export interface CardSetupOutcome {
  customer: string;
  metadata: Record<string, string>;
  /** Null while the page has not been completed. */
  card: SavedCard | null;
}

/**
 * Saved cards on the tenant's account, charged off-session each billing cycle. The card is typed on
 * the provider's own setup page (card data never reaches us); a charge's idempotency key is derived
 * from what it pays (a subscription cycle and attempt), so a re-run never charges twice.
 */
export interface SavedCardGateway {
  readonly provider: string;
  /** A customer of the account for this payer (one per key). */
  createCustomer(account: string, input: { email: string; name: string; idempotencyKey: string }): Promise<string>;
  startCardSetup(
    account: string,
    input: { customer: string; successUrl: string; cancelUrl: string; metadata: Record<string, string> },
  ): Promise<{ id: string; url: string }>;
  /** Reads the setup page's outcome back from the provider (never trusting the browser). */
  finishCardSetup(account: string, sessionId: string): Promise<CardSetupOutcome>;
  /**
   * Charges the saved card; answers the provider's charge id. A refusal (declined card) is a
   * GatewayError in the 400 range; a failure to reach the provider a 502 (the outcome is unknown: retry with the same key).
   */
  chargeSavedCard(account: string, input: SavedCardCharge): Promise<string>;
}

/** A charge on a customer's saved card (minor units), made once per idempotency key. */
export interface SavedCardCharge {
  customer: string;
  card: string;
  amount: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}
