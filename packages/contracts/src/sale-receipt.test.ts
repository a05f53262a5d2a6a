import { describe, expect, it } from 'vitest';
import { lastDigitsOf, paymentMethodWords } from './sale-receipt.ts';

describe('a plan payment’s method in words', () => {
  it('reads the last four digits of a recorded card or bank account', () => {
    expect(lastDigitsOf('visa 4242')).toBe('4242');
    expect(lastDigitsOf('STRIPE TEST BANK 6789')).toBe('6789');
    expect(lastDigitsOf('visa')).toBeNull();
    expect(lastDigitsOf('visa 42')).toBeNull();
    expect(lastDigitsOf(null)).toBeNull();
  });

  it('says the brand and the digits', () => {
    expect(paymentMethodWords('visa 4242')).toBe('Visa ending in 4242');
    expect(paymentMethodWords('4242')).toBe('Card ending in 4242');
    expect(paymentMethodWords('Bank account')).toBe('Bank account');
    expect(paymentMethodWords('  ')).toBeNull();
    expect(paymentMethodWords(null)).toBeNull();
  });
});
