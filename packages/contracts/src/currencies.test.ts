import { describe, expect, it } from 'vitest';
import {
  ALWAYS_SUPPORTED,
  CURRENCIES,
  CURRENCY_CODES,
  currencyMinorDigits,
  currencySymbol,
  DEFAULT_CURRENCY,
  findCurrency,
  isCurrencyCode,
} from './currencies.ts';
import { PaymentSettingsWrite, supportedCurrencies } from './payment-settings.ts';

describe('the currency catalogue (ISO 4217)', () => {
  it('holds the active ISO list, once each, USD and INR first', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(CURRENCY_CODES.slice(0, 2)).toEqual(['USD', 'INR']);
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(ALWAYS_SUPPORTED).toEqual(['USD', 'INR']);
    for (const currency of CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.text.length).toBeGreaterThan(2);
      expect(currency.symbol.length).toBeGreaterThan(0);
      expect([0, 2, 3]).toContain(currency.minorDigits);
    }
  });

  it('leaves out funds, metals, test and withdrawn codes', () => {
    for (const code of ['XAU', 'XAG', 'XTS', 'XXX', 'XDR', 'USN', 'CHE', 'BOV', 'CLF', 'HRK', 'SLL', 'CUC', 'ZWL']) {
      expect(findCurrency(code), code).toBeUndefined();
    }
  });

  it.each([
    ['USD', 2],
    ['INR', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['CLP', 0],
    ['ISK', 0],
    ['XOF', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['OMR', 3],
    ['JOD', 3],
    ['TND', 3],
    ['IQD', 3],
    ['HUF', 2],
    ['IDR', 2],
  ])('%s has %d minor digits', (code, digits) => {
    expect(currencyMinorDigits(code)).toBe(digits);
  });

  it('reads codes in any case, refuses unknown ones where money is counted', () => {
    expect(findCurrency(' usd ')?.code).toBe('USD');
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(() => currencyMinorDigits('XYZ')).toThrow("Unknown currency 'XYZ'");
  });

  it('keeps the symbols prices already showed, $ for an unknown code', () => {
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('INR')).toBe('₹');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CAD')).toBe('CA$');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('XYZ')).toBe('$');
  });
});

describe('payment settings with the whole catalogue', () => {
  it('keeps USD and INR supported, in catalogue order', () => {
    expect(supportedCurrencies(['jpy', 'EUR'])).toEqual(['USD', 'INR', 'EUR', 'JPY']);
    expect(supportedCurrencies(null)).toEqual(['USD', 'INR']);
    expect(supportedCurrencies(['XYZ'])).toEqual(['USD', 'INR']);
  });

  it('accepts any catalogue currency and rounds rates half up exactly', () => {
    const parsed = PaymentSettingsWrite.parse({
      defaultCurrency: 'KWD',
      currencies: ['KWD', 'JPY'],
      taxPercent: 1.005,
      cardFees: 2.345,
    });
    expect(parsed).toMatchObject({ defaultCurrency: 'KWD', taxPercent: 1.01, cardFees: 2.35 });
    expect(
      PaymentSettingsWrite.safeParse({ defaultCurrency: 'USD', currencies: ['XAU'], taxPercent: 0, cardFees: 0 }),
    ).toMatchObject({ success: false });
  });
});
