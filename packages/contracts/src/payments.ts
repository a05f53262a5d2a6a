import { z } from 'zod';

/** Where to send the browser to pay: the provider's hosted page (the card never reaches our server). */
export const PaymentRedirect = z.object({ url: z.string() });
export type PaymentRedirect = z.infer<typeof PaymentRedirect>;

/** POST /item/payment/paymentintent: the desk starts a card payment of an invoice's open balance. */
export const DeskCardPaymentRequest = z
  .object({
    invoiceId: z.uuid('invoiceId must be an invoice id'),
  })
  .strict();
export type DeskCardPaymentRequest = z.infer<typeof DeskCardPaymentRequest>;

/** The tenant's payment provider (ping's `paymentProvider`) that takes cards on a hosted page here. */
export const CARD_PAYMENT_PROVIDERS = ['STRIPE'] as const;

export function takesCardPayments(paymentProvider: string | null | undefined): boolean {
  return (CARD_PAYMENT_PROVIDERS as readonly string[]).includes(paymentProvider ?? '');
}
