import { randomBytes } from 'node:crypto';
import {
  type BankForm,
  type CardSetupRequest,
  type CardSetupStart,
  type CheckoutTokens,
  digitsOnly,
  type PaymentMethodToken,
  parsePlanId,
  type Subscription,
  type SubscriptionUpdate,
} from '@atrium/contracts';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import type { BillingProvider, PaymentMethodInfo } from './billing-provider.ts';
import { readPlanState } from './plan.repo.ts';
import {
  ensurePlanCustomer,
  notConfigured,
  type RequestMeta,
  refusePlanChoice,
  refuseSpentToken,
  toHttpError,
  toSubscription,
} from './plan.service.ts';
import { updateSubscription } from './plan-change.service.ts';

// The plan's checkout: its token, a bank account made a payment method, and a new card typed on the
// provider's hosted page (then paid through updateSubscription, as a saved card is).

/** GET /rest/tenantPayment/master: the publishable key and a checkout token (one checkout, one charge). */
export function checkoutTokens(provider: BillingProvider | null): CheckoutTokens {
  return { stripePublishableKey: provider?.publishableKey ?? null, token: randomBytes(18).toString('base64url') };
}

const tokenOf = (method: PaymentMethodInfo): PaymentMethodToken => ({ ...method });

/** POST /rest/tenantPayment/master/bank: a US bank account (ACH debit) becomes a provider PaymentMethod. */
export async function tokenizeBank(provider: BillingProvider | null, bank: z.output<typeof BankForm>) {
  if (!provider) throw notConfigured();
  try {
    return tokenOf(
      await provider.createBankMethod({
        name: `${bank.bankFirstName} ${bank.bankLastName}`,
        accountNumber: digitsOnly(bank.bankAccountNumber),
        routingNumber: digitsOnly(bank.bankRoutingNumber),
        accountType: bank.bankAccountType,
      }),
    );
  } catch (error) {
    throw toHttpError(error);
  }
}

/** Where the provider's hosted card page sends the browser back ({CHECKOUT_SESSION_ID} is Stripe's). */
const CARD_RETURN_PATH = '/settings/plan/card?session_id={CHECKOUT_SESSION_ID}';

/**
 * POST /rest/tenantPayment/master/cardsetup: a new card is typed on the provider's hosted page, not
 * on ours. The plan and the checkout token ride in the session, so the return charges exactly what
 * was chosen, once. The plan is checked now, so a refusal comes before the page, not after it.
 */
export async function startCardSetup(
  platform: Platform,
  ctx: Authenticated,
  provider: BillingProvider | null,
  body: z.output<typeof CardSetupRequest>,
  origin: string,
): Promise<CardSetupStart> {
  const { tenant } = ctx;
  const { subscription: current } = await readPlanState(platform.db, tenant.tenantId);
  const { type } = parsePlanId(body.planName);
  if (type === 'free') throw badRequest('planName', 'The free plan needs no card');
  const { period } = await refusePlanChoice(platform, tenant, current, body.planName);
  refuseSpentToken(current, body.token);
  if (!provider) throw notConfigured();
  const customerId = await ensurePlanCustomer(platform, tenant, provider, current);
  try {
    const session = await provider.startCardSetup({
      customerId,
      successUrl: `${origin}${CARD_RETURN_PATH}`,
      cancelUrl: `${origin}/settings/plan/${type}?period=${period}`,
      metadata: {
        tenantId: tenant.tenantId,
        planName: body.planName,
        token: body.token,
        storeCard: body.storeCard ? 'yes' : 'no',
      },
    });
    return { url: session.url };
  } catch (error) {
    throw toHttpError(error);
  }
}

/**
 * POST /rest/tenantPayment/master/cardsetup/complete: back from the hosted page. The session must
 * be this tenant's (its customer and its tenant id), complete, and its card then pays the plan
 * through the same path as a saved card. Coming back twice (a reload) answers the plan it bought.
 */
export async function completeCardSetup(
  platform: Platform,
  ctx: Authenticated,
  provider: BillingProvider | null,
  sessionId: string,
  meta: RequestMeta,
): Promise<Subscription> {
  const { tenant } = ctx;
  if (!provider) throw notConfigured();
  const { subscription: current } = await readPlanState(platform.db, tenant.tenantId);
  let setup: Awaited<ReturnType<BillingProvider['finishCardSetup']>>;
  try {
    setup = await provider.finishCardSetup(sessionId);
  } catch (error) {
    throw toHttpError(error);
  }
  const { metadata } = setup;
  if (metadata.tenantId !== tenant.tenantId || !current?.customerId || setup.customerId !== current.customerId) {
    throw new AppError(404, 'not_found', 'This payment page was not opened by your organisation.', 'sessionId');
  }
  const planName = metadata.planName as SubscriptionUpdate['planName'];
  const token = metadata.token ?? '';
  if (current.spentCheckoutTokens.includes(token) && current.planName === planName) {
    return toSubscription(platform, tenant, current, provider);
  }
  if (!setup.method) throw badRequest('sessionId', 'The card was not saved. Please try again.');
  return updateSubscription(
    platform,
    ctx,
    provider,
    {
      planName,
      payment: { type: 'card', methodId: setup.method.id, token, storeCard: metadata.storeCard === 'yes' },
    },
    meta,
  );
}
