import { bearer, loginAs, newTenant, setTenantSettings, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { makeBundle, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';

/** A shop's catalogue for the public calls' tests: what visitors may and may not see. */
export interface ShopFixture {
  shop: TestTenant;
  other: TestTenant;
  adminToken: string;
  merchId: string;
  shirt: string;
  mat: string;
  bottle: string;
  kit: string;
  hidden: string;
  archived: string;
  inHiddenCategory: string;
  service: string;
  foreignItem: string;
}

/** USD, tax 10%, card fee 3%, cards taken (Stripe); shirt $25 (5 left), mat $40 (10), bottle $12.50 (untracked, untaxed, no fee). */
export async function makeShop(app: App): Promise<ShopFixture> {
  const shop = await newTenant(app);
  const other = await newTenant(app);
  await setTenantSettings(app, shop, { currency: 'USD', taxPercent: 10, cardFees: 3, paymentProvider: 'STRIPE' });
  const admin = (await loginAs(app, shop, 'admin')).access_token;
  const merch = await makeCategory(app, shop, admin, { name: 'Clothing' });
  const item = async (body: Record<string, unknown>, categoryId = merch.guId) =>
    (await makeItem(app, shop, admin, categoryId, body)).guId;
  const supplier = await app.inject({
    method: 'POST',
    url: '/rest/itemSupplier',
    headers: bearer(admin, shop.host),
    payload: { name: 'Cotton Co' },
  });
  const shirt = await item({
    name: 'Studio T-shirt',
    price: 25,
    stock: 5,
    sku: 'TS-1',
    supplierId: JSON.parse(supplier.body).guId,
  });
  const mat = await item({ name: 'Yoga mat', price: 40, stock: 10 });
  const bottle = await item({
    name: 'Water bottle',
    price: 12.5,
    stock: null,
    isTaxable: false,
    isChargeCreditCardFees: false,
  });
  const hidden = await item({ name: 'Staff hoodie', price: 30, isVisible: false });
  const archived = await item({ name: 'Old cap', price: 9 });
  await app.inject({ method: 'DELETE', url: `/rest/item/${archived}`, headers: bearer(admin, shop.host) });
  const kit = (await makeBundle(app, shop, admin, [{ itemId: mat, qty: 1 }], { name: 'Starter kit', price: 35 })).guId;
  const secret = await makeCategory(app, shop, admin, { name: 'Secret', isVisible: false });
  const inHiddenCategory = await item({ name: 'Secret socks', price: 5 }, secret.guId);
  const courses = await makeCategory(app, shop, admin, { name: 'Courses', categoryType: 'SERVICE' });
  const service = await item({ name: 'Private lesson', price: 50 }, courses.guId);
  const otherAdmin = (await loginAs(app, other, 'admin')).access_token;
  const foreign = await makeCategory(app, other, otherAdmin);
  const foreignItem = (await makeItem(app, other, otherAdmin, foreign.guId, { stock: 3 })).guId;
  return {
    shop,
    other,
    adminToken: admin,
    merchId: merch.guId,
    shirt,
    mat,
    bottle,
    kit,
    hidden,
    archived,
    inHiddenCategory,
    service,
    foreignItem,
  };
}

/** A call with no login on the tenant's host. */
export function visit(app: App, tenant: TestTenant) {
  return (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { host: tenant.host, ...headers }, payload, remoteAddress: '10.1.2.3' });
}
