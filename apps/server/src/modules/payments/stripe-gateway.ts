import Stripe from 'stripe';
import { verifyStripeEvent } from '../../lib/stripe-webhook.ts';
import {
  type CardSetupOutcome,
  GatewayError,
  type HostedPayment,
  type HostedPaymentRequest,
  InvalidNotice,
  type PaymentNotice,
  type RefundRequest,
  type RefundResult,
  type SavedCardCharge,
  type SavedCardGateway,
  type SignedEventGateway,
} from './payment-gateway.ts';
import { PROVIDER_UNAVAILABLE, PROVIDER_UNREACHABLE } from './provider-http.ts';

function gatewayError(error: unknown): GatewayError {
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    // The platform's key or the account's grant: nothing the buyer can fix, and no detail of our keys to show.
    return new GatewayError(503, PROVIDER_UNAVAILABLE);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new GatewayError(409, 'This payment was already started with other details. Please try again.');
  }
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    if (status >= 400 && status < 500) return new GatewayError(400, error.message);
  }
  return new GatewayError(502, PROVIDER_UNREACHABLE);
}

/**
 * Stripe Checkout on the tenant's connected account: the platform's secret key with
 * `Stripe-Account: acct_…` (Stripe's "direct charges"), on the official SDK. The Connect webhook
 * endpoint's secret verifies events of every connected account. `apiBase` points the SDK at a
 * local server (tests, e2e, `npm run dev:stubs`).
 */
export class StripeGateway implements SignedEventGateway, SavedCardGateway {
  readonly provider = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string | null,
    apiBase: string | null,
  ) {
    const base = apiBase ? new URL(apiBase) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Atrium payments' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async startHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment> {
    const metadata = { tenantId: request.reference.tenantId, invoiceId: request.reference.invoiceId };
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.reference.invoiceId,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          metadata,
          payment_intent_data: { metadata },
        },
        { stripeAccount: request.account, idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      throw gatewayError(error);
    }
    if (!session.url) throw new GatewayError(409, 'This payment has already been completed or has expired.');
    return { redirectUrl: session.url, providerRef: session.id };
  }

  parseNotice(rawBody: Buffer, signature: string | undefined): PaymentNotice {
    if (!this.webhookSecret) throw new InvalidNotice('no webhook secret is configured');
    if (!signature) throw new InvalidNotice('Stripe-Signature is missing');
    let event: Stripe.Event;
    try {
      event = verifyStripeEvent(this.stripe, rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new InvalidNotice(error instanceof Error ? error.message : 'the signature does not verify');
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
      return { kind: 'ignored', eventId: event.id, type: event.type };
    }
    const session = event.data.object;
    const chargeRef = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (session.payment_status !== 'paid' || !event.account || !chargeRef || session.amount_total === null) {
      return { kind: 'ignored', eventId: event.id, type: event.type };
    }
    const { tenantId, invoiceId } = session.metadata ?? {};
    return {
      kind: 'paid',
      eventId: event.id,
      account: event.account,
      reference: tenantId && invoiceId ? { tenantId, invoiceId } : null,
      amount: session.amount_total,
      currency: (session.currency ?? '').toUpperCase(),
      chargeRef,
      attemptRef: session.id,
    };
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.chargeRef,
          ...(request.amount === undefined ? {} : { amount: request.amount }),
          ...(request.reason ? { reason: request.reason } : {}),
        },
        { stripeAccount: request.account, idempotencyKey: request.idempotencyKey },
      );
      return { providerRef: refund.id, amount: refund.amount };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async createCustomer(account: string, input: { email: string; name: string; idempotencyKey: string }) {
    try {
      const customer = await this.stripe.customers.create(
        { email: input.email || undefined, name: input.name || undefined },
        { stripeAccount: account, idempotencyKey: input.idempotencyKey },
      );
      return customer.id;
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async startCardSetup(
    account: string,
    input: { customer: string; successUrl: string; cancelUrl: string; metadata: Record<string, string> },
  ) {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: input.customer,
          allowed_payment_method_types: ['card'],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
        },
        { stripeAccount: account },
      );
      if (!session.url) throw new GatewayError(502, PROVIDER_UNREACHABLE);
      return { id: session.id, url: session.url };
    } catch (error) {
      throw error instanceof GatewayError ? error : gatewayError(error);
    }
  }

  async finishCardSetup(account: string, sessionId: string): Promise<CardSetupOutcome> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(
        sessionId,
        { expand: ['setup_intent'] },
        { stripeAccount: account },
      );
      const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? '');
      const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
      const methodId = intent?.status === 'succeeded' ? intent.payment_method : null;
      if (session.mode !== 'setup' || session.status !== 'complete' || !methodId) {
        return { customer, metadata: session.metadata ?? {}, card: null };
      }
      const method =
        typeof methodId === 'string'
          ? await this.stripe.paymentMethods.retrieve(methodId, {}, { stripeAccount: account })
          : methodId;
      const label = method.card ? `${method.card.brand} ending ${method.card.last4}` : 'Saved card';
      return { customer, metadata: session.metadata ?? {}, card: { id: method.id, label } };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async chargeSavedCard(account: string, input: SavedCardCharge): Promise<string> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          customer: input.customer,
          payment_method: input.card,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { stripeAccount: account, idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      throw gatewayError(error);
    }
    if (intent.status !== 'succeeded') throw new GatewayError(402, 'The payment did not go through.');
    return intent.id;
  }
}
