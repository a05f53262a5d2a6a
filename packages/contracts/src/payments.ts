import { z } from 'zod';

/** Where to send the browser to pay: the provider's hosted page (the card never reaches our server). */
export const PaymentRedirect = z.object({
  url: z.string(),
  /** Fields to post to `url` as a form (Razorpay's hosted checkout); absent: the browser just goes to `url`. */
  form: z.record(z.string(), z.string()).optional(),
  /**
   * PaymentSpring has no hosted page: the page shows a card form whose fields the browser sends to
   * `tokenUrl` with the public key (never to us), then hands the token to the charge call.
   */
  card: z
    .object({
      provider: z.literal('pspring'),
      publicKey: z.string(),
      tokenUrl: z.string(),
    })
    .optional(),
});
export type PaymentRedirect = z.infer<typeof PaymentRedirect>;

/** POST /item/payment/paymentintent: the desk starts a card payment of an invoice's open balance. */
export const DeskCardPaymentRequest = z
  .object({
    invoiceId: z.uuid('invoiceId must be an invoice id'),
  })
  .strict();
export type DeskCardPaymentRequest = z.infer<typeof DeskCardPaymentRequest>;

/** The link id of an invoice (never its uuid): what the public invoice page and its payment calls carry. */
const invoiceLinkId = z
  .string({ error: 'invoiceId is required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'invoiceId must be an invoice link id');

/**
 * POST /item/payment/public/paymentintent and POST /public/payment?type=: a visitor starts the card
 * payment of a public invoice by its link id. The spec's payment payload carries more (amount,
 * currency, contact): those are dropped, the server charges the invoice's open balance.
 */
export const PublicCardPaymentRequest = z.object({ invoiceId: invoiceLinkId });
export type PublicCardPaymentRequest = z.infer<typeof PublicCardPaymentRequest>;

/** Spec 1 §9 "Payment types". */
export const PAYMENT_TYPES = ['product', 'donation', 'course'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PUBLIC_PAYMENT_MESSAGES = {
  typeRequired: 'type is required',
  typeUnknown: 'type must be product, donation or course',
  courseNotSold: 'type course is not taken: courses are not paid for online yet.',
  typeMismatch: (type: PaymentType) => `type does not match the invoice: it is not a ${type} payment.`,
} as const;

/** POST /public/payment?type=: what is being paid (spec 1 §9), checked against the invoice. */
export const PublicPaymentQuery = z.object({
  type: z.enum(PAYMENT_TYPES, {
    error: (issue) =>
      issue.input === undefined ? PUBLIC_PAYMENT_MESSAGES.typeRequired : PUBLIC_PAYMENT_MESSAGES.typeUnknown,
  }),
});

const cardToken = z
  .string({ error: 'token is required' })
  .regex(/^[A-Za-z0-9_-]{6,64}$/, 'token must be the card token the payment provider made');

/** POST /item/invoice/{publicId}/paymentspring: the single-use card token the buyer's browser made at PaymentSpring. */
export const CardTokenPaymentRequest = z.object({ token: cardToken }).strict();
export type CardTokenPaymentRequest = z.infer<typeof CardTokenPaymentRequest>;

/** POST /item/payment/paymentspring: the same from the desk's invoice screen. */
export const DeskCardTokenPaymentRequest = z
  .object({ invoiceId: z.uuid('invoiceId must be an invoice id'), token: cardToken })
  .strict();
export type DeskCardTokenPaymentRequest = z.infer<typeof DeskCardTokenPaymentRequest>;

/** The tenant's payment provider (ping's `paymentProvider`) that takes cards here (hosted page or PaymentSpring's token). */
export const CARD_PAYMENT_PROVIDERS = ['STRIPE', 'RAZORPAY', 'PHONEPE', 'PSPRING'] as const;

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

/**
 * Money a provider took that found nothing left to pay (a second payment of a paid invoice): it is
 * given back automatically; staff see the ones that failed or are still on their way, and can retry
 * the refund or record that they refunded it by hand. Amounts are minor units of `currency`.
 */
export const EXCESS_REFUND_STATES = ['refund_due', 'refund_failed'] as const;
export const ExcessPayment = z.object({
  provider: z.string(),
  eventId: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.number().int().nullable(),
  currency: z.string(),
  received: z.number().int(),
  excess: z.number().int(),
  outcome: z.enum(EXCESS_REFUND_STATES),
  message: z.string(),
  chargeRef: z.string(),
  receivedAt: z.string(),
});
export type ExcessPayment = z.infer<typeof ExcessPayment>;
export const ExcessPaymentList = z.object({ data: z.array(ExcessPayment) });
export type ExcessPaymentList = z.infer<typeof ExcessPaymentList>;

export const EXCESS_REFUND_MESSAGES = {
  notFailed: 'Only a refund that failed can be retried or marked refunded.',
  settledByHand: (who: string) => `Refunded by hand (marked by ${who}).`,
} as const;
