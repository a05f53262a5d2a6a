import {
  currencySymbol,
  FREE_PLAN_ID,
  PLAN_MESSAGES,
  type PlanCurrency,
  type PlanHistory,
  type PlanPeriod,
  parsePlanId,
  planCurrencyOf,
  type Subscription,
} from '@atrium/contracts';
import { readTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { StoredSavedCard, StoredSubscription } from '../../lib/plan-storage.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import { BillingError, type BillingProvider } from './billing-provider.ts';
import { readPlanState } from './plan.repo.ts';
import { planLimits, sellablePlan } from './plan-catalogue.ts';
import { countActiveMembers, countContacts } from './plan-limits.ts';

// The studio's plan, read: the subscription with its usage and the payment history. Buying a plan is
// plan-change.service.ts; a card typed on the provider's page, plan-checkout.service.ts.

export const notConfigured = () => new AppError(503, 'payment_not_configured', PLAN_MESSAGES.notConfigured, 'payment');

export function toHttpError(error: unknown): unknown {
  return error instanceof BillingError ? new AppError(error.statusCode, error.code, error.message, error.field) : error;
}

const isoDate = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

function toSavedCard(card: StoredSavedCard) {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return { ...card, prefCard: `${brand} ending in ${card.last4}` };
}

/**
 * A paid plan the studio may buy now, with its price (whole units of the tenant's currency): one of
 * the operator's active plans (/masterplan) sold in that currency, not one sold by contact, not the
 * plan the studio is on.
 */
export async function refusePlanChoice(
  platform: Platform,
  tenant: TenantContext,
  current: StoredSubscription | null,
  planName: string,
): Promise<{ price: number; period: PlanPeriod }> {
  const plan = await sellablePlan(platform.db, planName, planCurrencyOf(tenant.settings.country));
  if (!plan) throw badRequest('planName', 'Unknown plan');
  if (plan.row.byContact) throw badRequest('planName', `Please contact us to subscribe to the ${plan.row.name} plan`);
  // A plan whose renewal was declined may be bought again with another card: a new period from
  // today; so may a trial's plan, to pay for it before the trial ends.
  if (current?.planName === planName && current.renewalAttempts === 0 && !current.trial)
    throw badRequest('planName', 'This is already your plan');
  return { price: plan.price, period: plan.period };
}

/** One checkout, one charge: a checkout token already paid is refused. */
export function refuseSpentToken(current: StoredSubscription | null, token: string): void {
  if (current?.spentCheckoutTokens.includes(token)) {
    throw new AppError(409, 'checkout_complete', 'This checkout has already been paid. Please reload the page.');
  }
}

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** GET /rest/subscription: spec 2 §3 "Subscription/plan". */
export async function getSubscription(
  platform: Platform,
  tenant: TenantContext,
  provider: BillingProvider | null,
): Promise<Subscription> {
  const { subscription } = await readPlanState(platform.db, tenant.tenantId);
  const limits = await planLimits(platform.db, subscription?.planName ?? null);
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

export function toSubscription(
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

/** The tenant's customer at the provider: the stored one, or a new one kept at once. */
export async function ensurePlanCustomer(
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
    trial: false,
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
