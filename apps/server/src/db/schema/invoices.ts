import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';

/** Money columns: integer minor units (bigint, read as a JS number within the safe-integer range). */
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * The last invoice number of each tenant. A new invoice takes the next one with an upsert in its own
 * transaction: the row lock serialises concurrent sales and a rollback gives the number back, so the
 * numbers have no gaps (a sequence would leave one for every rolled-back sale).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    tenantId: tenantIdColumn(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);

export type TaxBreakdown = { label: string; basisPoints: number; amount: number }[];

/** Spec 3 §3 "Invoice": what was sold to whom, its totals, what is paid and what is owed. */
export const invoices = pgTable(
  'invoices',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    number: integer('number').notNull(),
    /** The unguessable id of the public link /invoice/{publicId} (24 random bytes, base64url). */
    publicId: text('public_id').notNull(),
    /** The buyer; no foreign key: an invoice is a financial record that outlives the contact (name and email are kept). */
    contactId: uuid('contact_id').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    salesPersonId: uuid('sales_person_id'),
    salesPersonName: text('sales_person_name').notNull().default(''),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method', { enum: ['credit_card', 'bank_account', 'cash', 'account'] }).notNull(),
    offerCode: text('offer_code'),
    subtotal: money('subtotal'),
    discount: money('discount'),
    tax: money('tax'),
    taxes: jsonb('taxes').$type<TaxBreakdown>().notNull().default([]),
    cardFee: money('card_fee'),
    total: money('total'),
    amountPaid: money('amount_paid'),
    amountRefunded: money('amount_refunded'),
    balance: money('balance'),
    status: text('status', {
      enum: ['pending', 'partial', 'failed', 'complete', 'reminder', 'void', 'refunded'],
    }).notNull(),
    note: text('note').notNull().default(''),
    isArchived: boolean('is_archived').notNull().default(false),
    createdById: uuid('created_by_id'),
    /** What the list's search matches: the buyer's name and email (a number is matched exactly). */
    searchText: text('search_text').generatedAlwaysAs(sql`contact_name || chr(10) || contact_email`),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invoices_tenant_number_uq').on(t.tenantId, t.number),
    uniqueIndex('invoices_tenant_public_id_uq').on(t.tenantId, t.publicId),
    // Also what the sales report reads of the range's invoices (currency, status): an index-only scan.
    index('invoices_tenant_created_idx').on(t.tenantId, t.createdAt, t.id, t.currency, t.status),
    // The dashboard's failed payments to chase: few rows, found without reading every invoice.
    index('invoices_tenant_failed_idx').on(t.tenantId).where(sql`${t.status} = 'failed'`),
    // The list as it opens (archived hidden, newest first): its page and its capped count read only this index.
    index('invoices_tenant_unarchived_created_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.isArchived} = false`),
    // The list's other sorts (either direction), the id breaking ties: a page walks its index and stops
    // (a number is unique in its tenant, so invoices_tenant_number_uq serves that sort).
    index('invoices_tenant_name_idx').on(t.tenantId, sql`lower(${t.contactName})`, t.id),
    index('invoices_tenant_total_idx').on(t.tenantId, t.total, t.id),
    index('invoices_tenant_balance_idx').on(t.tenantId, t.balance, t.id),
    index('invoices_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('invoices_tenant_contact_idx').on(t.tenantId, t.contactId),
    // The ledger's currency check finds the few invoices in another currency than the studio's (usually none).
    index('invoices_tenant_currency_idx').on(t.tenantId, t.currency),
    index('invoices_tenant_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
    check('invoices_amounts_ok', sql`${t.amountPaid} >= 0 and ${t.amountRefunded} between 0 and ${t.amountPaid}`),
    check('invoices_balance_ok', sql`${t.balance} >= 0 and ${t.balance} <= ${t.total}`),
  ],
);

/** One line of an invoice: a snapshot of what was sold (the catalogue may change or lose the item later). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', {
      enum: ['product', 'bundle', 'service', 'membership', 'class', 'course', 'donation'],
    }).notNull(),
    /** The catalogue item, when there is one; no foreign key (the catalogue is another module). */
    itemId: uuid('item_id'),
    name: text('name').notNull(),
    unitPrice: money('unit_price'),
    registrationFee: money('registration_fee'),
    quantity: integer('quantity').notNull(),
    amount: money('amount'),
    discount: money('discount'),
    tax: money('tax'),
    cardFee: money('card_fee'),
    total: money('total'),
    isTaxable: boolean('is_taxable').notNull(),
    isChargeCreditCardFees: boolean('is_charge_credit_card_fees').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invoice_lines_tenant_invoice_idx').on(t.tenantId, t.invoiceId, t.position),
    tenantForeignKey(t.tenantId, t.invoiceId, invoices, 'invoice_lines_invoice_fk').onDelete('cascade'),
  ],
);

/**
 * Money received for an invoice (kind payment) and money given back (kind refund, linked to the
 * payment it returns). Amounts are positive; the kind gives the direction. The idempotency key is
 * unique per tenant, so a retried or doubled request never records twice.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    refundOf: uuid('refund_of'),
    method: text('method', { enum: ['credit_card', 'bank_account', 'cash', 'account'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** For a payment: the sum of its refunds. */
    refunded: money('refunded'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    note: text('note').notNull().default(''),
    recordedById: uuid('recorded_by_id'),
    recordedByName: text('recorded_by_name').notNull().default(''),
    createdAt: createdAtColumn(),
    /** The invoice's currency, copied by a trigger when the payment is written (never null in the database). */
    currency: text('currency'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invoice_payments_tenant_key_uq').on(t.tenantId, t.idempotencyKey),
    uniqueIndex('invoice_payments_tenant_provider_ref_uq')
      .on(t.tenantId, t.provider, t.providerRef, t.kind)
      .where(sql`${t.providerRef} is not null`),
    index('invoice_payments_tenant_invoice_idx').on(t.tenantId, t.invoiceId, t.createdAt),
    // The ledger by date (the dashboard's today and month, the sales report's range, the rows' keyset batches).
    index('invoice_payments_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    tenantForeignKey(t.tenantId, t.invoiceId, invoices, 'invoice_payments_invoice_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.refundOf, t, 'invoice_payments_refund_of_fk'),
    check('invoice_payments_amount_positive', sql`${t.amount} > 0`),
    check('invoice_payments_refunded_ok', sql`${t.refunded} between 0 and ${t.amount}`),
    check('invoice_payments_refund_link', sql`(${t.kind} = 'refund') = (${t.refundOf} is not null)`),
  ],
);

/**
 * What a sale took from stock for an invoice, per stocked item (a bundle's items times the quantity):
 * voiding the invoice gives exactly this back, once (`returnedAt` is set in the void's transaction).
 * Kept apart from the lines because a line can be edited or name an item no stock was taken for.
 */
export const invoiceStockTakes = pgTable(
  'invoice_stock_takes',
  {
    tenantId: tenantIdColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    /** The catalogue item; no foreign key (the catalogue is another module; items are archived, never deleted). */
    itemId: uuid('item_id').notNull(),
    quantity: integer('quantity').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.invoiceId, t.itemId] }),
    tenantForeignKey(t.tenantId, t.invoiceId, invoices, 'invoice_stock_takes_invoice_fk').onDelete('cascade'),
    check('invoice_stock_takes_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The ledger's net (payments minus refunds) per tenant, currency and UTC hour, kept by a trigger on
 * `invoice_payments` at each commit (migration 0045): what the dashboard's twelve months read.
 */
export const ledgerHours = pgTable(
  'ledger_hours',
  {
    tenantId: tenantIdColumn(),
    currency: text('currency').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.currency, t.hour] })],
);
