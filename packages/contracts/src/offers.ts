import { type CartLine, categoryTypeOf } from './cart-lines.ts';
import { applyRate, BASIS_POINTS_PER_WHOLE } from './money.ts';

/** Spec 2 §3 enumerations. */
export const OFFER_STATUSES = ['ACTIVE', 'DISABLED', 'EXPIRED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_TYPES = ['flat', 'buyFirstAndGetOther'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const DISCOUNT_TYPES = ['percentage', 'dollars'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** Spec 1 §3 "Offer (applicability)": itemType and appliesOn. */
export const OFFER_ITEM_TYPES = ['item', 'course', 'product'] as const;
export type OfferItemType = (typeof OFFER_ITEM_TYPES)[number];
export const OFFER_APPLIES_ON = ['item', 'course', 'product'] as const;
export type OfferAppliesOn = (typeof OFFER_APPLIES_ON)[number];

/** Spec 3 §3: an offer's primaryItem and secondaryItem, each a category and a count. */
export interface OfferItemRule {
  /** The catalogue category (itemCategory guId) whose items count. */
  category: string;
  count: number;
}

/** An offer as the evaluator needs it; amounts already in integers (see `discount`). */
export interface Offer {
  offerCode: string;
  status: OfferStatus;
  offerType: OfferType;
  discountType: DiscountType;
  /** percentage: basis points (1250 = 12.5%); dollars: minor units of the tenant's currency, per unit. */
  discount: number;
  /** First instant the code works (inclusive); null: from creation. */
  startsAt?: Date | null;
  /** First instant it no longer works (exclusive): the server passes the end of the last day, in the tenant's zone. */
  endsAt?: Date | null;
  /** How many times the code may be redeemed in all; null: no limit. */
  usageLimit?: number | null;
  timesUsed?: number;
  itemType: OfferItemType;
  /** For itemType item: which carts it applies to (null is item: always). */
  appliesOn?: OfferAppliesOn | null;
  /** For itemType course or product: the catalogue item it is for, or a category (every item in it). */
  courseGuId?: string | null;
  /** buyFirstAndGetOther: buy `count` of the primary category, get `count` of the secondary at the discount. */
  primaryItem?: OfferItemRule | null;
  secondaryItem?: OfferItemRule | null;
  /** On a membership: the discount is taken off the subscription price (default) ... */
  discountsSubscription?: boolean;
  /** ... and/or off the registration fees (off by default). */
  discountsRegistrationFees?: boolean;
}

/** Spec 3 §5, quoted. */
export const OFFER_NOT_VALID_FOR_ITEM = 'Not a valid code for this item';
export const offerDiscountTooLarge = (code: string) =>
  `Offer code '${code}' is invalid. Discount is greater than amount`;
/** Where the spec shows no text (decisions.md, "Money, offers and cart totals"). */
export const offerCodeInvalid = (code: string) => `Offer code '${code}' is invalid.`;
export const offerCodeExpired = (code: string) => `Offer code '${code}' has expired.`;
export const offerCodeNotStarted = (code: string) => `Offer code '${code}' is not active yet.`;
export const offerCodeUsedUp = (code: string) => `Offer code '${code}' has reached its usage limit.`;

export type OfferRejection =
  | 'unknown'
  | 'disabled'
  | 'expired'
  | 'not-started'
  | 'used-up'
  | 'not-applicable'
  | 'greater-than-amount';

export interface OfferLineDiscount {
  lineId: string;
  /** Taken off the line's price (for a membership, off the first cycle's subscription price). */
  priceDiscount: number;
  /** Taken off a membership's registration fees. */
  registrationFeeDiscount: number;
  /** priceDiscount + registrationFeeDiscount. */
  discount: number;
  /** How many of the line's units the price discount covers (all for flat, the "get" units otherwise). */
  discountedUnits: number;
}

export type OfferEvaluation =
  | { ok: true; code: string; lines: OfferLineDiscount[]; discount: number }
  | { ok: false; code: string; reason: OfferRejection; alert: string };

/** Spec 3 §5: codes are lower-cased before lookup (and compared trimmed). */
export function normalizeOfferCode(code: string): string {
  return code.trim().toLowerCase();
}

/** The offer a typed code names, among a tenant's offers (the database does the same on offer_code). */
export function findOffer<T extends Pick<Offer, 'offerCode'>>(offers: readonly T[], code: string): T | undefined {
  const wanted = normalizeOfferCode(code);
  return offers.find((offer) => normalizeOfferCode(offer.offerCode) === wanted);
}

/** The answer for a code that names no offer of the tenant. */
export function unknownOfferCode(code: string): OfferEvaluation {
  const normalized = normalizeOfferCode(code);
  return { ok: false, code: normalized, reason: 'unknown', alert: offerCodeInvalid(normalized) };
}

const PAID_SERVICE_KINDS = new Set<CartLine['kind']>(['service', 'class', 'course', 'membership']);
const CATALOGUE_KINDS = new Set<CartLine['kind']>(['product', 'bundle', 'service']);

/**
 * Spec 1 §5: an offer with itemType item applies if appliesOn is course (the cart holds a course-type
 * or paid item: a course, class, service or membership), product (the cart holds a product or a
 * bundle of products) or item (always); with itemType course or product it applies only if the cart
 * holds that course or product by guId.
 */
export function offerApplies(offer: Pick<Offer, 'itemType' | 'appliesOn' | 'courseGuId'>, lines: readonly CartLine[]) {
  return lines.some((line) => lineCovered(offer, line));
}

/** Whether a flat offer takes something off this line (the lines that make it apply, per spec 1 §5). */
export function lineCovered(offer: Pick<Offer, 'itemType' | 'appliesOn' | 'courseGuId'>, line: CartLine): boolean {
  // A course is a catalogue category (SERVICE), so courseGuId names an item or a whole category.
  if (offer.itemType !== 'item')
    return !!offer.courseGuId && (line.guId === offer.courseGuId || line.categoryId === offer.courseGuId);
  const on = offer.appliesOn ?? 'item';
  if (on === 'course') return PAID_SERVICE_KINDS.has(line.kind);
  if (on === 'product') return categoryTypeOf(line.kind) !== 'SERVICE';
  return true;
}

interface Target {
  line: CartLine;
  part: 'price' | 'registrationFee';
  unitAmount: number;
  units: number;
}

/**
 * Whether the code can be used at all at `now`, whatever the cart: status, dates, usage limit (the
 * first checks of `evaluateOffer`). Undefined when it can; else the refusal with its alert.
 */
export function offerUnusable(
  offer: Pick<Offer, 'offerCode' | 'status' | 'startsAt' | 'endsAt' | 'usageLimit' | 'timesUsed'>,
  now: Date,
): (OfferEvaluation & { ok: false }) | undefined {
  const code = normalizeOfferCode(offer.offerCode);
  const reject = (reason: OfferRejection, alert: string) => ({ ok: false as const, code, reason, alert });
  if (offer.status === 'DISABLED') return reject('disabled', offerCodeInvalid(code));
  if (offer.status === 'EXPIRED') return reject('expired', offerCodeExpired(code));
  if (offer.status !== 'ACTIVE') return reject('disabled', offerCodeInvalid(code));
  if (offer.startsAt && now.getTime() < offer.startsAt.getTime())
    return reject('not-started', offerCodeNotStarted(code));
  if (offer.endsAt && now.getTime() >= offer.endsAt.getTime()) return reject('expired', offerCodeExpired(code));
  if (offer.usageLimit !== null && offer.usageLimit !== undefined && (offer.timesUsed ?? 0) >= offer.usageLimit) {
    return reject('used-up', offerCodeUsedUp(code));
  }
  return undefined;
}

/**
 * Checks a code against a cart at `now` and says what it takes off each line, or why not with the
 * alert to show. Order: status, dates, usage, applicability (spec 1 §5), then the amounts (spec 3 §5).
 * Usage is checked here for the answer; the redemption itself must count the use in the database
 * in the sale's transaction (a conditional update), or two buyers could take the last one.
 */
export function evaluateOffer(offer: Offer, lines: readonly CartLine[], now: Date): OfferEvaluation {
  const code = normalizeOfferCode(offer.offerCode);
  const reject = (reason: OfferRejection, alert: string): OfferEvaluation => ({ ok: false, code, reason, alert });

  const unusable = offerUnusable(offer, now);
  if (unusable) return unusable;
  if (!offerApplies(offer, lines)) return reject('not-applicable', OFFER_NOT_VALID_FOR_ITEM);

  const targets = offer.offerType === 'buyFirstAndGetOther' ? getOtherTargets(offer, lines) : flatTargets(offer, lines);
  if (!targets || targets.length === 0) return reject('not-applicable', OFFER_NOT_VALID_FOR_ITEM);

  const tooLarge =
    !Number.isSafeInteger(offer.discount) ||
    offer.discount < 0 ||
    (offer.discountType === 'percentage'
      ? offer.discount > BASIS_POINTS_PER_WHOLE
      : targets.some((target) => offer.discount > target.unitAmount));
  if (tooLarge) return reject('greater-than-amount', offerDiscountTooLarge(code));

  const byLine = new Map<string, OfferLineDiscount>();
  for (const target of targets) {
    const amount =
      offer.discountType === 'percentage'
        ? applyRate(target.unitAmount * target.units, offer.discount)
        : offer.discount * target.units;
    const entry = byLine.get(target.line.id) ?? {
      lineId: target.line.id,
      priceDiscount: 0,
      registrationFeeDiscount: 0,
      discount: 0,
      discountedUnits: 0,
    };
    if (target.part === 'price') {
      entry.priceDiscount += amount;
      entry.discountedUnits += target.units;
    } else {
      entry.registrationFeeDiscount += amount;
    }
    entry.discount += amount;
    byLine.set(target.line.id, entry);
  }
  const discounted = lines.flatMap((line) => byLine.get(line.id) ?? []);
  return { ok: true, code, lines: discounted, discount: discounted.reduce((sum, line) => sum + line.discount, 0) };
}

/** flat: every unit of every covered line; on a membership, the parts the offer names. Free parts are skipped. */
function flatTargets(offer: Offer, lines: readonly CartLine[]): Target[] {
  const targets: Target[] = [];
  for (const line of lines) {
    if (!lineCovered(offer, line)) continue;
    const membership = line.kind === 'membership';
    if ((!membership || offer.discountsSubscription !== false) && line.unitPrice > 0) {
      targets.push({ line, part: 'price', unitAmount: line.unitPrice, units: line.quantity });
    }
    const fee = line.registrationFee ?? 0;
    if (membership && offer.discountsRegistrationFees === true && fee > 0) {
      targets.push({ line, part: 'registrationFee', unitAmount: fee, units: line.quantity });
    }
  }
  return targets;
}

/**
 * buyFirstAndGetOther: units of catalogue items (products, bundles, services; never a registration)
 * in the primary category pay, units in the secondary category get the discount, the cheapest first.
 * The deal repeats as often as the cart holds full sets. With one category for both, each set is
 * primary.count + secondary.count units of it. Free units take no part. Undefined: malformed offer.
 */
function getOtherTargets(offer: Offer, lines: readonly CartLine[]): Target[] | undefined {
  const buy = offer.primaryItem;
  const get = offer.secondaryItem;
  if (!buy || !get || !validCount(buy.count) || !validCount(get.count)) return undefined;
  const unitsIn = (category: string) =>
    lines
      .filter((line) => CATALOGUE_KINDS.has(line.kind) && line.unitPrice > 0 && line.categoryId === category)
      .flatMap((line) => Array.from({ length: line.quantity }, () => line));
  const secondary = unitsIn(get.category);
  const sets =
    buy.category === get.category
      ? Math.floor(secondary.length / (buy.count + get.count))
      : Math.min(Math.floor(unitsIn(buy.category).length / buy.count), Math.floor(secondary.length / get.count));
  // The cheapest units are the ones given; a stable sort keeps cart order among equal prices.
  const given = [...secondary].sort((a, b) => a.unitPrice - b.unitPrice).slice(0, sets * get.count);
  const counts = new Map<CartLine, number>();
  for (const line of given) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts].map(([line, units]) => ({ line, part: 'price', unitAmount: line.unitPrice, units }));
}

const validCount = (count: number) => Number.isInteger(count) && count >= 1;
