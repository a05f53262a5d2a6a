import {
  type CheckoutRegistrationRequest,
  type CustomForm,
  type PublicCart,
  type PublicFormSummary,
  PublicUserForm,
} from '@atrium/contracts';
import { type RegistrationValues, submissionOf } from '../forms/registration-values';
import { orderOf } from './usePlaceOrder';

/**
 * The checkout with registration (decisions.md "Checkout with registration"): which form a visitor's
 * checkout asks for, the order's own two fields, and the one request that registers and orders.
 */

/**
 * The Student Registration form the checkout asks for: the first published one as the studio lists
 * them (by name) when the studio has isRegAndPurchaseOnSamePage on; null sends the visitor to the
 * plain checkout.
 */
export function checkoutRegistrationFormId(
  isOn: boolean,
  forms: readonly PublicFormSummary[] | undefined,
): string | null {
  if (!isOn || !forms) return null;
  return forms.find((form) => form.formType === 'STUDENT_REGISTRATION')?.guId ?? null;
}

/** What the order takes beside the registration: the public user form's address and note (optional). */
export interface OrderDetails {
  address: string;
  note: string;
}
export const ORDER_DETAIL_FIELDS = ['address', 'note'] as const;
export type OrderDetailField = (typeof ORDER_DETAIL_FIELDS)[number];

/** The address and note's limits, from the public user form's own schema (spec 3 §5). */
export function orderDetailProblems(details: OrderDetails): Partial<Record<OrderDetailField, string>> {
  const problems: Partial<Record<OrderDetailField, string>> = {};
  for (const field of ORDER_DETAIL_FIELDS) {
    const parsed = PublicUserForm.shape[field].safeParse(details[field]);
    if (!parsed.success) problems[field] = parsed.error.issues[0]?.message ?? `${field} is not valid`;
  }
  return problems;
}

/** POST /public/checkout/register's body: the registration, the cart's order and its key. */
export function registrationOrderBody(
  form: CustomForm,
  values: RegistrationValues,
  details: OrderDetails,
  cart: PublicCart,
  rToken: string,
  idempotencyKey: string,
  now = new Date(),
): CheckoutRegistrationRequest {
  const { formType: _type, ...submission } = submissionOf(form, values, rToken, now);
  return {
    ...submission,
    ...orderOf(cart),
    address: details.address.trim(),
    note: details.note.trim(),
    idempotencyKey,
  };
}
