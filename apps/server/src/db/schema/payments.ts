import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns.ts';

/**
 * Every provider event applied, once: the webhook inserts its row in the same transaction as the
 * payment it records, so a delivery repeated (or two at once) finds the row and changes nothing.
 * `excess` is money that arrived with nothing left to pay (the invoice was paid, void or refunded
 * meanwhile): it goes back to the buyer through the provider (`outcome` refund_due -> refunded).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    tenantId: tenantIdColumn(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** The provider account the money went to (Stripe's `acct_…`). */
    account: text('account').notNull(),
    /** No foreign key: an invoice is never deleted, and money for an unknown invoice is still recorded here. */
    invoiceId: uuid('invoice_id'),
    /** The charge (Stripe's PaymentIntent), for the refund of any excess. */
    chargeRef: text('charge_ref').notNull(),
    currency: text('currency').notNull(),
    received: bigint('received', { mode: 'number' }).notNull(),
    applied: bigint('applied', { mode: 'number' }).notNull(),
    excess: bigint('excess', { mode: 'number' }).notNull(),
    outcome: text('outcome', {
      enum: ['recorded', 'duplicate', 'refund_due', 'refunded', 'refund_failed'],
    }).notNull(),
    refundRef: text('refund_ref'),
    /**
     * Staff's retries of a refused refund: each is a new request to the provider (a refusal is kept
     * under its idempotency key, so the same key would only replay it).
     */
    refundAttempt: integer('refund_attempt').notNull().default(0),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.provider, t.eventId] })],
);
