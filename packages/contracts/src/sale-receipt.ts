import { z } from 'zod';

/**
 * GET /itemreport/sale/{guId}: what /reports/sales/{guId} shows (spec 2 §2, the Plan page's invoice
 * link; issue 24). A plan payment's guId opens its receipt; a studio's own invoice id answers where
 * that invoice lives, so report rows can link to the same address (decisions.md "The sale page").
 */
export const SaleReceiptParams = z.object({ guId: z.uuid('guId must be a sale id') });

/** One charge of the platform's plan to the studio, as a receipt. Money in minor units. */
export const PlanSaleReceipt = z.object({
  kind: z.literal('plan_payment'),
  guId: z.string(),
  /** What was paid for: the plan's name ("Organize Monthly Plan"). */
  itemName: z.string(),
  /** A recurring plan payment (the Plan page's repeat icon). */
  subscription: z.boolean(),
  /** The studio that was billed. */
  billedTo: z.string(),
  /** Who paid: the admin who checked out (a contact of the studio), or the automatic renewal. */
  payer: z.object({ guId: z.string().nullable(), name: z.string() }),
  amount: z.number().int(),
  currency: z.string(),
  /** 'SETTLED', 'PROCESSING' or 'DECLINED' as recorded; `statusLabel` is what the Plan page shows. */
  transactionStatus: z.string(),
  statusLabel: z.enum(['Completed', 'Processing', 'Failed']),
  /** The provider's reason for a decline, when it gave one. */
  message: z.string().nullable(),
  /** ISO instant; shown in `timeZone` (the studio's). */
  paidAt: z.string(),
  timeZone: z.string(),
  /** The card or bank account as recorded ("visa 4242"), and the card's last digits when there are some. */
  paymentMethod: z.string().nullable(),
  last4: z.string().nullable(),
});
export type PlanSaleReceipt = z.infer<typeof PlanSaleReceipt>;

/** The studio's own invoice: the page goes on to its invoice screen (/invoices/{guId}). */
export const InvoiceSaleLink = z.object({
  kind: z.literal('invoice'),
  guId: z.string(),
  /** The invoice's number as printed (INV-00012). */
  invoiceId: z.string(),
});
export type InvoiceSaleLink = z.infer<typeof InvoiceSaleLink>;

export const SaleReceipt = z.discriminatedUnion('kind', [PlanSaleReceipt, InvoiceSaleLink]);
export type SaleReceipt = z.infer<typeof SaleReceipt>;

/** "visa 4242" -> "4242"; null when the label ends in no run of 4 digits. */
export function lastDigitsOf(label: string | null | undefined): string | null {
  const match = label ? /(\d{4})\s*$/.exec(label) : null;
  return match?.[1] ?? null;
}

/** "visa 4242" -> "Visa ending in 4242"; a label without digits as it is; null stays null. */
export function paymentMethodWords(label: string | null | undefined): string | null {
  if (!label?.trim()) return null;
  const last4 = lastDigitsOf(label);
  const brand = (last4 ? label.replace(/\d{4}\s*$/, '') : label).trim();
  const named = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
  return last4 ? `${named} ending in ${last4}` : named;
}
