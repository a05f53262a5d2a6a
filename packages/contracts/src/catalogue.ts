import { z } from 'zod';
import { CATEGORY_TYPES, type CategoryType } from './cart-lines.ts';
import { PRICE_MAX } from './catalogue-money.ts';

// The catalogue (spec 3 §7.6 "Products and bundles", §3 "Offer and bundle", "Cart or checkout item";
// spec 2 §3 enumerations): categories, items, suppliers and bundles. decisions.md "Catalogue".

/** Spec 3 §3, spec 2 §3: category types (a course is a SERVICE). */

/** The spec's client sends lower-case names (`type=product`, `type=service`); course maps to SERVICE. */
const TYPE_ALIASES: Readonly<Record<string, CategoryType>> = {
  product: 'PRODUCT',
  merchandise: 'PRODUCT',
  service: 'SERVICE',
  course: 'SERVICE',
  bundle: 'BUNDLE',
};

export function parseCategoryType(raw: string): CategoryType | null {
  return TYPE_ALIASES[raw.trim().toLowerCase()] ?? null;
}

const TYPE_MESSAGE = 'type must be one of PRODUCT, SERVICE, BUNDLE';
export const CategoryTypeParam = z
  .string()
  .max(20)
  .transform((raw, ctx) => {
    const type = parseCategoryType(raw);
    if (!type) {
      ctx.addIssue({ code: 'custom', message: TYPE_MESSAGE });
      return z.NEVER;
    }
    return type;
  });

/**
 * What an item is. Only product (merchandise), service (a fee of a course category) and bundle are
 * built; membership, class and course lines come with their modules and reuse the same table.
 */
export const ITEM_KINDS = ['product', 'service', 'bundle', 'membership', 'course'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The item kind a category of each type holds. */
export const KIND_OF_CATEGORY: Record<CategoryType, ItemKind> = {
  PRODUCT: 'product',
  SERVICE: 'service',
  BUNDLE: 'bundle',
};

/** Spec 3 §9: "Product lists request up to 1000 rows". */
export const CATALOGUE_PAGE_MAX = 1000;
export const CATALOGUE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const CATALOGUE_PAGE_SIZE_DEFAULT = 25;
export const CATALOGUE_NAME_MAX = 120;
export const CATALOGUE_DESCRIPTION_MAX = 2000;
export const SKU_MAX = 64;
export const STOCK_MAX = 1_000_000;
export const BUNDLE_ITEMS_MAX = 50;
export const BUNDLE_QTY_MAX = 99;

/** Messages a person reads (form errors and toasts). */
export const CATALOGUE_MESSAGES = {
  nameRequired: 'Name is required!',
  priceRequired: 'Price is required!',
  categoryRequired: 'Category is required!',
  categoryNotFound: 'Category not found.',
  itemNotFound: 'Item not found.',
  supplierNotFound: 'Supplier not found.',
  imageNotFound: 'Image not found.',
  bundleNotFound: 'Bundle not found.',
  wrongCategoryType: 'Items go in a PRODUCT or SERVICE category; bundles in a BUNDLE category.',
  categoryHasItems: 'This category still has items. Move them to another category first.',
  supplierTaken: 'A supplier with this name already exists.',
  bundleItemsRequired: 'Add at least one item to the bundle.',
  bundleItemTwice: 'Each item may appear only once in a bundle.',
  bundleOfBundle: 'A bundle cannot contain another bundle.',
  bundleArchivedItem: 'An archived item cannot be added to a bundle.',
  productAdded: 'Product added successfully.',
  productUpdated: 'Product updated successfully.',
  productArchived: 'Product archived.',
  productRestored: 'Product restored.',
  categoryAdded: 'Category added successfully.',
  bundleAdded: 'Bundle added successfully.',
  bundleUpdated: 'Bundle updated successfully.',
  bundleArchived: 'Bundle archived.',
  bundleRestored: 'Bundle restored.',
} as const;

const name = z
  .string({ error: CATALOGUE_MESSAGES.nameRequired })
  .trim()
  .min(1, CATALOGUE_MESSAGES.nameRequired)
  .max(CATALOGUE_NAME_MAX, `Name must be at most ${CATALOGUE_NAME_MAX} characters`);
const description = z
  .string({ error: 'description must be text' })
  .trim()
  .max(CATALOGUE_DESCRIPTION_MAX, `Description must be at most ${CATALOGUE_DESCRIPTION_MAX} characters`);
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });
const id = (field: string) => z.uuid(`${field} must be an id`);
/** A decimal amount of the tenant's currency; the service converts it (catalogue-money.ts). */
const price = z
  .number({ error: CATALOGUE_MESSAGES.priceRequired })
  .min(0, 'price must be 0 or more')
  .max(PRICE_MAX, `price must be at most ${PRICE_MAX}`);

// ---------------------------------------------------------------- categories

export const ItemCategoryStats = z.object({
  /** Items of the category that are not archived. */
  itemCount: z.number().int(),
  archivedCount: z.number().int(),
  /** Units in stock over the category's tracked items. */
  stockTotal: z.number().int(),
});

export const ItemCategory = z.object({
  guId: z.string(),
  name: z.string(),
  description: z.string(),
  categoryType: z.enum(CATEGORY_TYPES),
  isVisible: z.boolean(),
  isArchived: z.boolean(),
  sequence: z.number().int(),
  imageId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
  /** With include=stats. */
  stats: ItemCategoryStats.optional(),
});
export type ItemCategory = z.infer<typeof ItemCategory>;

/** POST /snode/icategory. */
export const ItemCategoryInput = z
  .object({
    name,
    categoryType: CategoryTypeParam,
    description: description.default(''),
    isVisible: flag('isVisible').default(true),
    sequence: z.number().int().min(0).max(1_000_000).default(0),
    imageId: id('imageId').nullable().default(null),
  })
  .strict();
export type ItemCategoryInput = z.input<typeof ItemCategoryInput>;

/** PUT /snode/icategory/{id} and /rest/itemCategory/{id}: only the fields sent change (not the type). */
export const ItemCategoryUpdate = z
  .object({
    name,
    description,
    isVisible: flag('isVisible'),
    isArchived: flag('isArchived'),
    sequence: z.number().int().min(0).max(1_000_000),
    imageId: id('imageId').nullable(),
  })
  .partial()
  .strict();
export type ItemCategoryUpdate = z.input<typeof ItemCategoryUpdate>;

const start = z.coerce.number().int().min(0, 'start must be 0 or more').default(0);
const pageSize = (field: string) =>
  z.coerce
    .number()
    .int()
    .min(1, `${field} must be between 1 and ${CATALOGUE_PAGE_MAX}`)
    .max(CATALOGUE_PAGE_MAX, `${field} must be between 1 and ${CATALOGUE_PAGE_MAX}`);
const queryFlag = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((value) => value === 'true');
const search = z.string().trim().max(100, 'search must be at most 100 characters').optional();
const includeList = (allowed: readonly string[]) =>
  z
    .string()
    .max(200)
    .transform((raw, ctx) => {
      const parts = raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const unknown = parts.find((part) => !allowed.includes(part));
      if (unknown) {
        ctx.addIssue({ code: 'custom', message: `include must be among ${allowed.join(', ')}` });
        return z.NEVER;
      }
      return parts;
    });

/** GET /rest/itemCategory and GET /snode/icategory (type=product, include=stats, start=0, length=1000). */
export const ItemCategoryListQuery = z.object({
  type: CategoryTypeParam.optional(),
  include: includeList(['stats']).optional(),
  start,
  length: pageSize('length').default(CATALOGUE_PAGE_MAX),
  search,
  isShowArchived: queryFlag('isShowArchived').default(false),
});
export type ItemCategoryListQuery = z.input<typeof ItemCategoryListQuery>;

export const ItemCategoryList = z.object({ recordsTotal: z.number().int(), data: z.array(ItemCategory) });
export type ItemCategoryList = z.infer<typeof ItemCategoryList>;

/** GET /snode/icategory/{id}?include=details,template: details adds the items; template is accepted. */
export const ItemCategoryDetailQuery = z.object({ include: includeList(['details', 'template', 'stats']).optional() });

// ---------------------------------------------------------------- items

/** How a product, service fee or bundle is sold and shown: tax, card fees, its image, shown, archived. */
const howSold = {
  isTaxable: z.boolean(),
  isChargeCreditCardFees: z.boolean(),
  imageId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isVisible: z.boolean(),
  isArchived: z.boolean(),
};

export const Item = z.object({
  guId: z.string(),
  kind: z.enum(ITEM_KINDS),
  name: z.string(),
  description: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  categoryType: z.enum(CATEGORY_TYPES),
  /** Decimal amount of `currency`. */
  price: z.number(),
  currency: z.string(),
  ...howSold,
  /** Units in stock; null when the stock is not tracked (always available). */
  stock: z.number().int().nullable(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  sku: z.string(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type Item = z.infer<typeof Item>;

const stock = z
  .number({ error: 'stock must be a whole number or null' })
  .int('stock must be a whole number')
  .min(0, 'stock must be 0 or more')
  .max(STOCK_MAX, `stock must be at most ${STOCK_MAX}`);
const sku = z.string({ error: 'sku must be text' }).trim().max(SKU_MAX, `sku must be at most ${SKU_MAX} characters`);

const itemFields = {
  name,
  description,
  categoryId: z.uuid(CATALOGUE_MESSAGES.categoryRequired),
  price,
  isTaxable: flag('isTaxable'),
  isChargeCreditCardFees: flag('isChargeCreditCardFees'),
  imageId: id('imageId').nullable(),
  isVisible: flag('isVisible'),
  stock: stock.nullable(),
  supplierId: id('supplierId').nullable(),
  sku,
};

/** POST /rest/item. */
export const ItemInput = z
  .object({
    ...itemFields,
    description: itemFields.description.default(''),
    isTaxable: itemFields.isTaxable.default(true),
    isChargeCreditCardFees: itemFields.isChargeCreditCardFees.default(true),
    imageId: itemFields.imageId.default(null),
    isVisible: itemFields.isVisible.default(true),
    stock: itemFields.stock.default(null),
    supplierId: itemFields.supplierId.default(null),
    sku: itemFields.sku.default(''),
  })
  .strict();
export type ItemInput = z.input<typeof ItemInput>;
export type ItemInputParsed = z.output<typeof ItemInput>;

/** PUT /rest/item/{id}: only the fields sent change; `{ isArchived: false }` restores an item. */
export const ItemUpdate = z
  .object({ ...itemFields, isArchived: flag('isArchived') })
  .partial()
  .strict();
export type ItemUpdate = z.input<typeof ItemUpdate>;
export type ItemUpdateParsed = z.output<typeof ItemUpdate>;

/** GET /rest/item: the /products list (search, category filter, archived, paging). */
export const ItemListQuery = z.object({
  start,
  length: pageSize('length').default(CATALOGUE_PAGE_SIZE_DEFAULT),
  search,
  categoryId: id('categoryId').optional(),
  type: CategoryTypeParam.optional(),
  isShowArchived: queryFlag('isShowArchived').default(false),
});
export type ItemListQuery = z.input<typeof ItemListQuery>;

export const ItemList = z.object({ recordsTotal: z.number().int(), data: z.array(Item) });
export type ItemList = z.infer<typeof ItemList>;

/** GET /rest/itemCategory/{id}/items: include=disabled adds archived items; isVisible=true keeps visible ones. */
export const CategoryItemsQuery = z.object({
  include: z.enum(['disabled'], { error: 'include must be disabled' }).optional(),
  isVisible: queryFlag('isVisible').optional(),
});

export const ItemCategoryDetail = ItemCategory.extend({ items: z.array(Item).optional() });
export type ItemCategoryDetail = z.infer<typeof ItemCategoryDetail>;

// ---------------------------------------------------------------- suppliers

export const ItemSupplier = z.object({
  guId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
});
export type ItemSupplier = z.infer<typeof ItemSupplier>;

export const ItemSupplierInput = z
  .object({
    name,
    email: z
      .union([z.literal(''), z.email('email must be a valid address').max(254)])
      .default('')
      .transform((value) => value.toLowerCase()),
    phone: z.string().trim().max(40, 'phone must be at most 40 characters').default(''),
    notes: z.string().trim().max(1000, 'notes must be at most 1000 characters').default(''),
  })
  .strict();
export type ItemSupplierInput = z.input<typeof ItemSupplierInput>;

// ---------------------------------------------------------------- bundles

export const BundleLine = z.object({
  itemId: z.string(),
  name: z.string(),
  qty: z.number().int(),
  /** The item's own price, for showing what the bundle saves. */
  price: z.number(),
  isArchived: z.boolean(),
  /** The item's units in stock; null when its stock is not tracked. */
  stock: z.number().int().nullable(),
});

/** What a bundle and a membership begin with: the product, its category, its price (decimal). */
export const productHead = {
  guId: z.string(),
  name: z.string(),
  description: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  price: z.number(),
};

export const Bundle = z.object({
  ...productHead,
  currency: z.string(),
  /** The sum of the items' own prices times their quantities. */
  itemsValue: z.number(),
  ...howSold,
  items: z.array(BundleLine),
  /** How many bundles the stock makes now (bundleAvailability); null when none of its items is counted. */
  available: z.number().int().nullable(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type Bundle = z.infer<typeof Bundle>;

/**
 * How many of a bundle can be sold now: the smallest, over its items whose stock is counted, of that
 * stock divided by the quantity per bundle (rounded down); 0 when an item is archived (not sellable);
 * null when no item's stock is counted (no limit).
 */
export function bundleAvailability(lines: { qty: number; stock: number | null; isArchived: boolean }[]): number | null {
  let available: number | null = null;
  for (const line of lines) {
    if (line.isArchived) return 0;
    if (line.stock === null || line.qty < 1) continue;
    const bundles = Math.floor(Math.max(0, line.stock) / line.qty);
    available = available === null ? bundles : Math.min(available, bundles);
  }
  return available;
}

const bundleLines = z
  .array(
    z
      .object({
        itemId: id('itemId'),
        qty: z
          .number({ error: 'qty must be a whole number' })
          .int('qty must be a whole number')
          .min(1, 'qty must be at least 1')
          .max(BUNDLE_QTY_MAX, `qty must be at most ${BUNDLE_QTY_MAX}`),
      })
      .strict(),
    { error: CATALOGUE_MESSAGES.bundleItemsRequired },
  )
  .min(1, CATALOGUE_MESSAGES.bundleItemsRequired)
  .max(BUNDLE_ITEMS_MAX, `A bundle holds at most ${BUNDLE_ITEMS_MAX} items`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.itemId)) {
        ctx.addIssue({ code: 'custom', path: [index, 'itemId'], message: CATALOGUE_MESSAGES.bundleItemTwice });
      }
      seen.add(line.itemId);
    });
  });

const bundleFields = {
  name,
  description,
  /** A BUNDLE category; when left out the tenant's first one ('Bundles', made when missing). */
  categoryId: id('categoryId'),
  price,
  isTaxable: flag('isTaxable'),
  isChargeCreditCardFees: flag('isChargeCreditCardFees'),
  imageId: id('imageId').nullable(),
  isVisible: flag('isVisible'),
  items: bundleLines,
};

/** POST /snode/pbundle. */
export const BundleInput = z
  .object({
    ...bundleFields,
    description: bundleFields.description.default(''),
    categoryId: bundleFields.categoryId.optional(),
    isTaxable: bundleFields.isTaxable.default(true),
    isChargeCreditCardFees: bundleFields.isChargeCreditCardFees.default(true),
    imageId: bundleFields.imageId.default(null),
    isVisible: bundleFields.isVisible.default(true),
  })
  .strict();
export type BundleInput = z.input<typeof BundleInput>;
export type BundleInputParsed = z.output<typeof BundleInput>;

/** PUT /snode/pbundle/{guId}: only the fields sent change; items, when sent, replace the set. */
export const BundleUpdate = z
  .object({ ...bundleFields, isArchived: flag('isArchived') })
  .partial()
  .strict();
export type BundleUpdate = z.input<typeof BundleUpdate>;
export type BundleUpdateParsed = z.output<typeof BundleUpdate>;

/** GET /snode/pbundle (start, max, isShowArchived, search). */
export const BundleListQuery = z.object({
  start,
  max: pageSize('max').default(CATALOGUE_PAGE_SIZE_DEFAULT),
  search,
  isShowArchived: queryFlag('isShowArchived').default(false),
});
export type BundleListQuery = z.input<typeof BundleListQuery>;

export const BundleList = z.object({ recordsTotal: z.number().int(), data: z.array(Bundle) });
export type BundleList = z.infer<typeof BundleList>;

// ---------------------------------------------------------------- grouped products

/** GET /snode/icategory/products?types=: sellable categories with their sellable items, by type. */
export const ProductsByTypeQuery = z.object({
  types: z
    .string()
    .max(200)
    .transform((raw, ctx) => {
      const types: CategoryType[] = [];
      for (const part of raw.split(',').filter((p) => p.trim())) {
        const type = parseCategoryType(part);
        if (!type) {
          ctx.addIssue({ code: 'custom', message: TYPE_MESSAGE });
          return z.NEVER;
        }
        if (!types.includes(type)) types.push(type);
      }
      return types;
    })
    .optional(),
});

const CategoryWithItems = ItemCategory.extend({ items: z.array(Item) });
export const ProductsByType = z.object({
  courses: z.array(CategoryWithItems),
  merchandise: z.array(CategoryWithItems),
  bundles: z.array(CategoryWithItems),
});
export type ProductsByType = z.infer<typeof ProductsByType>;

/** The field rules other catalogue lines (memberships) share with items. */
export const catalogueFields = { name, description, price, flag, id };
