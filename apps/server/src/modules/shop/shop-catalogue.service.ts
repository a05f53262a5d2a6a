import { LOW_STOCK, minorToPrice, type PublicCatalogue, type ShopItem, type ShopItemDetail } from '@atrium/contracts';
import { type Db, readTenant, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { findCategories, findCategory } from '../catalogue/categories.repo.ts';
import { findBundleLines, findItems, findItemsByIds, type ItemRow } from '../catalogue/items.repo.ts';

// What a visitor sees of the catalogue (spec 3 §7.8): visible, unarchived merchandise (PRODUCT) and
// bundle (BUNDLE) categories with their visible, unarchived items. Courses (SERVICE) are sold through
// their own registration, not the shop. Never a supplier, a SKU or a stock count unless it is low.

export const SHOP_CATEGORY_TYPES = ['PRODUCT', 'BUNDLE'] as const;
const SHOP_KINDS: ItemRow['kind'][] = ['product', 'bundle'];

/** A `tid`/`tenant` hint naming another tenant than the host's: the call finds nothing. */
export const namesAnotherTenant = (tenant: TenantContext, hint: string | undefined) =>
  !!hint && hint !== tenant.tenantId && hint.toLowerCase() !== tenant.orgId.toLowerCase();

const imageUrl = (id: string | null) => (id ? `/media/${id}` : null);

/** Units a visitor can buy now: the stock (null when untracked); a bundle's is what its items allow. */
export type Availability = Map<string, number | null>;

/**
 * A bundle has no stock of its own: selling one takes its items' (decisions.md "Catalogue"), so it
 * can be sold as many times as its scarcest item allows; an archived item in it means none.
 */
export async function availabilityOf(tx: Tx, tenantId: string, rows: ItemRow[]): Promise<Availability> {
  const available: Availability = new Map(rows.map((row) => [row.id, row.stock]));
  const bundles = rows.filter((row) => row.kind === 'bundle');
  if (bundles.length === 0) return available;
  const lines = await findBundleLines(
    tx,
    tenantId,
    bundles.map((row) => row.id),
  );
  const inner = new Map(
    (await findItemsByIds(tx, tenantId, [...new Set(lines.map((line) => line.itemId))])).map((row) => [row.id, row]),
  );
  for (const bundle of bundles) {
    let units: number | null = null;
    for (const line of lines.filter((l) => l.bundleId === bundle.id)) {
      const item = inner.get(line.itemId);
      const allows = !item || item.isArchived ? 0 : item.stock === null ? null : Math.floor(item.stock / line.qty);
      if (allows !== null) units = units === null ? allows : Math.min(units, allows);
    }
    available.set(bundle.id, units);
  }
  return available;
}

export function toShopItem(row: ItemRow, currency: string, available: number | null = row.stock): ShopItem {
  return {
    guId: row.id,
    kind: row.kind === 'bundle' ? 'bundle' : 'product',
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    price: minorToPrice(row.priceMinor, currency),
    currency,
    imageUrl: imageUrl(row.imageId),
    inStock: available === null || available > 0,
    stockLeft: available !== null && available <= LOW_STOCK ? available : null,
  };
}

/** Whether a visitor may buy an item of another module's kind (its own rules; the cart prices it as any line). */
export type PublicSale = (tx: Tx, tenantId: string, row: ItemRow) => Promise<boolean>;
const otherPublicKinds = new Map<ItemRow['kind'], PublicSale>();

/**
 * Lets the cart and the online checkout sell items of another kind than the shop's (courses: the
 * item of a published paid course). The shop's listing and item page still show only its own kinds.
 */
export function sellPubliclyToo(kind: ItemRow['kind'], rule: PublicSale): void {
  otherPublicKinds.set(kind, rule);
}

/**
 * Whether a visitor may see and buy this item: a visible, unarchived product or bundle in a visible,
 * unarchived merchandise or bundle category.
 */
export async function sellsPublicly(tx: Tx, tenantId: string, row: ItemRow | undefined): Promise<boolean> {
  const other = row && otherPublicKinds.get(row.kind);
  if (row && other) return !row.isArchived && other(tx, tenantId, row);
  if (!row || row.isArchived || !row.isVisible || !SHOP_KINDS.includes(row.kind)) return false;
  const category = await findCategory(tx, tenantId, row.categoryId);
  return !!category && category.isVisible && !category.isArchived && category.categoryType !== 'SERVICE';
}

/** GET /snode/icategory/public/?tid=: the shop's categories in list order, each with its items by name. */
export function publicCatalogue(db: Db, tenant: TenantContext, tid: string | undefined): Promise<PublicCatalogue> {
  const currency = currencyOf(tenant);
  if (namesAnotherTenant(tenant, tid)) return Promise.resolve({ currency, categories: [] });
  const { tenantId } = tenant;
  return readTenant(db, tenantId, async (tx) => {
    const { rows: categories } = await findCategories(
      tx,
      tenantId,
      { types: [...SHOP_CATEGORY_TYPES], withArchived: false, visibleOnly: true },
      { start: 0, length: 1000 },
    );
    if (categories.length === 0) return { currency, categories: [] };
    const { rows: items } = await findItems(
      tx,
      tenantId,
      { categoryIds: categories.map((c) => c.id), kinds: SHOP_KINDS, withArchived: false, visibleOnly: true },
      { start: 0, length: 10_000 },
    );
    const available = await availabilityOf(tx, tenantId, items);
    return {
      currency,
      categories: categories.map((category) => ({
        guId: category.id,
        name: category.name,
        description: category.description,
        categoryType: category.categoryType === 'BUNDLE' ? 'BUNDLE' : 'PRODUCT',
        imageUrl: imageUrl(category.imageId),
        items: items
          .filter((item) => item.categoryId === category.id)
          .map((item) => toShopItem(item, currency, available.get(item.id))),
      })),
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /public/pitem/{id}?tenant=: one item a visitor may buy; anything else (hidden, archived, another tenant's) is a 404. */
export function publicItem(
  db: Db,
  tenant: TenantContext,
  id: string,
  hint: string | undefined,
): Promise<ShopItemDetail> {
  if (namesAnotherTenant(tenant, hint) || !UUID.test(id)) return Promise.reject(notFound('Item'));
  const { tenantId } = tenant;
  return readTenant(db, tenantId, async (tx) => {
    const [row] = await findItemsByIds(tx, tenantId, [id]);
    if (!row || !SHOP_KINDS.includes(row.kind) || !(await sellsPublicly(tx, tenantId, row))) throw notFound('Item');
    const contents = row.kind === 'bundle' ? await findBundleLines(tx, tenantId, [row.id]) : [];
    const available = await availabilityOf(tx, tenantId, [row]);
    return {
      ...toShopItem(row, currencyOf(tenant), available.get(row.id)),
      categoryName: row.categoryName,
      contents: contents.map((line) => ({ name: line.name, qty: line.qty })),
    };
  });
}
