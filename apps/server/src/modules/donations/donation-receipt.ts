import { formatInvoiceNumber, formatMoney, formatReceiptNumber } from '@atrium/contracts';
import { readTenant, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { onInvoiceCompleted } from '../invoices/invoice-email.ts';
import { tenantBlock } from '../invoices/invoice-mappers.ts';
import { loadLogo } from '../invoices/invoice-pdf.ts';
import type { InvoiceRow } from '../invoices/invoices.repo.ts';
import { enqueueEmail, type RenderedAttachment } from '../mail/outbox.ts';
import { findTenantById } from '../payments/payments.repo.ts';
import { renderDonationReceiptPdf } from './donation-receipt-pdf.ts';
import {
  findDonationByInvoice,
  findGifts,
  type GiftRecord,
  markReceipted,
  takeReceiptNumber,
} from './donations.repo.ts';
import { giftToken, monthlyGiftUrl } from './monthly-gift-link.ts';

// The receipt of a gift: when a payment completes a donation's invoice (a card payment's webhook, or
// the desk), in that payment's transaction, the gift takes the tenant's next receipt number once and
// the receipt email is written to the outbox; its PDF is made by the send job.

export const RECEIPT_ATTACHMENT = 'donation-receipt';

/** The hook run by queueStatusEmail: null for an invoice that is no gift. */
async function receiptOnPayment(
  tx: Tx,
  platform: Pick<Platform, 'config'>,
  tenant: TenantContext,
  invoice: InvoiceRow,
): Promise<boolean | null> {
  const gift = await findDonationByInvoice(tx, tenant.tenantId, invoice.id);
  if (!gift) return null;
  if (gift.receiptNumber !== null) return false;
  const number = await takeReceiptNumber(tx, tenant.tenantId);
  if (!(await markReceipted(tx, tenant.tenantId, gift.id, number, new Date()))) return false;
  const receipt = formatReceiptNumber(number);
  const amount = formatMoney(gift.amount, gift.currency);
  // A month of a monthly gift: the donor may stop the gift from here, account or not.
  const manage = gift.subscriptionId
    ? [
        '',
        `This is one of your monthly gifts. To see it or stop it: ${monthlyGiftUrl(platform, tenant, await giftToken(tx, tenant.tenantId, gift.subscriptionId))}`,
      ]
    : [];
  await enqueueEmail(tx, tenant.tenantId, {
    to: gift.donorEmail,
    subject: `Thank you for your donation: receipt ${receipt} from ${tenant.name}`,
    text: [
      `Hello ${gift.donorName},`,
      '',
      `Thank you for your donation of ${amount} to ${tenant.name}.`,
      `Your receipt ${receipt} is attached.`,
      ...manage,
      '',
      tenant.name,
    ].join('\n'),
    attachment: { kind: RECEIPT_ATTACHMENT, ref: gift.id },
  });
  return true;
}

/** The receipt's PDF of one paid gift (the email's attachment, and the donor's and staff's download). */
export async function receiptPdf(
  platform: Platform,
  tenant: TenantContext,
  gift: GiftRecord,
): Promise<{ pdf: Buffer; filename: string }> {
  const d = gift.donation;
  if (d.receiptNumber === null || d.paidAt === null) throw notFound('Receipt');
  const receiptNumber = formatReceiptNumber(d.receiptNumber);
  const block = tenantBlock(tenant);
  const pdf = await renderDonationReceiptPdf({
    organisation: { name: block.name, address: block.address, email: block.email, phone: block.phone },
    logo: await loadLogo(platform.media, tenant.tenantId, tenant.settings.logo),
    receiptNumber,
    donorName: d.donorName,
    donorEmail: d.donorEmail,
    campaignName: gift.campaignName,
    amount: d.amount,
    currency: d.currency,
    paidAt: d.paidAt.toISOString(),
    invoiceNumber: formatInvoiceNumber(gift.invoiceNumber),
    timeZone: tenant.settings.timezone,
  });
  return { pdf, filename: `${receiptNumber}.pdf` };
}

/** Registers the hook and the outbox's renderer (once per app). */
export function registerReceipts(platform: Platform): void {
  onInvoiceCompleted(receiptOnPayment, ['donation']);
  platform.outbox.registerAttachment(RECEIPT_ATTACHMENT, async (tenantId, ref): Promise<RenderedAttachment> => {
    const tenant = await findTenantById(platform.db, tenantId);
    if (!tenant) throw new Error('receipt for a tenant that is gone');
    const [gift] = await readTenant(platform.db, tenantId, (tx) => findGifts(tx, tenantId, { id: ref }));
    if (!gift) throw new Error('receipt for a gift that is gone');
    const { pdf, filename } = await receiptPdf(platform, tenant, gift);
    return { filename, content: pdf, contentType: 'application/pdf' };
  });
}
