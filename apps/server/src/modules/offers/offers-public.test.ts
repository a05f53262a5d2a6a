import type { CartLine, OfferCheck, OfferView } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { type Database, type Db, openDatabase, withTenant } from '../../db/client.ts';
import { caller, errorOf, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { previewOffer, redeemOffer } from './offers.service.ts';

let app: App;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let otherAdmin: string;
let call: ReturnType<typeof caller>;
let shirts: string;
let mugs: string;
let course: string;
let tee: string;
let mug: string;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  ({ tenant, other, admin, otherAdmin } = await twoStudios(app, ['admin']));
  shirts = (await makeCategory(app, tenant, admin, { name: 'Shirts' })).guId;
  mugs = (await makeCategory(app, tenant, admin, { name: 'Mugs' })).guId;
  course = (await makeCategory(app, tenant, admin, { name: 'Yoga 101', categoryType: 'SERVICE' })).guId;
  tee = (await makeItem(app, tenant, admin, shirts, { name: 'Tee', price: 20 })).guId;
  mug = (await makeItem(app, tenant, admin, mugs, { name: 'Mug', price: 8 })).guId;
});

async function addOffer(body: Record<string, unknown>, t = tenant, token = admin): Promise<OfferView> {
  const response = await call(token, t, 'POST', '/item/offer', { discount: 10, ...body });
  if (response.statusCode !== 201) throw new Error(`add offer: ${response.statusCode} ${response.body}`);
  return json<OfferView>(response);
}

/** A public call: no login, the tenant from the host. */
const anonymous = (t: TestTenant, url: string) => app.inject({ method: 'GET', url, headers: { host: t.host } });
const itemOffer = (t: TestTenant, query: Record<string, string>) =>
  anonymous(t, `/public/itemOffer?${new URLSearchParams(query)}`);

describe('GET /public/itemOffer', () => {
  it('answers the discount of a code on an item, codes in any case', async () => {
    await addOffer({ offerCode: 'shirt10', itemType: 'product', courseGuId: shirts });
    const response = await itemOffer(tenant, { offerCode: ' SHIRT10 ', itemGuId: tee, categoryGuId: shirts, qty: '2' });
    expect(response.statusCode).toBe(200);
    expect(json<OfferCheck>(response)).toMatchObject({
      valid: true,
      offerCode: 'shirt10',
      alert: null,
      reason: null,
      amount: 40,
      discount: 4,
      currency: 'USD',
      offer: {
        offerCode: 'shirt10',
        discountType: 'percentage',
        discount: 10,
        itemType: 'product',
        courseGuId: shirts,
      },
    });
    // and the tenant hint may be the org id or the tenant id
    const hinted = await itemOffer(tenant, { offerCode: 'shirt10', itemGuId: tee, tenant: tenant.orgId });
    expect(json<OfferCheck>(hinted).valid).toBe(true);
  });

  it('gives the spec’s alerts as a normal answer', async () => {
    await addOffer({ offerCode: 'big', discountType: 'dollars', discount: 10 });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'BIG', itemGuId: mug }))).toMatchObject({
      valid: false,
      offerCode: 'big',
      alert: "Offer code 'big' is invalid. Discount is greater than amount",
      reason: 'greater-than-amount',
      amount: 8,
      discount: null,
      offer: null,
    });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'shirt10', itemGuId: mug }))).toMatchObject({
      valid: false,
      alert: 'Not a valid code for this item',
      reason: 'not-applicable',
    });
    await addOffer({
      offerCode: 'bogo',
      offerType: 'buyFirstAndGetOther',
      discount: 100,
      primaryItem: { category: shirts, count: 1 },
      secondaryItem: { category: mugs, count: 1 },
    });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'bogo', itemGuId: tee }))).toMatchObject({
      valid: false,
      alert: 'Not a valid code for this item',
    });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'nope', itemGuId: tee }))).toMatchObject({
      valid: false,
      alert: "Offer code 'nope' is invalid.",
      reason: 'unknown',
    });
    await addOffer({ offerCode: 'off', status: 'DISABLED' });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'off', itemGuId: tee }))).toMatchObject({
      valid: false,
      alert: "Offer code 'off' is invalid.",
    });
    await addOffer({ offerCode: 'old', startDate: '2020-01-01', endDate: '2020-12-31' });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'old', itemGuId: tee }))).toMatchObject({
      valid: false,
      alert: "Offer code 'old' has expired.",
    });
    await addOffer({ offerCode: 'later', startDate: '2099-01-01' });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'later', itemGuId: tee }))).toMatchObject({
      valid: false,
      alert: "Offer code 'later' is not active yet.",
    });
  });

  it('with only a category: whether the code applies to that course, no amount', async () => {
    await addOffer({ offerCode: 'yoga', itemType: 'course', courseGuId: course });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'yoga', categoryGuId: course }))).toMatchObject({
      valid: true,
      amount: null,
      discount: null,
      offer: { courseGuId: course },
    });
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'yoga', categoryGuId: shirts }))).toMatchObject({
      valid: false,
      alert: 'Not a valid code for this item',
    });
  });

  it('a code of another tenant is simply invalid; another tenant’s item is a 404', async () => {
    await addOffer({ offerCode: 'theirs' }, other, otherAdmin);
    expect(json<OfferCheck>(await itemOffer(tenant, { offerCode: 'theirs', itemGuId: tee }))).toMatchObject({
      valid: false,
      reason: 'unknown',
    });
    // naming the other tenant from this host does not reach its codes
    expect(
      json<OfferCheck>(await itemOffer(tenant, { offerCode: 'theirs', itemGuId: tee, tenant: other.orgId })),
    ).toMatchObject({ valid: false, reason: 'unknown' });
    expect(
      json<OfferCheck>(await itemOffer(tenant, { offerCode: 'shirt10', itemGuId: tee, tenant: other.orgId })),
    ).toMatchObject({ valid: false, reason: 'unknown' });
    const theirItem = await itemOffer(other, { offerCode: 'theirs', itemGuId: tee });
    expect(theirItem.statusCode).toBe(404);
    expect(errorOf(theirItem.body).field).toBe('itemGuId');
  });

  it.each([
    [{ itemGuId: 'x' }, 400, 'querystring.offerCode'],
    [{ offerCode: 'a' }, 400, 'itemGuId'],
    [{ offerCode: 'a', itemGuId: 'not-an-id' }, 400, 'querystring.itemGuId'],
    [{ offerCode: 'a', itemGuId: crypto.randomUUID() }, 404, 'itemGuId'],
    [{ offerCode: 'a', categoryGuId: crypto.randomUUID() }, 404, 'categoryGuId'],
    [{ offerCode: 'a', itemGuId: crypto.randomUUID(), qty: '10' }, 400, 'querystring.qty'],
  ])('refuses %j', async (query, status, field) => {
    const response = await itemOffer(tenant, query as Record<string, string>);
    expect(response.statusCode).toBe(status);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('needs a tenant host', async () => {
    const response = await app.inject({ method: 'GET', url: `/public/itemOffer?offerCode=a&itemGuId=${tee}` });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /item/offercode/{code}/public', () => {
  it('says whether a code can be used now and what it is, without counts', async () => {
    await addOffer({ offerCode: 'welcome', discountType: 'dollars', discount: 5, usageLimit: 10 });
    const response = await anonymous(tenant, '/item/offercode/WELCOME/public');
    expect(response.statusCode).toBe(200);
    const body = json<OfferCheck>(response);
    expect(body).toMatchObject({
      valid: true,
      offerCode: 'welcome',
      alert: null,
      offer: { offerCode: 'welcome', discountType: 'dollars', discount: 5, itemType: 'item', appliesOn: 'item' },
    });
    expect(JSON.stringify(body)).not.toMatch(/usageLimit|timesUsed|description/);
    expect(json<OfferCheck>(await anonymous(tenant, '/item/offercode/off/public'))).toMatchObject({
      valid: false,
      alert: "Offer code 'off' is invalid.",
      offer: null,
    });
    expect(json<OfferCheck>(await anonymous(tenant, '/item/offercode/theirs/public'))).toMatchObject({
      valid: false,
      reason: 'unknown',
    });
    expect(json<OfferCheck>(await anonymous(other, '/item/offercode/theirs/public')).valid).toBe(true);
  });
});

const line = (patch: Partial<CartLine> & Pick<CartLine, 'id' | 'guId'>): CartLine => ({
  kind: 'product',
  categoryId: shirts,
  unitPrice: 2000,
  quantity: 1,
  isTaxable: true,
  isChargeCreditCardFees: true,
  ...patch,
});
const timesUsed = async (id: string) =>
  json<OfferView>(await call(admin, tenant, 'GET', `/item/offer/${id}`)).timesUsed;

describe('previewOffer and redeemOffer', () => {
  it('preview counts nothing; redeem counts a use only when the code applies', async () => {
    const offer = await addOffer({ offerCode: 'Count3', usageLimit: 3 });
    const db = app.platform.db;
    const cart = [line({ id: 'a', guId: tee })];
    const now = new Date();
    const preview = await withTenant(db, tenant.tenantId, (tx) =>
      previewOffer(tx, tenant.tenantId, 'count3', cart, now),
    );
    expect(preview.evaluation).toMatchObject({ ok: true, discount: 200 });
    expect(await timesUsed(offer.guId)).toBe(0);

    const redeemed = await withTenant(db, tenant.tenantId, (tx) =>
      redeemOffer(tx, tenant.tenantId, 'COUNT3', cart, now),
    );
    expect(redeemed).toMatchObject({ ok: true, code: 'count3', discount: 200 });
    expect(await timesUsed(offer.guId)).toBe(1);

    // a refused code counts nothing
    const empty = await withTenant(db, tenant.tenantId, (tx) => redeemOffer(tx, tenant.tenantId, 'count3', [], now));
    expect(empty).toMatchObject({ ok: false, reason: 'not-applicable' });
    expect(await timesUsed(offer.guId)).toBe(1);

    // a use taken in a sale that rolls back is given back
    await expect(
      withTenant(db, tenant.tenantId, async (tx) => {
        await redeemOffer(tx, tenant.tenantId, 'count3', cart, now);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await timesUsed(offer.guId)).toBe(1);

    // another tenant's transaction cannot redeem it, whatever tenant id it passes
    const foreign = await withTenant(db, other.tenantId, (tx) => redeemOffer(tx, tenant.tenantId, 'count3', cart, now));
    expect(foreign).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await timesUsed(offer.guId)).toBe(1);
  });

  it('20 concurrent redemptions of a code with 3 uses left: exactly 3 succeed', async () => {
    const offer = await addOffer({ offerCode: 'race', usageLimit: 5 });
    const cart = [line({ id: 'a', guId: tee })];
    const redeemOnce = (db: Db) =>
      withTenant(db, tenant.tenantId, (tx) => redeemOffer(tx, tenant.tenantId, 'race', cart, new Date()));
    // two uses taken already: three left
    await redeemOnce(app.platform.db);
    await redeemOnce(app.platform.db);
    // On PostgreSQL the redemptions run on a pool of their own, 20 connections at once (PGlite has one).
    const url = process.env.TEST_DATABASE_URL;
    const own: Database | null = url ? await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 20 }) : null;
    try {
      const db = own?.db ?? app.platform.db;
      const results = await Promise.all(Array.from({ length: 20 }, () => redeemOnce(db)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok)).toHaveLength(17);
      for (const refused of results.filter((r) => !r.ok)) {
        expect(refused).toMatchObject({ reason: 'used-up', alert: "Offer code 'race' has reached its usage limit." });
      }
    } finally {
      await own?.close();
    }
    expect(await timesUsed(offer.guId)).toBe(5);
  });
});
