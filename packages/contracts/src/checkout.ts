import { z } from 'zod';
import { CheckoutRequest } from './cart-lines.ts';

/**
 * How the desk settles a sale (decisions.md "Store checkout"): cash pays it in full, account puts it
 * on the contact's account, credit_card prices the card fee and leaves the invoice for the card
 * payment, invoice (or none) leaves it open.
 */
export const DESK_PAYMENT_METHODS = ['cash', 'account', 'credit_card', 'invoice'] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];

/**
 * POST /item/checkout/validate: item ids, quantities (1 to 9) and a code, a buyer and how they pay.
 * No contactId means the walk-in. Prices in the body are not read (zod drops unknown keys): the
 * server prices every line from the catalogue.
 */
export const DeskCheckoutQuoteRequest = CheckoutRequest.extend({
  contactId: z.uuid('contactId must be a contact id').optional(),
  paymentMethod: z
    .enum(DESK_PAYMENT_METHODS, { error: 'paymentMethod must be cash, account, credit_card or invoice' })
    .default('invoice'),
});
export type DeskCheckoutQuoteRequest = z.input<typeof DeskCheckoutQuoteRequest>;

/** POST /item/checkout: the same, with a key the screen makes once per sale (a double click sells once). */
export const DeskCheckoutRequest = DeskCheckoutQuoteRequest.extend({
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be 8 to 100 characters')
    .max(100, 'idempotencyKey must be 8 to 100 characters'),
});
export type DeskCheckoutRequest = z.input<typeof DeskCheckoutRequest>;

const amounts = {
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  cardFee: z.number(),
  total: z.number(),
};

export const CheckoutQuoteLine = z.object({
  guId: z.string(),
  name: z.string(),
  kind: z.string(),
  qty: z.number().int(),
  /** One unit's price (a decimal of the currency, as the catalogue's `price`). */
  price: z.number(),
  amount: z.number(),
  discount: z.number(),
  tax: z.number(),
  cardFee: z.number(),
  total: z.number(),
  /** Units left, null when the stock is not tracked. */
  stock: z.number().int().nullable(),
});
export type CheckoutQuoteLine = z.infer<typeof CheckoutQuoteLine>;

/** The priced cart: decimals of the currency, and the same totals in minor units. */
export const CheckoutQuote = z.object({
  currency: z.string(),
  ...amounts,
  taxes: z.array(z.object({ label: z.string(), amount: z.number() })),
  minor: z.object(amounts),
  lines: z.array(CheckoutQuoteLine),
  /** What the code did; null without one. A refused code leaves every price whole. */
  offer: z
    .object({ valid: z.boolean(), offerCode: z.string(), alert: z.string().nullable(), discount: z.number() })
    .nullable(),
  contact: z.object({ id: z.string(), name: z.string(), isWalkin: z.boolean() }),
  paymentMethod: z.enum(DESK_PAYMENT_METHODS),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuote>;

/** 409 texts of a sale that cannot go through. */
export const CHECKOUT_MESSAGES = {
  onlyLeft: (count: number, name: string) => `Only ${count} of ${name} left.`,
  outOfStock: (name: string) => `${name} is out of stock.`,
  walkinAccount: 'The walk-in customer has no account. Choose cash or leave the invoice open.',
  keyReused: 'This idempotencyKey was already used for a different sale.',
} as const;
