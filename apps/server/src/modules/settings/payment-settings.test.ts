import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { expectEachRefused } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';

let app: App;
let studio: TestTenant;
let other: TestTenant;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  app = await startTestApp();
  studio = await newTenant(app);
  other = await newTenant(app);
  admin = (await loginAs(app, studio, 'admin')).access_token;
  otherAdmin = (await loginAs(app, other, 'admin')).access_token;
});

const call = (token: string, tenant: TestTenant, method: 'GET' | 'PUT', payload?: object) =>
  app.inject({ method, url: '/item/tenant', headers: bearer(token, tenant.host), payload });

const form = (patch: Record<string, unknown> = {}) => ({
  defaultCurrency: 'INR',
  currencies: ['INR', 'EUR'],
  taxPercent: 18,
  cardFees: 2.345,
  bankFees: 0.8,
  taxLabel1: 'Cess',
  taxValue1: 1.5,
  invoiceNote: 'Thank you for practising with us.',
  ...patch,
});

describe('GET /item/tenant', () => {
  it('answers USD by default with USD and INR always supported, to staff', async () => {
    const staff = (await loginAs(app, studio, 'staff')).access_token;
    const response = await call(staff, studio, 'GET');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      name: `Studio ${studio.orgId}`,
      orgId: studio.orgId,
      defaultCurrency: 'USD',
      currencies: [
        { code: 'USD', text: 'US Dollar' },
        { code: 'INR', text: 'Indian Rupee' },
      ],
      taxPercent: 0,
      cardFees: 0,
      bankFees: 0,
      taxLabel1: '',
      taxValue1: null,
      invoiceNote: '',
    });
    const student = (await loginAs(app, studio, 'student')).access_token;
    expect((await call(student, studio, 'GET')).statusCode).toBe(403);
  });
});

describe('PUT /item/tenant', () => {
  it('is for admins only, refused before the body is read', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(app, studio, role)).access_token;
      expect((await call(token, studio, 'PUT', { taxPercent: 'x' })).statusCode).toBe(403);
    }
  });

  it("names the bad field with the spec's messages and writes nothing", async () => {
    const cases: [object, string, string][] = [
      [form({ taxPercent: undefined }), 'taxPercent', 'Tax is required!'],
      [form({ cardFees: undefined }), 'cardFees', 'Credit Card Fees is required!'],
      [form({ taxValue1: null }), 'taxValue1', 'Value is required!'],
      [form({ taxLabel1: '' }), 'taxLabel1', 'Label is required!'],
      [form({ invoiceNote: 'n'.repeat(256) }), 'invoiceNote', 'Invoice note cannot exceed 255 characters'],
      [form({ invoiceNote: 'two\nlines' }), 'invoiceNote', 'Invoice note must be one line'],
      [form({ taxPercent: 101 }), 'taxPercent', 'Tax cannot be more than 100%'],
      [form({ cardFees: -1 }), 'cardFees', 'Credit Card Fees cannot be negative'],
      [form({ defaultCurrency: 'EUR', currencies: [] }), 'defaultCurrency', 'one of the supported currencies'],
      [form({ currencies: ['XYZ'] }), 'currencies', 'Unknown currency'],
      [form({ apiKey: 'x' }), 'apiKey', 'apiKey'],
    ];
    await expectEachRefused(cases, (payload) => call(admin, studio, 'PUT', payload));
    expect(json<any>(await call(admin, studio, 'GET')).taxPercent).toBe(0);
  });

  it('saves the form, fees rounded to 2 decimals, and the ping shows the currency symbol at once', async () => {
    const response = await call(admin, studio, 'PUT', form());
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      defaultCurrency: 'INR',
      currencies: [
        { code: 'USD', text: 'US Dollar' },
        { code: 'INR', text: 'Indian Rupee' },
        { code: 'EUR', text: 'Euro' },
      ],
      taxPercent: 18,
      cardFees: 2.35,
      bankFees: 0.8,
      taxLabel1: 'Cess',
      taxValue1: 1.5,
      invoiceNote: 'Thank you for practising with us.',
    });
    const ping = json<any>(await app.inject({ url: '/ping', headers: { host: studio.host } }));
    expect(ping).toMatchObject({ csymbol: '₹', taxPercent: 18, cardFees: 2.35 });
    // another tenant is untouched, and its admin cannot write here
    expect(json<any>(await call(otherAdmin, other, 'GET')).defaultCurrency).toBe('USD');
    expect((await call(otherAdmin, studio, 'PUT', form())).statusCode).toBe(401);
  });
});
