import type { Item, ItemCategory, ItemCategoryDetail, ItemCategoryList, ProductsByType } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { json, loginAs, newTenant } from '../../../test/helpers.ts';
import { errorOf, makeBundle, makeCategory, makeItem, studiosWithCaller } from './catalogue-fixtures.ts';

const { ctx, call } = studiosWithCaller(['admin', 'frontdesk', 'student']);

describe('POST /snode/icategory', () => {
  it('adds a category; the type may come in the client’s lower case', async () => {
    const response = await call(ctx.admin, ctx.tenant, 'POST', '/snode/icategory', {
      name: ' Apparel ',
      categoryType: 'product',
      description: 'Shirts and hats',
    });
    expect(response.statusCode).toBe(201);
    expect(json<ItemCategory>(response)).toMatchObject({
      name: 'Apparel',
      categoryType: 'PRODUCT',
      description: 'Shirts and hats',
      isVisible: true,
      isArchived: false,
      sequence: 0,
      imageId: null,
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required!'],
    [{ categoryType: 'FOOD' }, 'categoryType', 'type must be one of PRODUCT, SERVICE, BUNDLE'],
    [{ categoryType: undefined }, 'categoryType', undefined],
    [{ imageId: crypto.randomUUID() }, 'imageId', 'Image not found.'],
    [{ isVisible: 1 }, 'isVisible', 'isVisible must be true or false'],
  ])('refuses %j naming the field', async (patch, field, message) => {
    const response = await call(ctx.admin, ctx.tenant, 'POST', '/snode/icategory', {
      name: 'Bad',
      categoryType: 'PRODUCT',
      ...patch,
    });
    expect([400, 404]).toContain(response.statusCode);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (message) expect(error.message).toBe(message);
  });

  it('is for admins and staff only', async () => {
    expect((await call(ctx.frontdesk, ctx.tenant, 'POST', '/snode/icategory', {})).statusCode).toBe(403);
    expect((await call(ctx.student, ctx.tenant, 'POST', '/snode/icategory', {})).statusCode).toBe(403);
  });
});

describe('GET /rest/itemCategory and /snode/icategory', () => {
  it('lists by type with stats, pages up to 1000, hides archived unless asked; tenants apart', async () => {
    const t = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, t, 'admin')).access_token;
    const shirts = await makeCategory(ctx.app, t, token, { name: 'Shirts', sequence: 2 });
    const mugs = await makeCategory(ctx.app, t, token, { name: 'Mugs', sequence: 1 });
    const course = await makeCategory(ctx.app, t, token, { name: 'Yoga 101', categoryType: 'SERVICE' });
    const old = await makeCategory(ctx.app, t, token, { name: 'Old' });
    await call(token, t, 'PUT', `/snode/icategory/${old.guId}`, { isArchived: true });
    await makeItem(ctx.app, t, token, shirts.guId, { stock: 3 });
    await makeItem(ctx.app, t, token, shirts.guId, { stock: null });
    const gone = await makeItem(ctx.app, t, token, shirts.guId, { stock: 7 });
    await call(token, t, 'DELETE', `/rest/item/${gone.guId}`);

    const products = json<ItemCategoryList>(
      await call(token, t, 'GET', '/rest/itemCategory?type=product&include=stats&start=0&length=1000'),
    );
    expect(products.recordsTotal).toBe(2);
    expect(products.data.map((c) => c.name)).toEqual(['Mugs', 'Shirts']);
    expect(products.data[1]?.stats).toEqual({ itemCount: 2, archivedCount: 1, stockTotal: 3 });
    expect(products.data[0]?.stats).toEqual({ itemCount: 0, archivedCount: 0, stockTotal: 0 });

    const services = json<ItemCategoryList>(
      await call(token, t, 'GET', '/snode/icategory?type=service&start=0&length=1000'),
    );
    expect(services.data.map((c) => c.guId)).toEqual([course.guId]);
    expect(services.data[0]?.stats).toBeUndefined();

    const withArchived = json<ItemCategoryList>(await call(token, t, 'GET', '/rest/itemCategory?isShowArchived=true'));
    expect(withArchived.data.map((c) => c.guId)).toContain(old.guId);
    const page = json<ItemCategoryList>(
      await call(token, t, 'GET', '/rest/itemCategory?type=PRODUCT&start=1&length=1'),
    );
    expect(page).toMatchObject({ recordsTotal: 2, data: [{ guId: shirts.guId }] });
    expect(json<ItemCategoryList>(await call(token, t, 'GET', '/rest/itemCategory?search=mug')).data).toEqual([
      expect.objectContaining({ guId: mugs.guId }),
    ]);

    const theirs = json<ItemCategoryList>(
      await call(ctx.otherAdmin, ctx.other, 'GET', '/rest/itemCategory?isShowArchived=true'),
    );
    expect(theirs.data.map((c) => c.guId)).not.toContain(shirts.guId);
    expect((await call(ctx.frontdesk, ctx.tenant, 'GET', '/snode/icategory')).statusCode).toBe(200);
    expect((await call(ctx.student, ctx.tenant, 'GET', '/snode/icategory')).statusCode).toBe(403);
  });

  it.each([
    ['?length=1001', 'querystring.length'],
    ['?include=everything', 'querystring.include'],
    ['?type=x', 'querystring.type'],
  ])('refuses %s', async (query, field) => {
    const response = await call(ctx.admin, ctx.tenant, 'GET', `/rest/itemCategory${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });
});

describe('one category: GET, PUT, DELETE, items', () => {
  it('answers it with its items (include=details,template) and lists its items', async () => {
    const category = await makeCategory(ctx.app, ctx.tenant, ctx.admin, { name: 'Detail' });
    const visible = await makeItem(ctx.app, ctx.tenant, ctx.admin, category.guId, { name: 'A visible' });
    const hidden = await makeItem(ctx.app, ctx.tenant, ctx.admin, category.guId, {
      name: 'B hidden',
      isVisible: false,
    });
    const archived = await makeItem(ctx.app, ctx.tenant, ctx.admin, category.guId, { name: 'C archived' });
    await call(ctx.admin, ctx.tenant, 'DELETE', `/rest/item/${archived.guId}`);

    const detail = json<ItemCategoryDetail>(
      await call(ctx.admin, ctx.tenant, 'GET', `/snode/icategory/${category.guId}?include=details,template`),
    );
    expect(detail.items?.map((i) => i.guId)).toEqual([visible.guId, hidden.guId, archived.guId]);
    const plain = json<ItemCategoryDetail>(
      await call(ctx.admin, ctx.tenant, 'GET', `/rest/itemCategory/${category.guId}`),
    );
    expect(plain.items).toBeUndefined();

    const items = (query: string) =>
      call(ctx.admin, ctx.tenant, 'GET', `/rest/itemCategory/${category.guId}/items${query}`);
    expect(json<Item[]>(await items('')).map((i) => i.guId)).toEqual([visible.guId, hidden.guId]);
    expect(json<Item[]>(await items('?include=disabled')).map((i) => i.guId)).toEqual([
      visible.guId,
      hidden.guId,
      archived.guId,
    ]);
    expect(json<Item[]>(await items('?isVisible=true')).map((i) => i.guId)).toEqual([visible.guId]);
  });

  it('changes the fields sent, on both paths', async () => {
    const category = await makeCategory(ctx.app, ctx.tenant, ctx.admin, { name: 'Before' });
    const renamed = await call(ctx.admin, ctx.tenant, 'PUT', `/snode/icategory/${category.guId}`, { name: 'After' });
    expect(json<ItemCategory>(renamed)).toMatchObject({ name: 'After', categoryType: 'PRODUCT', isVisible: true });
    const hidden = await call(ctx.admin, ctx.tenant, 'PUT', `/rest/itemCategory/${category.guId}`, {
      isVisible: false,
    });
    expect(json<ItemCategory>(hidden)).toMatchObject({ name: 'After', isVisible: false });
    const typeChange = await call(ctx.admin, ctx.tenant, 'PUT', `/rest/itemCategory/${category.guId}`, {
      categoryType: 'SERVICE',
    });
    expect(typeChange.statusCode).toBe(400);
  });

  it('deletes an empty category; one with items (archived too) stays', async () => {
    const empty = await makeCategory(ctx.app, ctx.tenant, ctx.admin);
    const full = await makeCategory(ctx.app, ctx.tenant, ctx.admin);
    const item = await makeItem(ctx.app, ctx.tenant, ctx.admin, full.guId);
    await call(ctx.admin, ctx.tenant, 'DELETE', `/rest/item/${item.guId}`);
    const refused = await call(ctx.admin, ctx.tenant, 'DELETE', `/rest/itemCategory/${full.guId}`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({
      field: 'id',
      message: 'This category still has items. Move them to another category first.',
    });
    expect((await call(ctx.frontdesk, ctx.tenant, 'DELETE', `/rest/itemCategory/${empty.guId}`)).statusCode).toBe(403);
    expect((await call(ctx.admin, ctx.tenant, 'DELETE', `/rest/itemCategory/${empty.guId}`)).statusCode).toBe(200);
    expect((await call(ctx.admin, ctx.tenant, 'GET', `/rest/itemCategory/${empty.guId}`)).statusCode).toBe(404);
  });

  it('another tenant’s category is a 404 on every path', async () => {
    const mine = await makeCategory(ctx.app, ctx.tenant, ctx.admin, { name: 'Private' });
    for (const [method, url, body] of [
      ['GET', `/rest/itemCategory/${mine.guId}`],
      ['GET', `/snode/icategory/${mine.guId}?include=details`],
      ['GET', `/rest/itemCategory/${mine.guId}/items`],
      ['PUT', `/snode/icategory/${mine.guId}`, { name: 'Stolen' }],
      ['PUT', `/rest/itemCategory/${mine.guId}`, { name: 'Stolen' }],
      ['DELETE', `/rest/itemCategory/${mine.guId}`],
    ] as const) {
      const response = await call(ctx.otherAdmin, ctx.other, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(json<ItemCategory>(await call(ctx.admin, ctx.tenant, 'GET', `/rest/itemCategory/${mine.guId}`)).name).toBe(
      'Private',
    );
    const bad = await call(ctx.admin, ctx.tenant, 'GET', '/rest/itemCategory/nope');
    expect(errorOf(bad.body).field).toBe('params.id');
  });
});

describe('GET /snode/icategory/products', () => {
  it('groups sellable categories and items into courses, merchandise and bundles', async () => {
    const t = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, t, 'admin')).access_token;
    const shirts = await makeCategory(ctx.app, t, token, { name: 'Shirts' });
    const yoga = await makeCategory(ctx.app, t, token, { name: 'Yoga', categoryType: 'SERVICE' });
    const hiddenCategory = await makeCategory(ctx.app, t, token, { name: 'Hidden', isVisible: false });
    const shirt = await makeItem(ctx.app, t, token, shirts.guId, { name: 'Shirt' });
    await makeItem(ctx.app, t, token, shirts.guId, { name: 'Invisible', isVisible: false });
    const old = await makeItem(ctx.app, t, token, shirts.guId, { name: 'Old' });
    await call(token, t, 'DELETE', `/rest/item/${old.guId}`);
    await makeItem(ctx.app, t, token, hiddenCategory.guId);
    const fee = await makeItem(ctx.app, t, token, yoga.guId, { name: 'Course fee' });
    const bundle = await makeBundle(ctx.app, t, token, [{ itemId: shirt.guId, qty: 2 }]);

    const all = json<ProductsByType>(await call(token, t, 'GET', '/snode/icategory/products'));
    expect(all.merchandise.map((c) => [c.name, c.items.map((i) => i.name)])).toEqual([['Shirts', ['Shirt']]]);
    expect(all.courses.map((c) => [c.name, c.items.map((i) => i.guId)])).toEqual([['Yoga', [fee.guId]]]);
    expect(all.bundles.map((c) => [c.name, c.items.map((i) => i.guId)])).toEqual([['Bundles', [bundle.guId]]]);

    const some = json<ProductsByType>(await call(token, t, 'GET', '/snode/icategory/products?types=product,BUNDLE'));
    expect(some.courses).toEqual([]);
    expect(some.merchandise).toHaveLength(1);
    const bad = await call(token, t, 'GET', '/snode/icategory/products?types=PRODUCT,FOOD');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('querystring.types');
    const theirs = json<ProductsByType>(await call(ctx.otherAdmin, ctx.other, 'GET', '/snode/icategory/products'));
    expect(JSON.stringify(theirs)).not.toContain(shirt.guId);
  });
});
