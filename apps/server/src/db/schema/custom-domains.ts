import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.ts';
import { tenants } from './tenants.ts';

/**
 * A studio's own domain while it is being proven and after (issue 28; docs/decisions/tenancy.md
 * "Custom domains"). One per studio. The host resolution never reads this table: it reads
 * `tenants.custom_domain`, which is set only while the domain here is verified (its unique key is
 * what keeps one verified domain to one studio).
 */
export const customDomains = pgTable('custom_domains', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** Lower case, no trailing dot. */
  domain: text('domain').notNull(),
  /** The value the TXT record must hold (public: it is published in DNS). */
  proof: text('proof').notNull(),
  status: text('status', { enum: ['pending', 'verified', 'failed'] })
    .notNull()
    .default('pending'),
  /** Why the last check did not prove it (null when it did). */
  reason: text('reason'),
  /** Whether the last check found the CNAME / A records pointing here. */
  routingOk: boolean('routing_ok'),
  /** Checks in a row that found no proof while verified (the job unverifies at the limit). */
  missedChecks: integer('missed_checks').notNull().default(0),
  createdAt: createdAtColumn(),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
});
