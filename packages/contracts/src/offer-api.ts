import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from './cart-lines.ts';
import { CATALOGUE_PAGE_MAX } from './catalogue.ts';
import {
  DISCOUNT_TYPES,
  type DiscountType,
  OFFER_APPLIES_ON,
  OFFER_ITEM_TYPES,
  OFFER_STATUSES,
  OFFER_TYPES,
  type OfferAppliesOn,
  type OfferItemType,
  type OfferType,
} from './offers.ts';
import { ShopItem } from './shop.ts';
import { isCalendarDate } from './tenant-dates.ts';

// The offers screen and calls (spec 3 §3 "Offer and bundle", §5, §7.8; spec 1 §3, §5; spec 2 §3).
// The rule engine is offers.ts (`evaluateOffer`); this file is only the wire. decisions.md "Offers".

export const OFFER_CODE_MAX = 50;
export const OFFER_DESCRIPTION_MAX = 200;
export const OFFER_COUNT_MAX = 99;
export const OFFER_USAGE_LIMIT_MAX = 1_000_000;
export const OFFER_PAGE_SIZE_DEFAULT = 25;

/** Messages a person reads. */
export const OFFER_MESSAGES = {
  codeRequired: 'Offer code is required!',
  codeCharacters: 'Offer code may only contain letters, digits, - and _',
  codeTaken: (code: string) => `Offer code '${code}' already exists.`,
  codeTakenAny: 'An offer with this code already exists.',
  discountRequired: 'Discount is required!',
  discountPositive: 'Discount must be greater than 0',
  percentMax: 'A percentage discount cannot be more than 100',
  percentDecimals: 'A percentage may have at most 2 decimals',
  endBeforeStart: 'End date cannot be before the start date',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  targetRequired: 'Choose the course or product the offer is for',
  targetNotFound: 'Course or product not found.',
  targetWrongType:
    'A course offer names a course (SERVICE) category or service; a product offer a product, bundle or their category.',
  buyRequired: 'Choose the category and count to buy',
  getRequired: 'Choose the category and count to get',
  categoryNotFound: 'Category not found.',
  offerNotFound: 'Offer not found.',
  offerAdded: 'Offer added successfully.',
  offerUpdated: 'Offer updated successfully.',
  offerDisabled: 'Offer disabled.',
  offerEnabled: 'Offer enabled.',
} as const;

/** Labels a person reads for the enumerations. */
export const OFFER_TYPE_LABELS: Record<OfferType, string> = {
  flat: 'Flat discount',
  buyFirstAndGetOther: 'Buy one, get another',
};
export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = {
  percentage: 'Percentage (%)',
  dollars: 'Amount',
};
export const OFFER_ITEM_TYPE_LABELS: Record<OfferItemType, string> = {
  item: 'A kind of item',
  course: 'One course',
  product: 'One product or category',
};
export const OFFER_APPLIES_ON_LABELS: Record<OfferAppliesOn, string> = {
  item: 'Everything',
  course: 'Courses, classes, services and memberships',
  product: 'Products and bundles',
};

const offerCode = z
  .string({ error: OFFER_MESSAGES.codeRequired })
  .trim()
  .min(1, OFFER_MESSAGES.codeRequired)
  .max(OFFER_CODE_MAX, `Offer code must be at most ${OFFER_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, OFFER_MESSAGES.codeCharacters)
  .transform((code) => code.toLowerCase());
const description = z
  .string({ error: 'description must be text' })
  .trim()
  .max(OFFER_DESCRIPTION_MAX, `Description must be at most ${OFFER_DESCRIPTION_MAX} characters`);
/** A percentage (10 or 12.5) or an amount of the tenant's currency (5 or 4.99); the service converts it. */
const discount = z
  .number({ error: OFFER_MESSAGES.discountRequired })
  .gt(0, OFFER_MESSAGES.discountPositive)
  .max(999_999.99, 'Discount is too large');
const calendarDate = z.string({ error: OFFER_MESSAGES.dateInvalid }).refine(isCalendarDate, OFFER_MESSAGES.dateInvalid);
const count = (field: string) =>
  z
    .number({ error: `${field} is required` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be between 1 and ${OFFER_COUNT_MAX}`)
    .max(OFFER_COUNT_MAX, `${field} must be between 1 and ${OFFER_COUNT_MAX}`);
export const OfferItemRuleInput = z
  .object({ category: z.uuid('category must be a category id'), count: count('count') })
  .strict();
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });
const usageLimit = z
  .number({ error: 'usageLimit must be a number' })
  .int('usageLimit must be a whole number')
  .min(1, `usageLimit must be between 1 and ${OFFER_USAGE_LIMIT_MAX}`)
  .max(OFFER_USAGE_LIMIT_MAX, `usageLimit must be between 1 and ${OFFER_USAGE_LIMIT_MAX}`);

const fields = {
  offerCode,
  description,
  offerType: z.enum(OFFER_TYPES, { error: `offerType must be one of ${OFFER_TYPES.join(', ')}` }),
  discountType: z.enum(DISCOUNT_TYPES, { error: `discountType must be one of ${DISCOUNT_TYPES.join(', ')}` }),
  discount,
  status: z.enum(OFFER_STATUSES, { error: `status must be one of ${OFFER_STATUSES.join(', ')}` }),
  itemType: z.enum(OFFER_ITEM_TYPES, { error: `itemType must be one of ${OFFER_ITEM_TYPES.join(', ')}` }),
  appliesOn: z.enum(OFFER_APPLIES_ON, { error: `appliesOn must be one of ${OFFER_APPLIES_ON.join(', ')}` }).nullable(),
  courseGuId: z.uuid('courseGuId must be an id').nullable(),
  primaryItem: OfferItemRuleInput.nullable(),
  secondaryItem: OfferItemRuleInput.nullable(),
  startDate: calendarDate.nullable(),
  endDate: calendarDate.nullable(),
  usageLimit: usageLimit.nullable(),
  discountsSubscription: flag('discountsSubscription'),
  discountsRegistrationFees: flag('discountsRegistrationFees'),
};

/** POST /item/offer. Codes are stored lower-cased (spec 3 §5). */
export const OfferInput = z
  .object({
    offerCode: fields.offerCode,
    discount: fields.discount,
    description: fields.description.default(''),
    offerType: fields.offerType.default('flat'),
    discountType: fields.discountType.default('percentage'),
    status: fields.status.default('ACTIVE'),
    itemType: fields.itemType.default('item'),
    appliesOn: fields.appliesOn.default('item'),
    courseGuId: fields.courseGuId.default(null),
    primaryItem: fields.primaryItem.default(null),
    secondaryItem: fields.secondaryItem.default(null),
    startDate: fields.startDate.default(null),
    endDate: fields.endDate.default(null),
    usageLimit: fields.usageLimit.default(null),
    discountsSubscription: fields.discountsSubscription.default(true),
    discountsRegistrationFees: fields.discountsRegistrationFees.default(false),
  })
  .strict();
export type OfferInput = z.input<typeof OfferInput>;
export type OfferValues = z.output<typeof OfferInput>;

/** PUT /item/offer/{id}: only the fields sent change; the whole is then checked again. */
export const OfferUpdate = z.object(fields).partial().strict();
export type OfferUpdate = z.input<typeof OfferUpdate>;

/**
 * The rules between fields, checked on the whole offer (after an update is merged in), so each
 * refusal names one field. Null when the offer holds together.
 */
export function offerProblem(offer: OfferValues): { field: string; message: string } | null {
  if (offer.discountType === 'percentage') {
    if (offer.discount > 100) return { field: 'discount', message: OFFER_MESSAGES.percentMax };
    if (!/^\d+(\.\d{1,2})?$/.test(String(offer.discount)))
      return { field: 'discount', message: OFFER_MESSAGES.percentDecimals };
  }
  if (offer.startDate && offer.endDate && offer.endDate < offer.startDate)
    return { field: 'endDate', message: OFFER_MESSAGES.endBeforeStart };
  if (offer.offerType === 'buyFirstAndGetOther') {
    if (!offer.primaryItem) return { field: 'primaryItem', message: OFFER_MESSAGES.buyRequired };
    if (!offer.secondaryItem) return { field: 'secondaryItem', message: OFFER_MESSAGES.getRequired };
  } else if (offer.itemType !== 'item' && !offer.courseGuId) {
    return { field: 'courseGuId', message: OFFER_MESSAGES.targetRequired };
  }
  return null;
}

export const OfferItemRuleView = z.object({
  category: z.string(),
  count: z.number().int(),
  /** The category's name, for display (null when it was deleted). */
  categoryName: z.string().nullable(),
});

/** An offer as the admin screen sees it. Discounts are on the wire as entered: percent or an amount. */
export const OfferView = z.object({
  guId: z.string(),
  offerCode: z.string(),
  description: z.string(),
  offerType: z.enum(OFFER_TYPES),
  discountType: z.enum(DISCOUNT_TYPES),
  discount: z.number(),
  currency: z.string(),
  /** As set by the admin (ACTIVE, DISABLED or EXPIRED). */
  status: z.enum(OFFER_STATUSES),
  /** What applies now: an ACTIVE offer past its end date reads EXPIRED. */
  effectiveStatus: z.enum(OFFER_STATUSES),
  itemType: z.enum(OFFER_ITEM_TYPES),
  appliesOn: z.enum(OFFER_APPLIES_ON).nullable(),
  courseGuId: z.string().nullable(),
  /** The name of the course, product or category courseGuId names. */
  courseName: z.string().nullable(),
  primaryItem: OfferItemRuleView.nullable(),
  secondaryItem: OfferItemRuleView.nullable(),
  /** Calendar days in the tenant's time zone (the end day included). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The same as instants: first instant it works, first instant it no longer does. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  timesUsed: z.number().int(),
  discountsSubscription: z.boolean(),
  discountsRegistrationFees: z.boolean(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type OfferView = z.infer<typeof OfferView>;

const queryPage = z.coerce
  .number()
  .int()
  .min(1, `length must be between 1 and ${CATALOGUE_PAGE_MAX}`)
  .max(CATALOGUE_PAGE_MAX, `length must be between 1 and ${CATALOGUE_PAGE_MAX}`);

/** GET /item/offer: start, length (up to 1000), search (code or description), status. */
export const OfferListQuery = z.object({
  start: z.coerce.number().int().min(0, 'start must be 0 or more').default(0),
  length: queryPage.default(OFFER_PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  status: z.enum(OFFER_STATUSES, { error: `status must be one of ${OFFER_STATUSES.join(', ')}` }).optional(),
});
export type OfferListQuery = z.input<typeof OfferListQuery>;

export const OfferList = z.object({ recordsTotal: z.number().int(), data: z.array(OfferView) });
export type OfferList = z.infer<typeof OfferList>;

// ---------------------------------------------------------------- public calls (spec 3 §7.8)

/** What a buyer may learn about a usable code: no counts, no description. */
export const PublicOffer = z.object({
  guId: z.string(),
  offerCode: z.string(),
  offerType: z.enum(OFFER_TYPES),
  discountType: z.enum(DISCOUNT_TYPES),
  discount: z.number(),
  itemType: z.enum(OFFER_ITEM_TYPES),
  appliesOn: z.enum(OFFER_APPLIES_ON).nullable(),
  courseGuId: z.string().nullable(),
  primaryItem: z.object({ category: z.string(), count: z.number().int() }).nullable(),
  secondaryItem: z.object({ category: z.string(), count: z.number().int() }).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type PublicOffer = z.infer<typeof PublicOffer>;

/**
 * The answer of both public offer calls (spec 3 §8: offer calls turn errors into a normal value):
 * always 200 for a code question; `valid` false carries the alert to show.
 */
export const OfferCheck = z.object({
  valid: z.boolean(),
  offerCode: z.string(),
  /** The alert text when not valid (spec 3 §5 texts), else null. */
  alert: z.string().nullable(),
  reason: z
    .enum(['unknown', 'disabled', 'expired', 'not-started', 'used-up', 'not-applicable', 'greater-than-amount'])
    .nullable(),
  /** GET /public/itemOffer: what the item costs (unit price x qty) and what the code takes off, as decimals. */
  amount: z.number().nullable(),
  discount: z.number().nullable(),
  currency: z.string(),
  /** The offer when the code is usable. */
  offer: PublicOffer.nullable(),
});
export type OfferCheck = z.infer<typeof OfferCheck>;

/** GET /public/itemOffer (offerCode, tenant, categoryGuId, itemGuId; qty added, 1 to 9, default 1). */
export const PublicItemOfferQuery = z.object({
  offerCode: z
    .string({ error: 'offerCode is required' })
    .trim()
    .min(1, 'offerCode is required')
    .max(OFFER_CODE_MAX, `offerCode must be at most ${OFFER_CODE_MAX} characters`),
  tenant: z.string().trim().max(100).optional(),
  categoryGuId: z.uuid('categoryGuId must be an id').optional(),
  itemGuId: z.uuid('itemGuId must be an id').optional(),
  qty: z.coerce
    .number()
    .int('qty must be a whole number')
    .min(QUANTITY_MIN, `qty must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`)
    .max(QUANTITY_MAX, `qty must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`)
    .default(1),
});
export type PublicItemOfferQuery = z.input<typeof PublicItemOfferQuery>;

// ---------------------------------------------------------------- a promotion's items (spec 3 §7.8)

/** GET /public/promotions/{id}/items: {id} is the offer's id or its code; `tenant` is a hint (the host's). */
export const PublicPromotionParams = z.object({ id: z.string().trim().min(1, 'id is required').max(100) });
export const PublicPromotionQuery = z.object({ tenant: z.string().trim().max(100).optional() });

/**
 * A shop item the promotion applies to, with what one of it costs after the offer when that is one
 * number (a flat offer); null for buy-X-get-Y, whose discount depends on the whole cart. `role` says
 * which side of a buy-X-get-Y deal the item is on (`discounted` for a flat offer).
 */
export const PromotionItem = ShopItem.extend({
  role: z.enum(['discounted', 'buy', 'get']),
  discount: z.number().nullable(),
  priceAfterOffer: z.number().nullable(),
});
export type PromotionItem = z.infer<typeof PromotionItem>;

/** The promotion's public face (as GET /item/offercode/{code}/public gives it) and the public shop items it applies to. */
export const PublicPromotionItems = z.object({
  offer: PublicOffer,
  currency: z.string(),
  items: z.array(PromotionItem),
});
export type PublicPromotionItems = z.infer<typeof PublicPromotionItems>;
