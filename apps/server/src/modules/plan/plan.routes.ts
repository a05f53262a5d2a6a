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
  Subscription,
  SubscriptionUpdate,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import type { BillingProvider } from './billing-provider.ts';
import {
  checkoutTokens,
  completeCardSetup,
  getSubscription,
  planHistory,
  startCardSetup,
  tokenizeBank,
  updateSubscription,
} from './plan.service.ts';
import { enforcePlanLimits } from './plan-limits.ts';
import { schedulePlanRenewals } from './plan-renewals.service.ts';
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
}
