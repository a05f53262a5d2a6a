import { currencyExponent, minorToPrice, PRICE_MAX, priceToMinor } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';

// The one place a catalogue price changes form (packages/contracts/src/catalogue-money.ts).
describe('priceToMinor and minorToPrice', () => {
  it.each([
    [0, 'USD', 0],
    [19.99, 'USD', 1999],
    [0.29, 'USD', 29], // 0.29 * 100 is 28.999… in floating point
    [1.005, 'KWD', 1005],
    [12.5, 'usd', 1250],
    [1500, 'JPY', 1500],
    [PRICE_MAX, 'USD', 99_999_999],
  ])('%d %s is %d minor units and back', (amount, currency, minor) => {
    expect(priceToMinor(amount, currency)).toBe(minor);
    expect(minorToPrice(minor, currency)).toBe(amount);
  });

  it.each([
    [-0.01, 'USD'],
    [12.345, 'USD'],
    [1.5, 'JPY'],
    [1e-7, 'USD'],
    [PRICE_MAX + 0.01, 'USD'],
    [Number.NaN, 'USD'],
    [Number.POSITIVE_INFINITY, 'USD'],
  ])('%d %s is refused', (amount, currency) => {
    expect(priceToMinor(amount, currency)).toBeNull();
  });

  it('knows the minor unit of zero- and three-decimal currencies', () => {
    expect([currencyExponent('JPY'), currencyExponent('inr'), currencyExponent('BHD')]).toEqual([0, 2, 3]);
    expect(minorToPrice(5, 'USD')).toBe(0.05);
    expect(minorToPrice(-250, 'USD')).toBe(-2.5);
  });
});
