import { describe, expect, it } from 'vitest';
import {
  applyRate,
  divideHalfUp,
  formatDecimal,
  formatMoney,
  MoneyError,
  parseMoney,
  percentToBasisPoints,
  roundPercent,
  toMajorNumber,
  toMinorUnits,
} from './money.ts';

describe('parseMoney: decimals from the wire to exact minor units', () => {
  it.each([
    ['19.99', 'USD', 1999],
    [19.99, 'USD', 1999],
    [0.1, 'USD', 10],
    ['0.07', 'usd', 7],
    ['  12 ', 'USD', 1200],
    ['12.5', 'EUR', 1250],
    [1.15, 'USD', 115], // 1.15 * 100 is 114.99999999999999 in floating point
    [4.35, 'USD', 435], // 434.99999999999994
    ['1500', 'JPY', 1500],
    [1500, 'JPY', 1500],
    ['1.250', 'KWD', 1250],
    ['0.001', 'BHD', 1],
    ['0', 'USD', 0],
    ['90071992547409.91', 'USD', 9007199254740991],
  ])('%j %s -> %d', (value, currency, minor) => {
    expect(parseMoney(value, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['1.999', 'USD', 'Amount can have at most 2 decimals'],
    ['1.990', 'USD', 'Amount can have at most 2 decimals'],
    [0.30000000000000004, 'USD', 'Amount can have at most 2 decimals'],
    ['10.5', 'JPY', 'Amount cannot have decimals'],
    ['10.0', 'JPY', 'Amount cannot have decimals'],
    ['1.2345', 'KWD', 'Amount can have at most 3 decimals'],
    ['-5', 'USD', 'Amount cannot be negative'],
    ['', 'USD', 'Amount must be a number'],
    ['abc', 'USD', 'Amount must be a number'],
    ['1e3', 'USD', 'Amount must be a number'],
    [1e21, 'USD', 'Amount must be a number'],
    ['.5', 'USD', 'Amount must be a number'],
    ['5.', 'USD', 'Amount must be a number'],
    ['1,000', 'USD', 'Amount must be a number'],
    [Number.NaN, 'USD', 'Amount must be a number'],
    [Number.POSITIVE_INFINITY, 'USD', 'Amount must be a number'],
    ['90071992547409.92', 'USD', 'Amount is too large'],
    ['1', 'XYZ', "Unknown currency 'XYZ'"],
  ])('%j %s is refused: %s', (value, currency, error) => {
    expect(parseMoney(value, currency)).toEqual({ ok: false, error });
  });

  it('takes a negative amount only when asked, and -0 is zero', () => {
    expect(parseMoney('-5.25', 'USD', { allowNegative: true })).toEqual({ ok: true, minor: -525 });
    expect(parseMoney('-0', 'USD')).toEqual({ ok: true, minor: 0 });
    expect(Object.is(toMinorUnits('-0.00', 'USD'), -0)).toBe(false);
  });

  it('toMinorUnits throws the same refusal as a MoneyError', () => {
    expect(toMinorUnits('19.99', 'USD')).toBe(1999);
    expect(() => toMinorUnits('19.999', 'USD')).toThrow(MoneyError);
    expect(() => toMinorUnits('19.999', 'USD')).toThrow('Amount can have at most 2 decimals');
  });
});

describe('formatting minor units', () => {
  it.each([
    [1999, 'USD', '19.99'],
    [5, 'USD', '0.05'],
    [0, 'USD', '0.00'],
    [-5, 'USD', '-0.05'],
    [1500, 'JPY', '1500'],
    [1250, 'KWD', '1.250'],
    [7, 'BHD', '0.007'],
  ])('formatDecimal(%d, %s) = %s', (minor, currency, text) => {
    expect(formatDecimal(minor, currency)).toBe(text);
  });

  it('round-trips through parseMoney', () => {
    for (const [minor, currency] of [
      [123456789, 'USD'],
      [1, 'KWD'],
      [987, 'JPY'],
      [100, 'INR'],
    ] as const) {
      expect(toMinorUnits(formatDecimal(minor, currency), currency)).toBe(minor);
    }
    expect(toMajorNumber(1999, 'USD')).toBe(19.99);
  });

  it.each([
    [123456, 'USD', '$1,234.56'],
    [123456, 'INR', '₹1,234.56'],
    [-500, 'INR', '-₹5.00'],
    [1234567, 'JPY', '¥1,234,567'],
    [1250, 'KWD', 'KWD 1.250'],
    [99, 'AED', 'AED 0.99'],
    [100000, 'EUR', '€1,000.00'],
    [100, 'usd', '$1.00'],
  ])('formatMoney(%d, %s) = %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
  });

  it("uses the tenant's symbol when given, and can leave out grouping", () => {
    expect(formatMoney(123456, 'USD', { symbol: 'US$', grouping: false })).toBe('US$1234.56');
  });

  it('refuses a fractional or unsafe amount', () => {
    expect(() => formatMoney(1.5, 'USD')).toThrow(MoneyError);
    expect(() => formatDecimal(2 ** 53, 'USD')).toThrow(MoneyError);
    expect(() => formatDecimal(1, 'XYZ')).toThrow("Unknown currency 'XYZ'");
  });
});

describe('rounding half up in integers', () => {
  it.each([
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [15n, 10n, 2n],
    [25n, 10n, 3n],
    [-25n, 10n, -3n],
    [-24n, 10n, -2n],
    [0n, 7n, 0n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
  ])('%d / %d = %d', (n, d, q) => {
    expect(divideHalfUp(n, d)).toBe(q);
  });

  it('applyRate rounds each product once, half up', () => {
    expect(applyRate(1010, 725)).toBe(73); // 73.225
    expect(applyRate(200, 25)).toBe(1); // 0.5 exactly
    expect(applyRate(199, 25)).toBe(0); // 0.4975
    expect(applyRate(1000, 10_000)).toBe(1000);
    expect(applyRate(0, 1800)).toBe(0);
    expect(applyRate(-200, 25)).toBe(-1);
    // far past what a double holds exactly: BigInt keeps it right
    expect(applyRate(9_007_199_254_740_991, 5000)).toBe(4_503_599_627_370_496);
    expect(() => applyRate(10.5, 100)).toThrow(MoneyError);
    expect(() => applyRate(100, 1.5)).toThrow(MoneyError);
  });

  it('percentages are kept to 2 decimals, half up, exactly (spec 3 §9)', () => {
    expect(percentToBasisPoints(7.25)).toBe(725);
    expect(percentToBasisPoints('7.25')).toBe(725);
    expect(percentToBasisPoints(2.345)).toBe(235);
    expect(percentToBasisPoints(1.005)).toBe(101);
    expect(percentToBasisPoints(2.344999)).toBe(234);
    expect(percentToBasisPoints(18)).toBe(1800);
    expect(percentToBasisPoints(0)).toBe(0);
    expect(percentToBasisPoints(1e-7)).toBe(0);
    expect(percentToBasisPoints(-1.005)).toBe(-101);
    expect(percentToBasisPoints('x')).toBeUndefined();
    expect(percentToBasisPoints(Number.NaN)).toBeUndefined();
    expect(roundPercent(1.005)).toBe(1.01);
    expect(roundPercent(2.345)).toBe(2.35);
    expect(roundPercent(8.675)).toBe(8.68);
    expect(roundPercent(100)).toBe(100);
  });
});
