import type { ContactCard } from '@atrium/contracts';

/** The brands the detail draws a mark for (spec 2 §9: visa, mastercard, discover, american). */
export type BrandMark = 'visa' | 'mastercard' | 'discover' | 'amex';

const LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  amex: 'American Express',
  american: 'American Express',
  american_express: 'American Express',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

const normal = (brand: string) =>
  brand
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Stripe says 'amex'; older data says 'american' or 'American Express'. */
export function brandMark(brand: string): BrandMark | null {
  const key = normal(brand);
  if (key === 'visa' || key === 'mastercard' || key === 'discover') return key;
  if (key === 'amex' || key === 'american' || key === 'american_express') return 'amex';
  return null;
}

/** A brand's name as people say it; an unknown brand is 'Card'. */
export function brandLabel(brand: string): string {
  return LABELS[normal(brand)] ?? 'Card';
}

/** '•••• 4242' (only the last four digits are ever known). */
export function maskedNumber(last4: string): string {
  return `•••• ${/^\d{4}$/.test(last4) ? last4 : '••••'}`;
}

/** 'MM/YY', e.g. 04/31. */
export function formatExpiry(card: Pick<ContactCard, 'expMonth' | 'expYear'>): string {
  if (!card.expMonth || !card.expYear) return '';
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** Expired once its month is over (cards are good through the last day of the expiry month). */
export function isExpired(card: Pick<ContactCard, 'expMonth' | 'expYear'>, now = new Date()): boolean {
  if (!card.expMonth || !card.expYear) return false;
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

/** What a screen reader says for a card: 'Visa ending in 4242, expires 04/31'. */
export function cardDescription(card: ContactCard): string {
  const expiry = formatExpiry(card);
  const ending = /^\d{4}$/.test(card.last4) ? ` ending in ${card.last4}` : '';
  return `${brandLabel(card.brand)}${ending}${expiry ? `, expires ${expiry}` : ''}`;
}
