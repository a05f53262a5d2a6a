import { type AnyPgColumn, foreignKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

// The column groups most tenant tables share, each a new builder per call (a builder belongs to one table).

/** tenant_id: the tenant that owns the row, deleted with it. */
export const tenantIdColumn = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** id: the row's own id (unique with the tenant's), made by the database. */
export const idColumn = () => uuid('id').notNull().defaultRandom();

/** created_at: when the row was inserted. */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** created_at and updated_at, both set on insert (updated_at by the code that changes the row). */
export const timestamps = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's answer to a member's message (a review or feedback), sent by email and kept. */
export const staffReplyColumns = () => ({
  reply: text('reply').notNull().default(''),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  repliedByName: text('replied_by_name').notNull().default(''),
});

/**
 * A reference to a row of the same tenant: the row's (tenant_id, `column`) names `table`'s (tenant_id, id),
 * so no row can point into another tenant. Without a name, drizzle names it from the tables and columns.
 */
export const tenantForeignKey = (
  tenantId: AnyPgColumn,
  column: AnyPgColumn,
  table: { tenantId: AnyPgColumn; id: AnyPgColumn },
  name?: string,
) => foreignKey({ name, columns: [tenantId, column], foreignColumns: [table.tenantId, table.id] });
