import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns.ts';

/**
 * Email is written here inside the request's transaction and sent after commit by the outbox
 * worker, so no request ever waits on SMTP and nothing is sent for a rolled-back write.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** A file made when the email is sent (a PDF receipt): the kind names the renderer, ref its record. */
    attachment: jsonb('attachment').$type<{ kind: string; ref: string }>(),
    /** Extra headers (a campaign's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** A campaign's own display name and reply-to, in place of the studio's. */
    sender: jsonb('sender').$type<{ name?: string; replyTo?: string }>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAtColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_emails_pending_idx').on(t.tenantId, t.status, t.availableAt),
    // The minute sweep asks every tenant's pending rows, oldest first: only pending rows are indexed.
    index('outbox_emails_sweep_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
