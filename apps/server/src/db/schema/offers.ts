import { sql } from 'drizzle-orm';
import {
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
import { idColumn, tenantIdColumn, timestamps } from './columns.ts';

/**
 * Offer codes (spec 3 §3 "Offer and bundle", §5; spec 1 §3 "Offer (applicability)"; spec 2 §3).
 * The code is stored lower-cased, unique per tenant. `discount` is basis points for a percentage
 * and minor units of the tenant's currency for an amount (offers.ts). Dates are instants: the start
 * of the first day and the start of the day after the last, in the tenant's zone.
 *
 * The references (target_category_id, target_item_id, primary/secondary category) have foreign keys
 * written by hand in migration 0011: deleting a category clears the reference only.
 */
export const offers = pgTable(
  'offers',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    offerCode: text('offer_code').notNull(),
    description: text('description').notNull().default(''),
    offerType: text('offer_type', { enum: ['flat', 'buyFirstAndGetOther'] }).notNull(),
    discountType: text('discount_type', { enum: ['percentage', 'dollars'] }).notNull(),
    discount: integer('discount').notNull(),
    status: text('status', { enum: ['ACTIVE', 'DISABLED', 'EXPIRED'] })
      .notNull()
      .default('ACTIVE'),
    itemType: text('item_type', { enum: ['item', 'course', 'product'] })
      .notNull()
      .default('item'),
    appliesOn: text('applies_on', { enum: ['item', 'course', 'product'] }),
    /** itemType course or product: a category (every item in it) ... */
    targetCategoryId: uuid('target_category_id'),
    /** ... or one item. */
    targetItemId: uuid('target_item_id'),
    primaryCategoryId: uuid('primary_category_id'),
    primaryCount: integer('primary_count'),
    secondaryCategoryId: uuid('secondary_category_id'),
    secondaryCount: integer('secondary_count'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    discountsSubscription: boolean('discounts_subscription').notNull().default(true),
    discountsRegistrationFees: boolean('discounts_registration_fees').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('offers_tenant_code_uq').on(t.tenantId, t.offerCode),
    index('offers_tenant_status_idx').on(t.tenantId, t.status),
    check('offers_code_lower', sql`${t.offerCode} = lower(${t.offerCode}) and length(${t.offerCode}) > 0`),
    check('offers_discount_positive', sql`${t.discount} > 0`),
    check('offers_percentage_max', sql`${t.discountType} <> 'percentage' or ${t.discount} <= 10000`),
    check('offers_dates_ordered', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    check('offers_usage_counted', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usageLimit} >= 1)`),
  ],
);
