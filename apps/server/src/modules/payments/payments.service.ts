import { createHash } from 'node:crypto';
import {
  formatInvoiceNumber,
  type InvoiceRefundRequest,
  type PaymentRedirect,
  type PaymentType,
  PUBLIC_PAYMENT_MESSAGES,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import { previewRefund, refundFromDesk } from '../invoices/invoice-desk.service.ts';
import {
  findInvoiceByPublicId,
  findLines,
  findPaymentByKey,
  findPayments,
  type InvoiceRow,
} from '../invoices/invoices.repo.ts';
import {
  conflict,
  INVOICE_PAID,
  INVOICE_REFUNDED,
  INVOICE_VOID,
  requireInvoice,
} from '../invoices/invoices.service.ts';
import type { CardProvider, CardProviders } from './card-providers.ts';
import { GatewayError } from './payment-gateway.ts';
import { applyNotice } from './payment-notices.service.ts';
import { chargeOnce, refundOnce, startOnce } from './payment-starts.ts';
import { refundedOfCharge } from './payments.repo.ts';
import { PAYMENTSPRING_CURRENCY, PAYMENTSPRING_USD_ONLY, PaymentSpringGateway } from './paymentspring-gateway.ts';

// Card payments of an invoice through the tenant's own provider account: start a hosted payment
// (the buyer's card is typed on the provider's page, never here) and refund a card payment. The
// provider is called between short transactions, never inside one.

export interface Payments {
  platform: Platform;
  /** Which adapter takes a tenant's cards (none: card payments answer 503). */
  providers: CardProviders;
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

function assertCardPayable(invoice: InvoiceRow): void {
  if (invoice.status === 'void') throw conflict('invoice_void', INVOICE_VOID);
  if (invoice.status === 'refunded') throw conflict('invoice_refunded', INVOICE_REFUNDED);
  if (invoice.balance === 0) throw conflict('invoice_paid', INVOICE_PAID);
}

/** Where the provider sends the browser back: the public invoice page, or the desk's invoice screen. */
type ReturnTo = 'public' | 'desk';

/** The page the buyer comes back to: the public invoice (by its link id) or the desk's invoice screen. */
export function returnPage(platform: Platform, tenant: TenantContext, to: ReturnTo, id: string): string {
  const origin = tenantOrigin(platform.config, tenant);
  return to === 'public'
    ? `${origin}/invoice/${encodeURIComponent(id)}`
    : `${origin}/invoices/${encodeURIComponent(id)}`;
}

/**
 * Razorpay posts its signed answer to a route of ours (verified there, then the browser goes on
 * to the page); Stripe and PhonePe send the browser to the page itself.
 */
/** The page of this invoice the buyer comes back to: the public one by its link id, or the desk's. */
const invoicePage = (platform: Platform, tenant: TenantContext, invoice: InvoiceRow, to: ReturnTo) =>
  returnPage(platform, tenant, to, to === 'public' ? invoice.publicId : invoice.id);

function returnUrls(platform: Platform, tenant: TenantContext, invoice: InvoiceRow, to: ReturnTo, provider: string) {
  const id = to === 'public' ? invoice.publicId : invoice.id;
  const page = invoicePage(platform, tenant, invoice, to);
  const successUrl =
    provider === 'razorpay'
      ? `${tenantOrigin(platform.config, tenant)}/item/razorpay/callback/${to}/${encodeURIComponent(id)}`
      : `${page}?payment=success`;
  return { successUrl, cancelUrl: `${page}?payment=cancel` };
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
): Promise<PaymentRedirect> {
  const { platform } = payments;
  const { invoice, provider } = await payable(payments, tenant, find);
  const { gateway, account } = provider;
  if (gateway instanceof PaymentSpringGateway) {
    // No hosted page: the card form is on the page the buyer is on (its fields go to PaymentSpring).
    return { url: `${invoicePage(platform, tenant, invoice, to)}?payment=card`, card: gateway.browserCard() };
  }
  const request = {
    account,
    amount: invoice.balance,
    currency: invoice.currency,
    description: describe(invoice, tenant),
    ...returnUrls(platform, tenant, invoice, to, gateway.provider),
    reference: { tenantId: tenant.tenantId, invoiceId: invoice.id },
    ...buyerEmail(invoice),
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('base64url').slice(0, 32);
  const idempotencyKey = `invoice-pay:${invoice.id}:${fingerprint}`;
  try {
    // Razorpay's orders and PhonePe's pay call take no idempotency key: one start per attempt here.
    const started = await startOnce(platform.db, tenant.tenantId, idempotencyKey, () =>
      gateway.startHostedPayment({ ...request, idempotencyKey }),
    );
    return { url: started.redirectUrl, ...(started.form ? { form: started.form } : {}) };
  } catch (error) {
    fromGateway(error);
  }
}

const describe = (invoice: InvoiceRow, tenant: TenantContext) =>
  `Invoice ${formatInvoiceNumber(invoice.number)} - ${tenant.name}`;

const buyerEmail = (invoice: InvoiceRow) =>
  invoice.contactEmail && !invoice.contactEmail.endsWith('.invalid') ? { customerEmail: invoice.contactEmail } : {};

/** The invoice, still owing, and the tenant's card provider; 404, 409 or 503 otherwise. */
async function payable(payments: Payments, tenant: TenantContext, find: (tx: Tx) => Promise<InvoiceRow | undefined>) {
  const { invoice, provider } = await readTenant(payments.platform.db, tenant.tenantId, async (tx) => ({
    invoice: await find(tx),
    provider: await payments.providers.current(tx, tenant),
  }));
  if (!invoice) throw notFound('Invoice');
  assertCardPayable(invoice);
  if (!provider) throw noCardProvider();
  if (provider.gateway instanceof PaymentSpringGateway && invoice.currency !== PAYMENTSPRING_CURRENCY) {
    throw conflict('currency_not_supported', PAYMENTSPRING_USD_ONLY);
  }
  return { invoice, provider };
}

/**
 * Charges the card token the buyer's browser made at PaymentSpring for the invoice's open balance,
 * and records the payment at once (the charge's answer is our own call's, with the tenant's private
 * key). PaymentSpring takes no idempotency key, so (decisions.md "PaymentSpring"):
 * - the charge is claimed per invoice and what is paid of it (not per token): a double submit, a
 *   second tab or the desk at the same moment wait for the first and get its answer;
 * - the charge names that state in its metadata (`payKey`), and before charging PaymentSpring is
 *   asked for a settled charge with it: an answer lost to a timeout is found and recorded instead
 *   of charging the card again, now or on the buyer's retry;
 * - money that finds the invoice paid meanwhile, or a provider changed under it, goes back.
 */
async function chargeCardToken(
  payments: Payments,
  tenant: TenantContext,
  find: (tx: Tx) => Promise<InvoiceRow | undefined>,
  to: ReturnTo,
  token: string,
): Promise<PaymentRedirect> {
  const { platform } = payments;
  const { invoice, provider } = await payable(payments, tenant, find);
  const { gateway } = provider;
  if (!(gateway instanceof PaymentSpringGateway)) {
    throw conflict(
      'provider_changed',
      "This business takes cards on its payment provider's page now. Please try again.",
    );
  }
  const reference = { tenantId: tenant.tenantId, invoiceId: invoice.id };
  const payKey = `invoice-pay:${invoice.id}:${invoice.amountPaid}:${invoice.amountRefunded}:${invoice.balance}`;
  let outcome: Awaited<ReturnType<typeof applyNotice>>;
  let notice: Awaited<ReturnType<PaymentSpringGateway['charge']>>;
  try {
    notice = await chargeOnce(platform.db, tenant.tenantId, payKey, async () => {
      const earlier = await gateway.findCharge(reference, payKey);
      if (earlier) return earlier;
      const charge = {
        token,
        amount: invoice.balance,
        description: describe(invoice, tenant),
        email: buyerEmail(invoice).customerEmail,
        reference,
        payKey,
      };
      try {
        return await gateway.charge(charge);
      } catch (error) {
        // No answer (a timeout, PaymentSpring's 5xx): the money may have moved. Look once more.
        if (error instanceof GatewayError && error.status >= 500) {
          const landed = await gateway.findCharge(reference, payKey).catch(() => null);
          if (landed) return landed;
        }
        throw error;
      }
    });
    outcome = await applyNotice(platform, payments.providers, gateway, notice);
  } catch (error) {
    fromGateway(error);
  }
  if (outcome === 'not_ours') {
    // The studio's PaymentSpring keys changed between the charge and its recording: give it back.
    await refundOnce(platform.db, tenant.tenantId, gateway, {
      account: notice.account,
      chargeRef: notice.chargeRef,
      amount: notice.amount,
      idempotencyKey: `orphan-refund:pspring:${notice.chargeRef}`,
      refundedBefore: 0,
      reason: 'requested_by_customer',
    }).catch(() => undefined);
    throw conflict(
      'provider_changed',
      'The card payment could not be recorded, so it is being refunded. Please try again.',
    );
  }
  if (outcome === 'refund_due') {
    throw conflict('invoice_paid', 'This invoice was paid meanwhile: your card payment is being refunded.');
  }
  return { url: `${invoicePage(platform, tenant, invoice, to)}?payment=success` };
}

/** POST /item/invoice/{publicId}/publicpayment: anyone holding the invoice's link pays its balance. */
export function startPublicPayment(payments: Payments, tenant: TenantContext, publicId: string) {
  return startCardPayment(payments, tenant, (tx) => findInvoiceByPublicId(tx, tenant.tenantId, publicId), 'public');
}

/**
 * POST /public/payment?type= (spec 3 §7.8): the public invoice's card payment, as publicpayment, for
 * the payment type the caller names (spec 1 §9). A gift's invoice is a donation, every other invoice
 * (the shop's, a membership's, one made at the desk) a product; courses are not sold online yet.
 */
export function startPublicPaymentOfType(
  payments: Payments,
  tenant: TenantContext,
  type: PaymentType,
  publicId: string,
) {
  if (type === 'course') return Promise.reject(badRequest('querystring.type', PUBLIC_PAYMENT_MESSAGES.courseNotSold));
  const find = async (tx: Tx) => {
    const invoice = await findInvoiceByPublicId(tx, tenant.tenantId, publicId);
    if (!invoice) return undefined;
    const lines = await findLines(tx, tenant.tenantId, invoice.id);
    const paying: PaymentType = lines.some((line) => line.kind === 'donation') ? 'donation' : 'product';
    if (paying !== type) throw badRequest('querystring.type', PUBLIC_PAYMENT_MESSAGES.typeMismatch(type));
    return invoice;
  };
  return startCardPayment(payments, tenant, find, 'public');
}

/** The desk's invoice by id (another tenant's or a missing one: undefined, a 404). */
const deskInvoice = (tenant: TenantContext, invoiceId: string) => async (tx: Tx) => {
  try {
    return await requireInvoice(tx, tenant.tenantId, invoiceId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
};

/** POST /item/payment/paymentintent: the desk sends the buyer's browser (or its own) to pay by card. */
export function startDeskPayment(payments: Payments, { tenant }: Authenticated, invoiceId: string) {
  return startCardPayment(payments, tenant, deskInvoice(tenant, invoiceId), 'desk');
}

/** Declined cards on one invoice link (or from one IP) within the throttle's window before tries must wait. */
export const DECLINES_PER_INVOICE = 10;

/**
 * POST /item/invoice/{publicId}/paymentspring: anyone holding the link pays with the token their
 * browser made. Declined cards are counted per invoice link and per IP, and past the limit no card
 * is tried: an open link must not become a way to test stolen cards on the studio's account.
 */
export async function chargePublicToken(
  payments: Payments,
  tenant: TenantContext,
  publicId: string,
  token: string,
  ip: string,
) {
  const { throttle, config } = payments.platform;
  const account = `invoice:${publicId}`;
  const limits = { perAccount: DECLINES_PER_INVOICE, perIp: config.loginMaxAttemptsPerIp };
  const wait = await throttle.wait(tenant.tenantId, 'card_declined', account, ip, limits);
  if (wait > 0) throw tooManyRequests(`Too many cards were declined. ${tryAgainIn(wait)}`);
  try {
    return await chargeCardToken(
      payments,
      tenant,
      (tx) => findInvoiceByPublicId(tx, tenant.tenantId, publicId),
      'public',
      token,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'provider_refused') {
      await throttle.record(tenant.tenantId, 'card_declined', account, ip);
    }
    throw error;
  }
}

/** POST /item/payment/paymentspring: the desk charges the token made on its card form. */
export function chargeDeskToken(payments: Payments, { tenant }: Authenticated, invoiceId: string, token: string) {
  return chargeCardToken(payments, tenant, deskInvoice(tenant, invoiceId), 'desk', token);
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
  const { platform } = payments;
  const { tenant } = ctx;
  const found = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const invoice = await requireInvoice(tx, tenant.tenantId, invoiceId);
    const payment = (await findPayments(tx, tenant.tenantId, invoice.id)).find(
      (p) => p.id === body.paymentId && p.kind === 'payment',
    );
    const recorded = await findPaymentByKey(tx, tenant.tenantId, body.idempotencyKey);
    const provider: CardProvider | null = payment?.provider
      ? await payments.providers.of(tx, tenant, payment.provider)
      : null;
    const refundedBefore =
      payment?.provider && payment.providerRef
        ? await refundedOfCharge(tx, tenant.tenantId, payment.provider, payment.providerRef)
        : 0;
    return { payment, recorded, provider, refundedBefore };
  });
  const { payment } = found;
  if (!payment?.provider || !payment.providerRef || found.recorded)
    return refundFromDesk(platform, ctx, invoiceId, body);
  const preview = await previewRefund(platform, ctx, invoiceId, body);
  if (!found.provider) throw noCardProvider();
  const { gateway, account } = found.provider;
  let refunded: { providerRef: string; amount: number };
  try {
    refunded = await refundOnce(platform.db, tenant.tenantId, gateway, {
      account,
      chargeRef: payment.providerRef,
      amount: preview.amount,
      idempotencyKey: `invoice-refund:${tenant.tenantId}:${body.idempotencyKey}`,
      refundedBefore: found.refundedBefore,
      reason: 'requested_by_customer',
    });
  } catch (error) {
    fromGateway(error);
  }
  return refundFromDesk(platform, ctx, invoiceId, body, refunded.providerRef);
}
