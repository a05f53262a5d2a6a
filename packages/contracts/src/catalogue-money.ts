import { findCurrency } from './currencies.ts';

/**
 * Catalogue prices travel as decimal amounts of the tenant's currency (`price: 12.5`, as the spec's
 * checkout item and the old client show them) and are stored as integer minor units (1250). These two
 * functions are the only place that converts; nothing else multiplies or divides a price.
 */

/** Decimal places of a currency's minor unit (ISO 4217, from the currency list); 2 for an unknown code. */
export function currencyExponent(currency: string): number {
  return findCurrency(currency)?.minorDigits ?? 2;
}

/** The largest price the catalogue takes, in major units (a million, less one minor unit). */
export const PRICE_MAX = 999_999.99;

/**
 * 12.5 (USD) → 1250. Null when the amount is negative, not finite, above PRICE_MAX or has more
 * decimals than the currency's minor unit (12.345 USD), so a caller can name the field.
 * Works on the number's shortest decimal text, never on a float product (0.29 * 100 = 28.999…).
 */
export function priceToMinor(amount: number, currency: string): number | null {
  if (!Number.isFinite(amount) || amount < 0 || amount > PRICE_MAX) return null;
  const exponent = currencyExponent(currency);
  const text = String(amount);
  if (/e/i.test(text)) {
    // Tiny amounts such as 1e-7 have too many decimals for any currency; large ones are over PRICE_MAX.
    return amount === 0 ? 0 : null;
  }
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > exponent) return null;
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}

/** 1250 (USD) → 12.5: the decimal amount the wire carries. */
export function minorToPrice(minor: number, currency: string): number {
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  if (exponent === 0) return Number(`${sign}${digits}`);
  return Number(`${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`);
}

/** The message for a price the tenant's currency cannot hold, naming its decimals. */
export function priceError(currency: string): string {
  const exponent = currencyExponent(currency);
  return exponent === 0
    ? `price must be a whole amount of ${currency.toUpperCase()} between 0 and ${PRICE_MAX}`
    : `price must be between 0 and ${PRICE_MAX} with at most ${exponent} decimals`;
}
