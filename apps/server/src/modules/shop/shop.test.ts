import type { PublicCart, PublicCatalogue, ShopItemDetail } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, startTestApp } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { errorOf } from '../catalogue/catalogue-fixtures.ts';
import { makeShop, type ShopFixture, visit } from './shop-fixtures.ts';

let app: App;
let f: ShopFixture;
let call: ReturnType<typeof visit>;

beforeAll(async () => {
  app = await startTestApp();
  f = await makeShop(app);
  call = visit(app, f.shop);
});

describe('GET /snode/icategory/public/', () => {
  it('lists visible merchandise and bundle categories with their visible items, nothing a visitor must not see', async () => {
    const response = await call('GET', `/snode/icategory/public/?tid=${f.shop.tenantId}`);
    expect(response.statusCode, response.body).toBe(200);
    const catalogue = json<PublicCatalogue>(response);
    expect(catalogue.currency).toBe('USD');
    const names = catalogue.categories.map((c) => c.name);
    expect(names).toContain('Clothing');
    expect(names).not.toContain('Secret');
    expect(names).not.toContain('Courses');
    const clothing = catalogue.categories.find((c) => c.name === 'Clothing');
    expect(clothing?.items.map((i) => i.name)).toEqual(['Studio T-shirt', 'Water bottle', 'Yoga mat']);
    expect(clothing?.items[0]).toEqual({
      guId: f.shirt,
      kind: 'product',
      name: 'Studio T-shirt',
      description: '',
      categoryId: f.merchId,
      price: 25,
      currency: 'USD',
      imageUrl: null,
      inStock: true,
      stockLeft: 5,
    });
    // Stock is told only when low (5 or fewer); never the supplier, the SKU, the archived or hidden items.
    expect(clothing?.items.find((i) => i.name === 'Yoga mat')?.stockLeft).toBeNull();
    expect(response.body).not.toMatch(/Cotton|TS-1|supplier|sku|Old cap|Staff hoodie|Secret socks/);
    const bundles = catalogue.categories.find((c) => c.categoryType === 'BUNDLE');
    // A bundle is in stock as far as its items are (the mat: 10).
    expect(bundles?.items).toEqual([expect.objectContaining({ guId: f.kit, kind: 'bundle', inStock: true })]);
  });

  it('works with the org id, without a hint, and finds nothing when the hint names another tenant', async () => {
    expect(
      json<PublicCatalogue>(await call('GET', `/snode/icategory/public?tid=${f.shop.orgId}`)).categories,
    ).not.toEqual([]);
    expect(json<PublicCatalogue>(await call('GET', '/snode/icategory/public')).categories).not.toEqual([]);
    const foreign = await call('GET', `/snode/icategory/public/?tid=${f.other.tenantId}`);
    expect(foreign.statusCode).toBe(200);
    expect(json<PublicCatalogue>(foreign).categories).toEqual([]);
    // The other tenant's own host lists its own item only.
    const theirs = json<PublicCatalogue>(await visit(app, f.other)('GET', '/snode/icategory/public/'));
    expect(JSON.stringify(theirs)).not.toContain(f.shirt);
  });

  it('says when an item is sold out', async () => {
    const tenant = await makeShop(app);
    await app.inject({
      method: 'PUT',
      url: `/rest/item/${tenant.shirt}`,
      headers: bearer(tenant.adminToken, tenant.shop.host),
      payload: { stock: 0 },
    });
    const catalogue = json<PublicCatalogue>(await visit(app, tenant.shop)('GET', '/snode/icategory/public/'));
    const shirt = catalogue.categories.flatMap((c) => c.items).find((i) => i.guId === tenant.shirt);
    expect(shirt).toMatchObject({ inStock: false, stockLeft: 0 });
  });
});

describe('GET /public/pitem/{id}', () => {
  it('answers one item a visitor may buy, and a bundle with what it holds', async () => {
    const shirt = await call('GET', `/public/pitem/${f.shirt}?tenant=${f.shop.orgId}`);
    expect(shirt.statusCode, shirt.body).toBe(200);
    expect(json<ShopItemDetail>(shirt)).toMatchObject({ name: 'Studio T-shirt', price: 25, categoryName: 'Clothing' });
    expect(shirt.body).not.toMatch(/Cotton|TS-1/);
    const kit = json<ShopItemDetail>(await call('GET', `/public/pitem/${f.kit}`));
    expect(kit.contents).toEqual([{ name: 'Yoga mat', qty: 1 }]);
  });

  it('is a 404 for hidden, archived, course, hidden-category, unknown and another tenant’s items', async () => {
    for (const id of [f.hidden, f.archived, f.service, f.inHiddenCategory, f.foreignItem, 'not-an-id']) {
      const response = await call('GET', `/public/pitem/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
    const hinted = await call('GET', `/public/pitem/${f.shirt}?tenant=${f.other.orgId}`);
    expect(hinted.statusCode).toBe(404);
  });
});

describe('GET and POST /public/cart', () => {
  const post = (body: object, cartId?: string) =>
    call('POST', '/public/cart', body, cartId ? { 'x-cart-id': cartId } : {});
  const get = (cartId?: string) => call('GET', '/public/cart', undefined, cartId ? { 'x-cart-id': cartId } : {});

  it('an empty cart has no id and is not stored', async () => {
    const none = json<PublicCart>(await get());
    expect(none).toMatchObject({ cartId: null, lines: [], total: 0 });
    expect(json<PublicCart>(await post({ items: [] })).cartId).toBeNull();
  });

  it('stores the cart under a new id and prices it from the catalogue (a price sent is ignored)', async () => {
    const response = await post({ items: [{ guId: f.shirt, qty: 2, price: 0.01 }] });
    expect(response.statusCode, response.body).toBe(200);
    const cart = json<PublicCart>(response);
    expect(cart.cartId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // 2 x 25 = 50, tax 10% = 5, card fee 3% of 55 = 1.65
    expect(cart).toMatchObject({ subtotal: 50, discount: 0, tax: 5, cardFee: 1.65, total: 56.65, notes: [] });
    expect(cart.lines).toEqual([
      expect.objectContaining({ guId: f.shirt, name: 'Studio T-shirt', qty: 2, price: 25, stockLeft: 5 }),
    ]);
    // It persists: another request (a reload, a new browser session) with the id reads it back.
    const again = json<PublicCart>(await get(cart.cartId as string));
    expect(again).toMatchObject({ cartId: cart.cartId, total: 56.65 });
    expect(again.lines.map((l) => [l.guId, l.qty])).toEqual([[f.shirt, 2]]);
    // An unknown id reads as an empty cart, and another tenant's host does not find it.
    expect(json<PublicCart>(await get('x'.repeat(43))).cartId).toBeNull();
    const elsewhere = await visit(app, f.other)('GET', '/public/cart', undefined, {
      'x-cart-id': cart.cartId as string,
    });
    expect(json<PublicCart>(elsewhere)).toMatchObject({ cartId: null, lines: [] });
  });

  it('replaces the lines, merges one item sent twice, and keeps the id', async () => {
    const first = json<PublicCart>(await post({ items: [{ guId: f.shirt, qty: 1 }] }));
    const id = first.cartId as string;
    const second = json<PublicCart>(
      await post(
        {
          items: [
            { guId: f.bottle, qty: 5 },
            { guId: f.bottle, qty: 7 },
          ],
        },
        id,
      ),
    );
    expect(second.cartId).toBe(id);
    expect(second.lines.map((l) => [l.guId, l.qty])).toEqual([[f.bottle, 9]]);
  });

  it('refuses a quantity outside 1 to 9 and a malformed body with a 400 naming the field', async () => {
    for (const qty of [0, 10, 1.5]) {
      const response = await post({ items: [{ guId: f.shirt, qty }] });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe('items.0.qty');
    }
    const noItems = await post({});
    expect(noItems.statusCode).toBe(400);
    expect(errorOf(noItems.body).field).toBe('items');
  });

  it('drops items that cannot be bought with a note, and lowers a quantity above the stock', async () => {
    const response = await post({
      items: [
        { guId: f.hidden, qty: 1 },
        { guId: f.archived, qty: 1 },
        { guId: f.foreignItem, qty: 1 },
        { guId: f.service, qty: 1 },
        { guId: f.shirt, qty: 7 },
        { guId: f.mat, qty: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const cart = json<PublicCart>(response);
    expect(cart.lines.map((l) => [l.guId, l.qty])).toEqual([
      [f.shirt, 5],
      [f.mat, 1],
    ]);
    expect(cart.notes).toEqual([
      'Staff hoodie is no longer available and was removed from your cart.',
      'Old cap is no longer available and was removed from your cart.',
      'An item in your cart is no longer available and was removed.',
      'Private lesson is no longer available and was removed from your cart.',
      'Only 5 of Studio T-shirt left: the quantity was changed to 5.',
    ]);
    expect(response.body).not.toContain(f.foreignItem);
  });

  it('an item archived after it went into the cart drops out when the cart is read, once, with a note', async () => {
    const tenant = await makeShop(app);
    const their = visit(app, tenant.shop);
    const cart = json<PublicCart>(
      await their('POST', '/public/cart', {
        items: [
          { guId: tenant.shirt, qty: 1 },
          { guId: tenant.bottle, qty: 1 },
        ],
      }),
    );
    await app.inject({
      method: 'DELETE',
      url: `/rest/item/${tenant.bottle}`,
      headers: bearer(tenant.adminToken, tenant.shop.host),
    });
    const headers = { 'x-cart-id': cart.cartId as string };
    const read = json<PublicCart>(await their('GET', '/public/cart', undefined, headers));
    expect(read.lines.map((l) => l.guId)).toEqual([tenant.shirt]);
    expect(read.notes).toEqual(['Water bottle is no longer available and was removed from your cart.']);
    expect(json<PublicCart>(await their('GET', '/public/cart', undefined, headers)).notes).toEqual([]);
  });

  it('keeps a code with its alert as a value: a refused code leaves the prices whole, a good one discounts', async () => {
    const admin = bearer(f.adminToken, f.shop.host);
    const offer = await app.inject({
      method: 'POST',
      url: '/item/offer',
      headers: admin,
      payload: {
        offerCode: 'TEN',
        offerType: 'flat',
        discountType: 'percentage',
        discount: 10,
        itemType: 'item',
        appliesOn: 'item',
      },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const refused = await post({ items: [{ guId: f.shirt, qty: 1 }], offerCode: 'Nope' });
    expect(refused.statusCode).toBe(200);
    const cart = json<PublicCart>(refused);
    expect(cart.offer).toEqual({
      valid: false,
      offerCode: 'nope',
      alert: "Offer code 'nope' is invalid.",
      discount: 0,
    });
    expect(cart.discount).toBe(0);
    // The code is stored with the cart: read back, it still carries its alert.
    expect(json<PublicCart>(await get(cart.cartId as string)).offer?.alert).toBe("Offer code 'nope' is invalid.");
    const good = json<PublicCart>(
      await post({ items: [{ guId: f.shirt, qty: 2 }], offerCode: ' TEN ' }, cart.cartId as string),
    );
    expect(good.offer).toMatchObject({ valid: true, offerCode: 'ten', alert: null, discount: 5 });
    expect(good).toMatchObject({ subtotal: 50, discount: 5, tax: 4.5 });
  });

  it('limits how many carts one IP opens', async () => {
    const tenant = await makeShop(app);
    const open = () =>
      app.inject({
        method: 'POST',
        url: '/public/cart',
        headers: { host: tenant.shop.host },
        remoteAddress: '10.9.9.9',
        payload: { items: [{ guId: tenant.bottle, qty: 1 }] },
      });
    for (let i = 0; i < 60; i += 1) expect((await open()).statusCode).toBe(200);
    const refused = await open();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused.body).message).toMatch(/^Too many carts opened\. Please try again in \d+ minutes?\.$/);
  });
});

describe('GET /public/checkout?orgId=', () => {
  it('answers the checkout settings of the host’s studio, no secret; another orgId is not found', async () => {
    const response = await call('GET', `/public/checkout?orgId=${f.shop.orgId}`);
    expect(response.statusCode, response.body).toBe(200);
    const settings = json<Record<string, unknown>>(response);
    expect(settings).toMatchObject({ orgId: f.shop.orgId, currency: 'USD', csymbol: '$', buyButtonLabel: 'Buy' });
    expect(typeof settings.takesCards).toBe('boolean');
    expect(JSON.stringify(settings)).not.toMatch(/sk_|secret|whsec/i);
    expect((await call('GET', '/public/checkout')).statusCode).toBe(200);
    const foreign = await call('GET', `/public/checkout?orgId=${f.other.orgId}`);
    expect(foreign.statusCode).toBe(404);
    const nowhere = await app.inject({ method: 'GET', url: '/public/checkout', headers: { host: 'nobody.localhost' } });
    expect(nowhere.statusCode).toBe(404);
  });
});
