import type { z } from 'zod';
import { CheckoutRequest } from './cart-lines.ts';
import { FormSubmissionInput, FormSubmissionResult } from './custom-forms.ts';
import { PublicCheckoutRequest, PublicCheckoutResult, PublicUserForm } from './shop.ts';

/**
 * The checkout with registration (spec 1 public route "checkout register form", tenant config
 * isRegAndPurchaseOnSamePage; decisions.md "Checkout with registration"): a visitor fills in the
 * studio's Student Registration form and places the cart's order as that person, in one call.
 */

/**
 * POST /public/checkout/register: the registration form's submission (spec 3 "Form submission
 * payload"; the form must be a published STUDENT_REGISTRATION form of the host's studio), the cart's
 * items and code, the order's optional address and note, and a key made once per order.
 */
export const CheckoutRegistrationRequest = FormSubmissionInput.omit({ formType: true })
  .extend(CheckoutRequest.shape)
  .extend({
    address: PublicUserForm.shape.address,
    note: PublicUserForm.shape.note,
    cartId: PublicCheckoutRequest.shape.cartId,
    idempotencyKey: PublicCheckoutRequest.shape.idempotencyKey,
  });
export type CheckoutRegistrationRequest = z.input<typeof CheckoutRegistrationRequest>;

/**
 * The order placed (as POST /public/checkout answers it) and the registration's signed document;
 * `registration` is null when the key was already used and the call only answers its order again.
 */
export const CheckoutRegistrationResult = PublicCheckoutResult.extend({
  registration: FormSubmissionResult.nullable(),
});
export type CheckoutRegistrationResult = z.infer<typeof CheckoutRegistrationResult>;

export const CHECKOUT_REGISTRATION_TEXTS = {
  /** The one submit button (decisions.md: not the tenant's buyButtonLabel, which names a single item's button). */
  submit: 'Register and place order',
  working: 'Registering and placing your order…',
} as const;
