import type { PhonePeConfirmation } from '@atrium/contracts';
import { readTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { CardProvider } from './card-providers.ts';
import { GatewayError, InvalidNotice, type PaymentNotice } from './payment-gateway.ts';
import { applyNotice, type NoticeOutcome } from './payment-notices.service.ts';
import { findTenantById } from './payments.repo.ts';
import { type Payments, returnPage } from './payments.service.ts';
import { PHONEPE_TRANSACTION, PhonePeGateway } from './phonepe-gateway.ts';
import { parseRazorpayWebhook, RazorpayGateway } from './razorpay-gateway.ts';

// Razorpay and PhonePe confirm a payment by naming it in a signed message (Razorpay's callback
// signature or webhook, PhonePe's callback checksum) or not at all (PhonePe's return to the page);
// either way the payment itself is then read back from the provider with the tenant's own keys and
// applied once through the same `applyNotice` as Stripe's events (decisions.md "Razorpay and PhonePe").

function providerError(error: unknown): never {
  if (error instanceof GatewayError) {
    if (error.status === 404) throw notFound('Payment');
    throw new AppError(error.status, error.status >= 500 ? 'payments_unavailable' : 'provider_refused', error.message);
  }
  throw error;
}

async function providerOf<G>(
  payments: Payments,
  tenant: TenantContext,
  name: 'razorpay' | 'phonepe',
  type: new (...args: never[]) => G,
): Promise<CardProvider & { gateway: G }> {
  const found = await readTenant(payments.platform.db, tenant.tenantId, (tx) =>
    payments.providers.of(tx, tenant, name),
  );
  if (!found || !(found.gateway instanceof type)) throw notFound('Payment');
  return found as CardProvider & { gateway: G };
}

/** A notice read back with one tenant's keys is applied to that tenant only (our notes are not trusted alone). */
function apply(payments: Payments, tenant: TenantContext, provider: string, notice: PaymentNotice) {
  if (notice.kind === 'paid' && notice.reference?.tenantId !== tenant.tenantId) {
    return Promise.resolve<NoticeOutcome>('not_ours');
  }
  return applyNotice(payments.platform, payments.providers, { provider }, notice);
}

export type RazorpayReturn = Record<string, string | undefined>;

const ORDER_ID = /^order_[A-Za-z0-9]{6,40}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{6,40}$/;

/**
 * POST /item/razorpay/callback/{to}/{id}: Razorpay's checkout posts here (its callback_url mode).
 * A failed or dismissed payment posts `error[...]` fields: the buyer goes back to the page as
 * cancelled. Otherwise the signature HMAC-SHA256(order_id|payment_id, key secret) must verify
 * (400 naming the field, nothing applied), the order is read back and the payment applied once;
 * answers where the browser goes next.
 */
export async function razorpayReturn(
  payments: Payments,
  tenant: TenantContext,
  to: 'public' | 'desk',
  id: string,
  form: RazorpayReturn,
): Promise<string> {
  const page = returnPage(payments.platform, tenant, to, id);
  if (form['error[code]'] !== undefined && form.razorpay_payment_id === undefined) return `${page}?payment=cancel`;
  const orderId = form.razorpay_order_id ?? '';
  const paymentId = form.razorpay_payment_id ?? '';
  const signature = form.razorpay_signature ?? '';
  if (!ORDER_ID.test(orderId)) throw badRequest('razorpay_order_id', 'razorpay_order_id must be a Razorpay order id.');
  if (!PAYMENT_ID.test(paymentId)) {
    throw badRequest('razorpay_payment_id', 'razorpay_payment_id must be a Razorpay payment id.');
  }
  if (!/^[0-9a-f]{64}$/i.test(signature)) {
    throw badRequest('razorpay_signature', 'razorpay_signature must be the payment signature.');
  }
  const { gateway } = await providerOf(payments, tenant, 'razorpay', RazorpayGateway);
  if (!gateway.verifyPayment(orderId, paymentId, signature)) {
    throw badRequest('razorpay_signature', 'The payment signature does not verify.');
  }
  try {
    await apply(payments, tenant, gateway.provider, await gateway.confirmOrder(orderId, paymentId));
  } catch (error) {
    providerError(error);
  }
  return `${page}?payment=success`;
}

/**
 * POST /webhooks/razorpay: `payment.captured` and `order.paid`, signed with the platform's webhook
 * secret. The tenant our notes name is only a hint: the order is read back with that tenant's keys,
 * which fails for an order of any other merchant. Other events are answered and ignored.
 */
export async function razorpayWebhook(
  payments: Payments,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<NoticeOutcome | 'ignored'> {
  const event = parseRazorpayWebhook(rawBody, signature, payments.platform.config.payments.razorpayWebhookSecret);
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return 'ignored';
  if (!event.orderId || !event.paymentId || !event.tenantId || !/^[0-9a-f-]{36}$/i.test(event.tenantId)) {
    return 'not_ours';
  }
  const tenant = await findTenantById(payments.platform.db, event.tenantId);
  if (!tenant) return 'not_ours';
  const provider = await readTenant(payments.platform.db, tenant.tenantId, (tx) =>
    payments.providers.of(tx, tenant, 'razorpay'),
  );
  if (!(provider?.gateway instanceof RazorpayGateway)) return 'not_ours';
  let notice: PaymentNotice;
  try {
    notice = await provider.gateway.confirmOrder(event.orderId, event.paymentId);
  } catch (error) {
    // An order this tenant's keys cannot read is not this tenant's: answered, nothing applied.
    if (error instanceof GatewayError && error.status === 400) return 'not_ours';
    throw error;
  }
  return apply(payments, tenant, 'razorpay', notice);
}

/**
 * GET /item/phonepe/{tenantId}/confirm/{paymentIntent}: asks PhonePe for the transaction's state
 * and applies a completed payment once; answers the state. The tenant in the path must be the
 * host's (another tenant's is a 404, like its invoices).
 */
export async function confirmPhonePe(
  payments: Payments,
  tenant: TenantContext,
  tenantId: string,
  transactionId: string,
): Promise<PhonePeConfirmation> {
  if (tenantId !== tenant.tenantId) throw notFound('Payment');
  if (!PHONEPE_TRANSACTION.test(transactionId)) {
    throw badRequest('paymentIntent', 'paymentIntent must be a PhonePe merchant transaction id.');
  }
  const { gateway } = await providerOf(payments, tenant, 'phonepe', PhonePeGateway);
  try {
    const status = await gateway.status(transactionId, tenant.tenantId);
    if (status.notice) await apply(payments, tenant, gateway.provider, status.notice);
    return { state: status.state, code: status.code, message: status.message };
  } catch (error) {
    providerError(error);
  }
}

/**
 * POST /webhooks/phonepe on the tenant's host: PhonePe's server-to-server callback. The checksum is
 * verified with the tenant's salt key (400 naming `x-verify` otherwise, nothing applied), then the
 * transaction's state is asked of PhonePe exactly as the confirm route does.
 */
export async function phonepeCallback(
  payments: Payments,
  tenant: TenantContext,
  body: unknown,
  checksum: string | undefined,
): Promise<PhonePeConfirmation> {
  const found = await readTenant(payments.platform.db, tenant.tenantId, (tx) =>
    payments.providers.of(tx, tenant, 'phonepe'),
  );
  if (!(found?.gateway instanceof PhonePeGateway)) {
    throw badRequest('x-verify', 'PhonePe is not set up for this business.');
  }
  let transactionId: string;
  try {
    transactionId = found.gateway.parseCallback(body, checksum);
  } catch (error) {
    if (error instanceof InvalidNotice) throw badRequest('x-verify', 'The callback checksum is missing or wrong.');
    throw error;
  }
  return confirmPhonePe(payments, tenant, tenant.tenantId, transactionId);
}
