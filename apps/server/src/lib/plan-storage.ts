import { PLAN_CURRENCIES, PLAN_ID_PATTERN, PLAN_PERIODS, PlanPaymentRow, SavedCard } from '@atrium/contracts';
import { z } from 'zod';

/**
 * The tenant's subscription to the platform, kept in the tenant's `settings` jsonb under
 * `subscription` (no table of its own yet: see docs/decisions.md "Plan and upgrade"). Saved cards
 * are display data only: brand, last four digits, expiry and the provider's PaymentMethod id.
 */
export const StoredSavedCard = SavedCard.omit({ prefCard: true });
export type StoredSavedCard = z.infer<typeof StoredSavedCard>;
// (the contract's SavedCard without `prefCard`, which is made when the card is answered)

export const StoredSubscription = z.object({
  /** null: the free plan. */
  planName: z.string().regex(PLAN_ID_PATTERN).nullable().default(null),
  period: z.enum(PLAN_PERIODS).nullable().default(null),
  amount: z.number().default(0),
  currency: z.enum(PLAN_CURRENCIES).default('USD'),
  /** ISO timestamps (UTC). */
  dateCreated: z.string().nullable().default(null),
  periodStart: z.string().nullable().default(null),
  nextBillingDate: z.string().nullable().default(null),
  status: z.enum(['free', 'active']).default('free'),
  /** Started from the operator's /tplan sign-up with no card: the first bill is the trial's end. */
  trial: z.boolean().default(false),
  /** The tenant as a customer of the platform's Stripe account. */
  customerId: z.string().nullable().default(null),
  savedCards: z.array(StoredSavedCard).default([]),
  /** Checkout tokens already paid (newest first, a few): a replayed checkout must not start a period for free. */
  spentCheckoutTokens: z.array(z.string()).default([]),
  /** The payment method that paid the plan, attached to the customer: renewals charge it off-session. */
  renewalMethodId: z.string().nullable().default(null),
  renewalMethodType: z.enum(['card', 'bank']).nullable().default(null),
  renewalMethodLabel: z.string().nullable().default(null),
  /** Declined renewals of the current period so far, and when the next try is (ISO); reset when paid. */
  renewalAttempts: z.number().int().default(0),
  retryAt: z.string().nullable().default(null),
  /** A renewal run holds the due charge until then (ISO), so two workers never both record it. */
  renewalClaimedUntil: z.string().nullable().default(null),
});
export type StoredSubscription = z.infer<typeof StoredSubscription>;

/**
 * A subscription's plan on the free plan: written over the stored one when the tenant goes back to it,
 * or when a renewal's last retry is declined (the customer and saved cards stay).
 */
export const FREE_PLAN_TERMS = {
  planName: null,
  period: null,
  amount: 0,
  periodStart: null,
  nextBillingDate: null,
  status: 'free',
} as const satisfies Partial<StoredSubscription>;

/**
 * One charge of the platform to the tenant, newest first under `settings.planPayments` (capped,
 * PLAN_HISTORY_CAP). Not part of TenantSettings: the cached tenant context never carries it. The
 * contract's payment row with the user by id and name instead of its `user`, and what only the server keeps.
 */
export const StoredPlanPayment = PlanPaymentRow.omit({ user: true }).extend({
  userId: z.string().nullable(),
  userName: z.string(),
  userLastName: z.string(),
  /** The provider's payment id (idempotent replays are not recorded twice). */
  providerRef: z.string().nullable(),
  /** The start of the plan period it paid (ISO): a debit that fails later reopens only that period. */
  periodStart: z.string().nullable().default(null),
  paymentMethod: z.string().nullable(),
});
export type StoredPlanPayment = z.infer<typeof StoredPlanPayment>;
