import {
  type Bundle,
  type BundleInput,
  type BundleList,
  type BundleListQuery,
  type BundleUpdate,
  CATALOGUE_MESSAGES,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { checkCategory, checkImage, currencyOf, itemMissing, toBundle, toMinor } from './catalogue-rules.ts';
import { firstCategoryOfType, insertCategory } from './categories.repo.ts';
import {
  findBundleLines,
  findItem,
  findItems,
  findItemsByIds,
  type ItemValues,
  insertItem,
  replaceBundleLines,
  saleValues,
  updateItem,
} from './items.repo.ts';

type ListQuery = z.output<typeof BundleListQuery>;
type Input = z.output<typeof BundleInput>;
type Update = z.output<typeof BundleUpdate>;
type Lines = Input['items'];

const bundleNotFound = () => notFound('Bundle');
/** The category a bundle goes to when none is named (made on the first bundle). */
export const DEFAULT_BUNDLE_CATEGORY = 'Bundles';

async function readBundle(tx: Tx, tenant: TenantContext, id: string): Promise<Bundle> {
  const row = await findItem(tx, tenant.tenantId, id);
  if (row?.kind !== 'bundle') throw bundleNotFound();
  return toBundle(row, await findBundleLines(tx, tenant.tenantId, [id]), currencyOf(tenant));
}

/**
 * The lines must name the tenant's own products or services (not bundles), none archived; an
 * unknown id (or another tenant's) is a 404 naming `items.{n}.itemId`.
 */
async function checkLines(tx: Tx, tenantId: string, lines: Lines): Promise<void> {
  const found = await findItemsByIds(
    tx,
    tenantId,
    lines.map((line) => line.itemId),
  );
  for (const [index, line] of lines.entries()) {
    const item = found.find((row) => row.id === line.itemId);
    const field = `items.${index}.itemId`;
    if (!item) throw itemMissing(field);
    if (item.kind === 'bundle') throw badRequest(field, CATALOGUE_MESSAGES.bundleOfBundle);
    if (item.isArchived) throw badRequest(field, CATALOGUE_MESSAGES.bundleArchivedItem);
  }
}

async function bundleCategoryId(tx: Tx, tenantId: string, categoryId: string | undefined): Promise<string> {
  if (categoryId) return (await checkCategory(tx, tenantId, categoryId, ['BUNDLE'])).id;
  const existing = await firstCategoryOfType(tx, tenantId, 'BUNDLE');
  if (existing) return existing.id;
  return (await insertCategory(tx, tenantId, { name: DEFAULT_BUNDLE_CATEGORY, categoryType: 'BUNDLE' })).id;
}

/** GET /snode/pbundle (start, max, isShowArchived, search). */
export function listBundles(db: Db, tenant: TenantContext, query: ListQuery): Promise<BundleList> {
  const { tenantId } = tenant;
  return readTenant(db, tenantId, async (tx) => {
    const { rows, total } = await findItems(
      tx,
      tenantId,
      { search: query.search, kinds: ['bundle'], withArchived: query.isShowArchived },
      { start: query.start, length: query.max },
    );
    const lines = await findBundleLines(
      tx,
      tenantId,
      rows.map((row) => row.id),
    );
    const currency = currencyOf(tenant);
    return { recordsTotal: total, data: rows.map((row) => toBundle(row, lines, currency)) };
  });
}

/** GET /snode/pbundle/{guId}. */
export function getBundle(db: Db, tenant: TenantContext, id: string): Promise<Bundle> {
  return readTenant(db, tenant.tenantId, (tx) => readBundle(tx, tenant, id));
}

/** POST /snode/pbundle: a set of items with quantities, sold at the bundle's own price. */
export function createBundle(db: Db, actor: Authenticated, input: Input): Promise<Bundle> {
  const { tenant } = actor;
  const priceMinor = toMinor(tenant, input.price);
  return withTenant(db, tenant.tenantId, async (tx) => {
    await checkLines(tx, tenant.tenantId, input.items);
    await checkImage(tx, tenant.tenantId, input.imageId);
    const categoryId = await bundleCategoryId(tx, tenant.tenantId, input.categoryId);
    const id = await insertItem(tx, tenant.tenantId, {
      categoryId,
      kind: 'bundle',
      ...saleValues(input, priceMinor),
      // A bundle has no stock of its own: a sale takes its items' stock.
      stock: null,
    });
    await replaceBundleLines(tx, tenant.tenantId, id, input.items);
    return readBundle(tx, tenant, id);
  });
}

/** PUT /snode/pbundle/{guId}: the fields sent; `items` replaces the set; `isArchived` archives or restores. */
export function editBundle(db: Db, actor: Authenticated, id: string, input: Update): Promise<Bundle> {
  const { tenant } = actor;
  const priceMinor = input.price === undefined ? undefined : toMinor(tenant, input.price);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await findItem(tx, tenant.tenantId, id);
    if (current?.kind !== 'bundle') throw bundleNotFound();
    if (input.items) await checkLines(tx, tenant.tenantId, input.items);
    if (input.categoryId !== undefined) await checkCategory(tx, tenant.tenantId, input.categoryId, ['BUNDLE']);
    await checkImage(tx, tenant.tenantId, input.imageId);
    const { price: _price, items, ...rest } = input;
    const values: Partial<ItemValues> = { ...rest, ...(priceMinor === undefined ? {} : { priceMinor }) };
    await updateItem(tx, tenant.tenantId, id, values, ['bundle']);
    if (items) await replaceBundleLines(tx, tenant.tenantId, id, items);
    return readBundle(tx, tenant, id);
  });
}
