import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice, stockLabel } from './catalogue-format';

describe('catalogue formats', () => {
  it('formats prices in their currency', () => {
    expect(formatPrice(19.99, 'USD')).toBe('$19.99');
    expect(formatPrice(1500, 'JPY')).toBe('¥1,500');
    expect(formatPrice(5, 'US')).toBe('5.00 US'); // not a currency code: no Intl error reaches the screen
  });

  it('labels stock', () => {
    expect([stockLabel(null), stockLabel(0), stockLabel(3)]).toEqual(['Not tracked', 'Out of stock', '3 in stock']);
  });

  it('reads a price field', () => {
    expect(parsePrice(' 12.5 ')).toBe(12.5);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('-1')).toBeNull();
    expect(parsePrice('1e3')).toBeNull();
    expect(parsePrice('')).toBeNull();
  });
});
