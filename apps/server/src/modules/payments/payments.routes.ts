import {
  DeskCardPaymentRequest,
  ErrorBody,
  InvoiceDetail,
  InvoiceRefundRequest,
  PaymentRedirect,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { requireStaff, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { InvalidNotice, type PaymentGateway } from './payment-gateway.ts';
import {
  applyNotice,
  EXCESS_REFUND_QUEUE,
  EXCESS_REFUND_SWEEP,
  type ExcessRefundJob,
  refundExcess,
  sweepExcessRefunds,
} from './payment-notices.service.ts';
import { type Payments, refundInvoicePayment, startDeskPayment, startPublicPayment } from './payments.service.ts';
import { StripeGateway } from './stripe-gateway.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};
const InvoiceParams = z.object({ id: z.uuid('id must be an invoice id') });
const PublicParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'id must be an invoice link id') });
const WebhookAnswer = z.object({ received: z.literal(true) });

/** Selling: every staff role; refunds: admins and staff (decisions.md "Invoices"). */
const sell = (request: FastifyRequest) => requireStaff(request);
const manage = (request: FastifyRequest) => requireStaff(request, 'admin', 'staff');

/** The card gateway of the platform: Stripe Checkout on connected accounts, when the platform has Stripe keys. */
export function createCardGateway(platform: Platform): PaymentGateway | null {
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
  const payments: Payments = { platform, gateway: createCardGateway(platform) };
  const { gateway } = payments;

  if (gateway) {
    platform.jobs.register<ExcessRefundJob>(EXCESS_REFUND_QUEUE, (job) => refundExcess(platform, gateway, job), {
      retryLimit: 6,
      retryDelaySeconds: 30,
      retryBackoff: true,
      policy: 'short',
    });
    platform.jobs.register(EXCESS_REFUND_SWEEP, async () => void (await sweepExcessRefunds(platform)), {
      retryLimit: 0,
    });
    platform.jobs.schedule(EXCESS_REFUND_SWEEP, '*/5 * * * *');
  }

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
        let notice: ReturnType<PaymentGateway['parseNotice']>;
        try {
          notice = gateway.parseNotice(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof InvalidNotice) {
            throw badRequest('stripe-signature', 'The webhook signature is missing, wrong or too old.');
          }
          throw error;
        }
        const outcome = await applyNotice(platform, gateway, notice);
        if (outcome === 'not_ours' && notice.kind === 'paid') {
          request.log.warn({ eventId: notice.eventId, account: notice.account }, 'payment event for no tenant of ours');
        }
        return { received: true as const };
      },
    );
  });
}
