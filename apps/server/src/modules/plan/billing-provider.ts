/**
 * How the platform charges a tenant for its plan. One adapter today (Stripe, `stripe-billing.ts`);
 * the service never sees the provider's SDK. Card numbers never reach the platform: a new card is
 * typed on the provider's hosted page (a setup session) and comes back as a payment method.
 */
export interface PaymentMethodInfo {
  id: string;
  type: 'card' | 'bank';
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** A card saved on the provider's hosted page, and what the session carried. */
export interface CardSetupResult {
  customerId: string;
  metadata: Record<string, string>;
  /** Null while the page has not been completed (or was abandoned). */
  method: PaymentMethodInfo | null;
}

export interface BankDetails {
  name: string;
  accountNumber: string;
  routingNumber: string;
  accountType: 'checking' | 'savings';
}

export interface ChargeRequest {
  customerId: string;
  methodId: string;
  methodType: 'card' | 'bank';
  /** In the smallest unit of the currency (cents, paise). */
  amountMinor: number;
  currency: 'usd' | 'inr';
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** ACH debits need the payer's online mandate acceptance. */
  mandate?: { ipAddress: string; userAgent: string };
}

export interface ChargeResult {
  id: string;
  status: 'succeeded' | 'processing';
}

/**
 * What a signed event of the platform's account says about a plan payment: a bank debit settled or
 * failed days later, or a payment disputed. `paymentRef` is the payment the history recorded.
 */
export type PlanEvent =
  | { kind: 'succeeded' | 'failed' | 'disputed'; eventId: string; paymentRef: string; message: string | null }
  | { kind: 'ignored'; eventId: string; type: string };

export interface BillingProvider {
  readonly publishableKey: string;
  /** The tenant's customer at the provider: the stored one, or a new one (idempotent per tenant). */
  ensureCustomer(input: { customerId: string | null; tenantId: string; name: string; email: string }): Promise<string>;
  /** The provider's hosted page where the customer types a new card; its session id goes to successUrl. */
  startCardSetup(input: {
    customerId: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; url: string }>;
  finishCardSetup(sessionId: string): Promise<CardSetupResult>;
  createBankMethod(bank: BankDetails): Promise<PaymentMethodInfo>;
  /** A provider token (e.g. Stripe's tok_...) turned into a payment method. */
  methodFromToken(token: string): Promise<PaymentMethodInfo>;
  attachMethod(methodId: string, customerId: string): Promise<PaymentMethodInfo>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** A webhook's event, once its signature over the exact bytes verifies (else an InvalidPlanEvent). */
  parseEvent(rawBody: Buffer, signature: string | undefined, secret: string): PlanEvent;
}

export class InvalidPlanEvent extends Error {}

/** A provider refusal the payer can act on (402 declined, 400 a bad field) or the provider failing (502). */
export class BillingError extends Error {
  constructor(
    readonly statusCode: 400 | 402 | 502,
    readonly code: string,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}
