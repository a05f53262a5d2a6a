import Stripe from 'stripe';
import type { PlatformBillingConfig } from '../../config.ts';
import { verifyStripeEvent } from '../../lib/stripe-webhook.ts';
import {
  type BankDetails,
  BillingError,
  type BillingProvider,
  type CardSetupResult,
  type ChargeRequest,
  type ChargeResult,
  InvalidPlanEvent,
  type PaymentMethodInfo,
  type PlanEvent,
} from './billing-provider.ts';

/** Stripe's parameter names, as the bank form names them. */
const FIELD_OF_PARAM: Record<string, string> = {
  'us_bank_account[routing_number]': 'bankRoutingNumber',
  'us_bank_account[account_number]': 'bankAccountNumber',
};

function toInfo(method: Stripe.PaymentMethod): PaymentMethodInfo {
  if (method.type === 'us_bank_account') {
    return {
      id: method.id,
      type: 'bank',
      brand: method.us_bank_account?.bank_name ?? 'Bank account',
      last4: method.us_bank_account?.last4 ?? '',
      expMonth: null,
      expYear: null,
    };
  }
  return {
    id: method.id,
    type: 'card',
    brand: method.card?.brand ?? 'card',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
  };
}

/**
 * Stripe's errors as ours. A decline keeps Stripe's own message and names `payment`; a bad
 * parameter names the form's field; anything else (keys refused, Stripe unreachable) is a 502 whose
 * text says nothing about our keys. The SDK error itself is not rethrown, so no request detail of
 * the SDK's reaches a log.
 */
function billingError(error: unknown, field = 'payment'): BillingError {
  if (error instanceof Stripe.errors.StripeCardError) {
    const param = error.param ? FIELD_OF_PARAM[error.param] : undefined;
    return new BillingError(402, error.code ?? 'card_declined', error.message, param ?? field);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const param = error.param ? FIELD_OF_PARAM[error.param] : undefined;
    return new BillingError(400, error.code ?? 'invalid_request', error.message, param ?? field);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new BillingError(
      400,
      'idempotency_error',
      'This checkout was already used for another payment. Please start again.',
      field,
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new BillingError(
      502,
      'provider_unreachable',
      'The payment provider could not be reached. Please try again.',
      field,
    );
  }
  return new BillingError(
    502,
    'provider_error',
    'The payment provider refused the request. Please try again later.',
    field,
  );
}

/** The platform's Stripe account, on the official SDK. `STRIPE_API_BASE` points it elsewhere (tests). */
export class StripeBilling implements BillingProvider {
  private readonly stripe: Stripe;
  readonly publishableKey: string;

  constructor(secretKey: string, publishableKey: string, apiBase: string | null) {
    this.publishableKey = publishableKey;
    const base = apiBase ? new URL(apiBase) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Atrium platform billing' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async ensureCustomer(input: { customerId: string | null; tenantId: string; name: string; email: string }) {
    if (input.customerId) return input.customerId;
    try {
      const customer = await this.stripe.customers.create(
        { name: input.name, ...(input.email ? { email: input.email } : {}), metadata: { tenantId: input.tenantId } },
        // One customer per tenant even when two checkouts race.
        { idempotencyKey: `atrium-customer-${input.tenantId}` },
      );
      return customer.id;
    } catch (error) {
      throw billingError(error);
    }
  }

  async startCardSetup(input: {
    customerId: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; url: string }> {
    try {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'setup',
        customer: input.customerId,
        allowed_payment_method_types: ['card'],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
      });
      if (!session.url)
        throw new BillingError(502, 'provider_error', 'The payment page could not be opened.', 'payment');
      return { id: session.id, url: session.url };
    } catch (error) {
      throw error instanceof BillingError ? error : billingError(error);
    }
  }

  async finishCardSetup(sessionId: string): Promise<CardSetupResult> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] });
    } catch (error) {
      throw billingError(error, 'sessionId');
    }
    const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? '');
    const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
    const methodId = intent?.status === 'succeeded' ? intent.payment_method : null;
    if (session.status !== 'complete' || !methodId)
      return { customerId, metadata: session.metadata ?? {}, method: null };
    try {
      const method = typeof methodId === 'string' ? await this.stripe.paymentMethods.retrieve(methodId) : methodId;
      return { customerId, metadata: session.metadata ?? {}, method: toInfo(method) };
    } catch (error) {
      throw billingError(error);
    }
  }

  async createBankMethod(bank: BankDetails): Promise<PaymentMethodInfo> {
    try {
      const method = await this.stripe.paymentMethods.create({
        type: 'us_bank_account',
        us_bank_account: {
          account_number: bank.accountNumber,
          routing_number: bank.routingNumber,
          account_holder_type: 'company',
          account_type: bank.accountType,
        },
        billing_details: { name: bank.name },
      });
      return toInfo(method);
    } catch (error) {
      throw billingError(error, 'bankAccountNumber');
    }
  }

  async methodFromToken(token: string): Promise<PaymentMethodInfo> {
    try {
      return toInfo(await this.stripe.paymentMethods.create({ type: 'card', card: { token } }));
    } catch (error) {
      throw billingError(error);
    }
  }

  async attachMethod(methodId: string, customerId: string): Promise<PaymentMethodInfo> {
    try {
      return toInfo(await this.stripe.paymentMethods.attach(methodId, { customer: customerId }));
    } catch (error) {
      throw billingError(error);
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: request.currency,
          customer: request.customerId,
          payment_method: request.methodId,
          // No redirect-based method can be completed here (no Stripe.js, no return page).
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          description: request.description,
          metadata: request.metadata,
          ...(request.mandate
            ? {
                mandate_data: {
                  customer_acceptance: {
                    type: 'online',
                    online: { ip_address: request.mandate.ipAddress, user_agent: request.mandate.userAgent },
                  },
                },
              }
            : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      throw billingError(error);
    }
    if (intent.status === 'succeeded') return { id: intent.id, status: 'succeeded' };
    if (intent.status === 'processing') return { id: intent.id, status: 'processing' };
    if (intent.status === 'requires_action') {
      throw new BillingError(
        402,
        'authentication_required',
        request.methodType === 'bank'
          ? 'This bank account must be verified before it can be debited. Please pay by card.'
          : 'This card needs extra authentication, which this checkout cannot do yet. Please use another card.',
        'payment',
      );
    }
    throw new BillingError(
      402,
      'payment_failed',
      'The payment did not go through. Please use another card.',
      'payment',
    );
  }

  parseEvent(rawBody: Buffer, signature: string | undefined, secret: string): PlanEvent {
    if (!signature) throw new InvalidPlanEvent('Stripe-Signature is missing');
    let event: Stripe.Event;
    try {
      event = verifyStripeEvent(this.stripe, rawBody, signature, secret);
    } catch (error) {
      throw new InvalidPlanEvent(error instanceof Error ? error.message : 'the signature does not verify');
    }
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const intent = event.data.object;
      return {
        kind: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
        eventId: event.id,
        paymentRef: intent.id,
        message: intent.last_payment_error?.message ?? null,
      };
    }
    if (event.type === 'charge.dispute.created') {
      const dispute = event.data.object;
      const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      if (intent) return { kind: 'disputed', eventId: event.id, paymentRef: intent, message: dispute.reason ?? null };
    }
    return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}

export function createBillingProvider(config: PlatformBillingConfig): BillingProvider | null {
  if (!config.stripeSecretKey || !config.stripePublishableKey) return null;
  return new StripeBilling(config.stripeSecretKey, config.stripePublishableKey, config.stripeApiBase);
}
