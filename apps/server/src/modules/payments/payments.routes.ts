import {
  CardTokenPaymentRequest,
  DeskCardPaymentRequest,
  DeskCardTokenPaymentRequest,
  ErrorBody,
  ExcessPaymentList,
  InvoiceDetail,
  InvoiceRefundRequest,
  PaymentRedirect,
  PhonePeConfirmation,
  PublicCardPaymentRequest,
  PublicPaymentQuery,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { CredentialVault, credentialsKey } from '../integrations/vault.ts';
import { CardProviders } from './card-providers.ts';
import { listExcess, retryExcessRefund, settleExcessByHand } from './excess-payments.service.ts';
import { InvalidNotice, type PaymentNotice } from './payment-gateway.ts';
import {
  applyNotice,
  EXCESS_REFUND_QUEUE,
  EXCESS_REFUND_SWEEP,
  type ExcessRefundJob,
  refundExcess,
  sweepExcessRefunds,
} from './payment-notices.service.ts';
import {
  chargeDeskToken,
  chargePublicToken,
  type Payments,
  refundInvoicePayment,
  startDeskPayment,
  startPublicPayment,
  startPublicPaymentOfType,
} from './payments.service.ts';
import { confirmPhonePe, phonepeCallback, razorpayReturn, razorpayWebhook } from './regional-payments.service.ts';
import { StripeGateway } from './stripe-gateway.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};
const InvoiceParams = z.object({ id: z.uuid('id must be an invoice id') });
const PublicParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'id must be an invoice link id') });
const WebhookAnswer = z.object({ received: z.literal(true) });
const EventParams = z.object({
  provider: z.string().regex(/^[a-z]{2,20}$/, 'provider must be a payment provider'),
  eventId: z.string().min(1, 'eventId is required').max(200, 'eventId must be at most 200 characters'),
});

/** Selling: every staff role; refunds: admins and staff (decisions.md "Invoices"). */
const sell = (request: FastifyRequest) => requireStaff(request);
const manage = (request: FastifyRequest) => requireStaff(request, 'admin', 'staff');

/** The platform's Stripe gateway (Checkout on connected accounts), when the platform has Stripe keys. */
export function createStripeGateway(platform: Platform): StripeGateway | null {
  const { stripeSecretKey } = platform.config.platformBilling;
  if (!stripeSecretKey) return null;
  return new StripeGateway(
    stripeSecretKey,
    platform.config.payments.stripeWebhookSecret,
    platform.config.payments.stripeApiBase,
  );
}

/** Card payments (spec 3 §7.5 publicpayment, paymentintent, refund) and the provider's webhook. */
export async function registerPaymentRoutes(server: FastifyInstance, platform: Platform): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const gateway = createStripeGateway(platform);
  const vault = new CredentialVault(await credentialsKey(platform.db, platform.config));
  const providers = new CardProviders(platform, gateway, vault);
  const payments: Payments = { platform, providers };

  // Every platform takes cards now: tenants may bring their own Razorpay or PhonePe keys.
  platform.jobs.register<ExcessRefundJob>(EXCESS_REFUND_QUEUE, (job) => refundExcess(platform, providers, job), {
    retryLimit: 6,
    retryDelaySeconds: 30,
    retryBackoff: true,
    policy: 'short',
  });
  platform.jobs.register(EXCESS_REFUND_SWEEP, async () => void (await sweepExcessRefunds(platform)), {
    retryLimit: 0,
  });
  platform.jobs.schedule(EXCESS_REFUND_SWEEP, '*/5 * * * *');

  app.post(
    '/item/invoice/:id/publicpayment',
    {
      schema: {
        tags,
        summary:
          "Starts a card payment of the invoice's open balance on the provider's page (no login; the id is the link's)",
        params: PublicParams,
        response: { 200: PaymentRedirect, ...errors },
      },
    },
    async (request) => startPublicPayment(payments, requireTenant(request), request.params.id),
  );

  // The spec's other names for the same start (spec 3 §7.8): the invoice's link id in the body.
  app.post(
    '/item/payment/public/paymentintent',
    {
      schema: {
        tags,
        summary:
          "Starts a card payment of a public invoice's open balance (no login; invoiceId is the invoice link's id); as publicpayment",
        body: PublicCardPaymentRequest,
        response: { 200: PaymentRedirect, ...errors },
      },
    },
    async (request) => startPublicPayment(payments, requireTenant(request), request.body.invoiceId),
  );

  app.post(
    '/public/payment',
    {
      schema: {
        tags,
        summary:
          'Starts a card payment of a public invoice, as publicpayment; type (product or donation; course is not sold online yet) must be what the invoice pays for',
        querystring: PublicPaymentQuery,
        body: PublicCardPaymentRequest,
        response: { 200: PaymentRedirect, ...errors },
      },
    },
    async (request) =>
      startPublicPaymentOfType(payments, requireTenant(request), request.query.type, request.body.invoiceId),
  );

  app.post(
    '/item/payment/paymentintent',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary: "Starts a card payment of an invoice's open balance from the desk; answers the provider's page",
        body: DeskCardPaymentRequest,
        response: { 200: PaymentRedirect, ...errors },
      },
    },
    async (request) => startDeskPayment(payments, sell(request), request.body.invoiceId),
  );

  app.post(
    '/item/invoice/:id/paymentspring',
    {
      schema: {
        tags,
        summary:
          "PaymentSpring: charges the card token the buyer's browser made (never the card) for the invoice's open balance, once per token (no login; the link's id)",
        params: PublicParams,
        body: CardTokenPaymentRequest,
        response: { 200: PaymentRedirect, ...errors },
      },
    },
    async (request) =>
      chargePublicToken(payments, requireTenant(request), request.params.id, request.body.token, request.ip),
  );

  app.post(
    '/item/payment/paymentspring',
    {
      preValidation: async (request) => void sell(request),
      schema: {
        tags,
        summary: "PaymentSpring from the desk: charges the token made on the invoice screen's card form",
        body: DeskCardTokenPaymentRequest,
        response: { 200: PaymentRedirect, ...errors },
      },
    },
    async (request) => chargeDeskToken(payments, sell(request), request.body.invoiceId, request.body.token),
  );

  app.post(
    '/item/invoice/:id/refund',
    {
      preValidation: async (request) => void manage(request),
      schema: {
        tags: ['invoices'],
        summary:
          'Refunds part or all of one payment (never more than is left of it); a card payment through its provider first',
        params: InvoiceParams,
        body: InvoiceRefundRequest,
        response: { 200: InvoiceDetail, ...errors },
      },
    },
    async (request) => refundInvoicePayment(payments, manage(request), request.params.id, request.body),
  );

  app.get(
    '/item/payment/excess',
    {
      preValidation: async (request) => void manage(request),
      schema: {
        tags,
        summary: 'Money a provider took that found nothing to pay: refunds still on their way or failed',
        response: { 200: ExcessPaymentList, ...errors },
      },
    },
    async (request) => listExcess(platform, manage(request)),
  );
  app.post(
    '/item/payment/excess/:provider/:eventId/retry',
    {
      preValidation: async (request) => void manage(request),
      schema: {
        tags,
        summary: 'Tries a failed excess refund again through the provider (409 unless it failed)',
        params: EventParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await retryExcessRefund(platform, manage(request), request.params.provider, request.params.eventId);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/item/payment/excess/:provider/:eventId/settle',
    {
      preValidation: async (request) => void manage(request),
      schema: {
        tags,
        summary: 'Records that staff gave a failed excess refund back by hand (409 unless it failed)',
        params: EventParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await settleExcessByHand(platform, manage(request), request.params.provider, request.params.eventId);
      return reply.code(204).send(null);
    },
  );

  // The signature is over the exact bytes Stripe sent: this route alone reads its body raw.
  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/stripe',
      {
        schema: {
          tags,
          summary:
            "Stripe's Connect webhook: a signed event (300 s tolerance) applied once; a bad signature is a 400 and changes nothing",
          response: { 200: WebhookAnswer, 400: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => {
        if (!gateway) throw badRequest('stripe-signature', 'Stripe webhooks are not configured on this platform.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let notice: PaymentNotice;
        try {
          notice = gateway.parseNotice(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof InvalidNotice) {
            throw badRequest('stripe-signature', 'The webhook signature is missing, wrong or too old.');
          }
          throw error;
        }
        const outcome = await applyNotice(platform, providers, gateway, notice);
        if (outcome === 'not_ours' && notice.kind === 'paid') {
          request.log.warn({ eventId: notice.eventId, account: notice.account }, 'payment event for no tenant of ours');
        }
        return { received: true as const };
      },
    );

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/razorpay',
      {
        schema: {
          tags,
          summary:
            "Razorpay's webhook (payment.captured, order.paid), X-Razorpay-Signature over the raw body; the order is read back with the tenant's keys and applied once",
          response: { 200: WebhookAnswer, 400: ErrorBody, 502: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-razorpay-signature'];
        try {
          await razorpayWebhook(payments, raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof InvalidNotice) {
            throw badRequest('x-razorpay-signature', 'The webhook signature is missing or wrong.');
          }
          throw error;
        }
        return { received: true as const };
      },
    );
  });

  // Razorpay's checkout posts its answer as a form (callback_url mode): this scope reads forms only.
  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/item/razorpay/callback/:to/:id',
      {
        schema: {
          tags,
          summary:
            "Razorpay's checkout comes back here: the payment signature is verified, the order read back and applied once, then the browser goes to the invoice",
          params: z.object({
            to: z.enum(['public', 'desk'], { message: 'to must be public or desk' }),
            id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'id must be an invoice id'),
          }),
          body: z.record(z.string(), z.string()),
          response: { 400: ErrorBody, 404: ErrorBody, 502: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const { to, id } = request.params;
        const next = await razorpayReturn(payments, requireTenant(request), to, id, request.body);
        return reply.redirect(next, 303);
      },
    );
  });

  app.get(
    '/item/phonepe/:tenantId/confirm/:paymentIntent',
    {
      schema: {
        tags,
        summary:
          "PhonePe's state of a payment (asked of PhonePe, never taken from the browser); a completed payment is applied once (no login)",
        params: z.object({ tenantId: z.string().max(64), paymentIntent: z.string().max(64) }),
        response: { 200: PhonePeConfirmation, ...errors },
      },
    },
    async (request) =>
      confirmPhonePe(payments, requireTenant(request), request.params.tenantId, request.params.paymentIntent),
  );

  app.post(
    '/webhooks/phonepe',
    {
      schema: {
        tags,
        summary:
          "PhonePe's server-to-server callback on the tenant's host: X-VERIFY checked with the tenant's salt key, then the state is asked of PhonePe",
        body: z.object({ response: z.string({ message: 'response is required' }) }),
        response: { 200: PhonePeConfirmation, ...errors },
      },
    },
    async (request) => {
      const checksum = request.headers['x-verify'];
      return phonepeCallback(
        payments,
        requireTenant(request),
        request.body,
        typeof checksum === 'string' ? checksum : undefined,
      );
    },
  );
}
