import { randomUUID } from 'node:crypto';
import {
  currencySymbol,
  nextBillingDate,
  PLAN_MESSAGES,
  parsePlanId,
  planCurrencyOf,
  planDisplayName,
  type Subscription,
  type SubscriptionUpdate,
} from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { FREE_PLAN_TERMS, type StoredPlanPayment, type StoredSubscription } from '../../lib/plan-storage.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import { BillingError, type BillingProvider, type PaymentMethodInfo } from './billing-provider.ts';
import { claimPlanChange, findPayer, prependPlanPayment, readPlanState, releasePlanClaim } from './plan.repo.ts';
import {
  ensurePlanCustomer,
  notConfigured,
  type RequestMeta,
  refusePlanChoice,
  refuseSpentToken,
  toHttpError,
  toSubscription,
} from './plan.service.ts';
import { mailPlanReceipt } from './plan-mail.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many cards a tenant keeps (newest first). */
const SAVED_CARDS_MAX = 5;

/** How many paid checkout tokens a tenant keeps to refuse replays. */
const SPENT_TOKENS_KEPT = 20;

/** A change holds the plan this long at most (a crash lets it go then). */
const CHANGE_HOLD_MS = 10 * 60_000;

/**
 * PUT /rest/subscription: one change at a time. The plan is held while it is charged and saved, so a
 * renewal running now (or a second checkout) neither charges beside it nor writes over it.
 */
export async function updateSubscription(
  platform: Platform,
  ctx: Authenticated,
  provider: BillingProvider | null,
  body: SubscriptionUpdate,
  meta: RequestMeta,
): Promise<Subscription> {
  const { tenantId } = ctx.tenant;
  if (!(await claimPlanChange(platform.db, tenantId, new Date(), CHANGE_HOLD_MS)))
    throw new AppError(409, 'plan_busy', PLAN_MESSAGES.busy);
  try {
    return await changePlan(platform, ctx, provider, body, meta);
  } finally {
    await releasePlanClaim(platform.db, tenantId);
  }
}

/**
 * The change itself. The free plan needs no payment (nonce 'na', type 'na', amount 0). A paid
 * plan is charged in full now through the billing provider (no proration), and its period starts
 * today. No database transaction is open while the provider is called.
 */
async function changePlan(
  platform: Platform,
  ctx: Authenticated,
  provider: BillingProvider | null,
  body: SubscriptionUpdate,
  meta: RequestMeta,
): Promise<Subscription> {
  const { tenant } = ctx;
  const payment = body.payment;
  const { subscription: current } = await readPlanState(platform.db, tenant.tenantId);
  const { type } = parsePlanId(body.planName);

  if (type === 'free') return toFreePlan(platform, ctx.tenant, provider, current, payment);

  const { price, period } = await refusePlanChoice(platform, tenant, current, body.planName);
  if (payment.type === 'na') throw badRequest('payment.type', 'A card or a bank account is needed for a paid plan');
  const methodRef = payment.methodId ?? payment.nonce;
  if (!methodRef) throw badRequest('payment.methodId', 'A payment method is required');
  const currency = planCurrencyOf(tenant.settings.country);
  if (payment.amount !== undefined && payment.amount !== price) {
    throw badRequest(
      'payment.amount',
      `The price of this plan is ${currencySymbol(currency)}${price}. Please reload the page.`,
    );
  }
  if (!provider) throw notConfigured();
  // One checkout, one charge: the token of GET /rest/tenantPayment/master is the charge's
  // idempotency key, and a token already paid is refused (Stripe would replay the old payment).
  const checkoutToken = payment.token;
  if (!checkoutToken) throw badRequest('payment.token', 'The checkout has expired. Please reload the page.');
  refuseSpentToken(current, checkoutToken);

  const payer = UUID.test(ctx.auth.sub)
    ? await withTenant(platform.db, tenant.tenantId, (tx) => findPayer(tx, tenant.tenantId, ctx.auth.sub))
    : null;
  const itemName = planDisplayName(body.planName);
  const record = (
    fields: Pick<StoredPlanPayment, 'transactionStatus' | 'message' | 'providerRef' | 'paymentMethod'> & {
      periodStart?: string;
    },
  ) =>
    prependPlanPayment(platform.db, tenant.tenantId, {
      guId: randomUUID(),
      userId: payer?.id ?? null,
      userName: payer?.name ?? 'Administrator',
      userLastName: payer?.lastName ?? '',
      itemName,
      price,
      currency,
      subscription: true,
      dateCreated: Math.floor(Date.now() / 1000),
      periodStart: null,
      ...fields,
    });

  let customerId: string;
  let method: PaymentMethodInfo;
  const savedCards = current?.savedCards ?? [];
  const savedCard = savedCards.find((card) => card.methodId === methodRef);
  customerId = await ensurePlanCustomer(platform, tenant, provider, current);
  try {
    method = savedCard
      ? { ...savedCard, id: savedCard.methodId, type: 'card' }
      : await provider.attachMethod(
          methodRef.startsWith('tok_') ? (await provider.methodFromToken(methodRef)).id : methodRef,
          customerId,
        );
  } catch (error) {
    throw toHttpError(error);
  }

  const methodLabel = `${method.brand} ${method.last4}`.trim();
  let charge: Awaited<ReturnType<BillingProvider['charge']>>;
  try {
    charge = await provider.charge({
      customerId,
      methodId: method.id,
      methodType: method.type,
      amountMinor: Math.round(price * 100),
      currency: currency === 'INR' ? 'inr' : 'usd',
      description: `${tenant.name}: ${itemName}`,
      // The checkout token makes a double click or a retried request one charge, not two.
      idempotencyKey: `atrium-plan-${tenant.tenantId}-${body.planName}-${checkoutToken}`,
      metadata: { tenantId: tenant.tenantId, orgId: tenant.orgId, planName: body.planName },
      ...(method.type === 'bank' ? { mandate: { ipAddress: meta.ip, userAgent: meta.userAgent } } : {}),
    });
  } catch (error) {
    if (error instanceof BillingError && error.statusCode === 402) {
      await record({
        transactionStatus: 'DECLINED',
        message: error.message,
        providerRef: null,
        paymentMethod: methodLabel,
      });
    }
    throw toHttpError(error);
  }

  const now = new Date();
  await record({
    transactionStatus: charge.status === 'succeeded' ? 'SETTLED' : 'PROCESSING',
    message: null,
    providerRef: charge.id,
    paymentMethod: methodLabel,
    periodStart: now.toISOString(),
  });
  const keepCard = payment.storeCard === true && !savedCard && method.type === 'card';
  const nextCards = keepCard
    ? [
        {
          methodId: method.id,
          brand: method.brand,
          last4: method.last4,
          expMonth: method.expMonth,
          expYear: method.expYear,
        },
        ...savedCards,
      ].slice(0, SAVED_CARDS_MAX)
    : savedCards;
  const saved = await saveTenantSettings(platform, tenant, {
    subscription: {
      planName: body.planName,
      period,
      amount: price,
      currency,
      dateCreated: now.toISOString(),
      periodStart: now.toISOString(),
      nextBillingDate: nextBillingDate(now, period).toISOString(),
      status: 'active',
      trial: false,
      customerId,
      savedCards: nextCards,
      spentCheckoutTokens: [checkoutToken, ...(current?.spentCheckoutTokens ?? [])].slice(0, SPENT_TOKENS_KEPT),
      renewalMethodId: method.id,
      renewalMethodType: method.type,
      renewalMethodLabel: methodLabel,
      renewalAttempts: 0,
      retryAt: null,
      renewalClaimedUntil: null,
    },
  });
  await mailPlanReceipt(platform, saved, {
    itemName,
    price,
    currency,
    methodLabel,
    processing: charge.status !== 'succeeded',
    nextBillingDate: saved.settings.subscription?.nextBillingDate ?? null,
  });
  return toSubscription(platform, saved, saved.settings.subscription, provider);
}

/** Back to the free plan: no payment (nonce 'na', type 'na', amount 0); the saved cards and customer stay. */
async function toFreePlan(
  platform: Platform,
  tenant: TenantContext,
  provider: BillingProvider | null,
  current: StoredSubscription | null,
  payment: SubscriptionUpdate['payment'],
): Promise<Subscription> {
  if (payment.type !== 'na' || (payment.nonce ?? 'na') !== 'na' || (payment.amount ?? 0) !== 0) {
    throw badRequest('payment', "The free plan needs no payment: send nonce 'na', type 'na' and amount 0");
  }
  if (!current?.planName) return toSubscription(platform, tenant, current, provider);
  const saved = await saveTenantSettings(platform, tenant, {
    subscription: {
      ...current,
      ...FREE_PLAN_TERMS,
      trial: false,
    },
  });
  return toSubscription(platform, saved, saved.settings.subscription, provider);
}
