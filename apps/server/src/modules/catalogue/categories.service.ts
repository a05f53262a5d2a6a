import {
  CATALOGUE_MESSAGES,
  CATEGORY_TYPES,
  type CategoryType,
  type ItemCategory,
  type ItemCategoryDetail,
  type ItemCategoryInput,
  type ItemCategoryList,
  type ItemCategoryListQuery,
  type ItemCategoryUpdate,
  type MessageResponse,
  type ProductsByType,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { assertMayManageType, checkImage, currencyOf, toCategory, toItem } from './catalogue-rules.ts';
import {
  categoryHasItems,
  deleteCategory,
  findCategories,
  findCategory,
  findCategoryStats,
  insertCategory,
  updateCategory,
} from './categories.repo.ts';
import { findItems } from './items.repo.ts';

type ListQuery = z.output<typeof ItemCategoryListQuery>;
type Input = z.output<typeof ItemCategoryInput>;
type Update = z.output<typeof ItemCategoryUpdate>;

const ALL_ROWS = { start: 0, length: 1000 };
const categoryNotFound = () => notFound('Category');

/** GET /rest/itemCategory and /snode/icategory: a page of categories; include=stats counts their items. */
export function listCategories(db: Db, tenant: TenantContext, query: ListQuery): Promise<ItemCategoryList> {
  const { tenantId } = tenant;
  return readTenant(db, tenantId, async (tx) => {
    const { rows, total } = await findCategories(
      tx,
      tenantId,
      { type: query.type, search: query.search, withArchived: query.isShowArchived },
      { start: query.start, length: query.length },
    );
    if (!query.include?.includes('stats')) return { recordsTotal: total, data: rows.map((row) => toCategory(row)) };
    const stats = await findCategoryStats(
      tx,
      tenantId,
      rows.map((row) => row.id),
    );
    return {
      recordsTotal: total,
      data: rows.map((row) => toCategory(row, stats.find((s) => s.categoryId === row.id) ?? null)),
    };
  });
}

/** GET /rest/itemCategory/{id} and /snode/icategory/{id}: include=details adds its items (archived too). */
export function getCategory(
  db: Db,
  tenant: TenantContext,
  id: string,
  include: readonly string[] = [],
): Promise<ItemCategoryDetail> {
  const { tenantId } = tenant;
  return readTenant(db, tenantId, async (tx) => {
    const row = await findCategory(tx, tenantId, id);
    if (!row) throw categoryNotFound();
    const stats = include.includes('stats') ? ((await findCategoryStats(tx, tenantId, [id]))[0] ?? null) : undefined;
    const category = toCategory(row, stats);
    if (!include.includes('details')) return category;
    const { rows } = await findItems(
      tx,
      tenantId,
      { categoryId: id, kinds: ['product', 'service', 'bundle'], withArchived: true },
      ALL_ROWS,
    );
    const currency = currencyOf(tenant);
    return { ...category, items: rows.map((item) => toItem(item, currency)) };
  });
}

/** GET /rest/itemCategory/{id}/items: include=disabled adds archived items; isVisible=true keeps visible ones. */
export function categoryItems(
  db: Db,
  tenant: TenantContext,
  id: string,
  query: { include?: 'disabled'; isVisible?: boolean },
) {
  const { tenantId } = tenant;
  return readTenant(db, tenantId, async (tx) => {
    if (!(await findCategory(tx, tenantId, id))) throw categoryNotFound();
    const { rows } = await findItems(
      tx,
      tenantId,
      {
        categoryId: id,
        kinds: ['product', 'service', 'bundle'],
        withArchived: query.include === 'disabled',
        visibleOnly: query.isVisible === true,
      },
      ALL_ROWS,
    );
    const currency = currencyOf(tenant);
    return rows.map((row) => toItem(row, currency));
  });
}

/** POST /snode/icategory. */
export function createCategory(db: Db, actor: Authenticated, input: Input): Promise<ItemCategory> {
  assertMayManageType(actor, input.categoryType);
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    await checkImage(tx, tenantId, input.imageId);
    return toCategory(
      await insertCategory(tx, tenantId, {
        name: input.name,
        categoryType: input.categoryType,
        description: input.description,
        isVisible: input.isVisible,
        sequence: input.sequence,
        imageId: input.imageId,
      }),
    );
  });
}

/** PUT /snode/icategory/{id} and /rest/itemCategory/{id}: the fields sent; the type never changes. */
export function editCategory(db: Db, actor: Authenticated, id: string, input: Update): Promise<ItemCategory> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    const current = await findCategory(tx, tenantId, id);
    if (!current) throw categoryNotFound();
    assertMayManageType(actor, current.categoryType);
    await checkImage(tx, tenantId, input.imageId);
    const row = await updateCategory(tx, tenantId, id, input);
    if (!row) throw categoryNotFound();
    return toCategory(row);
  });
}

/** DELETE /rest/itemCategory/{id}: only an empty category goes (items keep their history). */
export function removeCategory(db: Db, actor: Authenticated, id: string): Promise<z.infer<typeof MessageResponse>> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    const current = await findCategory(tx, tenantId, id);
    if (!current) throw categoryNotFound();
    assertMayManageType(actor, current.categoryType);
    if (await categoryHasItems(tx, tenantId, id)) throw badRequest('id', CATALOGUE_MESSAGES.categoryHasItems);
    await deleteCategory(tx, tenantId, id);
    return { message: 'Category deleted successfully.' };
  });
}

const GROUP_OF: Record<CategoryType, keyof ProductsByType> = {
  SERVICE: 'courses',
  PRODUCT: 'merchandise',
  BUNDLE: 'bundles',
};

/**
 * GET /snode/icategory/products?types=: what can be sold, grouped by category type into courses,
 * merchandise and bundles: visible, unarchived categories with their visible, unarchived items.
 */
export function productsByType(
  db: Db,
  tenant: TenantContext,
  types: CategoryType[] | undefined,
): Promise<ProductsByType> {
  const { tenantId } = tenant;
  const wanted = types && types.length > 0 ? types : [...CATEGORY_TYPES];
  return readTenant(db, tenantId, async (tx) => {
    const result: ProductsByType = { courses: [], merchandise: [], bundles: [] };
    const { rows: categories } = await findCategories(
      tx,
      tenantId,
      { types: wanted, withArchived: false, visibleOnly: true },
      ALL_ROWS,
    );
    if (categories.length === 0) return result;
    const { rows: items } = await findItems(
      tx,
      tenantId,
      {
        categoryIds: categories.map((c) => c.id),
        kinds: ['product', 'service', 'bundle'],
        withArchived: false,
        visibleOnly: true,
      },
      { start: 0, length: 10_000 },
    );
    const currency = currencyOf(tenant);
    for (const category of categories) {
      result[GROUP_OF[category.categoryType]].push({
        ...toCategory(category),
        items: items.filter((item) => item.categoryId === category.id).map((item) => toItem(item, currency)),
      });
    }
    return result;
  });
}
