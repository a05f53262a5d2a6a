import { z } from 'zod';
import { CheckoutRequest, Quantity } from './cart-lines.ts';
import { CheckoutQuote } from './checkout.ts';

/**
 * The public shop (issue 10, decisions.md "Public shop"): what a visitor sees of the catalogue, the
 * visitor's cart kept on the server, and the checkout with the public user form (spec 3 §3, §5, §7.8).
 */

/** A stocked item shows how many are left only when this few remain ("Only 3 left"). */
export const LOW_STOCK = 5;

/** Lines one cart holds; every line is one item (1 to 9 of it, spec 3 §9). */
export const CART_LINES_MAX = 50;

// ---------------------------------------------------------------- the catalogue as visitors see it

/** `tid` / `tenant` are hints: another tenant's id finds nothing (the host decides the tenant). */
export const PublicCatalogueQuery = z.object({ tid: z.string().trim().max(100).optional() });
export const PublicItemQuery = z.object({ tenant: z.string().trim().max(100).optional() });
export const PublicItemParams = z.object({ id: z.string().trim().min(1).max(100) });

/** An item as a visitor sees it: never its supplier, cost, SKU or stock count unless it is low. */
export const ShopItem = z.object({
  guId: z.string(),
  kind: z.enum(['product', 'bundle']),
  name: z.string(),
  description: z.string(),
  categoryId: z.string(),
  /** Decimal amount of `currency`. */
  price: z.number(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  inStock: z.boolean(),
  /** Units left when LOW_STOCK or fewer remain; null otherwise (or when not tracked). */
  stockLeft: z.number().int().nullable(),
});
export type ShopItem = z.infer<typeof ShopItem>;

/** GET /public/pitem/{id}: one item, with what a bundle holds. */
export const ShopItemDetail = ShopItem.extend({
  categoryName: z.string(),
  contents: z.array(z.object({ name: z.string(), qty: z.number().int() })),
});
export type ShopItemDetail = z.infer<typeof ShopItemDetail>;

export const ShopCategory = z.object({
  guId: z.string(),
  name: z.string(),
  description: z.string(),
  categoryType: z.enum(['PRODUCT', 'BUNDLE']),
  imageUrl: z.string().nullable(),
  items: z.array(ShopItem),
});
export type ShopCategory = z.infer<typeof ShopCategory>;

/** GET /snode/icategory/public/: visible merchandise and bundle categories with their visible items. */
export const PublicCatalogue = z.object({ currency: z.string(), categories: z.array(ShopCategory) });
export type PublicCatalogue = z.infer<typeof PublicCatalogue>;

// ---------------------------------------------------------------- the cart

export const CartLineInput = z.object({ guId: z.string().trim().min(1, 'Item is required').max(100), qty: Quantity });

/** POST /public/cart: the whole cart as the visitor wants it now (it replaces the stored one). */
export const CartUpdate = z.object({
  items: z.array(CartLineInput).max(CART_LINES_MAX, `A cart holds at most ${CART_LINES_MAX} items`),
  offerCode: z.string().trim().max(50, 'Offer code is too long').optional(),
});
export type CartUpdate = z.input<typeof CartUpdate>;

/** The header that carries the cart's id (kept by the browser); never in a URL, where logs would keep it. */
export const CART_ID_HEADER = 'x-cart-id';

export const PublicCartLine = z.object({
  guId: z.string(),
  name: z.string(),
  kind: z.string(),
  imageUrl: z.string().nullable(),
  qty: z.number().int(),
  price: z.number(),
  amount: z.number(),
  discount: z.number(),
  total: z.number(),
  stockLeft: z.number().int().nullable(),
});

/**
 * The cart priced by the server. Problems are values (spec 3 §8): an item that can no longer be
 * bought drops out with a note, a quantity above the stock is lowered with a note, a refused code
 * keeps its alert in `offer` and leaves the prices whole.
 */
export const PublicCart = z.object({
  /** Null until something is put in the cart. */
  cartId: z.string().nullable(),
  currency: z.string(),
  lines: z.array(PublicCartLine),
  notes: z.array(z.string()),
  offer: CheckoutQuote.shape.offer,
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  taxes: CheckoutQuote.shape.taxes,
  cardFee: z.number(),
  total: z.number(),
});
export type PublicCart = z.infer<typeof PublicCart>;

export const CART_NOTES = {
  unavailable: (name: string) => `${name} is no longer available and was removed from your cart.`,
  unknown: 'An item in your cart is no longer available and was removed.',
  soldOut: (name: string) => `${name} is sold out and was removed from your cart.`,
  lowered: (name: string, left: number) => `Only ${left} of ${name} left: the quantity was changed to ${left}.`,
} as const;

// ---------------------------------------------------------------- checkout with the public user form

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/**
 * Spec 3 §3 "Payment forms: Public user form" and §5: firstName and lastName required, email required
 * and a valid address. fullName is what the old client derived from the two; it is read only when the
 * names are blank. isWaiverFormToBeSigned is accepted and has no effect yet (no waivers are built).
 */
export const PublicUserForm = z.object({
  fullName: z.string().trim().max(200).optional(),
  firstName: required('First name'),
  lastName: required('Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email('Please enter a valid email address')),
  phone: optionalText('Phone', 40),
  address: optionalText('Address', 500),
  note: optionalText('Note', 255),
  isWaiverFormToBeSigned: z.boolean().optional(),
});
export type PublicUserForm = z.input<typeof PublicUserForm>;

/** POST /item/checkout/public/validate: the cart's items and code plus the form; writes nothing. */
export const PublicCheckoutQuoteRequest = CheckoutRequest.extend(PublicUserForm.shape).extend({
  /** The visitor's stored cart: emptied by the sale, in its transaction. */
  cartId: z.string().trim().max(100).optional(),
});
export type PublicCheckoutQuoteRequest = z.input<typeof PublicCheckoutQuoteRequest>;

/** POST /item/checkout/public (and /public/checkout): the same with a key made once per order. */
export const PublicCheckoutRequest = PublicCheckoutQuoteRequest.extend({
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be 8 to 100 characters')
    .max(100, 'idempotencyKey must be 8 to 100 characters'),
});
export type PublicCheckoutRequest = z.input<typeof PublicCheckoutRequest>;

/** The validation's answer: the priced order, without anything about the buyer's contact. */
export const PublicCheckoutQuote = CheckoutQuote.omit({ contact: true, paymentMethod: true });
export type PublicCheckoutQuote = z.infer<typeof PublicCheckoutQuote>;

/**
 * The order placed: the invoice (its public page /invoice/{publicId}), paid by card on the provider's
 * page (`payment` 'card', the card fee priced) or at the studio ('at_studio': the studio takes no
 * cards online; no card fee). The server decides from the studio's provider.
 */
export const PublicCheckoutResult = z.object({
  /** The invoice number as printed (INV-00042). */
  invoiceId: z.string(),
  publicId: z.string(),
  status: z.string(),
  currency: z.string(),
  total: z.number(),
  balance: z.number(),
  payment: z.enum(['card', 'at_studio']),
});
export type PublicCheckoutResult = z.infer<typeof PublicCheckoutResult>;

/**
 * POST /snode/product/usercheckout: a signed-in member's order from My Store: the cart's items and
 * code; the member is the buyer, so there is no form.
 */
export const MemberCheckoutRequest = CheckoutRequest.extend({
  cartId: z.string().trim().max(100).optional(),
  idempotencyKey: PublicCheckoutRequest.shape.idempotencyKey,
});
export type MemberCheckoutRequest = z.input<typeof MemberCheckoutRequest>;

export const MEMBER_STORE_MESSAGES = {
  staffOnly: 'My Store is for members; staff sell from the Store screen.',
  preview: 'Orders cannot be placed in Student Preview.',
} as const;

/** GET /public/checkout?orgId=: the query; the host names the tenant, orgId must agree when sent. */
export const PublicCheckoutSettingsQuery = z.object({ orgId: z.string().max(100).optional() });

/**
 * GET /public/checkout?orgId=: what the public checkout needs to know before an order: the money's
 * currency, the tax and card fee it adds, whether cards are taken online and by whom, and the labels
 * and links the form shows. Never a secret.
 */
export const PublicCheckoutSettings = z.object({
  orgId: z.string(),
  currency: z.string(),
  csymbol: z.string(),
  taxPercent: z.number(),
  cardFees: z.number(),
  paymentProvider: z.string().nullable(),
  takesCards: z.boolean(),
  buyButtonLabel: z.string(),
  isRegAndPurchaseOnSamePage: z.boolean(),
  termsOfServiceLink: z.string().nullable(),
  privacyPolicyLink: z.string().nullable(),
});
export type PublicCheckoutSettings = z.infer<typeof PublicCheckoutSettings>;
