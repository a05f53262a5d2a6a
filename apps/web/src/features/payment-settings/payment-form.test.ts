import { describe, expect, it } from 'vitest';
import { type PaymentFormValues, paymentFormErrors, toPaymentWriteBody, withAlwaysSupported } from './payment-form';

const values: PaymentFormValues = {
  defaultCurrency: 'USD',
  currencies: ['USD', 'INR'],
  taxPercent: 8.25,
  cardFees: 2.9,
  bankFees: '',
  taxLabel1: '',
  taxValue1: '',
  invoiceNote: '',
};

describe('payment settings form', () => {
  it('accepts a complete form and sends an empty extra tax as none', () => {
    expect(paymentFormErrors(values)).toEqual({});
    expect(toPaymentWriteBody(values)).toMatchObject({ bankFees: 0, taxLabel1: '', taxValue1: null });
  });

  it("gives the spec's messages for the required fields and the extra tax pair", () => {
    expect(paymentFormErrors({ ...values, taxPercent: '', cardFees: '' })).toEqual({
      taxPercent: 'Tax is required!',
      cardFees: 'Credit Card Fees is required!',
    });
    expect(paymentFormErrors({ ...values, taxLabel1: 'GST' })).toEqual({ taxValue1: 'Value is required!' });
    expect(paymentFormErrors({ ...values, taxValue1: 5 })).toEqual({ taxLabel1: 'Label is required!' });
    expect(paymentFormErrors({ ...values, invoiceNote: 'x'.repeat(256) })).toEqual({
      invoiceNote: 'Invoice note cannot exceed 255 characters',
    });
  });

  it('keeps USD and INR supported', () => {
    expect(withAlwaysSupported(['EUR'])).toEqual(['USD', 'INR', 'EUR']);
  });
});
