import { describe, expect, it } from 'vitest';
import { brandLabel, brandMark, cardDescription, formatExpiry, isExpired, maskedNumber } from './card-format';

describe('card brands', () => {
  it('draws a mark for visa, mastercard, discover and american express only', () => {
    expect(['visa', 'mastercard', 'discover', 'amex', 'american', 'American Express'].map(brandMark)).toEqual([
      'visa',
      'mastercard',
      'discover',
      'amex',
      'amex',
      'amex',
    ]);
    expect(brandMark('jcb')).toBeNull();
    expect(brandMark('unknown')).toBeNull();
  });
  it('names brands, and an unknown one as Card', () => {
    expect(brandLabel('amex')).toBe('American Express');
    expect(brandLabel('diners')).toBe('Diners Club');
    expect(brandLabel('unknown')).toBe('Card');
    expect(brandLabel('')).toBe('Card');
  });
});

describe('masked card text', () => {
  it('shows the last four digits only', () => {
    expect(maskedNumber('4242')).toBe('•••• 4242');
    expect(maskedNumber('4242424242424242')).toBe('•••• ••••');
    expect(maskedNumber('')).toBe('•••• ••••');
  });
  it('formats the expiry as MM/YY and knows when it passed', () => {
    expect(formatExpiry({ expMonth: 4, expYear: 2031 })).toBe('04/31');
    expect(formatExpiry({ expMonth: 0, expYear: 0 })).toBe('');
    const now = new Date(2026, 4, 15);
    expect(isExpired({ expMonth: 5, expYear: 2026 }, now)).toBe(false);
    expect(isExpired({ expMonth: 4, expYear: 2026 }, now)).toBe(true);
    expect(isExpired({ expMonth: 12, expYear: 2025 }, now)).toBe(true);
  });
  it('describes a card for screen readers', () => {
    const card = { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: false };
    expect(cardDescription(card)).toBe('Visa ending in 4242, expires 04/31');
  });
});
