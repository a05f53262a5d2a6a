import { type PublicCheckoutResult, takesCardPayments } from '@atrium/contracts';

/**
 * What 'Place order' does, in the buyer's words: with a card provider connected the order goes on into
 * the provider's payment; without one it is paid at the studio. The server decides the order's
 * payment from the same provider setting; the order's answer (`payment`) is what the page follows.
 */
export function checkoutPayment(paymentProvider: string | null | undefined): { button: string; note: string | null } {
  return takesCardPayments(paymentProvider)
    ? { button: 'Place order and pay', note: null }
    : { button: 'Place order', note: 'You pay at the studio.' };
}

/**
 * Where a placed order goes next: an order paid by card straight into its payment, on the invoice's
 * own page asked to start paying at once (`?payment=card`: the page's own payment start); an order
 * paid at the studio stays for the thank-you (null).
 */
export function paymentPathOf(order: Pick<PublicCheckoutResult, 'payment' | 'publicId'>): string | null {
  return order.payment === 'card' ? `/invoice/${encodeURIComponent(order.publicId)}?payment=card` : null;
}
