import { randomUUID } from 'node:crypto';
import { FORM_TEXTS } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, json, loginAs, startTestApp } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, formSubmissions, invoices, items } from '../../db/schema/index.ts';
import { errorOf } from '../catalogue/catalogue-fixtures.ts';
import { findContactByEmailForTest } from '../forms/forms.test-support.ts';
import { solveChallenge } from '../forms/human-check.ts';
import { makeShop, type ShopFixture, visit } from './shop-fixtures.ts';

// POST /public/checkout/register (decisions.md "Checkout with registration"): the studio's Student
// Registration form and the cart's order, one transaction.

let app: App;
let f: ShopFixture;
let call: ReturnType<typeof visit>;
let otherAdmin: string;
let registration: any;
let otherRegistration: any;

const SIGN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const formBody = (patch: Record<string, unknown> = {}) => ({
  name: 'New Student Registration',
  formType: 'STUDENT_REGISTRATION',
  isShowGuardian: true,
  isShowBirthdate: true,
  isSignRequired: true,
  isPublished: true,
  customFields: [
    { name: 'Level', type: 'dropdown', option1: 'Beginner', option2: 'Advanced', isMandatory: true },
    { name: 'Goals', type: 'textarea' },
    { name: 'Work email', type: 'email' },
  ],
  ...patch,
});

async function createForm(token: string, host: string, body = formBody()) {
  const response = await app.inject({
    method: 'POST',
    url: '/rest/customForm',
    headers: bearer(token, host),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<any>(response);
}

async function rToken(host = f.shop.host): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/public/humanCheck?action=custom_form_checkout',
    headers: { host },
  });
  expect(response.statusCode).toBe(200);
  return solveChallenge(json<any>(response));
}

const newEmail = () => `reg-${randomUUID().slice(0, 8)}@example.com`;

async function body(patch: Record<string, unknown> = {}, form = registration) {
  const [level, goals, work] = form.customFields;
  return {
    formId: form.guId,
    rToken: await rToken(),
    firstName: 'Grace',
    lastName: 'Hopper',
    email: newEmail(),
    phone: '+1 555 0142',
    dateOfBirth: '2012-04-01',
    motherName: 'Mary Hopper',
    motherEmail: `mother-${randomUUID().slice(0, 8)}@example.com`,
    // A 14-year-old: the guardian gives a phone too (decisions.md "A minor registers with a guardian").
    motherPhone: '5550101010',
    customField: [
      { guId: level.guId, value: 'Advanced' },
      { guId: goals.guId, value: 'Handstands' },
      { guId: work.guId, value: 'grace@navy.mil' },
    ],
    sign: SIGN,
    items: [{ guId: f.shirt, qty: 2 }],
    note: 'Pick up at the desk',
    idempotencyKey: `order-${randomUUID()}`,
    ...patch,
  };
}

const register = (payload: object) =>
  call('POST', '/public/checkout/register', payload, { 'user-agent': 'CheckoutRegisterTest/1.0' });

const read = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
  withTenant(app.platform.db, f.shop.tenantId, fn);
const stockOf = (id: string) =>
  read(async (tx) => (await tx.select({ stock: items.stock }).from(items).where(eq(items.id, id)))[0]?.stock);
const counts = () =>
  read(async (tx) => ({
    invoices: (await tx.select().from(invoices)).length,
    contacts: (await tx.select().from(contacts)).length,
    submissions: (await tx.select().from(formSubmissions)).length,
  }));

beforeAll(async () => {
  // every case here orders from one address: the per-IP order limit is not what is tested
  app = await startTestApp({ loginMaxAttemptsPerIp: 1000 });
  f = await makeShop(app);
  call = visit(app, f.shop);
  otherAdmin = (await loginAs(app, f.other, 'admin')).access_token;
  registration = await createForm(f.adminToken, f.shop.host);
  otherRegistration = await createForm(otherAdmin, f.other.host);
  // the admin turns the setting on in Module Settings; the public checkout settings and ping show it
  const on = await app.inject({
    method: 'PUT',
    url: '/rest/settings/display',
    headers: bearer(f.adminToken, f.shop.host),
    payload: { isRegAndPurchaseOnSamePage: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  expect(json<any>(on).isRegAndPurchaseOnSamePage).toBe(true);
});

describe('the setting', () => {
  it('is saved by Module Settings and shown to visitors by ping and GET /public/checkout', async () => {
    expect(json<any>(await call('GET', '/public/checkout')).isRegAndPurchaseOnSamePage).toBe(true);
    expect(json<any>(await call('GET', '/ping')).isRegAndPurchaseOnSamePage).toBe(true);
    const display = await app.inject({
      method: 'GET',
      url: '/rest/settings/display',
      headers: bearer(f.adminToken, f.shop.host),
    });
    expect(json<any>(display).isRegAndPurchaseOnSamePage).toBe(true);
    // the other studio has it off
    const other = await app.inject({ method: 'GET', url: '/public/checkout', headers: { host: f.other.host } });
    expect(json<any>(other).isRegAndPurchaseOnSamePage).toBe(false);
  });
});

describe('POST /public/checkout/register', () => {
  it('registers the visitor (contact, answers, guardian, signed document) and places the order billed to them', async () => {
    const payload = await body();
    const before = await stockOf(f.shirt);
    const response = await register(payload);
    expect(response.statusCode, response.body).toBe(201);
    const answer = json<any>(response);
    expect(answer).toMatchObject({ currency: 'USD', total: 56.65, status: 'pending' });
    expect(answer.invoiceId).toMatch(/^INV-\d{5}$/);
    expect(answer.registration).toMatchObject({ status: 'IN_PROGRESS', formName: 'New Student Registration' });
    expect(await stockOf(f.shirt)).toBe((before as number) - 2);

    const contact = await findContactByEmailForTest(app, f.shop.tenantId, payload.email);
    expect(contact).toMatchObject({
      name: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0142',
      dateOfBirth: '2012-04-01',
      statuses: ['client'],
      leadSource: 'Online store',
      subscribeToMailingList: false,
    });
    const admin = (url: string) =>
      app.inject({ method: 'GET', url, headers: bearer(f.adminToken, f.shop.host) }).then((r) => json<any>(r));
    const values: any[] = await admin(`/rest/contact/${contact?.id}/customFields`);
    expect(values.find((v) => v.name === 'Level')?.value).toBe('Advanced');
    expect(values.find((v) => v.name === 'Goals')?.value).toBe('Handstands');
    const guardians: any[] = await admin(`/rest/contact/${contact?.id}/guardian`);
    expect(guardians.map((g) => g.email)).toEqual([payload.motherEmail]);
    const docs: any[] = await admin(`/rest/contact/${contact?.id}/signedDocuments`);
    // Grace is 14: her guardian signs for her.
    expect(docs).toMatchObject([
      { signerName: 'Mary Hopper', userAgent: 'CheckoutRegisterTest/1.0', hasSignature: true },
    ]);

    const invoice = await read(
      async (tx) => (await tx.select().from(invoices).where(eq(invoices.publicId, answer.publicId)))[0],
    );
    expect(invoice?.contactId).toBe(contact?.id);
    expect(invoice?.contactName).toBe('Grace Hopper');

    // the signed document is made after commit
    await app.platform.jobs.drain('form-document');
    await vi.waitFor(
      async () => {
        const status = json<any>(await call('GET', `/cform/regform/${answer.registration._id}`));
        expect(status.status).toBe('COMPLETE');
      },
      { timeout: 10_000 },
    );
  });

  it('answers a retry with the same key with the same invoice: one contact, one submission, stock taken once', async () => {
    const payload = await body({ items: [{ guId: f.mat, qty: 1 }] });
    const first = await register(payload);
    expect(first.statusCode, first.body).toBe(201);
    const stock = await stockOf(f.mat);
    const before = await counts();
    // a double click or a lost answer: the same order, with a fresh human check
    const again = await register({ ...payload, rToken: await rToken() });
    expect(again.statusCode, again.body).toBe(201);
    expect(json<any>(again).publicId).toBe(json<any>(first).publicId);
    expect(json<any>(again).registration).toBeNull();
    expect(await counts()).toEqual(before);
    expect(await stockOf(f.mat)).toBe(stock);
    // the same key for another person is refused
    const reused = await register({ ...payload, rToken: await rToken(), firstName: 'Someone' });
    expect(reused.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('an existing contact is billed and keeps its record; the form only fills its blanks', async () => {
    const email = newEmail();
    const first = await register(await body({ email, items: [{ guId: f.bottle, qty: 1 }] }));
    expect(first.statusCode, first.body).toBe(201);
    const second = await register(
      await body({ email, firstName: 'Other', phone: '+1 555 0199', items: [{ guId: f.bottle, qty: 1 }] }),
    );
    expect(second.statusCode, second.body).toBe(201);
    const rows = await read((tx) => tx.select().from(contacts).where(eq(contacts.email, email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Grace', phone: '+1 555 0142' });
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const [level, goals, work] = registration.customFields;
    const answers = (patch: Record<string, string>) =>
      [level, goals, work].map((field) => ({ guId: field.guId, value: patch[field.name] ?? '' }));
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ firstName: '' }, 'firstName', FORM_TEXTS.namesRequired],
      [{ lastName: '  ' }, 'lastName', FORM_TEXTS.namesRequired],
      [{ email: '' }, 'email', 'Email is required!'],
      [{ email: 'grace@navy' }, 'email', 'Please enter a valid email address.'],
      [{ customField: answers({ Goals: 'x' }) }, `customField.${level.guId}`, 'Level is required'],
      [
        { customField: answers({ Level: 'Advanced', Goals: 'x'.repeat(256) }) },
        `customField.${goals.guId}`,
        'Goals must be at most 255 characters',
      ],
      [
        { customField: answers({ Level: 'Advanced', 'Work email': 'Grace@Navy' }) },
        `customField.${work.guId}`,
        'Work email must be a valid email address',
      ],
      [{ sign: '', typedSign: '' }, 'sign', FORM_TEXTS.signatureRequired],
      [{ rToken: 'bm90IGEgdG9rZW4=' }, 'rToken', 'The human check failed. Please try again.'],
      [{ items: [] }, 'items', 'The cart is empty'],
      [{ items: [{ guId: f.shirt, qty: 10 }] }, 'items.0.qty'],
      [{ idempotencyKey: undefined }, 'idempotencyKey', 'idempotencyKey is required'],
      [{ note: 'x'.repeat(256) }, 'note', 'Note must be at most 255 characters'],
    ];
    const before = await counts();
    const stock = await stockOf(f.shirt);
    for (const [patch, field, message] of cases) {
      const payload = await body(patch);
      const response = await register(payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const error = errorOf(response.body);
      expect(error.field, field).toBe(field);
      if (message) expect(error.message).toBe(message);
      if (typeof payload.email === 'string' && payload.email) {
        expect(await findContactByEmailForTest(app, f.shop.tenantId, payload.email)).toBeUndefined();
      }
    }
    expect(await counts()).toEqual(before);
    expect(await stockOf(f.shirt)).toBe(stock);
  });

  it('writes nothing when the order is refused after the registration was checked (out of stock, an item it cannot sell)', async () => {
    const before = await counts();
    const stock = await stockOf(f.shirt);
    const cases: Array<[object, number, string, string]> = [
      // 9 shirts: fewer are left
      [[{ guId: f.shirt, qty: 9 }], 409, 'out_of_stock', 'items.0.guId'],
      [
        [
          { guId: f.bottle, qty: 1 },
          { guId: f.hidden, qty: 1 },
        ],
        404,
        'not_found',
        'items.1.guId',
      ],
      [[{ guId: f.service, qty: 1 }], 404, 'not_found', 'items.0.guId'],
      // another studio's item
      [[{ guId: f.foreignItem, qty: 1 }], 404, 'not_found', 'items.0.guId'],
    ];
    for (const [lines, status, code, field] of cases) {
      const payload = await body({ items: lines });
      const response = await register(payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response.body)).toMatchObject({ field });
      if (code === 'out_of_stock') expect(errorOf(response.body).code).toBe(code);
      expect(await findContactByEmailForTest(app, f.shop.tenantId, payload.email)).toBeUndefined();
      // the human check was given back with everything else: the same solution still works
      const retried = await register({
        ...payload,
        items: [{ guId: f.bottle, qty: 1 }],
        idempotencyKey: `k-${randomUUID()}`,
      });
      expect(retried.statusCode, retried.body).toBe(201);
    }
    const after = await counts();
    // only the four retries were written
    expect(after.invoices - before.invoices).toBe(4);
    expect(after.submissions - before.submissions).toBe(4);
    expect(await stockOf(f.shirt)).toBe(stock);
  });

  it("refuses another studio's form, a form that is not a published Student Registration, and a studio with the setting off (404)", async () => {
    const before = await counts();
    const waiver = await createForm(f.adminToken, f.shop.host, formBody({ name: 'Waiver', formType: 'WAIVER' }));
    const draft = await createForm(f.adminToken, f.shop.host, formBody({ name: 'Draft', isPublished: false }));
    for (const form of [otherRegistration, waiver, draft]) {
      const response = await register(await body({}, form));
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await counts()).toEqual(before);

    // the other studio has the setting off: the route is absent there, even with its own form and item
    const otherCall = visit(app, f.other);
    const challenge = await app.inject({
      method: 'GET',
      url: '/public/humanCheck?action=custom_form_checkout',
      headers: { host: f.other.host },
    });
    const off = await otherCall(
      'POST',
      '/public/checkout/register',
      await body(
        { rToken: solveChallenge(json<any>(challenge)), items: [{ guId: f.foreignItem, qty: 1 }] },
        otherRegistration,
      ),
    );
    expect(off.statusCode, off.body).toBe(404);
    const otherContacts = await withTenant(app.platform.db, f.other.tenantId, (tx) => tx.select().from(contacts));
    expect(otherContacts.some((c) => c.name === 'Grace')).toBe(false);
  });
});
