import { type Db, withTenant } from '../db/client.ts';
import { insertCategory, insertSupplier } from '../modules/catalogue/categories.repo.ts';
import { insertItem, replaceBundleLines } from '../modules/catalogue/items.repo.ts';

/** A few things the demo studio sells (prices in cents: the demo tenant is in USD). */
export async function seedDemoCatalogue(db: Db, tenantId: string): Promise<void> {
  await withTenant(db, tenantId, async (tx) => {
    const apparel = await insertCategory(tx, tenantId, { name: 'Apparel', categoryType: 'PRODUCT', sequence: 0 });
    const gear = await insertCategory(tx, tenantId, { name: 'Yoga gear', categoryType: 'PRODUCT', sequence: 1 });
    const bundles = await insertCategory(tx, tenantId, { name: 'Bundles', categoryType: 'BUNDLE' });
    const supplier = await insertSupplier(tx, tenantId, {
      name: 'Springfield Print Co',
      email: 'orders@springfieldprint.test',
      phone: '+1 555 0142',
      notes: 'Organic cotton tees, 2 weeks lead time.',
    });
    const product = (values: {
      name: string;
      categoryId: string;
      priceMinor: number;
      stock: number | null;
      sku: string;
    }) => insertItem(tx, tenantId, { kind: 'product', description: '', supplierId: null, ...values });
    await product({ name: 'Studio T-shirt', categoryId: apparel.id, priceMinor: 2500, stock: 20, sku: 'TEE-01' });
    await insertItem(tx, tenantId, {
      kind: 'product',
      name: 'Studio hoodie',
      description: 'Heavyweight organic cotton.',
      categoryId: apparel.id,
      priceMinor: 5500,
      stock: 6,
      sku: 'HOOD-01',
      supplierId: supplier.id,
    });
    const mat = await product({ name: 'Yoga mat', categoryId: gear.id, priceMinor: 4500, stock: 8, sku: 'MAT-01' });
    const bottle = await product({
      name: 'Water bottle',
      categoryId: gear.id,
      priceMinor: 1200,
      stock: null,
      sku: 'BTL-01',
    });
    const kit = await insertItem(tx, tenantId, {
      kind: 'bundle',
      name: 'Starter kit',
      description: 'A mat and a bottle for your first class.',
      categoryId: bundles.id,
      priceMinor: 5200,
      stock: null,
    });
    await replaceBundleLines(tx, tenantId, kit, [
      { itemId: mat, qty: 1 },
      { itemId: bottle, qty: 1 },
    ]);
  });
}
