import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contacts, invoicePayments, invoices, paymentEvents, tenants } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { toTenantContext } from '../tenants/tenant-directory.ts';

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/** The tenant a provider event names (the tenants registry is platform data, read on the owner connection). */
export async function findTenantById(db: Db, tenantId: string): Promise<TenantContext | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ? toTenantContext(row) : null;
}

/**
 * Claims the event: true when this transaction is the first to apply it. A concurrent delivery of
 * the same event waits on the primary key until this one ends, then finds it taken.
 */
export async function claimEvent(tx: Tx, values: NewPaymentEvent): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

export async function findEvent(
  tx: Tx,
  tenantId: string,
  provider: string,
  eventId: string,
): Promise<PaymentEventRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.tenantId, tenantId),
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.eventId, eventId),
      ),
    );
  return row;
}

export async function updateEvent(
  tx: Tx,
  tenantId: string,
  provider: string,
  eventId: string,
  values: Partial<Pick<PaymentEventRow, 'outcome' | 'refundRef' | 'message' | 'applied' | 'excess' | 'invoiceId'>>,
): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentEvents.tenantId, tenantId),
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.eventId, eventId),
      ),
    );
}

/**
 * Excess refunds still due a while after their event (the job was lost between commit and send),
 * across tenants: read on the owner connection, like the outbox's sweep.
 */
export function findRefundsDue(db: Db, olderThan: Date, limit: number) {
  return db
    .select({ tenantId: paymentEvents.tenantId, provider: paymentEvents.provider, eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.outcome, 'refund_due'), lte(paymentEvents.updatedAt, olderThan)))
    .orderBy(asc(paymentEvents.updatedAt))
    .limit(limit);
}

/** A tenant's excess payments still to give back (due, or failed), newest first, with their invoice's number. */
export function listExcessPayments(tx: Tx, tenantId: string) {
  return tx
    .select({ row: paymentEvents, invoiceNumber: invoices.number })
    .from(paymentEvents)
    .leftJoin(invoices, and(eq(invoices.tenantId, tenantId), eq(invoices.id, paymentEvents.invoiceId)))
    .where(and(eq(paymentEvents.tenantId, tenantId), inArray(paymentEvents.outcome, ['refund_due', 'refund_failed'])))
    .orderBy(desc(paymentEvents.createdAt))
    .limit(200);
}

/** Moves a failed refund on, only from refund_failed (two staff pressing at once: one wins). */
export async function moveFailedRefund(
  tx: Tx,
  tenantId: string,
  provider: string,
  eventId: string,
  values: Pick<NewPaymentEvent, 'outcome' | 'message'> & { retry?: boolean },
): Promise<boolean> {
  const { retry, ...rest } = values;
  const moved = await tx
    .update(paymentEvents)
    .set({
      ...rest,
      ...(retry ? { refundAttempt: sql`${paymentEvents.refundAttempt} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(paymentEvents.tenantId, tenantId),
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.eventId, eventId),
        eq(paymentEvents.outcome, 'refund_failed'),
      ),
    )
    .returning({ eventId: paymentEvents.eventId });
  return moved.length > 0;
}

/** A staff member's name as a note shows it. */
export async function personName(tx: Tx, tenantId: string, contactId: string): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string>`trim(${contacts.name} || ' ' || ${contacts.lastName})` })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row?.name || 'staff';
}

/**
 * What our records hold as refunded from one provider charge: its payment's refunds and an excess
 * given back. A provider without idempotency keys compares it with its own total (`refundedBefore`).
 */
export async function refundedOfCharge(tx: Tx, tenantId: string, provider: string, chargeRef: string): Promise<number> {
  const [payments] = await tx
    .select({ total: sql<string>`coalesce(sum(${invoicePayments.refunded}), 0)` })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.tenantId, tenantId),
        eq(invoicePayments.kind, 'payment'),
        eq(invoicePayments.provider, provider),
        eq(invoicePayments.providerRef, chargeRef),
      ),
    );
  const [excess] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentEvents.excess}), 0)` })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.tenantId, tenantId),
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.chargeRef, chargeRef),
        eq(paymentEvents.outcome, 'refunded'),
      ),
    );
  return Number(payments?.total ?? 0) + Number(excess?.total ?? 0);
}
