import { z } from 'zod';
import { PublicCheckoutRequest, PublicUserForm } from './shop.ts';

/**
 * Donations (issue 12, the one-time part): campaigns with a page, suggested and custom amounts, a
 * receipt. Every amount on the wire is an integer of the tenant currency's minor units (cents).
 * Recurring gifts are not offered yet (decisions.md "Donations"); the spec's cycle rule is here so
 * the recurring engine can use it.
 */

export const DONATION_MESSAGES = {
  belowMinimum: (minimum: string) => `The amount must be at least ${minimum}.`,
  notSuggested: 'Choose one of the suggested amounts.',
  inactive: 'This campaign is not taking donations.',
  notFound: 'Donation campaign not found.',
  noSuggestions: 'suggestedAmounts: add at least one amount or allow a custom amount.',
  minimumAboveSuggested: 'minimumAmount must not be more than the smallest suggested amount.',
  staffCannotGive: 'Staff give from the public donation page.',
} as const;

/** Spec 3 §9: a donation's recurring limit in years; -1 is unlimited. */
export const DONATION_UNLIMITED = -1;

/**
 * Spec 3 §9: "Donation recurring limit -1 means unlimited; otherwise the cycle count is 12 times
 * the years minus 1" (the first monthly gift is charged at checkout, the rest by the engine).
 * Answers null for unlimited.
 */
export function donationCycleCount(years: number): number | null {
  if (years === DONATION_UNLIMITED) return null;
  if (!Number.isInteger(years) || years < 1) throw new RangeError('years must be -1 or a whole number of at least 1');
  return 12 * years - 1;
}

/** The largest single gift: 1,000,000.00 in a two-decimal currency. */
export const DONATION_MAX_MINOR = 100_000_000;

const minorAmount = (field: string) =>
  z
    .number({ error: `${field} must be an amount in cents` })
    .int(`${field} must be an amount in cents`)
    .min(1, `${field} must be more than 0`)
    .max(DONATION_MAX_MINOR, `${field} is too large`);

const text = (field: string, max: number) =>
  z.string().trim().max(max, `${field} must be at most ${max} characters`).default('');

/** POST/PUT /snode/donation: a campaign as staff write it. */
export const DonationCampaignInput = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(120, 'name must be at most 120 characters'),
    description: text('description', 5000),
    imageUrl: z
      .string()
      .trim()
      .max(1000, 'imageUrl must be at most 1000 characters')
      .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), 'imageUrl must be a web address')
      .default(''),
    goal: minorAmount('goal').nullable().default(null),
    suggestedAmounts: z
      .array(minorAmount('suggestedAmounts'), { error: 'suggestedAmounts must be a list of amounts' })
      .max(6, 'suggestedAmounts has at most 6 amounts')
      .refine((list) => new Set(list).size === list.length, 'suggestedAmounts must not repeat an amount')
      .default([]),
    allowCustomAmount: z.boolean({ error: 'allowCustomAmount must be true or false' }).default(true),
    minimumAmount: minorAmount('minimumAmount').default(100),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.suggestedAmounts.length === 0 && !value.allowCustomAmount) {
      ctx.addIssue({ code: 'custom', path: ['suggestedAmounts'], message: DONATION_MESSAGES.noSuggestions });
    }
    const smallest = Math.min(...value.suggestedAmounts);
    if (value.allowCustomAmount && value.suggestedAmounts.length > 0 && value.minimumAmount > smallest) {
      ctx.addIssue({ code: 'custom', path: ['minimumAmount'], message: DONATION_MESSAGES.minimumAboveSuggested });
    }
  });
export type DonationCampaignInput = z.input<typeof DonationCampaignInput>;

/** A campaign as staff see it, with what it has raised (paid, less refunds). */
export const DonationCampaign = z.object({
  guId: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  currency: z.string(),
  goal: z.number().int().nullable(),
  suggestedAmounts: z.array(z.number().int()),
  allowCustomAmount: z.boolean(),
  minimumAmount: z.number().int(),
  isActive: z.boolean(),
  isArchived: z.boolean(),
  raised: z.number().int(),
  donorCount: z.number().int(),
  createdAt: z.string(),
});
export type DonationCampaign = z.infer<typeof DonationCampaign>;
/** The campaigns, and the tenant's currency (what new amounts are typed in). */
export const DonationCampaignList = z.object({ data: z.array(DonationCampaign), currency: z.string() });
export type DonationCampaignList = z.infer<typeof DonationCampaignList>;

export const DonationCampaignListQuery = z.object({
  archived: z.enum(['true', 'false'], { error: 'archived must be true or false' }).optional(),
});

/** A campaign as visitors see it (GET /public/donations, /public/donations/{id}/items). */
export const PublicDonationCampaign = DonationCampaign.pick({
  guId: true,
  name: true,
  description: true,
  imageUrl: true,
  currency: true,
  goal: true,
  suggestedAmounts: true,
  allowCustomAmount: true,
  minimumAmount: true,
  raised: true,
  donorCount: true,
});
export type PublicDonationCampaign = z.infer<typeof PublicDonationCampaign>;
export const PublicDonationCampaignList = z.object({ data: z.array(PublicDonationCampaign) });
export type PublicDonationCampaignList = z.infer<typeof PublicDonationCampaignList>;

/** The spec's "tenant query" on the public calls (the host names the tenant; a hint only). */
export const PublicDonationQuery = z.object({ tenant: z.string().max(100).optional() });

/** A gift is one-time, or one of a monthly gift's payments (each its own gift with its own receipt). */
export const DONATION_FREQUENCIES = ['once', 'monthly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

/** POST /public/donations/{id}: a one-time gift; the donor pays it on the provider's page. */
export const DonateRequest = PublicUserForm.pick({ firstName: true, lastName: true, email: true })
  .extend({
    amount: minorAmount('amount'),
    frequency: z
      .enum(['once'], { error: 'frequency must be once (a monthly gift starts at /public/donations/{id}/monthly)' })
      .default('once'),
    note: z.string().trim().max(500, 'note must be at most 500 characters').default(''),
    isAnonymous: z.boolean({ error: 'isAnonymous must be true or false' }).default(false),
    idempotencyKey: PublicCheckoutRequest.shape.idempotencyKey,
  })
  .strict();
export type DonateRequest = z.input<typeof DonateRequest>;

/** How long a monthly gift goes on: 1 to 5 years, or -1 until the donor cancels (spec 3 §9). */
export const DONATION_YEARS = [1, 2, 3, 4, 5, -1] as const;

/**
 * POST /public/donations/{id}/monthly: a monthly gift. The donor saves a card on the provider's page
 * (the answer's url); the first gift is charged when they come back, then one each month.
 */
export const MonthlyDonationRequest = DonateRequest.omit({ frequency: true, idempotencyKey: true })
  .extend({
    years: z
      .number({ error: 'years must be 1 to 5, or -1 (until cancelled)' })
      .int('years must be 1 to 5, or -1 (until cancelled)')
      .refine(
        (n) => (DONATION_YEARS as readonly number[]).includes(n),
        'years must be 1 to 5, or -1 (until cancelled)',
      ),
  })
  .strict();
export type MonthlyDonationRequest = z.input<typeof MonthlyDonationRequest>;

export const MonthlyDonationSetup = z.object({ url: z.string(), sessionId: z.string() });
export type MonthlyDonationSetup = z.infer<typeof MonthlyDonationSetup>;

/** POST /public/donations/{id}/monthly/complete: back from the provider's page. */
export const MonthlyDonationComplete = z
  .object({ sessionId: z.string({ error: 'sessionId is required' }).trim().min(1, 'sessionId is required').max(200) })
  .strict();

/**
 * The monthly gift set up: its first payment (paid, or not when the card was declined), and how many
 * gifts it makes in all (null: until cancelled).
 */
export const MonthlyDonationResult = z.object({
  subscriptionId: z.string(),
  gifts: z.number().int().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  first: z.object({
    guId: z.string(),
    publicId: z.string(),
    paid: z.boolean(),
    receiptNumber: z.string().nullable(),
  }),
});
export type MonthlyDonationResult = z.infer<typeof MonthlyDonationResult>;

/** How many gifts a monthly gift makes: the first plus the spec's further cycles; null: until cancelled. */
export function monthlyGiftCount(years: number): number | null {
  const further = donationCycleCount(years);
  return further === null ? null : further + 1;
}

/** The gift recorded: its invoice to pay on the provider's page (POST /item/invoice/{publicId}/publicpayment). */
export const DonateResult = z.object({
  guId: z.string(),
  publicId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type DonateResult = z.infer<typeof DonateResult>;

export const DONATION_STATUSES = ['pending', 'paid', 'refunded', 'void'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** One gift, for staff (per campaign, on the contact) and for the donor (My Donations). */
export const Donation = z.object({
  guId: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  contactId: z.string(),
  donorName: z.string(),
  donorEmail: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  frequency: z.enum(DONATION_FREQUENCIES),
  note: z.string(),
  isAnonymous: z.boolean(),
  status: z.enum(DONATION_STATUSES),
  /** The receipt's number (R-00001), once paid. */
  receiptNumber: z.string().nullable(),
  /** The invoice's public link id (its page, and the way to pay a gift still pending). */
  invoicePublicId: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Donation = z.infer<typeof Donation>;
export const DonationList = z.object({ data: z.array(Donation) });
export type DonationList = z.infer<typeof DonationList>;

export const formatReceiptNumber = (n: number) => `R-${String(n).padStart(5, '0')}`;

/**
 * GET /public/monthly-gifts/{token}: a monthly gift as its donor sees it from the link in each
 * receipt (no login): what it gives, to what, and whether more will be charged.
 */
export const MonthlyGiftByLink = z.object({
  campaignName: z.string(),
  donorName: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** active: more gifts will be charged; cancelled or completed: none. */
  status: z.enum(['active', 'past_due', 'paused', 'cancelled', 'completed']),
  giftsMade: z.number().int(),
  /** All the gifts it makes; null: until cancelled. */
  gifts: z.number().int().nullable(),
  nextGiftAt: z.string().nullable(),
});
export type MonthlyGiftByLink = z.infer<typeof MonthlyGiftByLink>;

export const MONTHLY_GIFT_STOPPED = 'Your monthly gift is stopped. Nothing more will be charged.';
