import type { Bundle, BundleList, Item, ItemCategory } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { caller, errorOf, makeBundle, makeCategory, makeItem } from './catalogue-fixtures.ts';

let app: App;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let frontdesk: string;
let otherAdmin: string;
let shirt: Item;
let mug: Item;
let theirItem: Item;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  ({ tenant, other, admin, frontdesk, otherAdmin } = await twoStudios(app, ['admin', 'frontdesk']));
  const apparel = await makeCategory(app, tenant, admin, { name: 'Apparel' });
  shirt = await makeItem(app, tenant, admin, apparel.guId, { name: 'Shirt', price: 20 });
  mug = await makeItem(app, tenant, admin, apparel.guId, { name: 'Mug', price: 8.5 });
  const theirs = await makeCategory(app, other, otherAdmin);
  theirItem = await makeItem(app, other, otherAdmin, theirs.guId);
});

describe('POST /snode/pbundle', () => {
  it('adds a bundle of items with quantities at its own price, in the default Bundles category', async () => {
    const response = await call(admin, tenant, 'POST', '/snode/pbundle', {
      name: 'Starter kit',
      price: 40,
      items: [
        { itemId: shirt.guId, qty: 1 },
        { itemId: mug.guId, qty: 2 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const bundle = json<Bundle>(response);
    expect(bundle).toMatchObject({
      name: 'Starter kit',
      price: 40,
      currency: 'USD',
      itemsValue: 37,
      categoryName: 'Bundles',
      isArchived: false,
      isVisible: true,
      items: [
        { itemId: shirt.guId, name: 'Shirt', qty: 1, price: 20 },
        { itemId: mug.guId, name: 'Mug', qty: 2, price: 8.5 },
      ],
    });
    // the next bundle joins the same category; bundles are not in the product list
    const second = await makeBundle(app, tenant, admin, [{ itemId: mug.guId, qty: 1 }]);
    expect(second.categoryId).toBe(bundle.categoryId);
    const products = json<{ data: Item[] }>(await call(admin, tenant, 'GET', '/rest/item?length=1000'));
    expect(products.data.map((i) => i.guId)).not.toContain(bundle.guId);
    expect((await call(admin, tenant, 'GET', `/rest/item/${bundle.guId}`)).statusCode).toBe(404);
  });

  it('goes into a named BUNDLE category, never another type', async () => {
    const gifts = await makeCategory(app, tenant, admin, { name: 'Gift sets', categoryType: 'BUNDLE' });
    const bundle = await makeBundle(app, tenant, admin, [{ itemId: shirt.guId, qty: 1 }], { categoryId: gifts.guId });
    expect(bundle.categoryName).toBe('Gift sets');
    const wrong = await call(admin, tenant, 'POST', '/snode/pbundle', {
      name: 'X',
      price: 1,
      categoryId: shirt.categoryId,
      items: [{ itemId: shirt.guId, qty: 1 }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body).field).toBe('categoryId');
  });

  it.each([
    [{ items: [] }, 'items', 'Add at least one item to the bundle.'],
    [{ items: undefined }, 'items', undefined],
    [{ items: [{ itemId: 'SHIRT', qty: 0 }] }, 'items.0.qty', 'qty must be at least 1'],
    [{ items: [{ itemId: 'SHIRT', qty: 1.5 }] }, 'items.0.qty', 'qty must be a whole number'],
    [
      {
        items: [
          { itemId: 'SHIRT', qty: 1 },
          { itemId: 'SHIRT', qty: 2 },
        ],
      },
      'items.1.itemId',
      'Each item may appear only once in a bundle.',
    ],
    [{ price: -5 }, 'price', 'price must be 0 or more'],
    [{ name: '' }, 'name', 'Name is required!'],
  ])('refuses %j with a 400 naming the field', async (patch, field, message) => {
    const body = JSON.parse(
      JSON.stringify({ name: 'Bad', price: 5, items: [{ itemId: 'SHIRT', qty: 1 }], ...patch }).replaceAll(
        'SHIRT',
        shirt.guId,
      ),
    );
    const response = await call(admin, tenant, 'POST', '/snode/pbundle', body);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (message) expect(error.message).toBe(message);
  });

  it('refuses another tenant’s item (404), a bundle in a bundle and an archived item', async () => {
    const foreign = await call(admin, tenant, 'POST', '/snode/pbundle', {
      name: 'X',
      price: 1,
      items: [
        { itemId: shirt.guId, qty: 1 },
        { itemId: theirItem.guId, qty: 1 },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body)).toEqual({ code: 'not_found', message: 'Item not found.', field: 'items.1.itemId' });

    const inner = await makeBundle(app, tenant, admin, [{ itemId: shirt.guId, qty: 1 }]);
    const nested = await call(admin, tenant, 'POST', '/snode/pbundle', {
      name: 'X',
      price: 1,
      items: [{ itemId: inner.guId, qty: 1 }],
    });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested.body).message).toBe('A bundle cannot contain another bundle.');

    const apparel = shirt.categoryId;
    const old = await makeItem(app, tenant, admin, apparel);
    await call(admin, tenant, 'DELETE', `/rest/item/${old.guId}`);
    const archived = await call(admin, tenant, 'POST', '/snode/pbundle', {
      name: 'X',
      price: 1,
      items: [{ itemId: old.guId, qty: 1 }],
    });
    expect(archived.statusCode).toBe(400);
    expect(errorOf(archived.body).field).toBe('items.0.itemId');
  });

  it('is for admins and staff', async () => {
    expect((await call(frontdesk, tenant, 'POST', '/snode/pbundle', {})).statusCode).toBe(403);
  });
});

describe('GET, PUT /snode/pbundle', () => {
  it('lists with search and paging, archives and restores, replaces the items', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const category: ItemCategory = await makeCategory(app, t, token);
    const a = await makeItem(app, t, token, category.guId, { price: 5 });
    const b = await makeItem(app, t, token, category.guId, { price: 7 });
    const duo = await makeBundle(app, t, token, [{ itemId: a.guId, qty: 1 }], { name: 'Duo pack' });
    const trio = await makeBundle(app, t, token, [{ itemId: b.guId, qty: 3 }], { name: 'Trio pack' });

    const list = async (query: string) => json<BundleList>(await call(token, t, 'GET', `/snode/pbundle${query}`));
    expect((await list('?start=0&max=50')).data.map((x) => x.name)).toEqual(['Duo pack', 'Trio pack']);
    expect((await list('?search=trio')).data.map((x) => x.guId)).toEqual([trio.guId]);
    expect(await list('?start=1&max=1')).toMatchObject({ recordsTotal: 2, data: [{ guId: trio.guId }] });

    const archived = await call(token, t, 'PUT', `/snode/pbundle/${duo.guId}`, { isArchived: true });
    expect(json<Bundle>(archived).isArchived).toBe(true);
    expect((await list('')).data.map((x) => x.guId)).toEqual([trio.guId]);
    expect((await list('?isShowArchived=true')).data.map((x) => x.guId)).toEqual([duo.guId, trio.guId]);
    await call(token, t, 'PUT', `/snode/pbundle/${duo.guId}`, { isArchived: false });
    expect((await list('')).recordsTotal).toBe(2);

    const edited = json<Bundle>(
      await call(token, t, 'PUT', `/snode/pbundle/${duo.guId}`, {
        price: 9.99,
        items: [
          { itemId: b.guId, qty: 2 },
          { itemId: a.guId, qty: 1 },
        ],
      }),
    );
    expect(edited).toMatchObject({ name: 'Duo pack', price: 9.99, itemsValue: 19 });
    expect(edited.items.map((line) => [line.itemId, line.qty])).toEqual([
      [b.guId, 2],
      [a.guId, 1],
    ]);
    expect(json<Bundle>(await call(token, t, 'GET', `/snode/pbundle/${duo.guId}`))).toEqual(edited);
    expect((await call(token, t, 'GET', '/snode/pbundle?max=1001')).statusCode).toBe(400);
  });

  it('another tenant’s bundle is a 404; an item id is not a bundle', async () => {
    const mine = await makeBundle(app, tenant, admin, [{ itemId: shirt.guId, qty: 1 }]);
    expect((await call(otherAdmin, other, 'GET', `/snode/pbundle/${mine.guId}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, other, 'PUT', `/snode/pbundle/${mine.guId}`, { name: 'Stolen' })).statusCode).toBe(
      404,
    );
    expect((await call(admin, tenant, 'GET', `/snode/pbundle/${shirt.guId}`)).statusCode).toBe(404);
    expect((await call(admin, tenant, 'PUT', `/snode/pbundle/${shirt.guId}`, { name: 'X' })).statusCode).toBe(404);
    const theirList = json<BundleList>(await call(otherAdmin, other, 'GET', '/snode/pbundle?isShowArchived=true'));
    expect(theirList.data.map((b) => b.guId)).not.toContain(mine.guId);
    expect((await call(frontdesk, tenant, 'GET', `/snode/pbundle/${mine.guId}`)).statusCode).toBe(200);
    expect((await call(frontdesk, tenant, 'PUT', `/snode/pbundle/${mine.guId}`, { name: 'X' })).statusCode).toBe(403);
  });
});

describe('a bundle’s availability', () => {
  it('is the smallest of its counted items’ stock divided by the quantity per bundle; null when none is counted', async () => {
    const shelf = await makeCategory(app, tenant, admin, { name: 'Shelf' });
    const mat = await makeItem(app, tenant, admin, shelf.guId, { name: 'Mat', stock: 7 });
    const strap = await makeItem(app, tenant, admin, shelf.guId, { name: 'Strap', stock: 10 });
    const card = await makeItem(app, tenant, admin, shelf.guId, { name: 'Card', stock: null });
    const kit = await makeBundle(app, tenant, admin, [
      { itemId: mat.guId, qty: 2 },
      { itemId: strap.guId, qty: 3 },
      { itemId: card.guId, qty: 1 },
    ]);
    expect(kit.available).toBe(3);
    expect(kit.items.map((line) => line.stock)).toEqual([7, 10, null]);
    const uncounted = await makeBundle(app, tenant, admin, [{ itemId: card.guId, qty: 4 }]);
    expect(uncounted.available).toBeNull();

    // a sale takes the stock: the list (as the desk's search reads it) shows what is left
    await call(admin, tenant, 'PUT', `/rest/item/${strap.guId}`, { stock: 5 });
    const listed = json<BundleList>(await call(frontdesk, tenant, 'GET', `/snode/pbundle?search=${kit.name}`));
    expect(listed.data.find((row) => row.guId === kit.guId)?.available).toBe(1);

    await call(admin, tenant, 'DELETE', `/rest/item/${mat.guId}`);
    const archivedItem = json<Bundle>(await call(frontdesk, tenant, 'GET', `/snode/pbundle/${kit.guId}`));
    expect(archivedItem.available).toBe(0);
  });
});
