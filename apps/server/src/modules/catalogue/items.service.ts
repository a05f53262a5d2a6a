import {
  CATALOGUE_MESSAGES,
  type Item,
  type ItemInput,
  type ItemList,
  type ItemListQuery,
  type ItemSupplier,
  type ItemSupplierInput,
  type ItemUpdate,
  KIND_OF_CATEGORY,
  type MessageResponse,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import {
  assertMayManageType,
  checkCategory,
  checkImage,
  checkSupplier,
  currencyOf,
  toItem,
  toMinor,
  toSupplier,
} from './catalogue-rules.ts';
import { findSuppliers, insertSupplier, supplierNameTaken } from './categories.repo.ts';
import {
  findItem,
  findItems,
  type ItemRow,
  type ItemValues,
  insertItem,
  saleValues,
  updateItem,
} from './items.repo.ts';
import { noteProductChange } from './product-notes.ts';

type ListQuery = z.output<typeof ItemListQuery>;
type Input = z.output<typeof ItemInput>;
type Update = z.output<typeof ItemUpdate>;

/** Items of these kinds are this module's /rest/item; bundles have /snode/pbundle. */
const ITEM_KINDS: Item['kind'][] = ['product', 'service'];
const itemNotFound = () => notFound('Item');

async function readItemRow(tx: Tx, tenantId: string, id: string): Promise<ItemRow> {
  const row = await findItem(tx, tenantId, id);
  if (!row || !ITEM_KINDS.includes(row.kind)) throw itemNotFound();
  return row;
}

async function readItem(tx: Tx, tenant: TenantContext, id: string): Promise<Item> {
  return toItem(await readItemRow(tx, tenant.tenantId, id), currencyOf(tenant));
}

/** GET /rest/item: the /products list; archived items only with isShowArchived=true. */
export function listItems(db: Db, tenant: TenantContext, query: ListQuery): Promise<ItemList> {
  const { tenantId } = tenant;
  return readTenant(db, tenantId, async (tx) => {
    const { rows, total } = await findItems(
      tx,
      tenantId,
      {
        search: query.search,
        categoryId: query.categoryId,
        type: query.type,
        kinds: ITEM_KINDS,
        withArchived: query.isShowArchived,
      },
      { start: query.start, length: query.length },
    );
    const currency = currencyOf(tenant);
    return { recordsTotal: total, data: rows.map((row) => toItem(row, currency)) };
  });
}

/** GET /rest/item/{id}. */
export function getItem(db: Db, tenant: TenantContext, id: string): Promise<Item> {
  return readTenant(db, tenant.tenantId, (tx) => readItem(tx, tenant, id));
}

/** POST /rest/item: a product in a PRODUCT category, or a service fee in a SERVICE (course) category. */
export function createItem(db: Db, actor: Authenticated, input: Input): Promise<Item> {
  const { tenant } = actor;
  const priceMinor = toMinor(tenant, input.price);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const category = await checkCategory(tx, tenant.tenantId, input.categoryId, ['PRODUCT', 'SERVICE']);
    assertMayManageType(actor, category.categoryType);
    await checkImage(tx, tenant.tenantId, input.imageId);
    await checkSupplier(tx, tenant.tenantId, input.supplierId);
    const id = await insertItem(tx, tenant.tenantId, {
      categoryId: category.id,
      kind: KIND_OF_CATEGORY[category.categoryType],
      ...saleValues(input, priceMinor),
      stock: input.stock,
      supplierId: input.supplierId,
      sku: input.sku,
    });
    const added = await readItemRow(tx, tenant.tenantId, id);
    await noteProductChange(tx, actor, undefined, added);
    return toItem(added, currencyOf(tenant));
  });
}

/**
 * PUT /rest/item/{id}: the fields sent change. Moving an item to another category keeps it of the
 * same kind (a product stays in PRODUCT categories). `{ isArchived: false }` restores it.
 */
export function editItem(db: Db, actor: Authenticated, id: string, input: Update): Promise<Item> {
  const { tenant } = actor;
  const priceMinor = input.price === undefined ? undefined : toMinor(tenant, input.price);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await readItemRow(tx, tenant.tenantId, id);
    assertMayManageType(actor, current.categoryType);
    if (input.categoryId !== undefined && input.categoryId !== current.categoryId) {
      await checkCategory(tx, tenant.tenantId, input.categoryId, [current.categoryType]);
    }
    await checkImage(tx, tenant.tenantId, input.imageId);
    await checkSupplier(tx, tenant.tenantId, input.supplierId);
    const { price: _price, ...rest } = input;
    const values: Partial<ItemValues> = { ...rest, ...(priceMinor === undefined ? {} : { priceMinor }) };
    if (!(await updateItem(tx, tenant.tenantId, id, values, ITEM_KINDS))) throw itemNotFound();
    const changed = await readItemRow(tx, tenant.tenantId, id);
    await noteProductChange(tx, actor, current, changed);
    return toItem(changed, currencyOf(tenant));
  });
}

/**
 * DELETE /rest/item/{id}: archives the item (it stops being sellable and leaves the lists; invoices
 * and bundles that name it keep it). PUT `{ isArchived: false }` restores it.
 */
export function archiveItem(db: Db, actor: Authenticated, id: string): Promise<z.infer<typeof MessageResponse>> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await readItemRow(tx, tenant.tenantId, id);
    assertMayManageType(actor, current.categoryType);
    await updateItem(tx, tenant.tenantId, id, { isArchived: true }, ITEM_KINDS);
    await noteProductChange(tx, actor, current, await readItemRow(tx, tenant.tenantId, id));
    return { message: CATALOGUE_MESSAGES.productArchived };
  });
}

/** GET /rest/itemSupplier. */
export function listSuppliers(db: Db, tenant: TenantContext): Promise<ItemSupplier[]> {
  return readTenant(db, tenant.tenantId, async (tx) => (await findSuppliers(tx, tenant.tenantId)).map(toSupplier));
}

/** POST /rest/itemSupplier: names are unique in the tenant, ignoring case. */
export function createSupplier(
  db: Db,
  actor: Authenticated,
  input: z.output<typeof ItemSupplierInput>,
): Promise<ItemSupplier> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (await supplierNameTaken(tx, tenantId, input.name)) throw badRequest('name', CATALOGUE_MESSAGES.supplierTaken);
    return toSupplier(await insertSupplier(tx, tenantId, input));
  });
}
