import { randomUUID } from 'node:crypto';
import type { Role } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, newTenant, setTenantSettings, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { roleTokens } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

let app: App;
let shop: TestTenant;
let other: TestTenant;
const token = roleTokens(() => app);

async function call(tenant: TestTenant, role: Role | null, method: string, url: string, payload?: object) {
  const headers = role ? bearer(await token(tenant, role), tenant.host) : { host: tenant.host };
  return app.inject({ method: method as 'GET', url, headers, payload });
}

const key = () => `key-${randomUUID()}`;

async function setPricing(tenant: TestTenant, settings: Record<string, unknown>) {
  await setTenantSettings(app, tenant, settings);
}

async function balanceOf(tenant: TestTenant, contactId: string): Promise<string> {
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const [row] = await tx.select({ balance: contacts.balance }).from(contacts).where(eq(contacts.id, contactId));
    return row?.balance ?? '';
  });
}

async function createInvoice(tenant = shop, items?: object[], extra: object = {}) {
  const response = await call(tenant, 'staff', 'POST', '/item/invoice', {
    contactId: tenant.users.student.id,
    items: items ?? [
      { itemName: 'Yoga mat', price: '40.00', qty: 2 },
      { itemName: 'Drop-in class', itemType: 'service', price: 20, qty: 1, isTaxable: false },
    ],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<any>(response);
}

beforeAll(async () => {
  app = await startTestApp();
  shop = await newTenant(app);
  other = await newTenant(app);
  await setPricing(shop, { currency: 'USD', taxPercent: 10, cardFees: 3, bankFees: 1 });
});

describe('POST /item/invoice', () => {
  it('prices the lines with the tenant taxes, numbers it, and the contact owes the total', async () => {
    const before = await balanceOf(shop, shop.users.student.id);
    const invoice = await createInvoice();
    expect(invoice).toMatchObject({
      status: 'pending',
      currency: 'USD',
      subTotal: 100,
      tax: 8,
      cardFees: 0,
      total: 108,
      amountPaid: 0,
      balance: 108,
      contact: { id: shop.users.student.id, email: shop.users.student.email },
      salesPerson: { id: shop.users.staff.id },
    });
    expect(invoice.items).toEqual([
      expect.objectContaining({ itemName: 'Yoga mat', qty: 2, price: 40, tax: 8, itemTotal: 88, itemType: 'product' }),
      expect.objectContaining({
        itemName: 'Drop-in class',
        qty: 1,
        price: 20,
        tax: 0,
        itemTotal: 20,
        itemType: 'service',
      }),
    ]);
    expect(invoice.invoiceId).toMatch(/^INV-\d{5}$/);
    expect(invoice.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(invoice.publicUrl).toBe(`http://${shop.host}/invoice/${invoice.publicId}`);
    expect(Number(await balanceOf(shop, shop.users.student.id))).toBeCloseTo(Number(before) - 108, 3);
  });

  it('charges the card fee only when paying by card', async () => {
    const invoice = await createInvoice(shop, [{ itemName: 'Pass', price: '100', isChargeCreditCardFees: true }], {
      paymentMethod: 'credit_card',
    });
    expect(invoice).toMatchObject({ subTotal: 100, tax: 10, cardFees: 3.3, total: 113.3 });
  });

  it('sells to the walk-in contact when no contact is named', async () => {
    const response = await call(shop, 'frontdesk', 'POST', '/item/invoice', {
      items: [{ itemName: 'Water', price: '2' }],
    });
    expect(response.statusCode).toBe(201);
    expect(json<any>(response).contact.email).toBe(`walkin@${shop.orgId}.invalid`);
  });

  it('answers 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ items: [] }, 'items'],
      [{ items: [{ itemName: '', price: '1' }] }, 'items.0.itemName'],
      [{ items: [{ itemName: 'A', price: '1.999' }] }, 'items.0.price'],
      [{ items: [{ itemName: 'A', price: '-1' }] }, 'items.0.price'],
      [{ items: [{ itemName: 'A', price: '1', qty: 10 }] }, 'items.0.qty'],
      [{ items: [{ itemName: 'A', price: '1' }], paymentMethod: 'bitcoin' }, 'paymentMethod'],
      [{ items: [{ itemName: 'A', price: '1' }], contactId: 'nope' }, 'contactId'],
      [{ items: [{ itemName: 'A', price: '1' }], salesPersonId: shop.users.student.id }, 'salesPersonId'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(shop, 'staff', 'POST', '/item/invoice', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<any>(response).errors.field).toBe(field);
    }
  });

  it("refuses another tenant's contact as a 404, and students and visitors", async () => {
    const response = await call(shop, 'staff', 'POST', '/item/invoice', {
      contactId: other.users.student.id,
      items: [{ itemName: 'A', price: '1' }],
    });
    expect(response.statusCode).toBe(404);
    const payload = { items: [{ itemName: 'A', price: '1' }] };
    expect((await call(shop, 'student', 'POST', '/item/invoice', payload)).statusCode).toBe(403);
    expect((await call(shop, null, 'POST', '/item/invoice', payload)).statusCode).toBe(401);
  });

  it('numbers without gaps', async () => {
    const a = await createInvoice();
    // a failing create (bad sales person) after numbering would roll back its number
    await call(shop, 'staff', 'POST', '/item/invoice', {
      contactId: randomUUID(),
      items: [{ itemName: 'A', price: '1' }],
    });
    const b = await createInvoice();
    expect(b.number).toBe(a.number + 1);
  });
});

describe('payments', () => {
  it('pending -> partial -> complete, the contact balance follows, and a paid invoice takes nothing more', async () => {
    const invoice = await createInvoice();
    const start = Number(await balanceOf(shop, shop.users.student.id));
    const url = `/item/invoice/${invoice.id}/payment`;
    const first = await call(shop, 'frontdesk', 'POST', url, {
      method: 'cash',
      amount: '50.00',
      idempotencyKey: key(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(json<any>(first)).toMatchObject({ status: 'partial', amountPaid: 50, balance: 58 });
    expect(Number(await balanceOf(shop, shop.users.student.id))).toBeCloseTo(start + 50, 3);

    const tooMuch = await call(shop, 'staff', 'POST', url, { method: 'cash', amount: '58.01', idempotencyKey: key() });
    expect(tooMuch.statusCode).toBe(400);
    expect(json<any>(tooMuch).errors).toMatchObject({
      field: 'amount',
      message: 'Amount cannot be more than the balance of $58.00.',
    });

    const rest = await call(shop, 'staff', 'POST', url, { method: 'cash', amount: 58, idempotencyKey: key() });
    expect(json<any>(rest)).toMatchObject({ status: 'complete', amountPaid: 108, balance: 0 });
    expect(json<any>(rest).payments).toHaveLength(2);
    expect(Number(await balanceOf(shop, shop.users.student.id))).toBeCloseTo(start + 108, 3);

    const more = await call(shop, 'staff', 'POST', url, { method: 'cash', amount: 1, idempotencyKey: key() });
    expect(more.statusCode).toBe(409);
    expect(json<any>(more).errors.message).toBe('This invoice is already paid.');
  });

  it('the same key twice records once; a key reused for something else is a 409', async () => {
    const invoice = await createInvoice();
    const url = `/item/invoice/${invoice.id}/payment`;
    const body = { method: 'cash', amount: '10.00', idempotencyKey: key() };
    const one = json<any>(await call(shop, 'staff', 'POST', url, body));
    const two = await call(shop, 'staff', 'POST', url, body);
    expect(two.statusCode).toBe(200);
    expect(json<any>(two).payments).toEqual(one.payments);
    const reused = await call(shop, 'staff', 'POST', url, { ...body, amount: '11.00' });
    expect(reused.statusCode).toBe(409);
    expect(json<any>(reused).errors.code).toBe('idempotency_conflict');
  });

  it('validates the body, naming the field', async () => {
    const invoice = await createInvoice();
    const url = `/item/invoice/${invoice.id}/payment`;
    const cases: [object, string][] = [
      [{ method: 'credit_card', amount: 1, idempotencyKey: key() }, 'method'],
      [{ method: 'cash', amount: 'ten', idempotencyKey: key() }, 'amount'],
      [{ method: 'cash', amount: 0, idempotencyKey: key() }, 'amount'],
      [{ method: 'cash', amount: 1 }, 'idempotencyKey'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(shop, 'staff', 'POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<any>(response).errors.field).toBe(field);
    }
  });

  it('an account payment moves the debt to the account; applypayment uses only real credit', async () => {
    const tenant = await newTenant(app);
    const student = tenant.users.student.id;
    const invoice = await createInvoice(tenant, [{ itemName: 'Class pack', price: '30', isTaxable: false }]);
    expect(Number(await balanceOf(tenant, student))).toBe(-30);
    const apply = await call(tenant, 'staff', 'POST', `/item/invoice/${invoice.id}/applypayment`, {
      idempotencyKey: key(),
    });
    expect(apply.statusCode).toBe(409);
    expect(json<any>(apply).errors.message).toBe('This contact has no account credit to apply.');

    const onAccount = await call(tenant, 'staff', 'POST', `/item/invoice/${invoice.id}/payment`, {
      method: 'account',
      amount: 30,
      idempotencyKey: key(),
    });
    expect(json<any>(onAccount)).toMatchObject({ status: 'complete', balance: 0 });
    expect(Number(await balanceOf(tenant, student))).toBe(-30);

    // refunding the account payment gives the credit back to the account
    const paymentId = json<any>(onAccount).payments[0].id;
    const refund = await call(tenant, 'admin', 'POST', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      idempotencyKey: key(),
    });
    expect(json<any>(refund)).toMatchObject({ status: 'refunded', amountRefunded: 30, balance: 0 });
    expect(Number(await balanceOf(tenant, student))).toBe(0);

    // credit on the account (e.g. 25 from earlier) pays a new invoice through applypayment
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.update(contacts).set({ balance: '25' }).where(eq(contacts.id, student)),
    );
    const second = await createInvoice(tenant, [{ itemName: 'Mat', price: '40', isTaxable: false }]);
    const applied = await call(tenant, 'staff', 'POST', `/item/invoice/${second.id}/applypayment`, {
      idempotencyKey: key(),
    });
    expect(json<any>(applied)).toMatchObject({ status: 'partial', amountPaid: 25, balance: 15 });
    expect(Number(await balanceOf(tenant, student))).toBe(-15);
  });
});

describe('refunds and void', () => {
  it('refunds part, then the rest, never more than was paid; fully refunded is refunded', async () => {
    const invoice = await createInvoice();
    const paid = json<any>(
      await call(shop, 'staff', 'POST', `/item/invoice/${invoice.id}/payment`, {
        method: 'cash',
        amount: 108,
        idempotencyKey: key(),
      }),
    );
    const paymentId = paid.payments[0].id;
    const url = `/item/invoice/${invoice.id}/refund`;
    expect(
      (await call(shop, 'frontdesk', 'POST', url, { paymentId, amount: 1, idempotencyKey: key() })).statusCode,
    ).toBe(403);

    const part = await call(shop, 'staff', 'POST', url, { paymentId, amount: '8.00', idempotencyKey: key() });
    expect(json<any>(part)).toMatchObject({ status: 'complete', amountRefunded: 8, balance: 0 });
    expect(json<any>(part).payments[0].refundable).toBe(100);

    const over = await call(shop, 'staff', 'POST', url, { paymentId, amount: '100.01', idempotencyKey: key() });
    expect(over.statusCode).toBe(400);
    expect(json<any>(over).errors).toMatchObject({ field: 'amount' });

    const rest = await call(shop, 'admin', 'POST', url, { paymentId, idempotencyKey: key() });
    expect(json<any>(rest)).toMatchObject({ status: 'refunded', amountPaid: 108, amountRefunded: 108 });
    const again = await call(shop, 'admin', 'POST', url, { paymentId, idempotencyKey: key() });
    expect(again.statusCode).toBe(409);
    expect(json<any>(again).errors.message).toBe('This payment is already fully refunded.');

    const wrong = await call(shop, 'admin', 'POST', url, { paymentId: randomUUID(), idempotencyKey: key() });
    expect(wrong.statusCode).toBe(404);
  });

  it('voids only an invoice without payments; a void invoice takes no payment', async () => {
    const start = Number(await balanceOf(shop, shop.users.student.id));
    const invoice = await createInvoice();
    expect((await call(shop, 'frontdesk', 'PUT', `/item/invoice/${invoice.id}/void`)).statusCode).toBe(403);
    const voided = await call(shop, 'staff', 'PUT', `/item/invoice/${invoice.id}/void`);
    expect(json<any>(voided)).toMatchObject({ status: 'void', balance: 0 });
    expect(Number(await balanceOf(shop, shop.users.student.id))).toBeCloseTo(start, 3);
    const pay = await call(shop, 'staff', 'POST', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: 1,
      idempotencyKey: key(),
    });
    expect(pay.statusCode).toBe(409);
    expect(json<any>(pay).errors.message).toBe('This invoice is void.');

    const paid = await createInvoice();
    await call(shop, 'staff', 'POST', `/item/invoice/${paid.id}/payment`, {
      method: 'cash',
      amount: 5,
      idempotencyKey: key(),
    });
    const refused = await call(shop, 'admin', 'PUT', `/item/invoice/${paid.id}/void`);
    expect(refused.statusCode).toBe(409);
    expect(json<any>(refused).errors.message).toBe('This invoice has payments. Refund them before voiding it.');
  });
});

describe('reading, editing, archiving', () => {
  it('GET /item/ireport pages, searches by number, name and email, sorts, hides archived', async () => {
    const tenant = await newTenant(app);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createInvoice(tenant, [{ itemName: 'Thing', price: String(10 + i) }]));
    const list = async (query: string) => {
      const response = await call(tenant, 'frontdesk', 'GET', `/item/ireport?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return json<any>(response);
    };
    const page = await list('offset=0&max=2');
    expect(page.total).toBe(5);
    expect(page.data.map((row: any) => row.number)).toEqual([5, 4]);
    expect((await list('offset=4&max=2')).data.map((row: any) => row.number)).toEqual([1]);
    expect((await list('sort=total&order=asc&max=1000')).data.map((row: any) => row.total)).toEqual([
      10, 11, 12, 13, 14,
    ]);
    expect((await list('search=INV-00003')).data.map((row: any) => row.number)).toEqual([3]);
    expect((await list(`search=${tenant.users.student.email.toUpperCase()}`)).total).toBe(5);
    expect((await list('search=nobody-here')).total).toBe(0);

    const archived = await call(tenant, 'staff', 'DELETE', `/item/invoice/${made[0].id}`);
    expect(json<any>(archived).isArchived).toBe(true);
    expect((await list('')).total).toBe(4);
    expect((await list('showArchive=true')).total).toBe(5);

    for (const bad of ['max=1001', 'offset=-1', 'sort=secret', 'order=up']) {
      const response = await call(tenant, 'staff', 'GET', `/item/ireport?${bad}`);
      expect(response.statusCode).toBe(400);
      expect(json<any>(response).errors.field).toBe(`querystring.${bad.split('=')[0]}`);
    }
    expect((await call(tenant, 'student', 'GET', '/item/ireport')).statusCode).toBe(403);
    // another tenant's list and search never show these (the search function reads only the caller's tenant)
    const foreign = await call(other, 'staff', 'GET', `/item/ireport?search=${tenant.users.student.email}`);
    expect(json<any>(foreign).total).toBe(0);
    expect(
      json<any>(await call(other, 'staff', 'GET', '/item/ireport?search=3')).data.map((r: any) => r.id),
    ).not.toContain(made[2].id);
    // another tenant's list never shows these
    expect(json<any>(await call(other, 'staff', 'GET', '/item/ireport')).data.map((r: any) => r.id)).not.toContain(
      made[1].id,
    );
  });

  it('edits the note and re-prices the lines while nothing is paid', async () => {
    const invoice = await createInvoice();
    const edited = await call(shop, 'staff', 'PUT', `/item/invoice/${invoice.id}`, {
      note: 'Thanks!',
      items: [{ itemName: 'Mat', price: '10', qty: 3 }],
    });
    expect(json<any>(edited)).toMatchObject({ note: 'Thanks!', subTotal: 30, tax: 3, total: 33, balance: 33 });
    await call(shop, 'staff', 'POST', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: 3,
      idempotencyKey: key(),
    });
    const locked = await call(shop, 'staff', 'PUT', `/item/invoice/${invoice.id}`, {
      items: [{ itemName: 'X', price: '1' }],
    });
    expect(locked.statusCode).toBe(409);
    expect((await call(shop, 'frontdesk', 'PUT', `/item/invoice/${invoice.id}`, { isArchived: true })).statusCode).toBe(
      403,
    );
    expect((await call(shop, 'frontdesk', 'DELETE', `/item/invoice/${invoice.id}`)).statusCode).toBe(403);
  });

  it("another tenant's invoice is a 404 on every call", async () => {
    const invoice = await createInvoice();
    const id = invoice.id;
    const calls: [string, string, object?][] = [
      ['GET', `/item/invoice/${id}`],
      ['PUT', `/item/invoice/${id}`, { note: 'x' }],
      ['DELETE', `/item/invoice/${id}`],
      ['PUT', `/item/invoice/${id}/void`],
      ['POST', `/item/invoice/${id}/email`, {}],
      ['POST', `/item/invoice/${id}/payment`, { method: 'cash', amount: 1, idempotencyKey: key() }],
      ['POST', `/item/invoice/${id}/applypayment`, { idempotencyKey: key() }],
      ['POST', `/item/invoice/${id}/refund`, { paymentId: randomUUID(), idempotencyKey: key() }],
      ['GET', `/cform/pdf/ireport/${id}`],
      ['GET', `/item/invoice/public/${invoice.publicId}`],
      ['GET', `/cform/pdf/ireport/${invoice.publicId}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(other, 'admin', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(shop, 'staff', 'GET', `/item/invoice/${id}`)).statusCode).toBe(200);
  });

  it('the public invoice needs no login and shows only what the invoice shows', async () => {
    const invoice = await createInvoice();
    await call(shop, 'staff', 'POST', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: 8,
      idempotencyKey: key(),
      note: 'staff-only note',
    });
    const response = await call(shop, null, 'GET', `/item/invoice/public/${invoice.publicId}`);
    expect(response.statusCode).toBe(200);
    const body = json<any>(response);
    expect(body).toMatchObject({ invoiceId: invoice.invoiceId, total: 108, balance: 100, status: 'partial' });
    expect(body.payments).toEqual([{ kind: 'payment', method: 'cash', amount: 8, createdAt: expect.any(String) }]);
    expect(response.body).not.toContain('staff-only note');
    expect(response.body).not.toContain('publicId');
    expect(response.body).not.toContain(shop.users.student.id);
    expect((await call(shop, null, 'GET', '/item/invoice/public/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await call(shop, null, 'GET', `/item/invoice/${invoice.id}`)).statusCode).toBe(401);
    expect((await call(shop, null, 'GET', `/cform/pdf/ireport/${invoice.id}`)).statusCode).toBe(401);
  });
});
