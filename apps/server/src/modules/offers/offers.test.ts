import type { OfferList, OfferView } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant } from '../../../test/helpers.ts';
import { errorOf, makeCategory, makeItem, studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';

const { ctx, call } = studiosWithCaller(['admin', 'staff', 'frontdesk', 'student']);
let shirts: string;
let course: string;

beforeAll(async () => {
  shirts = (await makeCategory(ctx.app, ctx.tenant, ctx.admin, { name: 'Shirts' })).guId;
  course = (await makeCategory(ctx.app, ctx.tenant, ctx.admin, { name: 'Yoga 101', categoryType: 'SERVICE' })).guId;
});

let counter = 0;
const uniqueCode = () => {
  counter += 1;
  return `Code${counter}x`;
};

async function addOffer(body: Record<string, unknown> = {}, t = ctx.tenant, token = ctx.admin): Promise<OfferView> {
  const response = await call(token, t, 'POST', '/item/offer', { offerCode: uniqueCode(), discount: 10, ...body });
  if (response.statusCode !== 201) throw new Error(`add offer: ${response.statusCode} ${response.body}`);
  return json<OfferView>(response);
}

describe('POST /item/offer', () => {
  it('adds a 10% code for a category; the code is stored lower-cased, dates in the tenant’s zone', async () => {
    const response = await call(ctx.admin, ctx.tenant, 'POST', '/item/offer', {
      offerCode: ' Spring10 ',
      description: 'Spring sale',
      discount: 10,
      discountType: 'percentage',
      itemType: 'product',
      courseGuId: shirts,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      usageLimit: 100,
    });
    expect(response.statusCode).toBe(201);
    expect(json<OfferView>(response)).toMatchObject({
      offerCode: 'spring10',
      description: 'Spring sale',
      offerType: 'flat',
      discountType: 'percentage',
      discount: 10,
      currency: 'USD',
      status: 'ACTIVE',
      itemType: 'product',
      appliesOn: null,
      courseGuId: shirts,
      courseName: 'Shirts',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      // America/New_York (the default zone): EST on 1 March, EDT after the 8th
      startsAt: '2026-03-01T05:00:00.000Z',
      endsAt: '2026-04-01T04:00:00.000Z',
      usageLimit: 100,
      timesUsed: 0,
    });
  });

  it('keeps an amount in the tenant’s currency and a buy-and-get offer’s categories', async () => {
    expect(await addOffer({ discountType: 'dollars', discount: 4.99 })).toMatchObject({
      discountType: 'dollars',
      discount: 4.99,
      itemType: 'item',
      appliesOn: 'item',
    });
    const bogo = await addOffer({
      offerType: 'buyFirstAndGetOther',
      discount: 100,
      primaryItem: { category: shirts, count: 2 },
      secondaryItem: { category: shirts, count: 1 },
    });
    expect(bogo).toMatchObject({
      offerType: 'buyFirstAndGetOther',
      primaryItem: { category: shirts, count: 2, categoryName: 'Shirts' },
      secondaryItem: { category: shirts, count: 1, categoryName: 'Shirts' },
      courseGuId: null,
    });
    const tee = await makeItem(ctx.app, ctx.tenant, ctx.admin, shirts, { name: 'Tee' });
    expect(await addOffer({ itemType: 'product', courseGuId: tee.guId })).toMatchObject({
      courseGuId: tee.guId,
      courseName: 'Tee',
    });
    expect(await addOffer({ itemType: 'course', courseGuId: course })).toMatchObject({ courseName: 'Yoga 101' });
  });

  it.each([
    [{ offerCode: '' }, 400, 'offerCode', 'Offer code is required!'],
    [{ offerCode: '   ' }, 400, 'offerCode', 'Offer code is required!'],
    [{ offerCode: 'two words' }, 400, 'offerCode', 'Offer code may only contain letters, digits, - and _'],
    [{ discount: 0 }, 400, 'discount', 'Discount must be greater than 0'],
    [{ discount: -5 }, 400, 'discount', 'Discount must be greater than 0'],
    [{ discount: 100.5 }, 400, 'discount', 'A percentage discount cannot be more than 100'],
    [{ discount: 12.345 }, 400, 'discount', 'A percentage may have at most 2 decimals'],
    [{ discountType: 'dollars', discount: 1.234 }, 400, 'discount', undefined],
    [{ startDate: '2026-04-02', endDate: '2026-04-01' }, 400, 'endDate', 'End date cannot be before the start date'],
    [{ startDate: '2026-02-30' }, 400, 'startDate', 'Enter a date as YYYY-MM-DD'],
    [{ usageLimit: 0 }, 400, 'usageLimit', undefined],
    [{ itemType: 'product' }, 400, 'courseGuId', 'Choose the course or product the offer is for'],
    [{ itemType: 'product', courseGuId: crypto.randomUUID() }, 404, 'courseGuId', 'Course or product not found.'],
    [{ offerType: 'buyFirstAndGetOther' }, 400, 'primaryItem', 'Choose the category and count to buy'],
    [{ status: 'PAUSED' }, 400, 'status', undefined],
    [{ unknown: 1 }, 400, 'body', undefined],
  ])('refuses %j naming the field', async (patch, status, field, message) => {
    const response = await call(ctx.admin, ctx.tenant, 'POST', '/item/offer', {
      offerCode: uniqueCode(),
      discount: 10,
      ...patch,
    });
    expect(response.statusCode).toBe(status);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (message) expect(error.message).toBe(message);
  });

  it('refuses a course offer on a product category and a buy category that is not the tenant’s', async () => {
    const wrong = await call(ctx.admin, ctx.tenant, 'POST', '/item/offer', {
      offerCode: uniqueCode(),
      discount: 10,
      itemType: 'course',
      courseGuId: shirts,
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.body).field).toBe('courseGuId');
    const theirs = (await makeCategory(ctx.app, ctx.other, ctx.otherAdmin)).guId;
    const foreign = await call(ctx.admin, ctx.tenant, 'POST', '/item/offer', {
      offerCode: uniqueCode(),
      discount: 10,
      offerType: 'buyFirstAndGetOther',
      primaryItem: { category: shirts, count: 1 },
      secondaryItem: { category: theirs, count: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body)).toMatchObject({ field: 'secondaryItem.category', message: 'Category not found.' });
    const foreignTarget = await call(ctx.admin, ctx.tenant, 'POST', '/item/offer', {
      offerCode: uniqueCode(),
      discount: 10,
      itemType: 'product',
      courseGuId: theirs,
    });
    expect(foreignTarget.statusCode).toBe(404);
    expect(errorOf(foreignTarget.body).field).toBe('courseGuId');
  });

  it('refuses a code the tenant already has, whatever its case (409); another tenant may have it', async () => {
    await addOffer({ offerCode: 'SUMMER' });
    const again = await call(ctx.admin, ctx.tenant, 'POST', '/item/offer', { offerCode: 'summer', discount: 5 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ field: 'offerCode', message: "Offer code 'summer' already exists." });
    expect(
      (await call(ctx.otherAdmin, ctx.other, 'POST', '/item/offer', { offerCode: 'Summer', discount: 5 })).statusCode,
    ).toBe(201);
  });
});

describe('roles (Manage Offers)', () => {
  it('admins and staff manage offers; the front desk by default and students do not', async () => {
    expect((await call(ctx.staff, ctx.tenant, 'GET', '/item/offer')).statusCode).toBe(200);
    expect(
      (await call(ctx.staff, ctx.tenant, 'POST', '/item/offer', { offerCode: uniqueCode(), discount: 5 })).statusCode,
    ).toBe(201);
    const refused = await call(ctx.frontdesk, ctx.tenant, 'GET', '/item/offer');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.body).message).toBe("Your role does not have the 'Manage Offers' permission.");
    // refused before the body is read
    expect((await call(ctx.frontdesk, ctx.tenant, 'POST', '/item/offer', {})).statusCode).toBe(403);
    expect((await call(ctx.student, ctx.tenant, 'GET', '/item/offer')).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/item/offer', headers: { host: ctx.tenant.host } })).statusCode,
    ).toBe(401);
  });

  it('follows the Roles screen: staff without the permission are refused, a front desk with it passes', async () => {
    const t = await newTenant(ctx.app);
    const tAdmin = (await loginAs(ctx.app, t, 'admin')).access_token;
    const roles = await call(tAdmin, t, 'PUT', '/rest/settings/roles', {
      tenantRoles: [
        {
          role: 'ROLE_STAFF',
          isAllowCreateClasses: true,
          isShowCourse: true,
          isShowContactsList: true,
          isShowOffers: false,
        },
        {
          role: 'ROLE_FRONTDESK',
          isAllowCreateClasses: false,
          isShowCourse: false,
          isShowContactsList: true,
          isShowOffers: true,
        },
      ],
    });
    expect(roles.statusCode).toBe(200);
    const tStaff = (await loginAs(ctx.app, t, 'staff')).access_token;
    const tDesk = (await loginAs(ctx.app, t, 'frontdesk')).access_token;
    expect((await call(tStaff, t, 'GET', '/item/offer')).statusCode).toBe(403);
    expect((await call(tDesk, t, 'GET', '/item/offer')).statusCode).toBe(200);
  });
});

describe('GET and PUT /item/offer/{id}', () => {
  it('reads one offer, changes the fields sent, disables and enables it', async () => {
    const offer = await addOffer({ discount: 15, startDate: '2026-05-01', endDate: '2026-05-31' });
    expect(json<OfferView>(await call(ctx.admin, ctx.tenant, 'GET', `/item/offer/${offer.guId}`))).toEqual(offer);

    const edited = await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, {
      discount: 20,
      offerCode: 'NewName',
    });
    expect(edited.statusCode).toBe(200);
    expect(json<OfferView>(edited)).toMatchObject({
      discount: 20,
      offerCode: 'newname',
      startDate: '2026-05-01',
      endDate: '2026-05-31',
      startsAt: offer.startsAt,
    });

    const disabled = json<OfferView>(
      await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, { status: 'DISABLED' }),
    );
    expect(disabled).toMatchObject({ status: 'DISABLED', effectiveStatus: 'DISABLED', discount: 20 });
    const enabled = json<OfferView>(
      await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, { status: 'ACTIVE' }),
    );
    expect(enabled.status).toBe('ACTIVE');
  });

  it('checks the whole offer after a change and refuses a code taken by another offer', async () => {
    const offer = await addOffer({ discount: 50 });
    const taken = await addOffer();
    const tooMuch = await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, { discount: 150 });
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch.body).field).toBe('discount');
    const badEnd = await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, {
      startDate: '2026-06-10',
      endDate: '2026-06-01',
    });
    expect(errorOf(badEnd.body).field).toBe('endDate');
    const clash = await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, {
      offerCode: taken.offerCode.toUpperCase(),
    });
    expect(clash.statusCode).toBe(409);
    // its own code is not a clash
    expect(
      (await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, { offerCode: offer.offerCode }))
        .statusCode,
    ).toBe(200);
    // dollars: 150 is fine as an amount
    const dollars = await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${offer.guId}`, {
      discountType: 'dollars',
      discount: 150,
    });
    expect(json<OfferView>(dollars)).toMatchObject({ discountType: 'dollars', discount: 150 });
  });

  it('deleting a category the offer names clears the reference only: the code then applies to nothing', async () => {
    const gone = (await makeCategory(ctx.app, ctx.tenant, ctx.admin, { name: 'Short-lived' })).guId;
    const offer = await addOffer({ itemType: 'product', courseGuId: gone });
    expect((await call(ctx.admin, ctx.tenant, 'DELETE', `/rest/itemCategory/${gone}`)).statusCode).toBe(200);
    expect(json<OfferView>(await call(ctx.admin, ctx.tenant, 'GET', `/item/offer/${offer.guId}`))).toMatchObject({
      itemType: 'product',
      courseGuId: null,
      courseName: null,
    });
  });

  it('another tenant’s offer is a 404 to read and to change', async () => {
    const theirs = await addOffer({}, ctx.other, ctx.otherAdmin);
    expect((await call(ctx.admin, ctx.tenant, 'GET', `/item/offer/${theirs.guId}`)).statusCode).toBe(404);
    const put = await call(ctx.admin, ctx.tenant, 'PUT', `/item/offer/${theirs.guId}`, { status: 'DISABLED' });
    expect(put.statusCode).toBe(404);
    expect(json<OfferView>(await call(ctx.otherAdmin, ctx.other, 'GET', `/item/offer/${theirs.guId}`)).status).toBe(
      'ACTIVE',
    );
    expect((await call(ctx.admin, ctx.tenant, 'GET', `/item/offer/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(ctx.admin, ctx.tenant, 'GET', '/item/offer/not-an-id')).statusCode).toBe(400);
  });
});

describe('GET /item/offer', () => {
  it('pages, searches on code and description, filters by the status that applies now; tenants apart', async () => {
    const t = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, t, 'admin')).access_token;
    const make = async (body: Record<string, unknown>) => {
      const response = await call(token, t, 'POST', '/item/offer', { discount: 10, ...body });
      expect(response.statusCode).toBe(201);
      return json<OfferView>(response);
    };
    await make({ offerCode: 'alpha', description: 'Spring sale' });
    await make({ offerCode: 'beta', status: 'DISABLED' });
    await make({ offerCode: 'gamma', startDate: '2020-01-01', endDate: '2020-01-31' });
    await make({ offerCode: 'delta', status: 'EXPIRED' });

    const all = json<OfferList>(await call(token, t, 'GET', '/item/offer?start=0&length=1000'));
    expect(all.recordsTotal).toBe(4);
    expect(all.data.map((o) => o.offerCode)).toEqual(['delta', 'gamma', 'beta', 'alpha']);
    expect(all.data.find((o) => o.offerCode === 'gamma')).toMatchObject({
      status: 'ACTIVE',
      effectiveStatus: 'EXPIRED',
    });

    const page = json<OfferList>(await call(token, t, 'GET', '/item/offer?start=1&length=2'));
    expect(page).toMatchObject({ recordsTotal: 4, data: [{ offerCode: 'gamma' }, { offerCode: 'beta' }] });
    const past = json<OfferList>(await call(token, t, 'GET', '/item/offer?start=10&length=2'));
    expect(past).toEqual({ recordsTotal: 4, data: [] });

    const search = (q: string) =>
      call(token, t, 'GET', `/item/offer?search=${encodeURIComponent(q)}`).then((r) =>
        json<OfferList>(r).data.map((o) => o.offerCode),
      );
    expect(await search('spring')).toEqual(['alpha']);
    expect(await search('ETA')).toEqual(['beta']);
    expect(await search('%')).toEqual([]);

    const byStatus = (status: string) =>
      call(token, t, 'GET', `/item/offer?status=${status}`).then((r) =>
        json<OfferList>(r).data.map((o) => o.offerCode),
      );
    expect(await byStatus('ACTIVE')).toEqual(['alpha']);
    expect(await byStatus('DISABLED')).toEqual(['beta']);
    expect(await byStatus('EXPIRED')).toEqual(['delta', 'gamma']);

    const theirs = json<OfferList>(await call(ctx.otherAdmin, ctx.other, 'GET', '/item/offer?length=1000'));
    expect(theirs.data.map((o) => o.offerCode)).not.toContain('alpha');
  });

  it.each([
    ['?length=1001', 'querystring.length'],
    ['?length=0', 'querystring.length'],
    ['?start=-1', 'querystring.start'],
    ['?status=PAUSED', 'querystring.status'],
  ])('refuses %s', async (query, field) => {
    const response = await call(ctx.admin, ctx.tenant, 'GET', `/item/offer${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });
});
