import { EXCESS_REFUND_MESSAGES, type ExcessPayment, type ExcessPaymentList } from '@atrium/contracts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { queueExcessRefund } from './payment-notices.service.ts';
import { findEvent, listExcessPayments, moveFailedRefund, personName } from './payments.repo.ts';

type Listed = Awaited<ReturnType<typeof listExcessPayments>>[number];

function toExcessPayment({ row, invoiceNumber }: Listed): ExcessPayment {
  return {
    provider: row.provider,
    eventId: row.eventId,
    invoiceId: row.invoiceId,
    invoiceNumber,
    currency: row.currency,
    received: row.received,
    excess: row.excess,
    outcome: row.outcome === 'refund_failed' ? 'refund_failed' : 'refund_due',
    message: row.message,
    chargeRef: row.chargeRef,
    receivedAt: row.createdAt.toISOString(),
  };
}

/** GET /item/payment/excess: the money still to give back, failed refunds first to catch the eye. */
export function listExcess(platform: Platform, actor: Authenticated): Promise<ExcessPaymentList> {
  const { tenantId } = actor.tenant;
  return readTenant(platform.db, tenantId, async (tx) => {
    const rows = (await listExcessPayments(tx, tenantId)).map(toExcessPayment);
    const failedFirst = (p: ExcessPayment) => (p.outcome === 'refund_failed' ? 0 : 1);
    return { data: rows.sort((a, b) => failedFirst(a) - failedFirst(b)) };
  });
}

async function moveFailed(
  platform: Platform,
  actor: Authenticated,
  provider: string,
  eventId: string,
  next: (tx: Tx) => Promise<{ outcome: 'refund_due' | 'refunded'; message: string; retry?: boolean }>,
): Promise<void> {
  const { tenantId } = actor.tenant;
  await withTenant(platform.db, tenantId, async (tx) => {
    const row = await findEvent(tx, tenantId, provider, eventId);
    if (!row || row.excess <= 0) throw notFound('Payment');
    if (!(await moveFailedRefund(tx, tenantId, provider, eventId, await next(tx)))) {
      throw new AppError(409, 'conflict', EXCESS_REFUND_MESSAGES.notFailed);
    }
  });
}

/**
 * POST …/retry: the refund goes back to the job as a new try (its idempotency key names the try: the
 * provider keeps a refusal under its key, so the old key would only replay it). A try that crashed is
 * sent again with its own key, so it refunds once.
 */
export async function retryExcessRefund(
  platform: Platform,
  actor: Authenticated,
  provider: string,
  eventId: string,
): Promise<void> {
  await moveFailed(platform, actor, provider, eventId, async () => ({
    outcome: 'refund_due',
    message: '',
    retry: true,
  }));
  await queueExcessRefund(platform, { tenantId: actor.tenant.tenantId, provider, eventId });
}

/** POST …/settle: staff gave the money back outside (by hand, on the provider's dashboard); nothing more is tried. */
export function settleExcessByHand(
  platform: Platform,
  actor: Authenticated,
  provider: string,
  eventId: string,
): Promise<void> {
  return moveFailed(platform, actor, provider, eventId, async (tx) => ({
    outcome: 'refunded',
    message: EXCESS_REFUND_MESSAGES.settledByHand(await personName(tx, actor.tenant.tenantId, actor.auth.sub)),
  }));
}
