import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from './columns.ts';

/**
 * A notice or a quote staff publish to the members' notice board (spec 3 §3 "Notice": message (rich
 * text, sanitised before it is stored), isActive, type, expiryDate). `expiry_date` is the last day it
 * shows, a calendar day in the studio's time zone (docs/decisions/engagement.md).
 */
export const notices = pgTable(
  'notices',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    message: text('message').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    type: text('type').notNull().default('notice'),
    expiryDate: date('expiry_date'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('notices_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    check('notices_type_check', sql`${t.type} in ('notice', 'quote')`),
  ],
);
