import type { Item, ItemCategory, ItemList, ItemSupplier } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { readTenant } from '../../db/client.ts';
import { items } from '../../db/schema/index.ts';
import { caller, errorOf, makeCategory, makeItem } from './catalogue-fixtures.ts';

let app: App;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let staff: string;
let frontdesk: string;
let student: string;
let otherAdmin: string;
let apparel: ItemCategory;
let theirs: ItemCategory;
let call: ReturnType<typeof caller>;

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  ({ tenant, other, admin, staff, frontdesk, student, otherAdmin } = await twoStudios(app, [
    'admin',
    'staff',
    'frontdesk',
    'student',
  ]));
  apparel = await makeCategory(app, tenant, admin, { name: 'Apparel' });
  theirs = await makeCategory(app, other, otherAdmin, { name: 'Their apparel' });
});

async function storedPriceMinor(t: TestTenant, id: string): Promise<number | undefined> {
  const [row] = await readTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .select({ priceMinor: items.priceMinor })
      .from(items)
      .where(and(eq(items.tenantId, t.tenantId), eq(items.id, id))),
  );
  return row?.priceMinor;
}

async function uploadImage(t: TestTenant, token: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/media',
    headers: { ...bearer(token, t.host), 'content-type': 'image/png', 'x-file-name': 'shirt.png' },
    payload: PNG,
  });
  expect(response.statusCode).toBe(201);
  return json<{ id: string }>(response).id;
}

describe('POST /rest/item', () => {
  it('adds a product with every field; the decimal price is kept in minor units', async () => {
    const supplier = json<ItemSupplier>(
      await call(admin, tenant, 'POST', '/rest/itemSupplier', { name: 'Cotton Co', email: 'Sales@Cotton.test' }),
    );
    const imageId = await uploadImage(tenant, admin);
    const response = await call(admin, tenant, 'POST', '/rest/item', {
      name: '  T-shirt ',
      description: 'Organic cotton',
      categoryId: apparel.guId,
      price: 19.99,
      isTaxable: false,
      isChargeCreditCardFees: false,
      imageId,
      isVisible: false,
      stock: 3,
      supplierId: supplier.guId,
      sku: 'TS-1',
    });
    expect(response.statusCode).toBe(201);
    const item = json<Item>(response);
    expect(item).toMatchObject({
      kind: 'product',
      name: 'T-shirt',
      description: 'Organic cotton',
      categoryId: apparel.guId,
      categoryName: 'Apparel',
      categoryType: 'PRODUCT',
      price: 19.99,
      currency: 'USD',
      isTaxable: false,
      isChargeCreditCardFees: false,
      imageId,
      imageUrl: `/media/${imageId}`,
      isVisible: false,
      isArchived: false,
      stock: 3,
      supplierId: supplier.guId,
      supplierName: 'Cotton Co',
      sku: 'TS-1',
    });
    expect(await storedPriceMinor(tenant, item.guId)).toBe(1999);
    // deleting the image from the media library clears the reference, not the item
    expect((await call(admin, tenant, 'DELETE', `/media/${imageId}`)).statusCode).toBe(200);
    const after = json<Item>(await call(admin, tenant, 'GET', `/rest/item/${item.guId}`));
    expect(after).toMatchObject({ imageId: null, imageUrl: null, name: 'T-shirt' });
  });

  it('defaults: taxable, card fees on, visible, stock not tracked, no supplier', async () => {
    const item = await makeItem(app, tenant, admin, apparel.guId, { price: 0 });
    expect(item).toMatchObject({
      price: 0,
      isTaxable: true,
      isChargeCreditCardFees: true,
      isVisible: true,
      stock: null,
      supplierId: null,
      imageId: null,
      sku: '',
      description: '',
    });
  });

  it('puts an item of a SERVICE (course) category down as a service', async () => {
    const courses = await makeCategory(app, tenant, admin, { categoryType: 'course' });
    expect(courses.categoryType).toBe('SERVICE');
    const fee = await makeItem(app, tenant, admin, courses.guId);
    expect(fee).toMatchObject({ kind: 'service', categoryType: 'SERVICE' });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required!'],
    [{ name: undefined }, 'name', 'Name is required!'],
    [{ price: -1 }, 'price', 'price must be 0 or more'],
    [{ price: 12.345 }, 'price', 'price must be between 0 and 999999.99 with at most 2 decimals'],
    [{ price: 1_000_000 }, 'price', 'price must be at most 999999.99'],
    [{ price: '12' }, 'price', 'Price is required!'],
    [{ price: undefined }, 'price', 'Price is required!'],
    [{ categoryId: undefined }, 'categoryId', 'Category is required!'],
    [{ categoryId: 'nope' }, 'categoryId', 'Category is required!'],
    [{ stock: -1 }, 'stock', 'stock must be 0 or more'],
    [{ stock: 1.5 }, 'stock', 'stock must be a whole number'],
    [{ isTaxable: 'yes' }, 'isTaxable', 'isTaxable must be true or false'],
    [{ imageId: 'x' }, 'imageId', 'imageId must be an id'],
    [{ sku: 'x'.repeat(65) }, 'sku', 'sku must be at most 64 characters'],
    [{ colour: 'red' }, 'body', undefined],
  ])('refuses %j with a 400 naming the field', async (patch, field, message) => {
    const response = await call(admin, tenant, 'POST', '/rest/item', {
      name: 'Bad',
      categoryId: apparel.guId,
      price: 5,
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (message) expect(error.message).toBe(message);
  });

  it('an unknown category, supplier or image, or another tenant’s, is a 404 naming the field', async () => {
    const theirSupplier = json<ItemSupplier>(
      await call(otherAdmin, other, 'POST', '/rest/itemSupplier', { name: 'Theirs' }),
    );
    const theirImage = await uploadImage(other, otherAdmin);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ categoryId: crypto.randomUUID() }, 'categoryId', 'Category not found.'],
      [{ categoryId: theirs.guId }, 'categoryId', 'Category not found.'],
      [{ supplierId: theirSupplier.guId }, 'supplierId', 'Supplier not found.'],
      [{ imageId: theirImage }, 'imageId', 'Image not found.'],
    ];
    for (const [patch, field, message] of cases) {
      const response = await call(admin, tenant, 'POST', '/rest/item', {
        name: 'Ref',
        categoryId: apparel.guId,
        price: 1,
        ...patch,
      });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body)).toEqual({ message, code: 'not_found', field });
    }
  });

  it('refuses a BUNDLE category (bundles are made at /snode/pbundle)', async () => {
    const bundles = await makeCategory(app, tenant, admin, { categoryType: 'BUNDLE' });
    const response = await call(admin, tenant, 'POST', '/rest/item', { name: 'X', categoryId: bundles.guId, price: 1 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe('categoryId');
  });

  it('takes the tenant’s currency: whole yen, three-decimal dinars', async () => {
    const yen = await newTenant(app, { settings: { currency: 'jpy' } });
    const yenAdmin = (await loginAs(app, yen, 'admin')).access_token;
    const category = await makeCategory(app, yen, yenAdmin);
    const item = await makeItem(app, yen, yenAdmin, category.guId, { price: 1500 });
    expect(item).toMatchObject({ price: 1500, currency: 'JPY' });
    expect(await storedPriceMinor(yen, item.guId)).toBe(1500);
    const fraction = await call(yenAdmin, yen, 'POST', '/rest/item', {
      name: 'X',
      categoryId: category.guId,
      price: 1.5,
    });
    expect(fraction.statusCode).toBe(400);
    expect(errorOf(fraction.body)).toMatchObject({ field: 'price' });
  });

  it('is for admins and staff; the front desk and students are refused before the body is read', async () => {
    expect(
      (await call(staff, tenant, 'POST', '/rest/item', { name: 'S', categoryId: apparel.guId, price: 1 })).statusCode,
    ).toBe(201);
    for (const token of [frontdesk, student]) {
      expect((await call(token, tenant, 'POST', '/rest/item', { nonsense: true })).statusCode).toBe(403);
    }
    const anonymous = await app.inject({ method: 'POST', url: '/rest/item', headers: { host: tenant.host } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a SERVICE category’s items need the Manage Courses permission', async () => {
    const t = await newTenant(app);
    const tAdmin = (await loginAs(app, t, 'admin')).access_token;
    const tStaff = (await loginAs(app, t, 'staff')).access_token;
    const courses = await makeCategory(app, t, tAdmin, { categoryType: 'SERVICE' });
    const products = await makeCategory(app, t, tAdmin);
    const roles = await call(tAdmin, t, 'PUT', '/rest/settings/roles', {
      tenantRoles: [
        {
          role: 'ROLE_STAFF',
          isAllowCreateClasses: true,
          isShowCourse: false,
          isShowContactsList: true,
          isShowOffers: true,
        },
      ],
    });
    expect(roles.statusCode).toBe(200);
    const denied = await call(tStaff, t, 'POST', '/rest/item', { name: 'Fee', categoryId: courses.guId, price: 1 });
    expect(denied.statusCode).toBe(403);
    expect(
      (await call(tStaff, t, 'POST', '/rest/item', { name: 'Mug', categoryId: products.guId, price: 1 })).statusCode,
    ).toBe(201);
    expect((await call(tStaff, t, 'POST', '/snode/icategory', { name: 'C', categoryType: 'SERVICE' })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /rest/item', () => {
  it('pages, searches by name or sku, filters by category and hides archived items unless asked', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const shirts = await makeCategory(app, t, token, { name: 'Shirts' });
    const mugs = await makeCategory(app, t, token, { name: 'Mugs' });
    const a = await makeItem(app, t, token, shirts.guId, { name: 'Alpha shirt', sku: 'SH-A' });
    const b = await makeItem(app, t, token, shirts.guId, { name: 'beta shirt' });
    const c = await makeItem(app, t, token, mugs.guId, { name: 'Camp mug', sku: 'MUG-100%' });
    expect((await call(token, t, 'DELETE', `/rest/item/${b.guId}`)).statusCode).toBe(200);

    const get = async (query: string) => json<ItemList>(await call(token, t, 'GET', `/rest/item${query}`));
    expect((await get('')).data.map((i) => i.guId)).toEqual([a.guId, c.guId]);
    expect((await get('?isShowArchived=true')).data.map((i) => i.guId)).toEqual([a.guId, b.guId, c.guId]);
    expect((await get('?isShowArchived=true')).data[1]?.isArchived).toBe(true);
    expect((await get(`?categoryId=${mugs.guId}`)).data.map((i) => i.guId)).toEqual([c.guId]);
    expect((await get('?search=ALPHA')).data.map((i) => i.guId)).toEqual([a.guId]);
    expect((await get('?search=sh-a')).data.map((i) => i.guId)).toEqual([a.guId]);
    // % is a character, not a wildcard
    expect((await get('?search=100%25')).data.map((i) => i.guId)).toEqual([c.guId]);
    expect((await get('?search=%25')).data.map((i) => i.guId)).toEqual([c.guId]);
    const page = await get('?start=1&length=1&isShowArchived=true');
    expect(page).toMatchObject({ recordsTotal: 3 });
    expect(page.data.map((i) => i.guId)).toEqual([b.guId]);
    expect(await get('?start=10&length=5')).toEqual({ recordsTotal: 2, data: [] });
    expect((await get('?length=1000')).recordsTotal).toBe(2);
  });

  it.each([
    ['?length=1001', 'querystring.length', 'length must be between 1 and 1000'],
    ['?length=0', 'querystring.length', 'length must be between 1 and 1000'],
    ['?start=-1', 'querystring.start', 'start must be 0 or more'],
    ['?categoryId=x', 'querystring.categoryId', 'categoryId must be an id'],
    ['?isShowArchived=maybe', 'querystring.isShowArchived', 'isShowArchived must be true or false'],
    ['?type=food', 'querystring.type', 'type must be one of PRODUCT, SERVICE, BUNDLE'],
  ])('refuses %s naming the parameter', async (query, field, message) => {
    const response = await call(admin, tenant, 'GET', `/rest/item${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ field, message });
  });

  it('answers every staff role, never a student, and never another tenant’s items', async () => {
    const mine = await makeItem(app, tenant, admin, apparel.guId, { name: 'Mine only' });
    for (const token of [admin, staff, frontdesk]) {
      expect((await call(token, tenant, 'GET', '/rest/item?search=Mine%20only')).statusCode).toBe(200);
    }
    expect((await call(student, tenant, 'GET', '/rest/item')).statusCode).toBe(403);
    const theirList = json<ItemList>(
      await call(otherAdmin, other, 'GET', '/rest/item?length=1000&isShowArchived=true'),
    );
    expect(theirList.data.map((i) => i.guId)).not.toContain(mine.guId);
    expect((await call(otherAdmin, other, 'GET', `/rest/item/${mine.guId}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, other, 'GET', `/rest/item?categoryId=${apparel.guId}`)).body).toContain('"data":[]');
  });
});

describe('PUT and DELETE /rest/item/{id}', () => {
  it('changes only the fields sent, untracks the stock, moves the item to another category', async () => {
    const item = await makeItem(app, tenant, admin, apparel.guId, { price: 10, stock: 5, sku: 'K' });
    const hats = await makeCategory(app, tenant, admin, { name: 'Hats' });
    const response = await call(admin, tenant, 'PUT', `/rest/item/${item.guId}`, {
      price: 12.5,
      stock: null,
      categoryId: hats.guId,
    });
    expect(response.statusCode).toBe(200);
    expect(json<Item>(response)).toMatchObject({
      name: item.name,
      sku: 'K',
      price: 12.5,
      stock: null,
      categoryId: hats.guId,
      categoryName: 'Hats',
    });
    expect(await storedPriceMinor(tenant, item.guId)).toBe(1250);
  });

  it('keeps an item in categories of its own type', async () => {
    const item = await makeItem(app, tenant, admin, apparel.guId);
    const courses = await makeCategory(app, tenant, admin, { categoryType: 'SERVICE' });
    const response = await call(admin, tenant, 'PUT', `/rest/item/${item.guId}`, { categoryId: courses.guId });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe('categoryId');
  });

  it('archives (DELETE) and restores (PUT isArchived false)', async () => {
    const item = await makeItem(app, tenant, admin, apparel.guId, { name: 'Archivable' });
    const archived = await call(staff, tenant, 'DELETE', `/rest/item/${item.guId}`);
    expect(archived.statusCode).toBe(200);
    expect(json(archived)).toEqual({ message: 'Product archived.' });
    expect(json<Item>(await call(admin, tenant, 'GET', `/rest/item/${item.guId}`)).isArchived).toBe(true);
    expect(json<ItemList>(await call(admin, tenant, 'GET', '/rest/item?search=Archivable')).data).toEqual([]);
    const restored = await call(admin, tenant, 'PUT', `/rest/item/${item.guId}`, { isArchived: false });
    expect(restored.statusCode).toBe(200);
    expect(json<Item>(restored).isArchived).toBe(false);
    expect(json<ItemList>(await call(admin, tenant, 'GET', '/rest/item?search=Archivable')).recordsTotal).toBe(1);
  });

  it('another tenant’s item is a 404 for every verb; a malformed id a 400; the front desk a 403', async () => {
    const mine = await makeItem(app, tenant, admin, apparel.guId, { name: 'Kept' });
    expect((await call(otherAdmin, other, 'PUT', `/rest/item/${mine.guId}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call(otherAdmin, other, 'DELETE', `/rest/item/${mine.guId}`)).statusCode).toBe(404);
    expect((await call(admin, tenant, 'PUT', `/rest/item/${crypto.randomUUID()}`, { name: 'X' })).statusCode).toBe(404);
    const bad = await call(admin, tenant, 'PUT', '/rest/item/nope', { name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('params.id');
    expect((await call(frontdesk, tenant, 'PUT', `/rest/item/${mine.guId}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call(frontdesk, tenant, 'DELETE', `/rest/item/${mine.guId}`)).statusCode).toBe(403);
    const still = json<Item>(await call(admin, tenant, 'GET', `/rest/item/${mine.guId}`));
    expect(still).toMatchObject({ name: 'Kept', isArchived: false });
  });

  it.each([
    [{ name: ' ' }, 'name'],
    [{ price: -0.01 }, 'price'],
    [{ price: 0.001 }, 'price'],
    [{ stock: -3 }, 'stock'],
    [{ isArchived: 'no' }, 'isArchived'],
    [{ kind: 'bundle' }, 'body'],
  ])('refuses %j with a 400 naming the field', async (patch, field) => {
    const item = await makeItem(app, tenant, admin, apparel.guId);
    const response = await call(admin, tenant, 'PUT', `/rest/item/${item.guId}`, patch);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });
});

describe('/rest/itemSupplier', () => {
  it('adds and lists suppliers by name; names are unique ignoring case; tenants apart', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const made = await call(token, t, 'POST', '/rest/itemSupplier', { name: 'Zeta Prints', phone: '555' });
    expect(made.statusCode).toBe(201);
    expect(json<ItemSupplier>(made)).toMatchObject({ name: 'Zeta Prints', email: '', phone: '555', notes: '' });
    await call(token, t, 'POST', '/rest/itemSupplier', { name: 'Acme' });
    const again = await call(token, t, 'POST', '/rest/itemSupplier', { name: 'zeta prints' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.body)).toMatchObject({ field: 'name', message: 'A supplier with this name already exists.' });
    const list = json<ItemSupplier[]>(await call(token, t, 'GET', '/rest/itemSupplier'));
    expect(list.map((s) => s.name)).toEqual(['Acme', 'Zeta Prints']);
    expect(
      json<ItemSupplier[]>(await call(otherAdmin, other, 'GET', '/rest/itemSupplier')).map((s) => s.name),
    ).not.toContain('Acme');
    // the same name in another tenant is fine
    expect((await call(otherAdmin, other, 'POST', '/rest/itemSupplier', { name: 'Acme' })).statusCode).toBe(201);
  });

  it('validates and guards', async () => {
    const bad = await call(admin, tenant, 'POST', '/rest/itemSupplier', { name: 'X', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('email');
    const noName = await call(admin, tenant, 'POST', '/rest/itemSupplier', {});
    expect(errorOf(noName.body)).toMatchObject({ field: 'name', message: 'Name is required!' });
    expect((await call(frontdesk, tenant, 'POST', '/rest/itemSupplier', { name: 'F' })).statusCode).toBe(403);
    expect((await call(frontdesk, tenant, 'GET', '/rest/itemSupplier')).statusCode).toBe(200);
    expect((await call(student, tenant, 'GET', '/rest/itemSupplier')).statusCode).toBe(403);
  });
});
