import { withTenant } from '../../db/client.ts';
import type { Platform } from '../../platform.ts';
import { queueStatusEmail } from '../invoices/invoice-email.ts';
import { recordPayment } from '../invoices/invoice-payments.service.ts';
import { findInvoice, findPaymentByKey } from '../invoices/invoices.repo.ts';
import type { CardProviders } from './card-providers.ts';
import { GatewayError, type PaymentNotice } from './payment-gateway.ts';
import { refundOnce } from './payment-starts.ts';
import {
  claimEvent,
  findEvent,
  findRefundsDue,
  findTenantById,
  refundedOfCharge,
  updateEvent,
} from './payments.repo.ts';

// What a provider tells us after the buyer paid on its page: the payment is recorded on the
// invoice once, however often (or however concurrently) the event is delivered.

export const EXCESS_REFUND_QUEUE = 'payment-excess-refund';
/** Every 5 minutes: queues again the excess refunds whose job never got sent (a crash right after the commit). */
export const EXCESS_REFUND_SWEEP = `${EXCESS_REFUND_QUEUE}-sweep`;
const SWEEP_AFTER_MS = 5 * 60_000;

export interface ExcessRefundJob {
  tenantId: string;
  provider: string;
  eventId: string;
}

export type NoticeOutcome = 'recorded' | 'duplicate' | 'refund_due' | 'already_applied' | 'not_ours';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Applies a verified notice. The tenant is the one the payment's reference names, and only when
 * the account the money went to is that tenant's connected account (a tenant could otherwise
 * create a payment on its own account naming another tenant's invoice). In one transaction: the
 * event's row (the first delivery claims it; later ones find it and change nothing), then the
 * payment, with the charge as its reference and the attempt as its key, and the receipt email.
 *
 * Money that finds nothing left to pay (paid by cash meanwhile, void, refunded, another currency,
 * a second attempt paid too) is not put on the invoice or on an account: the excess is refunded
 * through the provider by a job after the commit (decisions.md "Card payments").
 */
export async function applyNotice(
  platform: Platform,
  providers: CardProviders,
  gateway: { provider: string },
  notice: PaymentNotice,
): Promise<NoticeOutcome> {
  if (notice.kind !== 'paid' || !notice.reference || !UUID.test(notice.reference.tenantId)) return 'not_ours';
  const tenant = await findTenantById(platform.db, notice.reference.tenantId);
  if (!tenant) return 'not_ours';
  const invoiceId = UUID.test(notice.reference.invoiceId) ? notice.reference.invoiceId : null;
  let mailed = false;
  const outcome = await withTenant(platform.db, tenant.tenantId, async (tx): Promise<NoticeOutcome> => {
    if ((await providers.of(tx, tenant, gateway.provider))?.account !== notice.account) return 'not_ours';
    const base = {
      tenantId: tenant.tenantId,
      provider: gateway.provider,
      eventId: notice.eventId,
      account: notice.account,
      invoiceId,
      chargeRef: notice.chargeRef,
      currency: notice.currency,
      received: notice.amount,
    };
    if (!(await claimEvent(tx, { ...base, applied: 0, excess: 0, outcome: 'recorded' }))) return 'already_applied';
    const key = `${gateway.provider}:${notice.attemptRef}`;
    if (await findPaymentByKey(tx, tenant.tenantId, key)) {
      // Another event about the same payment attempt (Stripe may send completed and async_payment_succeeded).
      await updateEvent(tx, tenant.tenantId, gateway.provider, notice.eventId, { outcome: 'duplicate' });
      return 'duplicate';
    }
    const invoice = invoiceId ? await findInvoice(tx, tenant.tenantId, invoiceId, true) : undefined;
    const open = invoice && invoice.status !== 'void' && invoice.status !== 'refunded';
    const applied = open && invoice.currency === notice.currency ? Math.min(notice.amount, invoice.balance) : 0;
    if (invoice && applied > 0) {
      const result = await recordPayment(tx, tenant, invoice.id, {
        method: 'credit_card',
        amount: applied,
        idempotencyKey: key,
        provider: gateway.provider,
        providerRef: notice.chargeRef,
        note: `Paid online (${notice.attemptRef})`,
      });
      if (await queueStatusEmail(tx, platform, tenant, result.invoice)) mailed = true;
    }
    const excess = notice.amount - applied;
    await updateEvent(tx, tenant.tenantId, gateway.provider, notice.eventId, {
      applied,
      excess,
      outcome: excess > 0 ? 'refund_due' : 'recorded',
      message: excess > 0 ? 'Nothing was left to pay on the invoice: the excess goes back to the buyer.' : '',
    });
    return excess > 0 ? 'refund_due' : 'recorded';
  });
  if (mailed) await platform.outbox.kick();
  if (outcome === 'refund_due') {
    await queueExcessRefund(platform, {
      tenantId: tenant.tenantId,
      provider: gateway.provider,
      eventId: notice.eventId,
    });
  }
  return outcome;
}

export function queueExcessRefund(platform: Platform, job: ExcessRefundJob) {
  return platform.jobs.send(EXCESS_REFUND_QUEUE, job, { singletonKey: `${job.tenantId}:${job.eventId}` });
}

/** The sweep: each refund still due `olderThanMs` after its event is queued again (one queued per event). */
export async function sweepExcessRefunds(platform: Platform, olderThanMs = SWEEP_AFTER_MS): Promise<number> {
  const due = await findRefundsDue(platform.db, new Date(Date.now() - olderThanMs), 100);
  for (const job of due) await queueExcessRefund(platform, job);
  return due.length;
}

/**
 * The job that gives back money that found nothing to pay. Idempotent: it acts only on a row still
 * `refund_due`, and the provider's idempotency key is the event's, so a rerun after a crash refunds
 * once. A refusal is kept on the row (refund_failed, with the provider's message); an unreachable
 * provider throws, so the runner retries.
 */
export async function refundExcess(platform: Platform, providers: CardProviders, job: ExcessRefundJob): Promise<void> {
  const tenant = await findTenantById(platform.db, job.tenantId);
  if (!tenant) return;
  const { due, provider, refundedBefore } = await withTenant(platform.db, job.tenantId, async (tx) => {
    const event = await findEvent(tx, job.tenantId, job.provider, job.eventId);
    return {
      due: event,
      provider: await providers.of(tx, tenant, job.provider),
      refundedBefore: event ? await refundedOfCharge(tx, job.tenantId, job.provider, event.chargeRef) : 0,
    };
  });
  if (due?.outcome !== 'refund_due' || due.excess <= 0) return;
  // Stripe's refund is the platform's key on the account the money went to, connected or not now.
  const gateway = job.provider === 'stripe' ? providers.stripe : provider?.gateway;
  if (!gateway) {
    // The tenant removed the provider's keys (or Stripe's connection): staff must refund by hand.
    await withTenant(platform.db, job.tenantId, (tx) =>
      updateEvent(tx, job.tenantId, job.provider, job.eventId, {
        outcome: 'refund_failed',
        message: 'The payment provider is no longer connected: refund the excess by hand.',
      }),
    );
    return;
  }
  try {
    const refund = await refundOnce(platform.db, job.tenantId, gateway, {
      account: due.account,
      chargeRef: due.chargeRef,
      amount: due.excess,
      idempotencyKey: `excess-refund:${job.provider}:${job.eventId}${due.refundAttempt > 0 ? `:retry-${due.refundAttempt}` : ''}`,
      refundedBefore,
      reason: 'duplicate',
    });
    await withTenant(platform.db, job.tenantId, (tx) =>
      updateEvent(tx, job.tenantId, job.provider, job.eventId, { outcome: 'refunded', refundRef: refund.providerRef }),
    );
  } catch (error) {
    if (error instanceof GatewayError && error.status < 500) {
      await withTenant(platform.db, job.tenantId, (tx) =>
        updateEvent(tx, job.tenantId, job.provider, job.eventId, { outcome: 'refund_failed', message: error.message }),
      );
      return;
    }
    throw error;
  }
}
