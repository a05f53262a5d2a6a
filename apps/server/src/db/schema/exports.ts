import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn } from './columns.ts';

/**
 * "Take your data with you" (issue 28): each export of a whole tenant an admin asked for. A job
 * makes the zip (every tenant table as CSV and JSON, the stored files, a README) into the export
 * storage under `{tenantId}/{id}.zip` and emails a signed link that works until `expires_at`.
 * At most one export per tenant is queued or running at a time (the partial unique index: a second
 * request while one is being made is refused with 409).
 */
export const tenantExports = pgTable(
  'tenant_exports',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    requestedById: uuid('requested_by_id').notNull(),
    requestedByName: text('requested_by_name').notNull().default(''),
    /** Where the link is emailed (the admin's address when they asked). */
    requestedByEmail: text('requested_by_email').notNull(),
    tablesDone: integer('tables_done').notNull().default(0),
    tablesTotal: integer('tables_total').notNull().default(0),
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    filesWritten: integer('files_written').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAtColumn(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the emailed link stops working and the zip is deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('tenant_exports_tenant_created_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('tenant_exports_one_active_uq').on(t.tenantId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
