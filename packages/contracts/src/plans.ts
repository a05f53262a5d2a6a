import { z } from 'zod';
import type { PlanOffer } from './operator.ts';

/**
 * The tenant's own subscription to the platform (spec 2 "Plan page", "Plan upgrade", §3, §5, §7, §9).
 * Prices are whole units of the plan currency (dollars or rupees); the server charges them in the
 * smallest unit (cents, paise).
 */

/** A plan's type is its id among the platform's plans (issue 28: /masterplan); `free` is the free plan. */
export type PlanType = string;
export const PLAN_PERIODS = ['monthly', 'yearly'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PLAN_CURRENCIES = ['USD', 'INR'] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

/** Spec 2 §9 internal ids: free_plan and {type}_{monthly|yearly}_plan (the types are the platform's plans). */
export const FREE_PLAN_ID = 'free_plan';
export const PLAN_ID_PATTERN = /^(?:free_plan|[a-z](?:[a-z0-9]|-(?=[a-z0-9])){1,29}_(?:monthly|yearly)_plan)$/;
export type PlanId = string;
const planIdSchema = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'planName is required' : 'Unknown plan') })
    .regex(PLAN_ID_PATTERN, 'Unknown plan');

/** Spec 2 §9: the payments table pages. */
export const PLAN_PAYMENT_PAGE_SIZES = [50, 100, 150] as const;
/** How many payment rows a tenant keeps (oldest dropped first). */
export const PLAN_HISTORY_CAP = 500;

export const PLAN_MESSAGES = {
  freeConfirm: 'You miss the valuable features, Are you sure you want free plan?',
  updated: 'Plan updated',
  notConfigured: 'Online payment is not configured',
  busy: 'A payment for your plan is being taken right now. Please try again in a few minutes.',
  contactLimit: (max: number) =>
    `Your plan allows ${max.toLocaleString('en-US')} contacts. Upgrade your plan under Settings > Plan to add more.`,
  memberLimit: (max: number) =>
    `Your plan allows ${max.toLocaleString('en-US')} active members. Upgrade your plan under Settings > Plan to add more.`,
  /** What a member buying online reads: the studio's plan is the studio's business. */
  memberLimitForMember: 'This studio cannot take new memberships online right now. Please contact the studio.',
} as const;

export function planIdOf(type: PlanType, period: PlanPeriod): PlanId {
  return type === 'free' ? FREE_PLAN_ID : `${type}_${period}_plan`;
}

export function parsePlanId(planName: string | null | undefined): { type: PlanType; period: PlanPeriod | null } {
  if (!planName || planName === FREE_PLAN_ID || !PLAN_ID_PATTERN.test(planName)) return { type: 'free', period: null };
  const match = /^(.+)_(monthly|yearly)_plan$/.exec(planName);
  if (!match) return { type: 'free', period: null };
  return { type: match[1] as PlanType, period: match[2] as PlanPeriod };
}

/** Spec 2 §3: null is 'Free Plan'; underscores are shown as spaces (each word capitalised). */
export function planDisplayName(planName: string | null | undefined): string {
  if (!planName) return 'Free Plan';
  return planName
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** India pays the INR list; every other country the USD list (the tenant's Account Settings country). */
export function planCurrencyOf(country: string | null | undefined): PlanCurrency {
  return (country ?? '').trim().toLowerCase() === 'india' ? 'INR' : 'USD';
}

export const PlanChoice = z.object({
  type: z.string(),
  name: z.string(),
  price: z.number(),
  period: z.enum(PLAN_PERIODS),
  planName: z.string(),
  isCurrentPlan: z.boolean(),
  features: z.array(z.string()),
  /** Sold by contact: the button opens the platform's contact page instead of checkout. */
  byContact: z.boolean(),
});
export type PlanChoice = z.infer<typeof PlanChoice>;

/** The plan cards of one billing period from the platform's plans, the current plan marked (spec 2 §3 "Plan choice"). */
export function planChoices(
  offers: readonly PlanOffer[],
  period: PlanPeriod,
  currentPlanName: string | null,
): PlanChoice[] {
  const current = currentPlanName || FREE_PLAN_ID;
  return offers.map((plan) => {
    const planName = planIdOf(plan.type, period);
    return {
      type: plan.type,
      name: plan.name,
      price: plan.type === 'free' ? 0 : plan[period],
      period,
      planName,
      isCurrentPlan: planName === current,
      features: [...plan.features],
      byContact: plan.byContact,
    };
  });
}

/** One month or one year later, in UTC; the 31st of January renews on the last day of February. */
export function nextBillingDate(from: Date, period: PlanPeriod): Date {
  const months = period === 'monthly' ? 1 : 12;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
    ),
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Spec 2 §3: payment dates are shown 'MMM dd, YYYY' in UTC. Accepts seconds since epoch or an ISO date. */
export function formatPlanDate(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${MONTHS[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}

/**
 * Spec 2 §3 "Payment row": 'SETTLED' is Completed, anything else Failed, except a bank debit still
 * on its way ('PROCESSING'), which is neither yet.
 */
export const paymentStatusLabel = (transactionStatus: string) =>
  transactionStatus === 'SETTLED' ? 'Completed' : transactionStatus === 'PROCESSING' ? 'Processing' : 'Failed';

// ---- card and bank forms (spec 2 §3 "Card form", "Bank form"; messages of §5) ----

export const BANK_MESSAGES = {
  firstName: 'First Name is required!',
  lastName: 'Last Name is required!',
  accountNumber: 'Bank Account Number is required!',
  accountNumberInvalid: 'Bank Account Number must be 4 to 17 digits',
  routingNumber: 'Bank Routing Number is required!',
  routingNumberInvalid: 'Bank Routing Number is invalid',
  accountType: 'Bank Account Type is required!',
} as const;

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** US ABA routing numbers: 9 digits with the 3-7-1 checksum. */
export function isValidRoutingNumber(raw: string): boolean {
  const d = digitsOnly(raw);
  if (!/^\d{9}$/.test(d)) return false;
  const n = [...d].map(Number) as number[];
  const sum =
    3 * ((n[0] ?? 0) + (n[3] ?? 0) + (n[6] ?? 0)) +
    7 * ((n[1] ?? 0) + (n[4] ?? 0) + (n[7] ?? 0)) +
    ((n[2] ?? 0) + (n[5] ?? 0) + (n[8] ?? 0));
  return sum % 10 === 0;
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

/** Spec 2 §3 "Bank form" (a US bank account, ACH debit); the type defaults to checking. */
export const BankForm = z
  .object({
    bankFirstName: required(BANK_MESSAGES.firstName).pipe(z.string().max(60)),
    bankLastName: required(BANK_MESSAGES.lastName).pipe(z.string().max(60)),
    bankAccountNumber: required(BANK_MESSAGES.accountNumber).refine(
      (value) => /^\d{4,17}$/.test(digitsOnly(value)),
      BANK_MESSAGES.accountNumberInvalid,
    ),
    bankRoutingNumber: required(BANK_MESSAGES.routingNumber).refine(
      isValidRoutingNumber,
      BANK_MESSAGES.routingNumberInvalid,
    ),
    bankAccountType: z.enum(BANK_ACCOUNT_TYPES, { error: BANK_MESSAGES.accountType }).default('checking'),
  })
  .strict();
export type BankForm = z.input<typeof BankForm>;

/** What the provider hands back for a card or bank account: an id to pay with and what to show. */
export const PaymentMethodToken = z.object({
  id: z.string(),
  type: z.enum(['card', 'bank']),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().nullable(),
  expYear: z.number().nullable(),
});
export type PaymentMethodToken = z.infer<typeof PaymentMethodToken>;

// ---- calls (spec 2 §7 "Plan") ----

/** A saved card: display data only (brand, last four digits, expiry), never the number. */
export const SavedCard = z.object({
  methodId: z.string(),
  prefCard: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().nullable(),
  expYear: z.number().nullable(),
});
export type SavedCard = z.infer<typeof SavedCard>;

/** GET /rest/subscription (spec 2 §3 "Subscription/plan"). Dates are ISO strings (UTC). */
export const Subscription = z.object({
  planName: z.string().nullable(),
  planType: z.string(),
  period: z.enum(PLAN_PERIODS).nullable(),
  amount: z.number(),
  currency: z.enum(PLAN_CURRENCIES),
  csymbol: z.string(),
  dateCreatedStr: z.string().nullable(),
  periodStartStr: z.string().nullable(),
  nextBillingDateStr: z.string().nullable(),
  savedCards: z.array(SavedCard),
  /** False when the platform has no Stripe keys: paid plans cannot be bought. */
  paymentConfigured: z.boolean(),
  /** The page the top-tier plan's button opens in a new tab. */
  contactUrl: z.string(),
  /** What the plan allows and what is used (GET /rest/subscription only); max null: unlimited. */
  usage: z
    .object({
      contacts: z.object({ used: z.number().int(), max: z.number().int() }),
      members: z.object({ used: z.number().int(), max: z.number().int().nullable() }),
    })
    .optional(),
});
export type Subscription = z.infer<typeof Subscription>;

/** PUT /rest/subscription. The free plan: nonce 'na', type 'na', amount 0. */
export const SubscriptionUpdate = z
  .object({
    planName: planIdSchema(),
    payment: z
      .object({
        type: z.enum(['na', 'card', 'bank'], { error: 'payment.type must be na, card or bank' }),
        nonce: z.string().max(255).optional(),
        methodId: z.string().max(255).optional(),
        amount: z.number().min(0).optional(),
        /** Keep the card for next time (its brand, last four digits and expiry are shown). */
        storeCard: z.boolean().optional(),
        /** The checkout token of GET /rest/tenantPayment/master: one checkout, one charge. */
        token: z.string().max(100).optional(),
      })
      .strict(),
  })
  .strict();
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;

/**
 * A new card is typed on the payment provider's own hosted page, never on the platform's pages (card
 * data never reaches the server). POST /rest/tenantPayment/master/cardsetup starts it for a plan
 * and a checkout token; the provider sends the browser back to /settings/plan/card with its session,
 * and POST /rest/tenantPayment/master/cardsetup/complete charges the plan with the card it saved.
 */
export const CardSetupRequest = z
  .object({
    planName: planIdSchema(),
    token: z.string({ error: 'token is required' }).min(1, 'token is required').max(100),
    storeCard: z.boolean().default(false),
  })
  .strict();
export type CardSetupRequest = z.input<typeof CardSetupRequest>;

export const CardSetupStart = z.object({ url: z.string() });
export type CardSetupStart = z.infer<typeof CardSetupStart>;

export const CardSetupComplete = z
  .object({ sessionId: z.string({ error: 'sessionId is required' }).min(1, 'sessionId is required').max(255) })
  .strict();
export type CardSetupComplete = z.infer<typeof CardSetupComplete>;

/** GET /rest/tenantPayment/master (spec 2 §3 "Checkout tokens"). */
export const CheckoutTokens = z.object({ stripePublishableKey: z.string().nullable(), token: z.string() });
export type CheckoutTokens = z.infer<typeof CheckoutTokens>;

/** Spec 2 §3 "Payment row"; dateCreated in seconds. */
export const PlanPaymentRow = z.object({
  guId: z.string(),
  user: z.object({ guId: z.string().nullable(), name: z.string(), lastName: z.string() }),
  itemName: z.string(),
  price: z.number(),
  currency: z.enum(PLAN_CURRENCIES),
  subscription: z.boolean(),
  /** 'SETTLED', 'PROCESSING' (bank debit on its way) or 'DECLINED'. */
  transactionStatus: z.string(),
  message: z.string().nullable(),
  /** Seconds since epoch. */
  dateCreated: z.number(),
});
export type PlanPaymentRow = z.infer<typeof PlanPaymentRow>;

export const PlanHistoryQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(150).default(50),
  'search[value]': z.string().max(100).optional(),
});
export type PlanHistoryQuery = z.input<typeof PlanHistoryQuery>;

export const PlanHistory = z.object({ data: z.array(PlanPaymentRow), recordsTotal: z.number() });
export type PlanHistory = z.infer<typeof PlanHistory>;
