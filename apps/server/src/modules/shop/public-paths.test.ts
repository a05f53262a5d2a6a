import { randomUUID } from 'node:crypto';
import type {
  DonateResult,
  DonationCampaign,
  OfferView,
  PublicCheckoutResult,
  PublicCheckoutSettings,
  PublicPromotionItems,
} from '@atrium/contracts';
import type { ProviderStub } from '@atrium/provider-stubs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json } from '../../../test/helpers.ts';
import { errorsOf } from '../../../test/role-calls.ts';
import { connectStripe, startSavedCardApp } from '../../../test/saved-card-app.ts';
import type { App } from '../../app.ts';
import { makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { makeShop, type ShopFixture, visit } from './shop-fixtures.ts';

// The spec's other names for calls already built (spec 3 §7.8; decisions.md "Spec paths served as
// aliases"): each answers like its twin, refuses bad input naming the field and never reaches
// another studio's records.

let app: App;
let stub: ProviderStub;
let f: ShopFixture;
let call: ReturnType<typeof visit>;
let onOther: ReturnType<typeof visit>;

const buyer = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: `ada-${randomUUID().slice(0, 8)}@example.com` });
const order = (path: string, items: { guId: string; qty: number }[]) =>
  call('POST', path, { ...buyer(), items, idempotencyKey: `order-${randomUUID()}` });

async function admin(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({ method, url, headers: bearer(f.adminToken, f.shop.host), payload });
}

async function addOffer(body: Record<string, unknown>): Promise<OfferView> {
  const response = await admin('POST', '/item/offer', { discount: 10, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return json<OfferView>(response);
}

beforeAll(async () => {
  ({ app, stub } = await startSavedCardApp('Paths', 2));
  f = await makeShop(app);
  call = visit(app, f.shop);
  onOther = visit(app, f.other);
  await connectStripe(app, f.shop, 'Paths', 0);
  await connectStripe(app, f.other, 'Paths', 1);
});

afterAll(async () => {
  await stub?.close();
});

describe('GET /item/tenant/public/{id}', () => {
  it('answers the checkout settings of GET /public/checkout for the host tenant’s id or org id', async () => {
    const twin = await call('GET', '/public/checkout');
    expect(twin.statusCode).toBe(200);
    for (const id of [f.shop.tenantId, f.shop.orgId, f.shop.orgId.toUpperCase()]) {
      const response = await call('GET', `/item/tenant/public/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(json<PublicCheckoutSettings>(response)).toEqual(json<PublicCheckoutSettings>(twin));
    }
    expect(json<PublicCheckoutSettings>(twin)).toMatchObject({
      orgId: f.shop.orgId,
      currency: 'USD',
      takesCards: true,
    });
  });

  it('is a 404 for another studio’s id or an unknown one', async () => {
    for (const id of [f.other.tenantId, f.other.orgId, randomUUID(), 'nobody']) {
      const response = await call('GET', `/item/tenant/public/${id}`);
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('POST /snode/product/checkout and /snode/product/multicheckout', () => {
  it('places the order as POST /public/checkout does: one item line, or several', async () => {
    const one = await order('/snode/product/checkout', [{ guId: f.shirt, qty: 2 }]);
    expect(one.statusCode, one.body).toBe(201);
    const placed = json<PublicCheckoutResult>(one);
    // $25 x 2, tax 10%, card fee 3% on (50 + 5): the server's prices, as on the twin.
    expect(placed).toMatchObject({ status: 'pending', currency: 'USD', total: 56.65, balance: 56.65 });
    const twin = json<PublicCheckoutResult>(await order('/public/checkout', [{ guId: f.shirt, qty: 2 }]));
    expect(twin).toMatchObject({ total: placed.total, status: placed.status });
    const several = await order('/snode/product/multicheckout', [
      { guId: f.mat, qty: 1 },
      { guId: f.bottle, qty: 1 },
    ]);
    expect(several.statusCode, several.body).toBe(201);
    expect(json<PublicCheckoutResult>(several).invoiceId).toMatch(/^INV-/);
  });

  it('ignores a price sent with a line', async () => {
    const response = await call('POST', '/snode/product/checkout', {
      ...buyer(),
      items: [{ guId: f.bottle, qty: 1, price: 0.01 }],
      idempotencyKey: `order-${randomUUID()}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<PublicCheckoutResult>(response).total).toBe(12.5);
  });

  it('refuses bad input naming the field; another studio’s item is a 404 on the line', async () => {
    const two = await order('/snode/product/checkout', [
      { guId: f.mat, qty: 1 },
      { guId: f.bottle, qty: 1 },
    ]);
    expect(two.statusCode).toBe(400);
    expect(errorsOf(two).field).toBe('items');
    for (const path of ['/snode/product/checkout', '/snode/product/multicheckout']) {
      const empty = await order(path, []);
      expect(empty.statusCode).toBe(400);
      expect(errorsOf(empty).field).toBe('items');
      const noEmail = await call('POST', path, {
        firstName: 'Ada',
        lastName: 'L',
        items: [{ guId: f.mat, qty: 1 }],
        idempotencyKey: `order-${randomUUID()}`,
      });
      expect(noEmail.statusCode).toBe(400);
      expect(errorsOf(noEmail).field).toBe('email');
      const foreign = await order(path, [{ guId: f.foreignItem, qty: 1 }]);
      expect(foreign.statusCode).toBe(404);
      expect(errorsOf(foreign).field).toBe('items.0.guId');
    }
  });
});

describe('POST /public/payment?type= and POST /item/payment/public/paymentintent', () => {
  let productInvoice: PublicCheckoutResult;
  let gift: DonateResult;

  beforeAll(async () => {
    productInvoice = json<PublicCheckoutResult>(await order('/public/checkout', [{ guId: f.mat, qty: 1 }]));
    const campaign = await admin('POST', '/snode/donation', {
      name: 'New roof',
      description: 'Keep us dry',
      suggestedAmounts: [2000],
      minimumAmount: 500,
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const given = await call('POST', `/public/donations/${json<DonationCampaign>(campaign).guId}`, {
      ...buyer(),
      amount: 2000,
      idempotencyKey: randomUUID(),
    });
    expect(given.statusCode, given.body).toBe(201);
    gift = json<DonateResult>(given);
  });

  const twinUrl = async (publicId: string) => {
    const twin = await call('POST', `/item/invoice/${publicId}/publicpayment`);
    expect(twin.statusCode, twin.body).toBe(200);
    return json<{ url: string }>(twin).url;
  };

  it('starts the same card payment as publicpayment (the same provider page), for the open balance', async () => {
    const url = await twinUrl(productInvoice.publicId);
    const viaIntent = await call('POST', '/item/payment/public/paymentintent', {
      invoiceId: productInvoice.publicId,
      amount: 0.5,
    });
    expect(viaIntent.statusCode, viaIntent.body).toBe(200);
    expect(json<{ url: string }>(viaIntent).url).toBe(url);
    const viaType = await call('POST', '/public/payment?type=product', { invoiceId: productInvoice.publicId });
    expect(viaType.statusCode, viaType.body).toBe(200);
    expect(json<{ url: string }>(viaType).url).toBe(url);
    // The amount sent is ignored: the session is for the balance the server priced.
    const session = stub.stripeCheckout.sessions.get(url.split('/c/pay/')[1] ?? '');
    expect(session?.amount).toBe(Math.round(productInvoice.balance * 100));

    const giftUrl = await twinUrl(gift.publicId);
    const donation = await call('POST', '/public/payment?type=donation', { invoiceId: gift.publicId });
    expect(donation.statusCode, donation.body).toBe(200);
    expect(json<{ url: string }>(donation).url).toBe(giftUrl);
  });

  it('refuses a type that is missing, unknown, not sold online (course) or not the invoice’s, naming type', async () => {
    const cases: [string, string][] = [
      ['/public/payment', productInvoice.publicId],
      ['/public/payment?type=gift', productInvoice.publicId],
      ['/public/payment?type=course', productInvoice.publicId],
      ['/public/payment?type=donation', productInvoice.publicId],
      ['/public/payment?type=product', gift.publicId],
    ];
    for (const [url, invoiceId] of cases) {
      const response = await call('POST', url, { invoiceId });
      expect(response.statusCode, url).toBe(400);
      expect(errorsOf(response).field).toBe('querystring.type');
    }
    expect(errorsOf(await call('POST', '/public/payment?type=product', { invoiceId: productInvoice.publicId }))).toBe(
      undefined,
    );
  });

  it('refuses a malformed invoiceId naming it; another studio’s invoice is a 404', async () => {
    for (const url of ['/item/payment/public/paymentintent', '/public/payment?type=product']) {
      for (const body of [{}, { invoiceId: 'not*an*id' }]) {
        const response = await call('POST', url, body);
        expect(response.statusCode).toBe(400);
        expect(errorsOf(response).field).toBe('invoiceId');
      }
      const foreign = await onOther('POST', url, { invoiceId: productInvoice.publicId });
      expect(foreign.statusCode).toBe(404);
      expect((await call('POST', url, { invoiceId: 'x'.repeat(24) })).statusCode).toBe(404);
    }
  });
});

describe('GET /public/promotions/{id}/items', () => {
  let extras: { shirts: string; mugs: string; tee: string; mug: string };

  beforeAll(async () => {
    const shirts = (await makeCategory(app, f.shop, f.adminToken, { name: 'Shirts' })).guId;
    const mugs = (await makeCategory(app, f.shop, f.adminToken, { name: 'Mugs' })).guId;
    const tee = (await makeItem(app, f.shop, f.adminToken, shirts, { name: 'Tee', price: 20 })).guId;
    const mug = (await makeItem(app, f.shop, f.adminToken, mugs, { name: 'Mug', price: 8 })).guId;
    extras = { shirts, mugs, tee, mug };
  });

  const promotion = (id: string, query = '') =>
    call('GET', `/public/promotions/${encodeURIComponent(id)}/items${query}`);
  const itemsOf = async (id: string) => {
    const response = await promotion(id);
    expect(response.statusCode, response.body).toBe(200);
    return json<PublicPromotionItems>(response);
  };

  it('answers a category offer’s public face and the category’s items with their price after the offer', async () => {
    const offer = await addOffer({
      offerCode: 'Shirts15',
      itemType: 'product',
      courseGuId: extras.shirts,
      discount: 15,
    });
    const body = await itemsOf(offer.guId);
    expect(body.offer).toMatchObject({
      guId: offer.guId,
      offerCode: 'shirts15',
      discount: 15,
      courseGuId: extras.shirts,
    });
    expect(body.currency).toBe('USD');
    expect(body.items).toEqual([
      expect.objectContaining({ guId: extras.tee, price: 20, role: 'discounted', discount: 3, priceAfterOffer: 17 }),
    ]);
    // by its code too, in any case, with the host's tenant as the hint
    expect((await promotion('SHIRTS15', `?tenant=${f.shop.orgId}`)).statusCode).toBe(200);
    const twin = await call('GET', '/item/offercode/shirts15/public');
    expect(body.offer).toEqual(json<{ offer: unknown }>(twin).offer);
  });

  it('covers one item, every public product (never a hidden, archived or course item), or both sides of buy-X-get-Y', async () => {
    const one = await addOffer({
      offerCode: 'mat5',
      itemType: 'product',
      courseGuId: f.mat,
      discountType: 'dollars',
      discount: 5,
    });
    expect((await itemsOf(one.guId)).items).toEqual([
      expect.objectContaining({ guId: f.mat, price: 40, discount: 5, priceAfterOffer: 35 }),
    ]);

    const all = await addOffer({ offerCode: 'all10', itemType: 'item', appliesOn: 'product' });
    const ids = (await itemsOf(all.guId)).items.map((item) => item.guId);
    expect(ids).toEqual(expect.arrayContaining([f.shirt, f.mat, f.bottle, f.kit, extras.tee, extras.mug]));
    for (const absent of [f.hidden, f.archived, f.inHiddenCategory, f.service]) expect(ids).not.toContain(absent);

    // $10 off: the $8 mug is left out (the code would be refused on it alone).
    const ten = await addOffer({ offerCode: 'ten', itemType: 'item', appliesOn: 'product', discountType: 'dollars' });
    const tenIds = (await itemsOf(ten.guId)).items.map((item) => item.guId);
    expect(tenIds).toContain(extras.tee);
    expect(tenIds).not.toContain(extras.mug);

    const bogo = await addOffer({
      offerCode: 'teemug',
      offerType: 'buyFirstAndGetOther',
      discount: 100,
      primaryItem: { category: extras.shirts, count: 1 },
      secondaryItem: { category: extras.mugs, count: 1 },
    });
    expect((await itemsOf(bogo.guId)).items).toEqual([
      expect.objectContaining({ guId: extras.mug, role: 'get', discount: null, priceAfterOffer: null }),
      expect.objectContaining({ guId: extras.tee, role: 'buy', discount: null, priceAfterOffer: null }),
    ]);
  });

  it('is a 404 for a disabled, expired or unknown offer, another studio’s, or another studio as the tenant hint', async () => {
    const off = await addOffer({ offerCode: 'offnow', status: 'DISABLED' });
    const old = await addOffer({ offerCode: 'gone', startDate: '2020-01-01', endDate: '2020-12-31' });
    const live = await addOffer({ offerCode: 'live' });
    for (const id of [off.guId, old.guId, 'gone', randomUUID(), 'nosuchcode']) {
      expect((await promotion(id)).statusCode, id).toBe(404);
    }
    expect((await onOther('GET', `/public/promotions/${live.guId}/items`)).statusCode).toBe(404);
    expect((await onOther('GET', '/public/promotions/live/items')).statusCode).toBe(404);
    for (const hint of [f.other.orgId, f.other.tenantId]) {
      expect((await promotion(live.guId, `?tenant=${hint}`)).statusCode).toBe(404);
    }
    expect((await promotion(live.guId, `?tenant=${f.shop.tenantId}`)).statusCode).toBe(200);
    const tooLong = await promotion('x'.repeat(101));
    expect(tooLong.statusCode).toBe(400);
    expect(errorsOf(tooLong).field).toBe('params.id');
  });
});

describe('OpenAPI', () => {
  it('lists every one of these paths', async () => {
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await app.inject({ url: '/api/docs/json' }));
    const expected: [string, string][] = [
      ['/public/payment', 'post'],
      ['/item/payment/public/paymentintent', 'post'],
      ['/item/tenant/public/{id}', 'get'],
      ['/snode/product/checkout', 'post'],
      ['/snode/product/multicheckout', 'post'],
      ['/public/promotions/{id}/items', 'get'],
      ['/rest/mailingList/stats', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
  });
});
