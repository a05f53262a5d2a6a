import { z } from 'zod';

// A contact's saved cards (spec 2 §7: GET /item/contact/{id}/card?provider=...; DELETE
// /item/contact/{id}/card/{cardId}). The cards live at the tenant's payment provider (Stripe Connect);
// only display data ever crosses: brand, last 4 digits, expiry.

export const CARD_PROVIDERS = ['stripe'] as const;
export const CardProvider = z.enum(CARD_PROVIDERS, { message: 'provider must be stripe' });
export type CardProvider = z.infer<typeof CardProvider>;

export const ContactCardQuery = z.object({ provider: CardProvider.default('stripe') });

export const ContactCard = z.object({
  /** The provider's id of the card (Stripe: `pm_…`, or `card_…` for a legacy source). */
  id: z.string(),
  /** Lower case, as Stripe names it ('amex' for American Express); an unknown brand is 'unknown'. */
  brand: z.string(),
  last4: z.string().regex(/^\d{0,4}$/),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type ContactCard = z.infer<typeof ContactCard>;

/** `provider: null`: the tenant has no payment provider connected, so no cards can be read (not an error). */
export const ContactCards = z.object({
  provider: CardProvider.nullable(),
  cards: z.array(ContactCard),
});
export type ContactCards = z.infer<typeof ContactCards>;

/** Stripe ids: a prefix, an underscore, letters and digits. */
export const CardIdParam = z.string().regex(/^(pm|card|src)_[A-Za-z0-9]{1,250}$/, 'cardId must be a saved card id');
