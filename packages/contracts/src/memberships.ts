import { z } from 'zod';
import { catalogueFields, productHead } from './catalogue.ts';

/** Spec 2 §3: membership types. recurring: billed each period (credits per cycle optional); unlimited: billed each period, books any class; card: a class pack paid once. */
export const MEMBERSHIP_TYPES = ['recurring', 'card', 'unlimited'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
/** Spec 3 §9 billing frequencies. */
export const BILLING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];
/** Spec 3 §4: billing of recurring items starts today, on a set day of month, or after the trial period. */
export const BILLING_START_RULES = ['today', 'dayOfMonth', 'afterTrial'] as const;
export type BillingStartRule = (typeof BILLING_START_RULES)[number];
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'paused',
  'suspended',
  'cancelled',
  'completed',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_DAYS_MAX = 365;
export const BILLING_CYCLES_MAX = 999;
export const CREDITS_MAX = 1000;

export const MEMBERSHIP_MESSAGES = {
  frequency: `frequency must be one of ${BILLING_FREQUENCIES.join(', ')}`,
  frequencyForCard: 'A class pack is paid once: leave frequency empty',
  creditsForCard: 'A class pack needs its number of credits',
  trialDays: `trialDays must be a whole number from 0 to ${TRIAL_DAYS_MAX}`,
  cycles: `numberOfBillingCycles must be a whole number from 1 to ${BILLING_CYCLES_MAX}, or empty for until cancelled`,
  billingDay: 'billingDay must be a day of the month from 1 to 28',
  afterTrial: 'Billing after the trial needs trial days',
  credits: `credits must be a whole number from 1 to ${CREDITS_MAX}`,
  noCard: 'Card payments are not set up for this business yet.',
  notMember: 'Membership not found.',
  cancelled: 'This membership has ended.',
  suspendedPause: 'A suspended membership is restored by saving a new card.',
  paused: 'Membership paused.',
  resumed: 'Membership resumed.',
  cancelledNow: 'Membership cancelled.',
  cancelAtEnd: 'Membership will end at the end of the current period.',
  noCredit: 'You have no class credits left. Buy a class pack or a membership to book this class.',
} as const;

const { name, description, price, flag, id } = catalogueFields;

const membershipFields = {
  name,
  description,
  categoryId: id('categoryId'),
  price,
  isVisible: flag('isVisible'),
  membershipType: z.enum(MEMBERSHIP_TYPES, { error: `membershipType must be one of ${MEMBERSHIP_TYPES.join(', ')}` }),
  frequency: z.enum(BILLING_FREQUENCIES, { error: MEMBERSHIP_MESSAGES.frequency }).nullable(),
  registrationFees: price,
  trialDays: z
    .number({ error: MEMBERSHIP_MESSAGES.trialDays })
    .int(MEMBERSHIP_MESSAGES.trialDays)
    .min(0, MEMBERSHIP_MESSAGES.trialDays)
    .max(TRIAL_DAYS_MAX, MEMBERSHIP_MESSAGES.trialDays),
  numberOfBillingCycles: z
    .number({ error: MEMBERSHIP_MESSAGES.cycles })
    .int(MEMBERSHIP_MESSAGES.cycles)
    .min(1, MEMBERSHIP_MESSAGES.cycles)
    .max(BILLING_CYCLES_MAX, MEMBERSHIP_MESSAGES.cycles)
    .nullable(),
  startRule: z.enum(BILLING_START_RULES, { error: `startRule must be one of ${BILLING_START_RULES.join(', ')}` }),
  billingDay: z
    .number({ error: MEMBERSHIP_MESSAGES.billingDay })
    .int(MEMBERSHIP_MESSAGES.billingDay)
    .min(1, MEMBERSHIP_MESSAGES.billingDay)
    .max(28, MEMBERSHIP_MESSAGES.billingDay)
    .nullable(),
  credits: z
    .number({ error: MEMBERSHIP_MESSAGES.credits })
    .int(MEMBERSHIP_MESSAGES.credits)
    .min(1, MEMBERSHIP_MESSAGES.credits)
    .max(CREDITS_MAX, MEMBERSHIP_MESSAGES.credits)
    .nullable(),
};

type Terms = {
  membershipType: MembershipType;
  frequency: BillingFrequency | null;
  trialDays: number;
  startRule: BillingStartRule;
  billingDay: number | null;
  credits: number | null;
};

/** The rules across fields, each naming its field. */
export function membershipTermsIssues(terms: Terms): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (terms.membershipType === 'card') {
    if (terms.frequency !== null) issues.push({ path: 'frequency', message: MEMBERSHIP_MESSAGES.frequencyForCard });
    if (terms.credits === null) issues.push({ path: 'credits', message: MEMBERSHIP_MESSAGES.creditsForCard });
    return issues;
  }
  if (terms.frequency === null) issues.push({ path: 'frequency', message: MEMBERSHIP_MESSAGES.frequency });
  if (terms.startRule === 'dayOfMonth' && terms.billingDay === null)
    issues.push({ path: 'billingDay', message: MEMBERSHIP_MESSAGES.billingDay });
  if (terms.startRule === 'afterTrial' && terms.trialDays === 0)
    issues.push({ path: 'trialDays', message: MEMBERSHIP_MESSAGES.afterTrial });
  return issues;
}

/** POST /item/membership: a membership product in a SERVICE category of the catalogue. */
export const MembershipInput = z
  .object({
    ...membershipFields,
    description: description.default(''),
    isVisible: flag('isVisible').default(true),
    frequency: membershipFields.frequency.default(null),
    registrationFees: price.default(0),
    trialDays: membershipFields.trialDays.default(0),
    numberOfBillingCycles: membershipFields.numberOfBillingCycles.default(null),
    startRule: membershipFields.startRule.default('today'),
    billingDay: membershipFields.billingDay.default(null),
    credits: membershipFields.credits.default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const issue of membershipTermsIssues(value))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type MembershipInput = z.input<typeof MembershipInput>;

/** PUT /item/membership/{id}: every field again (the terms are checked together); `isArchived` too. */
export const MembershipUpdate = z
  .object({ ...membershipFields, isArchived: flag('isArchived') })
  .strict()
  .superRefine((value, ctx) => {
    for (const issue of membershipTermsIssues(value))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type MembershipUpdate = z.input<typeof MembershipUpdate>;

export const Membership = z.object({
  /** Decimal amounts of `currency` (the price and the registration fees). */
  ...productHead,
  registrationFees: z.number(),
  currency: z.string(),
  isVisible: z.boolean(),
  isArchived: z.boolean(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  frequency: z.enum(BILLING_FREQUENCIES).nullable(),
  trialDays: z.number().int(),
  numberOfBillingCycles: z.number().int().nullable(),
  startRule: z.enum(BILLING_START_RULES),
  billingDay: z.number().int().nullable(),
  credits: z.number().int().nullable(),
  /** Months a card's credits last (the account's itemExpiresAfter). */
  expiresAfterMonths: z.number().int().nullable(),
});
export type Membership = z.infer<typeof Membership>;
export const MembershipList = z.object({ recordsTotal: z.number().int(), data: z.array(Membership) });
export type MembershipList = z.infer<typeof MembershipList>;

/** POST /item/payment/setupintent/{id}: the membership to buy, for whom (staff only) and where to come back. */
export const SetupIntentRequest = z
  .object({
    contactId: z.uuid('contactId must be a contact id').optional(),
  })
  .strict();
export const SetupIntentAnswer = z.object({ url: z.string(), sessionId: z.string() });

/** POST /item/membership/subs/complete: back from the provider's page. */
export const SubscriptionComplete = z
  .object({ sessionId: z.string({ error: 'sessionId is required' }).trim().min(1, 'sessionId is required').max(200) })
  .strict();

/** What a subscription pays for: a membership of one of the types, or a monthly gift to a campaign. */
export const SUBSCRIPTION_KINDS = [...MEMBERSHIP_TYPES, 'donation'] as const;

export const MemberSubscription = z.object({
  guId: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  /** The membership bought; null for a monthly gift. */
  itemId: z.string().nullable(),
  /** A monthly gift's campaign; null for a membership. */
  campaignId: z.string().nullable(),
  name: z.string(),
  membershipType: z.enum(SUBSCRIPTION_KINDS),
  frequency: z.enum(BILLING_FREQUENCIES).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  price: z.number(),
  currency: z.string(),
  numberOfBillingCycles: z.number().int().nullable(),
  cyclesBilled: z.number().int(),
  nextChargeAt: z.string().nullable(),
  nextChargeAmount: z.number().nullable(),
  periodEndsAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  paymentMethod: z.string(),
  startedAt: z.string(),
  lastFailure: z.string().nullable(),
});
export type MemberSubscription = z.infer<typeof MemberSubscription>;
export const MemberSubscriptionList = z.object({ recordsTotal: z.number().int(), data: z.array(MemberSubscription) });
export type MemberSubscriptionList = z.infer<typeof MemberSubscriptionList>;

/** PUT /item/membership/subs/{id}/cancel. */
export const SubscriptionCancel = z
  .object({ when: z.enum(['now', 'periodEnd'], { error: 'when must be now or periodEnd' }) })
  .strict();

export const CreditEntry = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.enum(['granted', 'booked', 'returned', 'expired']),
  name: z.string(),
  createdAt: z.string(),
});
export const CreditSummary = z.object({
  balance: z.number().int(),
  grants: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      granted: z.number().int(),
      remaining: z.number().int(),
      expiresAt: z.string().nullable(),
    }),
  ),
  entries: z.array(CreditEntry),
});
export type CreditSummary = z.infer<typeof CreditSummary>;

export const SUBSCRIPTION_SORTS = ['nextChargeAt', 'name', 'contactName', 'createdAt'] as const;
const flagQuery = z
  .enum(['true', 'false'], { error: 'showArchive must be true or false' })
  .transform((value) => value === 'true');

/** Spec 3 §7.5: GET /item/membership/subs/upcoming "with the same query" as /item/ireport. */
export const SubscriptionListQuery = z.object({
  offset: z.coerce.number({ error: 'offset must be 0 or more' }).int().min(0, 'offset must be 0 or more').default(0),
  max: z.coerce
    .number({ error: 'max must be 1 to 1000' })
    .int('max must be 1 to 1000')
    .min(1, 'max must be 1 to 1000')
    .max(1000, 'max must be 1 to 1000')
    .default(50),
  showArchive: flagQuery.default(false),
  sort: z.enum(SUBSCRIPTION_SORTS, { error: `sort must be one of ${SUBSCRIPTION_SORTS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  search: z.string().trim().max(100, 'search is too long').optional(),
  contactId: z.uuid('contactId must be a contact id').optional(),
});
