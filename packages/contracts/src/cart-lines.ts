import { z } from 'zod';
import { assertMinor, MoneyError } from './money.ts';

/**
 * What a cart or checkout line can be (spec 3 §3 "Cart or checkout item"). Products, bundles and
 * services are sold today; memberships, classes and courses are the registrations still to come,
 * named here so offers and totals already treat them right.
 */
export const LINE_KINDS = ['product', 'bundle', 'service', 'membership', 'class', 'course', 'donation'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** Spec 3 §3 / spec 2 §3 category types; a course (and a class or membership) is a SERVICE. */
export const CATEGORY_TYPES = ['SERVICE', 'PRODUCT', 'BUNDLE'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export function categoryTypeOf(kind: LineKind): CategoryType {
  if (kind === 'product') return 'PRODUCT';
  if (kind === 'bundle') return 'BUNDLE';
  return 'SERVICE';
}

/** Spec 3 §9: quantity choices 1 to 9. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9;
export const Quantity = z
  .number({ error: 'Quantity is required' })
  .int('Quantity must be a whole number')
  .min(QUANTITY_MIN, `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`)
  .max(QUANTITY_MAX, `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`);

/**
 * What a client may send for a checkout (DESIGN.md "the server prices everything"): item ids,
 * quantities and a code. Every price, tax and fee is then read from the catalogue and the settings.
 */
export const CheckoutRequest = z.object({
  items: z
    .array(z.object({ guId: z.string().trim().min(1, 'Item is required'), qty: Quantity }))
    .min(1, 'The cart is empty')
    .max(100, 'Too many items'),
  offerCode: z.string().trim().max(50, 'Offer code is too long').optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** A priced line, as the server builds it from the catalogue. Every amount is in minor units. */
export interface CartLine {
  /** Unique within the cart. */
  id: string;
  /** The catalogue item (course, product, ...): what an offer tied to one item names (courseGuId). */
  guId: string;
  kind: LineKind;
  /** The catalogue category the item sits in (itemCategory guId): what buy-X-get-Y offers count. */
  categoryId?: string | null;
  /** One unit's price; for a membership, the subscription price of one billing cycle. */
  unitPrice: number;
  /** 1 to 9 (spec 3 §9). */
  quantity: number;
  isTaxable: boolean;
  /** The buyer pays the card (or bank) processing fee on this line. */
  isChargeCreditCardFees: boolean;
  /** A membership's one-off registration fee per unit (membershipDetails.registrationFees), else 0. */
  registrationFee?: number;
}

/** Refuses a line no catalogue could have produced (a programming error, not a buyer's). */
export function assertCartLine(line: CartLine): void {
  if (!LINE_KINDS.includes(line.kind)) throw new MoneyError(`Unknown line kind '${line.kind}'`);
  if (!Number.isInteger(line.quantity) || line.quantity < QUANTITY_MIN || line.quantity > QUANTITY_MAX) {
    throw new MoneyError(`Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}: ${line.quantity}`);
  }
  assertMinor(line.unitPrice, 'A unit price');
  if (line.unitPrice < 0) throw new MoneyError('A unit price cannot be negative');
  const fee = line.registrationFee ?? 0;
  assertMinor(fee, 'A registration fee');
  if (fee < 0) throw new MoneyError('A registration fee cannot be negative');
  if (fee > 0 && line.kind !== 'membership') throw new MoneyError('Only a membership has a registration fee');
}

export function assertCartLines(lines: readonly CartLine[]): void {
  const ids = new Set<string>();
  for (const line of lines) {
    assertCartLine(line);
    if (ids.has(line.id)) throw new MoneyError(`Two lines share the id '${line.id}'`);
    ids.add(line.id);
  }
}
