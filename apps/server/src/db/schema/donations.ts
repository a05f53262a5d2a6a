import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { invoices } from './invoices.ts';

/** A donation campaign (issue 12): its page, the amounts offered and an optional goal, in minor units. */
export const donationCampaigns = pgTable(
  'donation_campaigns',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    goal: bigint('goal', { mode: 'number' }),
    suggestedAmounts: bigint('suggested_amounts', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    allowCustomAmount: boolean('allow_custom_amount').notNull().default(true),
    minimumAmount: bigint('minimum_amount', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('donation_campaigns_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('donation_campaigns_goal_positive', sql`${t.goal} is null or ${t.goal} > 0`),
    check('donation_campaigns_minimum_positive', sql`${t.minimumAmount} > 0`),
  ],
);

/**
 * One gift: the campaign, the donor (a contact, found or made by email), and the invoice it is paid
 * through (one line of kind donation, no tax or fees). The receipt number is taken once, in the
 * transaction that records the payment completing the invoice.
 */
export const donations = pgTable(
  'donations',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    campaignId: uuid('campaign_id').notNull(),
    /** No foreign key, as on invoices: a gift is a financial record that outlives the contact. */
    contactId: uuid('contact_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    frequency: text('frequency', { enum: ['once', 'monthly'] })
      .notNull()
      .default('once'),
    note: text('note').notNull().default(''),
    /** A monthly gift's subscription: each paid month is a gift of its own, with its own receipt. */
    subscriptionId: uuid('subscription_id'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    receiptNumber: integer('receipt_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('donations_tenant_invoice_uq').on(t.tenantId, t.invoiceId),
    uniqueIndex('donations_tenant_receipt_uq').on(t.tenantId, t.receiptNumber),
    index('donations_tenant_campaign_idx').on(t.tenantId, t.campaignId, t.createdAt),
    index('donations_tenant_contact_idx').on(t.tenantId, t.contactId, t.createdAt),
    tenantForeignKey(t.tenantId, t.campaignId, donationCampaigns, 'donations_campaign_fk'),
    tenantForeignKey(t.tenantId, t.invoiceId, invoices, 'donations_invoice_fk'),
    check('donations_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The last receipt number of each tenant (gapless, as invoice numbers: an upsert in the payment's transaction). */
export const donationReceiptCounters = pgTable(
  'donation_receipt_counters',
  {
    tenantId: tenantIdColumn(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);
