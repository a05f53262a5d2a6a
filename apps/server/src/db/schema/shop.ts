import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './columns.ts';

/**
 * A visitor's cart in the public shop (decisions.md "Public shop"). The browser keeps a random
 * 32-byte id; the row is found by its SHA-256 (`id_hash`), so the table alone opens no cart.
 * `lines` are what the visitor asked for ({guId, qty}); prices are never stored: every answer
 * prices the cart again from the catalogue.
 */
export const carts = pgTable(
  'carts',
  {
    tenantId: tenantIdColumn(),
    idHash: text('id_hash').notNull(),
    lines: jsonb('lines').$type<{ guId: string; qty: number }[]>().notNull().default(sql`'[]'::jsonb`),
    offerCode: text('offer_code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.idHash] }),
    // The clean-up of carts nobody touched for CART_DAYS reads them by age.
    index('carts_tenant_updated_idx').on(t.tenantId, t.updatedAt),
  ],
);
