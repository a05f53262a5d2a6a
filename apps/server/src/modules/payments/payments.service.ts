import { createHash } from 'node:crypto';
import { formatInvoiceNumber, type InvoiceRefundRequest } from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findCredential } from '../integrations/integrations.repo.ts';
import { previewRefund, refundFromDesk } from '../invoices/invoice-desk.service.ts';
import { findInvoiceByPublicId, findPaymentByKey, findPayments, type InvoiceRow } from '../invoices/invoices.repo.ts';
import {
  conflict,
  INVOICE_PAID,
  INVOICE_REFUNDED,
  INVOICE_VOID,
  requireInvoice,
} from '../invoices/invoices.service.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import { GatewayError, type PaymentGateway } from './payment-gateway.ts';

// Card payments of an invoice through the tenant's own provider account: start a hosted payment
// (the buyer's card is typed on the provider's page, never here) and refund a card payment. The
// provider is called between short transactions, never inside one.

export interface Payments {
  platform: Platform;
  /** null when the platform has no provider keys: card payments answer 503. */
  gateway: PaymentGateway | null;
}

export const NO_CARD_PROVIDER = 'Card payments are not set up for this business.';

export const noCardProvider = () => new AppError(503, 'payments_unavailable', NO_CARD_PROVIDER);

function fromGateway(error: unknown): never {
  if (error instanceof GatewayError) {
    const code = error.status === 503 ? 'payments_unavailable' : 'provider_refused';
    throw new AppError(error.status, error.status >= 500 ? code : 'provider_refused', error.message, 'payment');
  }
  throw error;
}

/**
 * The provider account the tenant's card payments go to: Stripe, connected and integrated, and
 * the tenant's current payment provider (Settings > Integrations). Other providers have no
 * adapter yet, so a tenant on them has no card payments here.
 */
export async function cardAccount(tx: Tx, tenant: TenantContext): Promise<string | null> {
  if (tenant.settings.paymentProvider !== 'STRIPE') return null;
  const row = await findCredential(tx, tenant.tenantId, 'stripe');
  const account = row?.isIntegrated ? row.publicFields?.stripeUserId : null;
  return typeof account === 'string' && account ? account : null;
}

function assertCardPayable(invoice: InvoiceRow): void {
  if (invoice.status === 'void') throw conflict('invoice_void', INVOICE_VOID);
  if (invoice.status === 'refunded') throw conflict('invoice_refunded', INVOICE_REFUNDED);
  if (invoice.balance === 0) throw conflict('invoice_paid', INVOICE_PAID);
}

/** Where the provider sends the browser back: the public invoice page, or the desk's invoice screen. */
type ReturnTo = 'public' | 'desk';

function returnUrls(platform: Platform, tenant: TenantContext, invoice: InvoiceRow, to: ReturnTo) {
  const origin = tenantOrigin(platform.config, tenant);
  const page =
    to === 'public'
      ? `${origin}/invoice/${encodeURIComponent(invoice.publicId)}`
      : `${origin}/invoices/${encodeURIComponent(invoice.id)}`;
  return { successUrl: `${page}?payment=success`, cancelUrl: `${page}?payment=cancel` };
}

/**
 * Starts a hosted card payment of the invoice's open balance and answers where to send the
 * browser. The idempotency key is derived from everything the payment is (the invoice, the amount
 * still owed, where it returns, the account): a double click or a retry opens the same payment,
 * and a payment made meanwhile changes the balance and so the key.
 */
async function startCardPayment(
  payments: Payments,
  tenant: TenantContext,
  find: (tx: Tx) => Promise<InvoiceRow | undefined>,
  to: ReturnTo,
): Promise<{ url: string }> {
  const { platform, gateway } = payments;
  const { invoice, account } = await readTenant(platform.db, tenant.tenantId, async (tx) => ({
    invoice: await find(tx),
    account: await cardAccount(tx, tenant),
  }));
  if (!invoice) throw notFound('Invoice');
  assertCardPayable(invoice);
  if (!account || !gateway) throw noCardProvider();
  const request = {
    account,
    amount: invoice.balance,
    currency: invoice.currency,
    description: `Invoice ${formatInvoiceNumber(invoice.number)} - ${tenant.name}`,
    ...returnUrls(platform, tenant, invoice, to),
    reference: { tenantId: tenant.tenantId, invoiceId: invoice.id },
    ...(invoice.contactEmail && !invoice.contactEmail.endsWith('.invalid')
      ? { customerEmail: invoice.contactEmail }
      : {}),
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('base64url').slice(0, 32);
  try {
    const started = await gateway.startHostedPayment({
      ...request,
      idempotencyKey: `invoice-pay:${invoice.id}:${fingerprint}`,
    });
    return { url: started.redirectUrl };
  } catch (error) {
    fromGateway(error);
  }
}

/** POST /item/invoice/{publicId}/publicpayment: anyone holding the invoice's link pays its balance. */
export function startPublicPayment(payments: Payments, tenant: TenantContext, publicId: string) {
  return startCardPayment(payments, tenant, (tx) => findInvoiceByPublicId(tx, tenant.tenantId, publicId), 'public');
}

/** POST /item/payment/paymentintent: the desk sends the buyer's browser (or its own) to pay by card. */
export function startDeskPayment(payments: Payments, { tenant }: Authenticated, invoiceId: string) {
  return startCardPayment(
    payments,
    tenant,
    async (tx) => {
      try {
        return await requireInvoice(tx, tenant.tenantId, invoiceId);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    'desk',
  );
}

/**
 * POST /item/invoice/{id}/refund. A cash or account payment is the desk's (recorded at once). A
 * card payment is refunded through the provider first, with an idempotency key derived from the
 * request's own key, then recorded with the provider's reference; when the provider refuses or
 * cannot be reached nothing is recorded and the message says why. A request whose key was
 * recorded already is answered from the record without calling the provider again.
 */
export async function refundInvoicePayment(
  payments: Payments,
  ctx: Authenticated,
  invoiceId: string,
  body: z.output<typeof InvoiceRefundRequest>,
) {
  const { platform, gateway } = payments;
  const { tenant } = ctx;
  const found = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId);
    const payment = (await findPayments(tx, tenant.tenantId, invoice.id)).find(
      (p) => p.id === body.paymentId && p.kind === 'payment',
    );
    const recorded = await findPaymentByKey(tx, tenant.tenantId, body.idempotencyKey);
    return { payment, recorded, account: await cardAccount(tx, tenant) };
  });
  const { payment } = found;
  if (!payment?.provider || !payment.providerRef || found.recorded)
    return refundFromDesk(platform, ctx, invoiceId, body);
  const preview = await previewRefund(platform, ctx, invoiceId, body);
  if (!gateway || !found.account || payment.provider !== gateway.provider) throw noCardProvider();
  let refunded: { providerRef: string; amount: number };
  try {
    refunded = await gateway.refund({
      account: found.account,
      chargeRef: payment.providerRef,
      amount: preview.amount,
      idempotencyKey: `invoice-refund:${tenant.tenantId}:${body.idempotencyKey}`,
      reason: 'requested_by_customer',
    });
  } catch (error) {
    fromGateway(error);
  }
  return refundFromDesk(platform, ctx, invoiceId, body, refunded.providerRef);
}
