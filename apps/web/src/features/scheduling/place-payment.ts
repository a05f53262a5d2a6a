import { type EventRegistration, type StudentSession, takesCardPayments } from '@atrium/contracts';
import { paymentPathOf } from '../shop/checkout-payment';

/**
 * A paid place (a drop-in or an event sign-up) in the person's words, as the shop's checkout says
 * it: with a card provider the booking goes on into the provider's payment; without one the place
 * is booked and paid at the studio. The server decides the booking's payment from the same provider
 * setting; what it answers (a held place with its invoice, or a place to pay at the studio) is what
 * the page follows.
 */
export function placePayment(
  paymentProvider: string | null | undefined,
  verb: 'Book' | 'Register' | 'Confirm',
): { button: string; note: string | null } {
  return takesCardPayments(paymentProvider)
    ? { button: `${verb} and pay`, note: null }
    : { button: verb === 'Confirm' ? 'Confirm my spot' : verb, note: AT_STUDIO };
}

/** What a place paid at the studio says, before and after booking. */
export const AT_STUDIO = 'You pay at the studio.';

/**
 * Where a booked drop-in goes next: a place held for its card payment straight into the payment, on
 * its invoice's own page asked to start paying at once (the shop's order path); anything else stays.
 */
export function dropInPaymentPath(session: Pick<StudentSession, 'myStatus' | 'myInvoicePublicId'>): string | null {
  if (session.myStatus !== 'pending' || !session.myInvoicePublicId) return null;
  return paymentPathOf({ payment: 'card', publicId: session.myInvoicePublicId });
}

/** Whether the student's place is booked with its price still to pay at the studio. */
export const paysAtStudio = (session: Pick<StudentSession, 'myStatus' | 'myPayment'>): boolean =>
  session.myStatus === 'booked' && session.myPayment === 'at_desk';

/** Where an event registration goes next: one to pay by card into its payment; otherwise it stays. */
export function registrationPaymentPath(
  registration: Pick<EventRegistration, 'status' | 'payment' | 'invoicePublicId'>,
): string | null {
  if (registration.status !== 'pending' || registration.payment !== 'card' || !registration.invoicePublicId)
    return null;
  return paymentPathOf({ payment: 'card', publicId: registration.invoicePublicId });
}
