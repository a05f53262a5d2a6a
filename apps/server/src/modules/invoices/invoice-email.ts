import {
  formatInvoiceNumber,
  formatMoney,
  type InvoiceEmailTemplate,
  type InvoiceStatus,
  PAYMENT_METHOD_LABELS,
  type SystemTemplateKey,
} from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { composeSystemEmail } from '../email-templates/system-email.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { concernsLines } from './invoice-settlement.ts';
import { findPerson, type InvoiceLineKind, type InvoicePaymentRow, type InvoiceRow } from './invoices.repo.ts';

/** Spec 3 §4: each payment status has its template; pending and partial share one. */
export function templateForStatus(status: InvoiceStatus): InvoiceEmailTemplate | null {
  switch (status) {
    case 'pending':
    case 'partial':
      return 'invoice_pending';
    case 'complete':
      return 'invoice_success';
    case 'failed':
      return 'invoice_failed';
    case 'reminder':
      return 'invoice_reminder';
    default:
      return null;
  }
}

/** The public link of an invoice, on the tenant's own origin (never the request's Host). */
export function invoicePublicUrl(platform: Pick<Platform, 'config'>, tenant: TenantContext, publicId: string): string {
  return `${tenantOrigin(platform.config, tenant)}/invoice/${encodeURIComponent(publicId)}`;
}

const FALLBACK_TEXT: Record<InvoiceEmailTemplate, { subject: string; lead: string }> = {
  invoice_pending: { subject: 'Invoice {number} from {org}', lead: 'Here is your invoice.' },
  invoice_success: {
    subject: 'Payment received: invoice {number} from {org}',
    lead: 'Thank you: your invoice is paid.',
  },
  invoice_failed: {
    subject: 'Payment failed: invoice {number} from {org}',
    lead: 'Your payment for this invoice did not go through. You can pay it from the link below.',
  },
  invoice_reminder: {
    subject: 'Reminder: invoice {number} from {org}',
    lead: 'This is a reminder that your invoice still has a balance to pay.',
  },
};

/**
 * Writes the invoice's email to the outbox in the caller's transaction (sent after commit, when the
 * caller kicks the outbox): the tenant's template for `template` when it has one, else the
 * platform's text. The walk-in contact (an `.invalid` address) gets nothing; returns whether one was queued.
 * The invoice's PDF is attached, made by the send job as the invoice stands then (INVOICE_PDF_ATTACHMENT).
 */
export async function queueInvoiceEmail(
  tx: Tx,
  platform: Pick<Platform, 'config'>,
  tenant: TenantContext,
  invoice: InvoiceRow,
  template: InvoiceEmailTemplate,
): Promise<boolean> {
  const fallback = FALLBACK_TEXT[template];
  return queueInvoiceMessage(tx, platform, tenant, invoice, template, {}, (facts) => ({
    subject: fallback.subject,
    lines: [fallback.lead, '', `Invoice: ${facts.number}`, `Total: ${facts.total}`, `Balance: ${facts.balance}`],
  }));
}

/** The invoice's facts every invoice email may print, formatted in its currency. */
interface InvoiceFacts {
  number: string;
  total: string;
  balance: string;
}

/**
 * Writes one invoice email (`template` shaped by the tenant's template when it has one, else the
 * platform's `fallback` text with `{number}` and `{org}` in its subject) to the outbox, with the
 * invoice's PDF attached. The walk-in contact (an `.invalid` address) gets nothing.
 */
async function queueInvoiceMessage(
  tx: Tx,
  platform: Pick<Platform, 'config'>,
  tenant: TenantContext,
  invoice: InvoiceRow,
  template: SystemTemplateKey,
  extraTags: Record<string, string>,
  fallback: (facts: InvoiceFacts) => { subject: string; lines: string[] },
): Promise<boolean> {
  const contact = await findPerson(tx, tenant.tenantId, invoice.contactId);
  const email = contact?.email ?? invoice.contactEmail;
  if (contact?.isWalkin || !email || email.endsWith('.invalid')) return false;
  const link = invoicePublicUrl(platform, tenant, invoice.publicId);
  const facts: InvoiceFacts = {
    number: formatInvoiceNumber(invoice.number),
    total: formatMoney(invoice.total, invoice.currency),
    balance: formatMoney(invoice.balance, invoice.currency),
  };
  const { subject, lines } = fallback(facts);
  const text = [
    `Hello ${contact?.name ?? invoice.contactName},`,
    '',
    ...lines,
    '',
    `View or download it: ${link}`,
    '',
    tenant.name,
  ].join('\n');
  const recipient = contact
    ? { id: contact.id, email, name: contact.name, lastName: contact.lastName, phone: contact.phone }
    : { id: invoice.contactId, email, name: invoice.contactName, lastName: '', phone: '' };
  const message = await composeSystemEmail(
    tx,
    tenant,
    template,
    recipient,
    {
      invoicelink: link,
      invoicenumber: facts.number,
      invoicetotal: facts.total,
      invoicebalance: facts.balance,
      ...extraTags,
    },
    { subject: subject.replace('{number}', facts.number).replace('{org}', tenant.name), text },
  );
  await enqueueEmail(tx, tenant.tenantId, {
    ...message,
    attachment: { kind: INVOICE_PDF_ATTACHMENT, ref: invoice.id },
  });
  return true;
}

/** Where a refund's money went, in the words a buyer reads. */
function refundDestination(refund: InvoicePaymentRow): string {
  if (refund.method === 'account') return 'your account balance with us';
  if (refund.method === 'cash') return 'you in cash';
  return `your ${PAYMENT_METHOD_LABELS[refund.method].toLowerCase()}`;
}

/**
 * The refund notice (template `invoice_refund`): how much was given back, where it went and what
 * the invoice's payments come to after it. A refund never sends the paid email: the invoice can
 * still read "complete" after a part refund, and "your invoice is paid" would tell the buyer nothing.
 */
export function queueRefundEmail(
  tx: Tx,
  platform: Pick<Platform, 'config'>,
  tenant: TenantContext,
  invoice: InvoiceRow,
  refund: InvoicePaymentRow,
): Promise<boolean> {
  const amount = formatMoney(refund.amount, invoice.currency);
  const destination = refundDestination(refund);
  const paidNet = formatMoney(invoice.amountPaid - invoice.amountRefunded, invoice.currency);
  return queueInvoiceMessage(
    tx,
    platform,
    tenant,
    invoice,
    'invoice_refund',
    { refundamount: amount, refundmethod: destination, invoicepaidnet: paidNet },
    (facts) => ({
      subject: `Refund of ${amount}: invoice {number} from {org}`,
      lines: [
        `We have refunded ${amount} to ${destination}.`,
        ...(refund.method === 'credit_card' || refund.method === 'bank_account'
          ? ['Card and bank refunds usually reach you within 5 to 10 business days.']
          : []),
        '',
        `Invoice: ${facts.number}`,
        `Total: ${facts.total}`,
        `Paid after refunds: ${paidNet}`,
        ...(invoice.balance > 0 ? [`Still to pay: ${facts.balance}`] : []),
      ],
    }),
  );
}

/** The outbox attachment kind of an invoice's PDF (its renderer: invoices.routes.ts). */
export const INVOICE_PDF_ATTACHMENT = 'invoice-pdf';

/**
 * What a module does when a payment completes an invoice it owns, in the payment's transaction (a
 * donation takes its receipt number and mails the receipt instead of the invoice email). Answers
 * null for an invoice that is not its own, else whether it queued an email.
 */
export type InvoiceCompletedHook = (
  tx: Tx,
  platform: Pick<Platform, 'config'>,
  tenant: TenantContext,
  invoice: InvoiceRow,
) => Promise<boolean | null>;

const completedHooks = new Map<InvoiceCompletedHook, readonly InvoiceLineKind[] | null>();

/**
 * Registers a hook (a module's, once per process: registering the same function again changes nothing).
 * `forKinds`: the line kinds of the invoices it owns, so a payer that knows its invoice's lines skips it.
 */
export function onInvoiceCompleted(
  hook: InvoiceCompletedHook,
  forKinds: readonly InvoiceLineKind[] | null = null,
): void {
  completedHooks.set(hook, forKinds);
}

/**
 * The email of the invoice's status after a payment: a completed invoice a module owns gets that
 * module's (a donation receipt), any other the status's template. Answers whether one was queued.
 */
export async function queueStatusEmail(
  tx: Tx,
  platform: Pick<Platform, 'config'>,
  tenant: TenantContext,
  invoice: InvoiceRow,
  /** The invoice's line kinds when the caller made its lines (a renewal); left out, every module is asked. */
  lineKinds?: readonly InvoiceLineKind[],
): Promise<boolean> {
  if (invoice.status === 'complete') {
    for (const [hook, forKinds] of completedHooks) {
      if (!concernsLines(forKinds, lineKinds)) continue;
      const mailed = await hook(tx, platform, tenant, invoice);
      if (mailed !== null) return mailed;
    }
  }
  const template = templateForStatus(invoice.status);
  return template ? queueInvoiceEmail(tx, platform, tenant, invoice, template) : false;
}
