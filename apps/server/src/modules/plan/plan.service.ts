import { randomBytes, randomUUID } from 'node:crypto';
import {
  type BankForm,
  type CardSetupRequest,
  type CardSetupStart,
  type CheckoutTokens,
  currencySymbol,
  digitsOnly,
  FREE_PLAN_ID,
  nextBillingDate,
  type PaymentMethodToken,
  PLAN_MESSAGES,
  type PlanCurrency,
  type PlanHistory,
  parsePlanId,
  planCurrencyOf,
  planDisplayName,
  planLimitsOf,
  planPrice,
  type Subscription,
  type SubscriptionUpdate,
  TOP_TIER_PLAN,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { StoredPlanPayment, StoredSavedCard, StoredSubscription } from '../../lib/plan-storage.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import { BillingError, type BillingProvider, type PaymentMethodInfo } from './billing-provider.ts';
import { claimPlanChange, findPayer, prependPlanPayment, readPlanState, releasePlanClaim } from './plan.repo.ts';
import { countActiveMembers, countContacts } from './plan-limits.ts';
import { mailPlanReceipt } from './plan-mail.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many cards a tenant keeps (newest first). */
const SAVED_CARDS_MAX = 5;

const notConfigured = () => new AppError(503, 'payment_not_configured', PLAN_MESSAGES.notConfigured, 'payment');

function toHttpError(error: unknown): unknown {
  return error instanceof BillingError ? new AppError(error.statusCode, error.code, error.message, error.field) : error;
}

const isoDate = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

function toSavedCard(card: StoredSavedCard) {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return { ...card, prefCard: `${brand} ending in ${card.last4}` };
}

/** GET /rest/subscription: spec 2 §3 "Subscription/plan". */
export async function getSubscription(
  platform: Platform,
  tenant: TenantContext,
  provider: BillingProvider | null,
): Promise<Subscription> {
  const { subscription } = await readPlanState(platform.db, tenant.tenantId);
  const limits = planLimitsOf(subscription?.planName ?? null);
  const [contacts, members] = await readTenant(platform.db, tenant.tenantId, (tx) =>
    Promise.all([countContacts(tx, tenant.tenantId), countActiveMembers(tx, tenant.tenantId)]),
  );
  return {
    ...toSubscription(platform, tenant, subscription, provider),
    usage: {
      contacts: { used: contacts, max: limits.contacts },
      members: { used: members, max: limits.members },
    },
  };
}

function toSubscription(
  platform: Platform,
  tenant: TenantContext,
  stored: StoredSubscription | null,
  provider: BillingProvider | null,
): Subscription {
  const paid = stored?.planName && stored.planName !== FREE_PLAN_ID ? stored : null;
  const currency: PlanCurrency = paid?.currency ?? planCurrencyOf(tenant.settings.country);
  return {
    planName: paid?.planName ?? null,
    planType: parsePlanId(paid?.planName).type,
    period: paid?.period ?? null,
    amount: paid?.amount ?? 0,
    currency,
    csymbol: currencySymbol(currency),
    dateCreatedStr: isoDate(paid?.dateCreated ?? null),
    periodStartStr: isoDate(paid?.periodStart ?? null),
    nextBillingDateStr: isoDate(paid?.nextBillingDate ?? null),
    savedCards: (stored?.savedCards ?? []).map(toSavedCard),
    paymentConfigured: provider !== null,
    contactUrl: platform.config.platformBilling.contactUrl,
  };
}

/** How many paid checkout tokens a tenant keeps to refuse replays. */
const SPENT_TOKENS_KEPT = 20;

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

export interface RequestMeta {
  ip: string;
  userAgent: string;
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
  const { type, period } = parsePlanId(body.planName);
  if (type === 'free') throw badRequest('planName', 'The free plan needs no card');
  if (type === TOP_TIER_PLAN) throw badRequest('planName', 'Please contact us to subscribe to the Leap plan');
  // A plan whose renewal was declined may be bought again with another card: a new period from today.
  if (current?.planName === body.planName && current.renewalAttempts === 0)
    throw badRequest('planName', 'This is already your plan');
  if (current?.spentCheckoutTokens.includes(body.token)) {
    throw new AppError(409, 'checkout_complete', 'This checkout has already been paid. Please reload the page.');
  }
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

/** The tenant's customer at the provider: the stored one, or a new one kept at once. */
async function ensurePlanCustomer(
  platform: Platform,
  tenant: TenantContext,
  provider: BillingProvider,
  current: StoredSubscription | null,
): Promise<string> {
  let customerId: string;
  try {
    customerId = await provider.ensureCustomer({
      customerId: current?.customerId ?? null,
      tenantId: tenant.tenantId,
      name: tenant.name,
      email: tenant.settings.email,
    });
  } catch (error) {
    throw toHttpError(error);
  }
  if (customerId !== current?.customerId) {
    // Kept at once: a decline later still leaves the tenant with its one customer.
    await saveTenantSettings(platform, tenant, {
      subscription: { ...(current ?? emptySubscription(planCurrencyOf(tenant.settings.country))), customerId },
    });
  }
  return customerId;
}

/**
 * PUT /rest/subscription. The free plan needs no payment (nonce 'na', type 'na', amount 0). A paid
 * plan is charged in full now through the billing provider (no proration), and its period starts
 * today. No database transaction is open while the provider is called.
 */
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
  const { type, period } = parsePlanId(body.planName);

  if (type === 'free') {
    if (payment.type !== 'na' || (payment.nonce ?? 'na') !== 'na' || (payment.amount ?? 0) !== 0) {
      throw badRequest('payment', "The free plan needs no payment: send nonce 'na', type 'na' and amount 0");
    }
    if (!current?.planName) return toSubscription(platform, tenant, current, provider);
    const saved = await saveTenantSettings(platform, tenant, {
      subscription: {
        ...current,
        planName: null,
        period: null,
        amount: 0,
        periodStart: null,
        nextBillingDate: null,
        status: 'free',
      },
    });
    return toSubscription(platform, saved, saved.settings.subscription, provider);
  }

  if (type === TOP_TIER_PLAN) throw badRequest('planName', 'Please contact us to subscribe to the Leap plan');
  // A plan whose renewal was declined may be bought again with another card: a new period from today.
  if (current?.planName === body.planName && current.renewalAttempts === 0)
    throw badRequest('planName', 'This is already your plan');
  if (payment.type === 'na') throw badRequest('payment.type', 'A card or a bank account is needed for a paid plan');
  const methodRef = payment.methodId ?? payment.nonce;
  if (!methodRef) throw badRequest('payment.methodId', 'A payment method is required');
  const currency = planCurrencyOf(tenant.settings.country);
  const price = planPrice(body.planName, currency);
  if (payment.amount !== undefined && payment.amount !== price) {
    throw badRequest(
      'payment.amount',
      `The price of this plan is ${currencySymbol(currency)}${price}. Please reload the page.`,
    );
  }
  if (!provider) throw notConfigured();
  if (!period) throw badRequest('planName', 'Unknown plan');
  // One checkout, one charge: the token of GET /rest/tenantPayment/master is the charge's
  // idempotency key, and a token already paid is refused (Stripe would replay the old payment).
  const checkoutToken = payment.token;
  if (!checkoutToken) throw badRequest('payment.token', 'The checkout has expired. Please reload the page.');
  if (current?.spentCheckoutTokens.includes(checkoutToken)) {
    throw new AppError(409, 'checkout_complete', 'This checkout has already been paid. Please reload the page.');
  }

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

function emptySubscription(currency: PlanCurrency): StoredSubscription {
  return {
    planName: null,
    period: null,
    amount: 0,
    currency,
    dateCreated: null,
    periodStart: null,
    nextBillingDate: null,
    status: 'free',
    customerId: null,
    savedCards: [],
    spentCheckoutTokens: [],
    renewalMethodId: null,
    renewalMethodType: null,
    renewalMethodLabel: null,
    renewalAttempts: 0,
    retryAt: null,
    renewalClaimedUntil: null,
  };
}

/** GET /rest/subscription/history: one year's payments, newest first, searched and paged. */
export async function planHistory(
  platform: Platform,
  tenant: TenantContext,
  query: { year?: number; start: number; length: number; 'search[value]'?: string },
): Promise<PlanHistory> {
  const { payments } = await readPlanState(platform.db, tenant.tenantId);
  const year = query.year ?? new Date().getUTCFullYear();
  const search = (query['search[value]'] ?? '').trim().toLowerCase();
  const rows = payments.filter((row) => {
    if (new Date(row.dateCreated * 1000).getUTCFullYear() !== year) return false;
    if (!search) return true;
    return [row.itemName, row.userName, row.userLastName, row.transactionStatus, row.paymentMethod ?? '']
      .join(' ')
      .toLowerCase()
      .includes(search);
  });
  return {
    recordsTotal: rows.length,
    data: rows.slice(query.start, query.start + query.length).map((row) => ({
      guId: row.guId,
      user: { guId: row.userId, name: row.userName, lastName: row.userLastName },
      itemName: row.itemName,
      price: row.price,
      currency: row.currency,
      subscription: row.subscription,
      transactionStatus: row.transactionStatus,
      message: row.message,
      dateCreated: row.dateCreated,
    })),
  };
}
