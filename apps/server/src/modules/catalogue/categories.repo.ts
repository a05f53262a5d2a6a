import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { itemCategories, itemSuppliers, items, mediaFiles } from '../../db/schema/index.ts';
import { escapeLike } from '../contacts/contact-list.repo.ts';

export type CategoryRow = typeof itemCategories.$inferSelect;
export type CategoryValues = Omit<typeof itemCategories.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
export type SupplierRow = typeof itemSuppliers.$inferSelect;

export const searchPattern = (text: string) => `%${escapeLike(text)}%`;

// ---------------------------------------------------------------- categories

export async function findCategory(tx: Tx, tenantId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(itemCategories)
    .where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, id)));
  return row;
}

export interface CategoryFilter {
  type?: CategoryRow['categoryType'];
  types?: CategoryRow['categoryType'][];
  search?: string;
  withArchived: boolean;
  visibleOnly?: boolean;
}

function categoryWhere(tenantId: string, filter: CategoryFilter) {
  return and(
    eq(itemCategories.tenantId, tenantId),
    filter.type ? eq(itemCategories.categoryType, filter.type) : undefined,
    filter.types ? inArray(itemCategories.categoryType, filter.types) : undefined,
    filter.search ? sql`${itemCategories.name} ilike ${searchPattern(filter.search)}` : undefined,
    filter.withArchived ? undefined : eq(itemCategories.isArchived, false),
    filter.visibleOnly ? eq(itemCategories.isVisible, true) : undefined,
  );
}

/** A page of categories in list order (sequence, name) and how many match in all. */
export async function findCategories(
  tx: Tx,
  tenantId: string,
  filter: CategoryFilter,
  page: { start: number; length: number },
): Promise<{ rows: CategoryRow[]; total: number }> {
  const rows = await tx
    .select({ row: itemCategories, total: sql<number>`(count(*) over ())::int` })
    .from(itemCategories)
    .where(categoryWhere(tenantId, filter))
    .orderBy(asc(itemCategories.sequence), asc(sql`lower(${itemCategories.name})`), asc(itemCategories.id))
    .limit(page.length)
    .offset(page.start);
  if (rows.length === 0 && page.start > 0) {
    const [count] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(itemCategories)
      .where(categoryWhere(tenantId, filter));
    return { rows: [], total: count?.total ?? 0 };
  }
  return { rows: rows.map((r) => r.row), total: rows[0]?.total ?? 0 };
}

export interface CategoryStatsRow {
  categoryId: string;
  itemCount: number;
  archivedCount: number;
  stockTotal: number;
}

export async function findCategoryStats(tx: Tx, tenantId: string, ids: string[]): Promise<CategoryStatsRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      categoryId: items.categoryId,
      itemCount: sql<number>`(count(*) filter (where not ${items.isArchived}))::int`,
      archivedCount: sql<number>`(count(*) filter (where ${items.isArchived}))::int`,
      stockTotal: sql<number>`coalesce(sum(${items.stock}) filter (where not ${items.isArchived}), 0)::int`,
    })
    .from(items)
    .where(and(eq(items.tenantId, tenantId), inArray(items.categoryId, ids)))
    .groupBy(items.categoryId);
}

/** The tenant's first BUNDLE category (where a bundle goes when none is named). */
export async function firstCategoryOfType(
  tx: Tx,
  tenantId: string,
  type: CategoryRow['categoryType'],
): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(itemCategories)
    .where(
      and(
        eq(itemCategories.tenantId, tenantId),
        eq(itemCategories.categoryType, type),
        eq(itemCategories.isArchived, false),
      ),
    )
    .orderBy(asc(itemCategories.sequence), asc(itemCategories.createdAt))
    .limit(1);
  return row;
}

export async function insertCategory(tx: Tx, tenantId: string, values: CategoryValues): Promise<CategoryRow> {
  const [row] = await tx
    .insert(itemCategories)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function updateCategory(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<CategoryValues>,
): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .update(itemCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, id)))
    .returning();
  return row;
}

/** Whether any item (archived ones too) is in the category. */
export async function categoryHasItems(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.tenantId, tenantId), eq(items.categoryId, id)))
    .limit(1);
  return row !== undefined;
}

export async function deleteCategory(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(itemCategories)
    .where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, id)))
    .returning({ id: itemCategories.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- media and suppliers

export async function mediaExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.tenantId, tenantId), eq(mediaFiles.id, id)));
  return row !== undefined;
}

export function findSuppliers(tx: Tx, tenantId: string): Promise<SupplierRow[]> {
  return tx
    .select()
    .from(itemSuppliers)
    .where(eq(itemSuppliers.tenantId, tenantId))
    .orderBy(asc(sql`lower(${itemSuppliers.name})`), asc(itemSuppliers.id));
}

export async function findSupplier(tx: Tx, tenantId: string, id: string): Promise<SupplierRow | undefined> {
  const [row] = await tx
    .select()
    .from(itemSuppliers)
    .where(and(eq(itemSuppliers.tenantId, tenantId), eq(itemSuppliers.id, id)));
  return row;
}

export async function supplierNameTaken(tx: Tx, tenantId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: itemSuppliers.id })
    .from(itemSuppliers)
    .where(and(eq(itemSuppliers.tenantId, tenantId), sql`lower(${itemSuppliers.name}) = lower(${name})`));
  return row !== undefined;
}

export async function insertSupplier(
  tx: Tx,
  tenantId: string,
  values: Pick<SupplierRow, 'name' | 'email' | 'phone' | 'notes'>,
): Promise<SupplierRow> {
  const [row] = await tx
    .insert(itemSuppliers)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('supplier insert returned nothing');
  return row;
}
