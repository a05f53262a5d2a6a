import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { type Db, withTenant } from '../../db/client.ts';
import { singleUseValues } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentGateway, RefundRequest, RefundResult } from './payment-gateway.ts';

// One hosted payment per attempt, whichever process or click asks first (decisions.md "One order
// per invoice attempt"). Razorpay's Orders API and PhonePe's pay call take no idempotency key, so a
// double click opened two orders. The first request for an attempt's key claims it in the shared
// table (a row inserted ON CONFLICT DO NOTHING, in a short transaction: the provider is called
// after it commits); the others wait for the claim to be answered and get the same payment. A
// failed start drops the claim, so a retry starts afresh; a claim whose holder died expires.

const KIND = 'hosted-payment-start';
/** How long an opened payment is handed out again: a double click, a second tab or a quick retry (a
 * PhonePe transaction that failed is not reopened after it). */
export const STARTED_TTL_MS = 60_000;
/** A claim held longer than the provider call's own timeout (15 s) belongs to a process that died. */
const CLAIM_TTL_MS = 30_000;
const WAIT_MS = 20_000;
const POLL_MS = 50;

export const PAYMENT_STARTING = 'This payment is still being opened. Please try again in a moment.';

type Stored<T> = { state: 'claimed' } | { state: 'started'; payment: T };

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers the payment `start` opened for this attempt key, calling `start` at most once per key
 * while its answer lives (`keepMs`, STARTED_TTL_MS by default), however many requests ask at once.
 * A provider that takes no idempotency key at all (PaymentSpring's charges and refunds) keeps the
 * answer a day, so a retry long after still answers the first call.
 */
export async function startOnce<T>(
  db: Db,
  tenantId: string,
  key: string,
  start: () => Promise<T>,
  now: () => number = Date.now,
  keepMs: number = STARTED_TTL_MS,
): Promise<T> {
  const hash = keyHash(key);
  const mine = and(
    eq(singleUseValues.tenantId, tenantId),
    eq(singleUseValues.kind, KIND),
    eq(singleUseValues.keyHash, hash),
  );
  const deadline = now() + WAIT_MS;
  for (;;) {
    const found = await withTenant(db, tenantId, async (tx) => {
      await tx
        .delete(singleUseValues)
        .where(
          and(
            eq(singleUseValues.tenantId, tenantId),
            eq(singleUseValues.kind, KIND),
            lt(singleUseValues.expiresAt, new Date(now())),
          ),
        );
      const claimed = await tx
        .insert(singleUseValues)
        .values({
          tenantId,
          kind: KIND,
          keyHash: hash,
          value: { state: 'claimed' } satisfies Stored<T>,
          expiresAt: new Date(now() + CLAIM_TTL_MS),
        })
        .onConflictDoNothing()
        .returning({ keyHash: singleUseValues.keyHash });
      if (claimed.length > 0) return { claimed: true as const };
      const [row] = await tx.select({ value: singleUseValues.value }).from(singleUseValues).where(mine);
      return { claimed: false as const, stored: row?.value as Stored<T> | undefined };
    });
    if (found.claimed) {
      let payment: T;
      try {
        payment = await start();
      } catch (error) {
        await withTenant(db, tenantId, (tx) => tx.delete(singleUseValues).where(mine));
        throw error;
      }
      await withTenant(db, tenantId, (tx) =>
        tx
          .update(singleUseValues)
          .set({
            value: { state: 'started', payment } satisfies Stored<T>,
            expiresAt: new Date(now() + keepMs),
          })
          .where(mine),
      );
      return payment;
    }
    if (found.stored?.state === 'started') return found.stored.payment;
    if (now() > deadline) throw new AppError(409, 'payment_starting', PAYMENT_STARTING, 'payment');
    await sleep(POLL_MS);
  }
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * A refund through the gateway. Providers with idempotency keys get the request's key; one without
 * (PaymentSpring) is called once per key here, and a retry within a day answers the first refund.
 */
export function refundOnce(
  db: Db,
  tenantId: string,
  gateway: PaymentGateway,
  request: RefundRequest,
): Promise<RefundResult> {
  if (!gateway.withoutIdempotencyKeys) return gateway.refund(request);
  return startOnce(db, tenantId, `refund:${request.idempotencyKey}`, () => gateway.refund(request), Date.now, DAY_MS);
}

/** A charge through a provider without idempotency keys, once per key for a day (see `refundOnce`). */
export function chargeOnce<T>(db: Db, tenantId: string, key: string, charge: () => Promise<T>): Promise<T> {
  return startOnce(db, tenantId, `charge:${key}`, charge, Date.now, DAY_MS);
}
