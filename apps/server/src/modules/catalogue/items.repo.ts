import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bundleLines, itemCategories, itemSuppliers, items } from '../../db/schema/index.ts';
import { type CategoryRow, searchPattern } from './categories.repo.ts';

export type ItemValues = Omit<typeof items.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

type SaleFields = 'name' | 'description' | 'isTaxable' | 'isChargeCreditCardFees' | 'imageId' | 'isVisible';

/** What a new product, service fee or bundle takes from its form alike: how it is shown and sold. */
export function saleValues(
  input: Pick<ItemValues, SaleFields>,
  priceMinor: number,
): Pick<ItemValues, SaleFields | 'priceMinor'> {
  return {
    name: input.name,
    description: input.description,
    priceMinor,
    isTaxable: input.isTaxable,
    isChargeCreditCardFees: input.isChargeCreditCardFees,
    imageId: input.imageId,
    isVisible: input.isVisible,
  };
}

/** An item with the names the wire shows next to its ids. */
export type ItemRow = typeof items.$inferSelect & {
  categoryName: string;
  categoryType: CategoryRow['categoryType'];
  supplierName: string | null;
};

// ---------------------------------------------------------------- items

const itemColumns = {
  item: items,
  categoryName: itemCategories.name,
  categoryType: itemCategories.categoryType,
  supplierName: itemSuppliers.name,
};

function selectItems(tx: Tx) {
  return tx
    .select(itemColumns)
    .from(items)
    .innerJoin(
      itemCategories,
      and(eq(itemCategories.tenantId, items.tenantId), eq(itemCategories.id, items.categoryId)),
    )
    .leftJoin(itemSuppliers, and(eq(itemSuppliers.tenantId, items.tenantId), eq(itemSuppliers.id, items.supplierId)));
}

type JoinedItem = {
  item: typeof items.$inferSelect;
  categoryName: string;
  categoryType: CategoryRow['categoryType'];
  supplierName: string | null;
};
const flat = (r: JoinedItem): ItemRow => ({
  ...r.item,
  categoryName: r.categoryName,
  categoryType: r.categoryType,
  supplierName: r.supplierName,
});

export async function findItem(tx: Tx, tenantId: string, id: string): Promise<ItemRow | undefined> {
  const [row] = await selectItems(tx).where(and(eq(items.tenantId, tenantId), eq(items.id, id)));
  return row ? flat(row) : undefined;
}

export async function findItemsByIds(tx: Tx, tenantId: string, ids: string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectItems(tx).where(and(eq(items.tenantId, tenantId), inArray(items.id, ids)));
  return rows.map(flat);
}

export interface ItemFilter {
  search?: string;
  categoryId?: string;
  categoryIds?: string[];
  type?: CategoryRow['categoryType'];
  /** Which kinds; products and services when not given (bundles have their own list). */
  kinds?: ItemRow['kind'][];
  withArchived: boolean;
  visibleOnly?: boolean;
}

function itemWhere(tenantId: string, filter: ItemFilter) {
  const pattern = filter.search ? searchPattern(filter.search) : null;
  return and(
    eq(items.tenantId, tenantId),
    inArray(items.kind, filter.kinds ?? ['product', 'service']),
    pattern ? sql`(${items.name} ilike ${pattern} or ${items.sku} ilike ${pattern})` : undefined,
    filter.categoryId ? eq(items.categoryId, filter.categoryId) : undefined,
    filter.categoryIds ? inArray(items.categoryId, filter.categoryIds) : undefined,
    filter.type ? eq(itemCategories.categoryType, filter.type) : undefined,
    filter.withArchived ? undefined : eq(items.isArchived, false),
    filter.visibleOnly ? eq(items.isVisible, true) : undefined,
  );
}

/** A page of items by name, and how many match in all. */
export async function findItems(
  tx: Tx,
  tenantId: string,
  filter: ItemFilter,
  page: { start: number; length: number },
): Promise<{ rows: ItemRow[]; total: number }> {
  const rows = await tx
    .select({ ...itemColumns, total: sql<number>`(count(*) over ())::int` })
    .from(items)
    .innerJoin(
      itemCategories,
      and(eq(itemCategories.tenantId, items.tenantId), eq(itemCategories.id, items.categoryId)),
    )
    .leftJoin(itemSuppliers, and(eq(itemSuppliers.tenantId, items.tenantId), eq(itemSuppliers.id, items.supplierId)))
    .where(itemWhere(tenantId, filter))
    .orderBy(asc(sql`lower(${items.name})`), asc(items.id))
    .limit(page.length)
    .offset(page.start);
  if (rows.length === 0 && page.start > 0) {
    const [count] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(items)
      .innerJoin(
        itemCategories,
        and(eq(itemCategories.tenantId, items.tenantId), eq(itemCategories.id, items.categoryId)),
      )
      .where(itemWhere(tenantId, filter));
    return { rows: [], total: count?.total ?? 0 };
  }
  return { rows: rows.map(flat), total: rows[0]?.total ?? 0 };
}

export async function insertItem(tx: Tx, tenantId: string, values: ItemValues): Promise<string> {
  const [row] = await tx
    .insert(items)
    .values({ ...values, tenantId })
    .returning({ id: items.id });
  if (!row) throw new Error('item insert returned nothing');
  return row.id;
}

export async function updateItem(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<ItemValues>,
  kinds: ItemRow['kind'][],
): Promise<boolean> {
  const rows = await tx
    .update(items)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(items.tenantId, tenantId), eq(items.id, id), inArray(items.kind, kinds)))
    .returning({ id: items.id });
  return rows.length > 0;
}

/**
 * Takes `qty` units of an item for a sale, in the caller's transaction: one conditional UPDATE, so
 * two checkouts can never both take the last unit (the row lock orders them; the second re-reads the
 * stock and its WHERE fails). An item whose stock is not tracked always gives. Archived items are
 * not sellable. Returns the stock left (null when untracked), or null when the item cannot give
 * `qty` (unknown, archived, or not enough stock): `{ ok: false }`.
 */
export async function takeStock(
  tx: Tx,
  tenantId: string,
  itemId: string,
  qty: number,
): Promise<{ ok: true; remaining: number | null } | { ok: false }> {
  if (!Number.isInteger(qty) || qty < 1) throw new Error('takeStock: qty must be a positive whole number');
  const rows = await tx
    .update(items)
    .set({ stock: sql`case when ${items.stock} is null then null else ${items.stock} - ${qty} end` })
    .where(
      and(
        eq(items.tenantId, tenantId),
        eq(items.id, itemId),
        eq(items.isArchived, false),
        sql`(${items.stock} is null or ${items.stock} >= ${qty})`,
      ),
    )
    .returning({ stock: items.stock });
  const [row] = rows;
  return row ? { ok: true, remaining: row.stock } : { ok: false };
}

/**
 * Gives back `qty` units a sale took (its invoice was voided), in the caller's transaction. An item
 * whose stock is no longer tracked stays untracked; an archived item gets its units back too.
 */
export async function returnStock(tx: Tx, tenantId: string, itemId: string, qty: number): Promise<void> {
  if (!Number.isInteger(qty) || qty < 1) throw new Error('returnStock: qty must be a positive whole number');
  await tx
    .update(items)
    .set({ stock: sql`${items.stock} + ${qty}` })
    .where(and(eq(items.tenantId, tenantId), eq(items.id, itemId), sql`${items.stock} is not null`));
}

// ---------------------------------------------------------------- bundle lines

export interface BundleLineRow {
  bundleId: string;
  itemId: string;
  qty: number;
  name: string;
  priceMinor: number;
  isArchived: boolean;
  stock: number | null;
}

export function findBundleLines(tx: Tx, tenantId: string, bundleIds: string[]): Promise<BundleLineRow[]> {
  if (bundleIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      bundleId: bundleLines.bundleId,
      itemId: bundleLines.itemId,
      qty: bundleLines.qty,
      name: items.name,
      priceMinor: items.priceMinor,
      isArchived: items.isArchived,
      stock: items.stock,
    })
    .from(bundleLines)
    .innerJoin(items, and(eq(items.tenantId, bundleLines.tenantId), eq(items.id, bundleLines.itemId)))
    .where(and(eq(bundleLines.tenantId, tenantId), inArray(bundleLines.bundleId, bundleIds)))
    .orderBy(asc(bundleLines.position));
}

export async function replaceBundleLines(
  tx: Tx,
  tenantId: string,
  bundleId: string,
  lines: { itemId: string; qty: number }[],
): Promise<void> {
  await tx.delete(bundleLines).where(and(eq(bundleLines.tenantId, tenantId), eq(bundleLines.bundleId, bundleId)));
  await tx
    .insert(bundleLines)
    .values(lines.map((line, position) => ({ tenantId, bundleId, itemId: line.itemId, qty: line.qty, position })));
}
