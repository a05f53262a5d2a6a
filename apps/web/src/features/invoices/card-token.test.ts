import { describe, expect, it } from 'vitest';
import { CARD_OWNER_REQUIRED, cardProblems, formatCardNumber, parseExpiry } from './card-token';

describe('the card form of PaymentSpring', () => {
  const now = new Date(2026, 10, 27);
  const good = { owner: 'Pat Buyer', number: '4242 4242 4242 4242', expiry: '12 / 28', csc: '123' };

  it('reads an expiry typed as MM / YY, MM/YY, MMYY or MM/YYYY', () => {
    expect(parseExpiry('12 / 28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('1/29')).toEqual({ month: 1, year: 2029 });
    expect(parseExpiry('0330')).toEqual({ month: 3, year: 2030 });
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('12-28x')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it('names each problem before anything is sent, in the spec’s words for the owner', () => {
    expect(cardProblems(good, now)).toEqual({});
    expect(cardProblems({ owner: ' ', number: '4242', expiry: '11/26', csc: '12' }, now)).toEqual({
      owner: CARD_OWNER_REQUIRED,
      number: 'Card number is incomplete',
      csc: 'Security code must be 3 or 4 digits',
    });
    expect(CARD_OWNER_REQUIRED).toBe('Card owner name is required');
    // This month still works; last month has expired.
    expect(cardProblems({ ...good, expiry: '11 / 26' }, now).expiry).toBeUndefined();
    expect(cardProblems({ ...good, expiry: '10 / 26' }, now).expiry).toBe('This card has expired');
    expect(cardProblems({ ...good, expiry: 'soon' }, now).expiry).toBe('Expiry must be a month and year (MM / YY)');
  });

  it('groups the number in fours and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42')).toBe('4242 4242');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
  });
});
