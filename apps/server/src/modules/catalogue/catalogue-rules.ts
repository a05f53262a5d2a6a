import {
  type Bundle,
  bundleAvailability,
  CATALOGUE_MESSAGES,
  type CategoryType,
  type Item,
  type ItemCategory,
  type ItemSupplier,
  minorToPrice,
  permissionsOf,
  priceError,
  priceToMinor,
  type Role,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { type Authenticated, requireStaff } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import {
  type CategoryRow,
  type CategoryStatsRow,
  findCategory,
  findSupplier,
  mediaExists,
  type SupplierRow,
} from './categories.repo.ts';
import type { BundleLineRow, ItemRow } from './items.repo.ts';

// ---------------------------------------------------------------- who may do what

/** Every staff role reads the catalogue (the front desk sells from it). */
export const readCatalogue = (request: FastifyRequest): Authenticated => requireStaff(request);

/** Admins and staff manage it; the front desk does not change prices (decisions.md "Catalogue"). */
export const manageCatalogue = (request: FastifyRequest): Authenticated => requireStaff(request, 'admin', 'staff');

/** Course (SERVICE) categories and their items also need the Roles screen's "Manage Courses". */
export function assertMayManageType(actor: Authenticated, type: CategoryType): void {
  if (type !== 'SERVICE') return;
  const role: Role = actor.auth.role;
  if (!permissionsOf(role, actor.tenant.settings.tenantRoles).isShowCourse) {
    throw forbidden("Your role does not have the 'Manage Courses' permission.");
  }
}

// ---------------------------------------------------------------- money at the edge

export const currencyOf = (tenant: TenantContext) => (tenant.settings.currency || 'usd').toUpperCase();

/** A wire price (decimal) to minor units of the tenant's currency, or a 400 naming the field. */
export function toMinor(tenant: TenantContext, price: number, field = 'price'): number {
  const currency = currencyOf(tenant);
  const minor = priceToMinor(price, currency);
  if (minor === null) throw badRequest(field, priceError(currency));
  return minor;
}

// ---------------------------------------------------------------- references in a body

/** A reference in a body the tenant does not have (or another tenant's): a 404 that names the field. */
const missing = (field: string, message: string) => new AppError(404, 'not_found', message, field);

export async function checkCategory(
  tx: Tx,
  tenantId: string,
  id: string,
  allowed: readonly CategoryType[],
): Promise<CategoryRow> {
  const category = await findCategory(tx, tenantId, id);
  if (!category) throw missing('categoryId', CATALOGUE_MESSAGES.categoryNotFound);
  if (!allowed.includes(category.categoryType)) throw badRequest('categoryId', CATALOGUE_MESSAGES.wrongCategoryType);
  return category;
}

export async function checkImage(tx: Tx, tenantId: string, id: string | null | undefined): Promise<void> {
  if (id && !(await mediaExists(tx, tenantId, id))) throw missing('imageId', CATALOGUE_MESSAGES.imageNotFound);
}

export async function checkSupplier(tx: Tx, tenantId: string, id: string | null | undefined): Promise<void> {
  if (id && !(await findSupplier(tx, tenantId, id))) throw missing('supplierId', CATALOGUE_MESSAGES.supplierNotFound);
}

export const itemMissing = (field: string) => missing(field, CATALOGUE_MESSAGES.itemNotFound);

// ---------------------------------------------------------------- rows to the wire

const imageUrl = (id: string | null) => (id ? `/media/${id}` : null);

export function toCategory(row: CategoryRow, stats?: CategoryStatsRow | null): ItemCategory {
  return {
    guId: row.id,
    name: row.name,
    description: row.description,
    categoryType: row.categoryType,
    isVisible: row.isVisible,
    isArchived: row.isArchived,
    sequence: row.sequence,
    imageId: row.imageId,
    imageUrl: imageUrl(row.imageId),
    dateCreated: row.createdAt.toISOString(),
    dateUpdated: row.updatedAt.toISOString(),
    ...(stats === undefined
      ? {}
      : {
          stats: {
            itemCount: stats?.itemCount ?? 0,
            archivedCount: stats?.archivedCount ?? 0,
            stockTotal: stats?.stockTotal ?? 0,
          },
        }),
  };
}

export function toItem(row: ItemRow, currency: string): Item {
  return {
    guId: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    categoryType: row.categoryType,
    price: minorToPrice(row.priceMinor, currency),
    currency,
    isTaxable: row.isTaxable,
    isChargeCreditCardFees: row.isChargeCreditCardFees,
    imageId: row.imageId,
    imageUrl: imageUrl(row.imageId),
    isVisible: row.isVisible,
    isArchived: row.isArchived,
    stock: row.stock,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    sku: row.sku,
    dateCreated: row.createdAt.toISOString(),
    dateUpdated: row.updatedAt.toISOString(),
  };
}

export function toBundle(row: ItemRow, lines: BundleLineRow[], currency: string): Bundle {
  const mine = lines.filter((line) => line.bundleId === row.id);
  const valueMinor = mine.reduce((sum, line) => sum + line.priceMinor * line.qty, 0);
  const item = toItem(row, currency);
  return {
    guId: item.guId,
    name: item.name,
    description: item.description,
    categoryId: item.categoryId,
    categoryName: item.categoryName,
    price: item.price,
    currency,
    itemsValue: minorToPrice(valueMinor, currency),
    isTaxable: item.isTaxable,
    isChargeCreditCardFees: item.isChargeCreditCardFees,
    imageId: item.imageId,
    imageUrl: item.imageUrl,
    isVisible: item.isVisible,
    isArchived: item.isArchived,
    items: mine.map((line) => ({
      itemId: line.itemId,
      name: line.name,
      qty: line.qty,
      price: minorToPrice(line.priceMinor, currency),
      isArchived: line.isArchived,
      stock: line.stock,
    })),
    available: bundleAvailability(mine),
    dateCreated: item.dateCreated,
    dateUpdated: item.dateUpdated,
  };
}

export function toSupplier(row: SupplierRow): ItemSupplier {
  return { guId: row.id, name: row.name, email: row.email, phone: row.phone, notes: row.notes };
}
