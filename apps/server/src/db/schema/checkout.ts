import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns.ts';

/**
 * One row per desk sale's idempotency key. The sale inserts it first in its own transaction
 * (`on conflict do nothing`), so the same key sent twice at once waits for the first sale and then
 * answers its invoice; `fingerprint` is the request it was used for (another body is a 409).
 */
export const checkoutKeys = pgTable(
  'checkout_keys',
  {
    tenantId: tenantIdColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Set before the sale commits; no foreign key (an invoice is never deleted, only archived). */
    invoiceId: uuid('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.idempotencyKey] })],
);
