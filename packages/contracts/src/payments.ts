import { z } from 'zod';

/** Where to send the browser to pay: the provider's hosted page (the card never reaches our server). */
export const PaymentRedirect = z.object({
  url: z.string(),
  /** Fields to post to `url` as a form (Razorpay's hosted checkout); absent: the browser just goes to `url`. */
  form: z.record(z.string(), z.string()).optional(),
});
export type PaymentRedirect = z.infer<typeof PaymentRedirect>;

/** POST /item/payment/paymentintent: the desk starts a card payment of an invoice's open balance. */
export const DeskCardPaymentRequest = z
  .object({
    invoiceId: z.uuid('invoiceId must be an invoice id'),
  })
  .strict();
export type DeskCardPaymentRequest = z.infer<typeof DeskCardPaymentRequest>;

/** The tenant's payment provider (ping's `paymentProvider`) that takes cards on a hosted page here. */
export const CARD_PAYMENT_PROVIDERS = ['STRIPE', 'RAZORPAY', 'PHONEPE'] as const;

export function takesCardPayments(paymentProvider: string | null | undefined): boolean {
  return (CARD_PAYMENT_PROVIDERS as readonly string[]).includes(paymentProvider ?? '');
}

/**
 * GET /item/phonepe/{tenantId}/confirm/{paymentIntent}: the payment's state as PhonePe answers it
 * (asked by the server, never taken from the browser); a COMPLETED payment is on the invoice.
 */
export const PhonePeConfirmation = z.object({
  state: z.enum(['COMPLETED', 'PENDING', 'FAILED']),
  /** PhonePe's code (PAYMENT_SUCCESS, PAYMENT_PENDING, PAYMENT_ERROR, ...). */
  code: z.string(),
  message: z.string(),
});
export type PhonePeConfirmation = z.infer<typeof PhonePeConfirmation>;
