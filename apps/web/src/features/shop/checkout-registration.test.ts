import type { CustomForm, PublicCart } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { emptyRegistration } from '../forms/registration-values';
import { checkoutRegistrationFormId, orderDetailProblems, registrationOrderBody } from './checkout-registration';
import { refusedByServer } from './usePlaceOrder';

const summary = (guId: string, formType: 'CUSTOM' | 'WAIVER' | 'STUDENT_REGISTRATION') => ({
  guId,
  name: guId,
  formType,
});

describe('which registration form the checkout asks for', () => {
  it('the first published Student Registration form, only while the setting is on', () => {
    const forms = [summary('a', 'WAIVER'), summary('b', 'STUDENT_REGISTRATION'), summary('c', 'STUDENT_REGISTRATION')];
    expect(checkoutRegistrationFormId(true, forms)).toBe('b');
    expect(checkoutRegistrationFormId(false, forms)).toBeNull();
    expect(checkoutRegistrationFormId(true, [summary('a', 'CUSTOM')])).toBeNull();
    expect(checkoutRegistrationFormId(true, [])).toBeNull();
    // not known yet, or not readable: the plain checkout
    expect(checkoutRegistrationFormId(true, undefined)).toBeNull();
  });
});

describe("the order's own fields", () => {
  it('takes an address up to 500 characters and a note up to 255, both optional', () => {
    expect(orderDetailProblems({ address: '', note: '' })).toEqual({});
    expect(orderDetailProblems({ address: 'x'.repeat(500), note: 'x'.repeat(255) })).toEqual({});
    expect(orderDetailProblems({ address: 'x'.repeat(501), note: 'x'.repeat(256) })).toEqual({
      address: 'Address must be at most 500 characters',
      note: 'Note must be at most 255 characters',
    });
  });
});

describe('the request', () => {
  const form = {
    guId: 'form-1',
    formType: 'STUDENT_REGISTRATION',
    customFields: [],
  } as unknown as CustomForm;
  const cart = {
    cartId: 'cart-123456789012345678901',
    lines: [{ guId: 'shirt', qty: 2 }],
    offer: { valid: true, offerCode: 'spring', alert: null, discount: 5 },
  } as unknown as PublicCart;

  it("sends the registration, the cart's lines, its accepted code and id, the details and the key", () => {
    const values = emptyRegistration();
    values.identity = { ...values.identity, firstName: 'Grace', lastName: 'Hopper', email: 'GRACE@navy.mil' };
    const body = registrationOrderBody(
      form,
      values,
      { address: ' 1 Main St ', note: '' },
      cart,
      'token',
      'key-12345678',
    );
    expect(body).toMatchObject({
      formId: 'form-1',
      rToken: 'token',
      firstName: 'Grace',
      email: 'grace@navy.mil',
      items: [{ guId: 'shirt', qty: 2 }],
      offerCode: 'spring',
      cartId: 'cart-123456789012345678901',
      address: '1 Main St',
      note: '',
      idempotencyKey: 'key-12345678',
    });
    expect(body).not.toHaveProperty('formType');
  });
});

describe('when a new order key is made', () => {
  it('after a refusal (nothing was written), never after a lost answer or a server failure', () => {
    expect(refusedByServer(new ApiError(400, 'bad_request', 'Email is required!', 'email'))).toBe(true);
    expect(refusedByServer(new ApiError(409, 'out_of_stock', 'Sold out'))).toBe(true);
    expect(refusedByServer(new ApiError(0, 'network_error', 'The server could not be reached.'))).toBe(false);
    expect(refusedByServer(new ApiError(502, 'http_502', 'Bad gateway'))).toBe(false);
    expect(refusedByServer(new Error('The human check could not be solved.'))).toBe(false);
  });
});
