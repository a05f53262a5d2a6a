import { describe, expect, it } from 'vitest';
import { dropInPaymentPath, paysAtStudio, placePayment, registrationPaymentPath } from './place-payment';

describe('placePayment', () => {
  it('says the place is paid at once when the studio takes cards', () => {
    for (const provider of ['STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE']) {
      expect(placePayment(provider, 'Book')).toEqual({ button: 'Book and pay', note: null });
      expect(placePayment(provider, 'Register')).toEqual({ button: 'Register and pay', note: null });
      expect(placePayment(provider, 'Confirm')).toEqual({ button: 'Confirm and pay', note: null });
    }
  });

  it('says it is paid at the studio without a card provider', () => {
    for (const provider of [null, undefined, '', 'PAYTM']) {
      expect(placePayment(provider, 'Book')).toEqual({ button: 'Book', note: 'You pay at the studio.' });
      expect(placePayment(provider, 'Register')).toEqual({ button: 'Register', note: 'You pay at the studio.' });
      expect(placePayment(provider, 'Confirm')).toEqual({ button: 'Confirm my spot', note: 'You pay at the studio.' });
    }
  });
});

describe('dropInPaymentPath', () => {
  it('sends a place held for its card payment to its invoice asked to start paying', () => {
    expect(dropInPaymentPath({ myStatus: 'pending', myInvoicePublicId: 'abc_DEF-123' })).toBe(
      '/invoice/abc_DEF-123?payment=card',
    );
  });

  it('keeps a place booked (paid at the studio, free), waitlisted, or without an invoice here', () => {
    expect(dropInPaymentPath({ myStatus: 'booked', myInvoicePublicId: 'abc' })).toBeNull();
    expect(dropInPaymentPath({ myStatus: 'waitlisted', myInvoicePublicId: null })).toBeNull();
    expect(dropInPaymentPath({ myStatus: 'pending', myInvoicePublicId: null })).toBeNull();
  });
});

describe('paysAtStudio', () => {
  it('is a booked place whose price is paid at the studio', () => {
    expect(paysAtStudio({ myStatus: 'booked', myPayment: 'at_desk' })).toBe(true);
    expect(paysAtStudio({ myStatus: 'booked', myPayment: 'paid' })).toBe(false);
    expect(paysAtStudio({ myStatus: 'pending', myPayment: 'checkout' })).toBe(false);
    expect(paysAtStudio({ myStatus: 'cancelled', myPayment: 'at_desk' })).toBe(false);
  });
});

describe('registrationPaymentPath', () => {
  it('sends a registration held for its card payment into the payment, and keeps one paid at the studio', () => {
    expect(registrationPaymentPath({ status: 'pending', payment: 'card', invoicePublicId: 'xyz' })).toBe(
      '/invoice/xyz?payment=card',
    );
    expect(registrationPaymentPath({ status: 'booked', payment: 'at_studio', invoicePublicId: 'xyz' })).toBeNull();
    expect(registrationPaymentPath({ status: 'booked', payment: null, invoicePublicId: null })).toBeNull();
  });
});
