import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns.ts';

/**
 * Text messages, like the email outbox: written inside the caller's transaction, sent after commit
 * by one job per row (its id), through the tenant's SMS provider (Twilio or Plivo) at send time.
 */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /** What it is about (class-reminder, waitlist-hold), for the record. */
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider that took it and its message id. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    /** A send job holds the row until then, so a kick's job and a retry never both send it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAtColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_sms_sweep_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
