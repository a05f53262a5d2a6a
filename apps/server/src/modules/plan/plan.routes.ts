import {
  BankForm,
  CardSetupComplete,
  CardSetupRequest,
  CardSetupStart,
  CheckoutTokens,
  ErrorBody,
  PaymentMethodToken,
  PlanHistory,
  PlanHistoryQuery,
  PlanOffers,
  planCurrencyOf,
  Subscription,
  SubscriptionUpdate,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { requireStaff } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { type BillingProvider, InvalidPlanEvent, type PlanEvent } from './billing-provider.ts';
import { getSubscription, planHistory } from './plan.service.ts';
import { planOffers } from './plan-catalogue.ts';
import { updateSubscription } from './plan-change.service.ts';
import { checkoutTokens, completeCardSetup, startCardSetup, tokenizeBank } from './plan-checkout.service.ts';
import { enforcePlanLimits } from './plan-limits.ts';
import { schedulePlanRenewals } from './plan-renewals.service.ts';
import { applyPlanEvent } from './plan-webhooks.service.ts';
import { createBillingProvider } from './stripe-billing.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  402: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};
const tags = ['plan'];
const WebhookAnswer = z.object({ received: z.literal(true) });
/** The plan is the organisation's contract with the platform: admins only, reads included. */
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
// Checked before the body is validated, so a non-admin learns nothing from a 400.
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/** What an ACH debit's mandate records of the payer's request. */
const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});

/** Spec 2 §7 "Plan": the tenant's subscription to the platform, its checkout and its payments. */
export function registerPlanRoutes(
  server: FastifyInstance,
  platform: Platform,
  provider: BillingProvider | null = createBillingProvider(platform.config.platformBilling),
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  schedulePlanRenewals(platform, provider);
  enforcePlanLimits(platform.config.planLimits);

  app.get(
    '/rest/subscription',
    {
      schema: {
        tags,
        summary: 'The current plan, its billing period and saved cards',
        response: { 200: Subscription, ...errors },
      },
    },
    (request) => getSubscription(platform, admin(request).tenant, provider),
  );

  app.get(
    '/rest/subscription/plans',
    {
      schema: {
        tags,
        summary: "The platform's active plans in the studio's currency (the upgrade screen's cards)",
        response: { 200: PlanOffers, ...errors },
      },
    },
    (request) => {
      const { tenant } = admin(request);
      return planOffers(platform.db, planCurrencyOf(tenant.settings.country));
    },
  );

  app.put(
    '/rest/subscription',
    {
      preValidation,
      schema: {
        tags,
        summary: "Change the plan: the free plan with nonce 'na', type 'na', amount 0; a paid plan is charged now",
        body: SubscriptionUpdate,
        response: { 200: Subscription, ...errors },
      },
    },
    (request) => updateSubscription(platform, admin(request), provider, request.body, requestMeta(request)),
  );

  app.get(
    '/rest/tenantPayment/master',
    {
      schema: {
        tags,
        summary: "The platform's Stripe publishable key and a checkout token",
        response: { 200: CheckoutTokens, ...errors },
      },
    },
    async (request) => {
      admin(request);
      return checkoutTokens(provider);
    },
  );

  // A new card is typed on the provider's hosted page: no route of ours takes a card number.
  app.post(
    '/rest/tenantPayment/master/cardsetup',
    {
      preValidation,
      schema: {
        tags,
        summary: "Open the provider's hosted page for a new card, for a plan and a checkout token",
        body: CardSetupRequest,
        response: { 200: CardSetupStart, ...errors, 409: ErrorBody },
      },
    },
    (request) => {
      const ctx = admin(request);
      return startCardSetup(platform, ctx, provider, request.body, tenantOrigin(platform.config, ctx.tenant));
    },
  );

  app.post(
    '/rest/tenantPayment/master/cardsetup/complete',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Back from the hosted page: the card it saved pays the plan (once)',
        body: CardSetupComplete,
        response: { 200: Subscription, ...errors, 409: ErrorBody },
      },
    },
    (request) => completeCardSetup(platform, admin(request), provider, request.body.sessionId, requestMeta(request)),
  );

  app.post(
    '/rest/tenantPayment/master/bank',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Turn the bank form into a payment method at the provider (ACH debit)',
        body: BankForm,
        response: { 200: PaymentMethodToken, ...errors },
      },
    },
    async (request) => {
      admin(request);
      return tokenizeBank(provider, request.body);
    },
  );

  app.get(
    '/rest/subscription/history',
    {
      schema: {
        tags,
        summary: "One year's plan payments (year, start, length, search[value]) -> data, recordsTotal",
        querystring: PlanHistoryQuery,
        response: { 200: PlanHistory, ...errors },
      },
    },
    (request) => planHistory(platform, admin(request).tenant, request.query),
  );

  // The platform account's webhooks: a bank debit settled or failed days later, a dispute. The
  // signature is over the exact bytes Stripe sent, so this route alone reads its body raw.
  void server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/stripe/platform',
      {
        schema: {
          tags,
          summary:
            "The platform Stripe account's webhook (plan payments): signed, 300 s tolerance; a bad signature is a 400 and changes nothing",
          response: { 200: WebhookAnswer, 400: ErrorBody },
        },
      },
      async (request) => {
        const secret = platform.config.platformBilling.webhookSecret;
        if (!provider || !secret)
          throw badRequest('stripe-signature', 'Plan webhooks are not configured on this platform.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let event: PlanEvent;
        try {
          event = provider.parseEvent(raw, typeof signature === 'string' ? signature : undefined, secret);
        } catch (error) {
          if (error instanceof InvalidPlanEvent)
            throw badRequest('stripe-signature', 'The webhook signature is missing, wrong or too old.');
          throw error;
        }
        const outcome = await applyPlanEvent(platform, event);
        if (outcome === 'not_ours') request.log.warn({ eventId: event.eventId }, 'plan event for no payment of ours');
        return { received: true as const };
      },
    );
  });
}
