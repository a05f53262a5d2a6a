import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';

/**
 * Spec 3 §7.6, spec 2 §3: a category groups what the tenant sells. PRODUCT is merchandise, SERVICE
 * a course (or another service), BUNDLE holds bundles.
 */
export const itemCategories = pgTable(
  'item_categories',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryType: text('category_type', { enum: ['PRODUCT', 'SERVICE', 'BUNDLE'] }).notNull(),
    isVisible: boolean('is_visible').notNull().default(true),
    isArchived: boolean('is_archived').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
    /** A media library file (media_files); cleared when that file is deleted (see migration 0010). */
    imageId: uuid('image_id'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('item_categories_tenant_type_idx').on(t.tenantId, t.categoryType, t.sequence),
  ],
);

/** Spec 3 §7.6 /rest/itemSupplier: who the tenant buys stock from. */
export const itemSuppliers = pgTable(
  'item_suppliers',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('item_suppliers_tenant_name_uq').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * A sellable line (spec 3 §3 "Cart or checkout item"): a product, a service fee or a bundle, and
 * later membership, class and course lines (`kind`). The price is in minor units of the tenant's
 * currency; `stock` null means the stock is not tracked.
 */
export const items = pgTable(
  'items',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    categoryId: uuid('category_id').notNull(),
    kind: text('kind', { enum: ['product', 'service', 'bundle', 'membership', 'course'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    isTaxable: boolean('is_taxable').notNull().default(true),
    isChargeCreditCardFees: boolean('is_charge_credit_card_fees').notNull().default(true),
    imageId: uuid('image_id'),
    isVisible: boolean('is_visible').notNull().default(true),
    isArchived: boolean('is_archived').notNull().default(false),
    stock: integer('stock'),
    supplierId: uuid('supplier_id'),
    sku: text('sku').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.categoryId, itemCategories, 'items_category_fk'),
    tenantForeignKey(t.tenantId, t.supplierId, itemSuppliers, 'items_supplier_fk'),
    index('items_tenant_category_idx').on(t.tenantId, t.categoryId),
    index('items_tenant_kind_name_idx').on(t.tenantId, t.kind, t.name),
    check('items_price_not_negative', sql`${t.priceMinor} >= 0`),
    check('items_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** The items of a bundle (an item of kind 'bundle') and how many of each. */
export const bundleLines = pgTable(
  'bundle_lines',
  {
    tenantId: tenantIdColumn(),
    bundleId: uuid('bundle_id').notNull(),
    itemId: uuid('item_id').notNull(),
    qty: integer('qty').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bundleId, t.itemId] }),
    tenantForeignKey(t.tenantId, t.bundleId, items, 'bundle_lines_bundle_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.itemId, items, 'bundle_lines_item_fk'),
    index('bundle_lines_tenant_item_idx').on(t.tenantId, t.itemId),
    check('bundle_lines_qty_positive', sql`${t.qty} > 0`),
  ],
);
