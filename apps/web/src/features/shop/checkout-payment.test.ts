import { describe, expect, it } from 'vitest';
import { checkoutPayment, paymentPathOf } from './checkout-payment';

describe('checkoutPayment', () => {
  it('says the order is paid at once when the studio takes cards', () => {
    for (const provider of ['STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE']) {
      expect(checkoutPayment(provider)).toEqual({ button: 'Place order and pay', note: null });
    }
  });

  it('says the order is paid at the studio without a card provider', () => {
    for (const provider of [null, undefined, '', 'PAYTM']) {
      expect(checkoutPayment(provider)).toEqual({ button: 'Place order', note: 'You pay at the studio.' });
    }
  });
});

describe('paymentPathOf', () => {
  it('sends a card order to its invoice asked to start paying, and keeps an at-the-studio order here', () => {
    expect(paymentPathOf({ payment: 'card', publicId: 'abc_DEF-123' })).toBe('/invoice/abc_DEF-123?payment=card');
    expect(paymentPathOf({ payment: 'at_studio', publicId: 'abc_DEF-123' })).toBeNull();
  });
});
