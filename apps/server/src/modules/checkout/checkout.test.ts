import { randomUUID } from 'node:crypto';
import type { Role } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, newTenant, setTenantSettings, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { roleTokens } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import {
  contacts,
  invoicePayments,
  invoices,
  items,
  notificationSettings,
  offers,
  outboxEmails,
} from '../../db/schema/index.ts';
import { errorOf, makeBundle, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';

let app: App;
let shop: TestTenant;
let other: TestTenant;
const token = roleTokens(() => app);

async function call(tenant: TestTenant, role: Role | null, url: string, payload?: object) {
  const headers = role ? bearer(await token(tenant, role), tenant.host) : { host: tenant.host };
  return app.inject({ method: 'POST', url, headers, payload });
}

const key = () => `sale-${randomUUID()}`;
const validate = (payload: object, role: Role = 'frontdesk', tenant = shop) =>
  call(tenant, role, '/item/checkout/validate', payload);
const sell = (payload: object, role: Role = 'frontdesk', tenant = shop) =>
  call(tenant, role, '/item/checkout', { idempotencyKey: key(), ...payload });

async function stockOf(tenant: TestTenant, id: string) {
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const [row] = await tx.select({ stock: items.stock }).from(items).where(eq(items.id, id));
    return row?.stock;
  });
}

async function usesOf(tenant: TestTenant, code: string) {
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const [row] = await tx.select({ used: offers.usedCount }).from(offers).where(eq(offers.offerCode, code));
    return row?.used;
  });
}

/** The shop's outbox emails with this subject. */
const mailsWithSubject = (subject: string) =>
  withTenant(app.platform.db, shop.tenantId, (tx) =>
    tx.select().from(outboxEmails).where(eq(outboxEmails.subject, subject)),
  );

async function invoiceCount(tenant: TestTenant) {
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => (await tx.select().from(invoices)).length);
}

let shirt: string;
let mat: string;
let bottle: string;
let kit: string;
let foreignItem: string;

async function addOffer(body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/item/offer',
    headers: bearer(await token(shop, 'admin'), shop.host),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  app = await startTestApp();
  shop = await newTenant(app);
  other = await newTenant(app);
  await setTenantSettings(app, shop, { currency: 'USD', taxPercent: 10, cardFees: 3 });
  const admin = await token(shop, 'admin');
  const merch = await makeCategory(app, shop, admin);
  shirt = (await makeItem(app, shop, admin, merch.guId, { name: 'Studio T-shirt', price: 25, stock: 5 })).guId;
  mat = (await makeItem(app, shop, admin, merch.guId, { name: 'Yoga mat', price: 40, stock: 10 })).guId;
  bottle = (
    await makeItem(app, shop, admin, merch.guId, {
      name: 'Water bottle',
      price: 12.5,
      stock: null,
      isTaxable: false,
      isChargeCreditCardFees: false,
    })
  ).guId;
  kit = (await makeBundle(app, shop, admin, [{ itemId: mat, qty: 1 }], { name: 'Starter kit', price: 35 })).guId;
  const foreign = await makeCategory(app, other, await token(other, 'admin'));
  foreignItem = (await makeItem(app, other, await token(other, 'admin'), foreign.guId, { stock: 3 })).guId;
});

describe('POST /item/checkout/validate', () => {
  it('prices every line from the catalogue (a price in the body is ignored), with tax and the card fee', async () => {
    const response = await validate({
      contactId: shop.users.student.id,
      items: [
        { guId: shirt, qty: 2, price: 0.01 },
        { guId: bottle, qty: 1 },
      ],
      paymentMethod: 'credit_card',
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = json<any>(response);
    // shirt: 50 + 10% tax = 55, card fee 3% of 55 = 1.65; bottle 12.50 untaxed, no fee
    expect(quote).toMatchObject({
      currency: 'USD',
      subtotal: 62.5,
      discount: 0,
      tax: 5,
      cardFee: 1.65,
      total: 69.15,
      minor: { subtotal: 6250, discount: 0, tax: 500, cardFee: 165, total: 6915 },
      offer: null,
      contact: { id: shop.users.student.id, isWalkin: false },
    });
    expect(quote.lines[0]).toMatchObject({ name: 'Studio T-shirt', qty: 2, price: 25, total: 56.65, stock: 5 });
    expect(quote.lines[1]).toMatchObject({ name: 'Water bottle', stock: null, total: 12.5 });
    const cash = json<any>(await validate({ items: [{ guId: shirt, qty: 2 }], paymentMethod: 'cash' }));
    expect(cash).toMatchObject({ cardFee: 0, total: 55, contact: { isWalkin: true } });
  });

  it('shows what a code takes off, or its exact alert with the prices whole; counts no use', async () => {
    await addOffer({ offerCode: 'DESK10', discount: 10, usageLimit: 5 });
    const good = json<any>(await validate({ items: [{ guId: shirt, qty: 1 }], offerCode: ' Desk10 ' }));
    expect(good).toMatchObject({
      subtotal: 25,
      discount: 2.5,
      tax: 2.25,
      total: 24.75,
      offer: { valid: true, offerCode: 'desk10', alert: null, discount: 2.5 },
    });
    const bad = await validate({ items: [{ guId: shirt, qty: 1 }], offerCode: 'nope' });
    expect(bad.statusCode).toBe(200);
    expect(json<any>(bad)).toMatchObject({
      discount: 0,
      total: 27.5,
      offer: { valid: false, offerCode: 'nope', alert: "Offer code 'nope' is invalid." },
    });
    expect(await usesOf(shop, 'desk10')).toBe(0);
    expect(await stockOf(shop, shirt)).toBe(5);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [object, number, string][] = [
      [{ items: [{ guId: shirt, qty: 0 }] }, 400, 'items.0.qty'],
      [{ items: [{ guId: shirt, qty: 10 }] }, 400, 'items.0.qty'],
      [{ items: [{ guId: shirt, qty: 1.5 }] }, 400, 'items.0.qty'],
      [{ items: [] }, 400, 'items'],
      [{ items: [{ guId: shirt, qty: 1 }], paymentMethod: 'bitcoin' }, 400, 'paymentMethod'],
      [
        {
          items: [
            { guId: shirt, qty: 1 },
            { guId: randomUUID(), qty: 1 },
          ],
        },
        404,
        'items.1.guId',
      ],
      [{ items: [{ guId: 'not-an-id', qty: 1 }] }, 404, 'items.0.guId'],
      [{ items: [{ guId: foreignItem, qty: 1 }] }, 404, 'items.0.guId'],
      [{ contactId: other.users.student.id, items: [{ guId: shirt, qty: 1 }] }, 404, 'contactId'],
      [{ items: [{ guId: shirt, qty: 1 }], paymentMethod: 'account' }, 400, 'paymentMethod'],
      [{ items: [{ guId: shirt, qty: 6 }] }, 409, 'items.0.guId'],
    ];
    for (const [body, status, field] of cases) {
      const response = await validate(body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
      expect(errorOf(response.body).field).toBe(field);
    }
    expect(errorOf((await validate({ items: [{ guId: shirt, qty: 6 }] })).body).message).toBe(
      'Only 5 of Studio T-shirt left.',
    );
  });

  it('an archived item is not sellable', async () => {
    const admin = await token(shop, 'admin');
    const cat = await makeCategory(app, shop, admin);
    const gone = await makeItem(app, shop, admin, cat.guId, { name: 'Old poster' });
    const archived = await app.inject({
      method: 'DELETE',
      url: `/rest/item/${gone.guId}`,
      headers: bearer(admin, shop.host),
    });
    expect(archived.statusCode, archived.body).toBe(200);
    for (const response of [
      await validate({ items: [{ guId: gone.guId, qty: 1 }] }),
      await sell({ items: [{ guId: gone.guId, qty: 1 }], paymentMethod: 'cash' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body)).toMatchObject({ field: 'items.0.guId', message: 'Item not found.' });
    }
  });

  it('every staff role may price a sale; students and visitors may not', async () => {
    const body = { items: [{ guId: shirt, qty: 1 }] };
    for (const role of ['admin', 'staff', 'frontdesk'] as const)
      expect((await validate(body, role)).statusCode).toBe(200);
    expect((await validate(body, 'student')).statusCode).toBe(403);
    expect((await call(shop, null, '/item/checkout/validate', body)).statusCode).toBe(401);
    expect((await sell(body, 'student')).statusCode).toBe(403);
    expect((await call(shop, null, '/item/checkout', { ...body, idempotencyKey: key() })).statusCode).toBe(401);
  });
});

describe('POST /item/checkout', () => {
  it('a cash sale to a contact: stock taken, invoice complete, paid in full, emailed to the contact', async () => {
    const before = await stockOf(shop, mat);
    const response = await sell({
      contactId: shop.users.student.id,
      items: [{ guId: mat, qty: 2 }],
      paymentMethod: 'cash',
    });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = json<any>(response);
    expect(invoice).toMatchObject({
      status: 'complete',
      subTotal: 80,
      tax: 8,
      cardFees: 0,
      total: 88,
      amountPaid: 88,
      balance: 0,
      paymentMethod: 'cash',
      contact: { id: shop.users.student.id },
    });
    expect(invoice.items[0]).toMatchObject({ itemName: 'Yoga mat', qty: 2 });
    expect(invoice.payments).toHaveLength(1);
    expect(await stockOf(shop, mat)).toBe((before ?? 0) - 2);
    const mails = await withTenant(app.platform.db, shop.tenantId, (tx) =>
      tx.select().from(outboxEmails).where(eq(outboxEmails.toAddress, shop.users.student.email)),
    );
    expect(mails.some((mail) => mail.textBody.includes(invoice.invoiceId))).toBe(true);
  });

  it('staff who asked for sales notifications get a short note of each sale; others get none', async () => {
    await withTenant(app.platform.db, shop.tenantId, (tx) =>
      tx.insert(notificationSettings).values([
        { tenantId: shop.tenantId, contactId: shop.users.admin.id, isNotifySales: true },
        { tenantId: shop.tenantId, contactId: shop.users.staff.id, isNotifySales: false },
      ]),
    );
    const response = await sell({ items: [{ guId: bottle, qty: 2 }], paymentMethod: 'cash' });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = json<any>(response);
    const notes = await mailsWithSubject(`New sale ${invoice.invoiceId}: $25.00`);
    expect(notes.map((note) => note.toAddress)).toEqual([shop.users.admin.email]);
    expect(notes[0]?.textBody).toContain('paid in cash');
    expect(notes[0]?.textBody).toContain('2 x Water bottle');
    await withTenant(app.platform.db, shop.tenantId, (tx) =>
      tx.delete(notificationSettings).where(eq(notificationSettings.tenantId, shop.tenantId)),
    );
  });

  it('the sale note also goes to the account’s sales email list, each address once', async () => {
    const setList = (salesEmailList: string[]) => setTenantSettings(app, shop, { salesEmailList });
    await setList(['books@studio.test', shop.users.admin.email.toUpperCase()]);
    await withTenant(app.platform.db, shop.tenantId, (tx) =>
      tx
        .insert(notificationSettings)
        .values({ tenantId: shop.tenantId, contactId: shop.users.admin.id, isNotifySales: true }),
    );
    const response = await sell({ items: [{ guId: bottle, qty: 1 }], paymentMethod: 'cash' });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = json<any>(response);
    const notes = await mailsWithSubject(`New sale ${invoice.invoiceId}: $12.50`);
    expect(notes.map((note) => note.toAddress.toLowerCase()).sort()).toEqual(
      ['books@studio.test', shop.users.admin.email.toLowerCase()].sort(),
    );
    await withTenant(app.platform.db, shop.tenantId, (tx) =>
      tx.delete(notificationSettings).where(eq(notificationSettings.tenantId, shop.tenantId)),
    );
    await setList([]);
  });

  it('the walk-in gets no email; a bundle takes its items’ stock', async () => {
    const before = await stockOf(shop, mat);
    const emailsBefore = await withTenant(
      app.platform.db,
      shop.tenantId,
      async (tx) => (await tx.select().from(outboxEmails)).length,
    );
    const response = await sell({ items: [{ guId: kit, qty: 3 }], paymentMethod: 'cash' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response)).toMatchObject({ status: 'complete', subTotal: 105 });
    expect(await stockOf(shop, mat)).toBe((before ?? 0) - 3);
    const emailsAfter = await withTenant(
      app.platform.db,
      shop.tenantId,
      async (tx) => (await tx.select().from(outboxEmails)).length,
    );
    expect(emailsAfter).toBe(emailsBefore);
  });

  it('on account: the invoice is paid from the account, which now owes the total', async () => {
    const buyer = shop.users.staff.id;
    const response = await sell({ contactId: buyer, items: [{ guId: bottle, qty: 2 }], paymentMethod: 'account' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response)).toMatchObject({ status: 'complete', total: 25, balance: 0, paymentMethod: 'account' });
    const [row] = await withTenant(app.platform.db, shop.tenantId, (tx) =>
      tx.select({ balance: contacts.balance }).from(contacts).where(eq(contacts.id, buyer)),
    );
    expect(Number(row?.balance)).toBe(-25);
  });

  it('left open: the invoice is pending with its whole balance, nothing paid', async () => {
    const response = await sell({ contactId: shop.users.student.id, items: [{ guId: bottle, qty: 1 }] });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response)).toMatchObject({ status: 'pending', total: 12.5, balance: 12.5, amountPaid: 0 });
  });

  it('overselling is a 409 naming the item, and nothing of the cart is taken', async () => {
    const admin = await token(shop, 'admin');
    const cat = await makeCategory(app, shop, admin);
    const last = (await makeItem(app, shop, admin, cat.guId, { name: 'Studio cap', price: 15, stock: 1 })).guId;
    const matBefore = await stockOf(shop, mat);
    const invoicesBefore = await invoiceCount(shop);
    const response = await sell({
      items: [
        { guId: mat, qty: 1 },
        { guId: last, qty: 2 },
      ],
      paymentMethod: 'cash',
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body)).toMatchObject({
      code: 'out_of_stock',
      field: 'items.1.guId',
      message: 'Only 1 of Studio cap left.',
    });
    expect(await stockOf(shop, mat)).toBe(matBefore);
    expect(await stockOf(shop, last)).toBe(1);
    expect(await invoiceCount(shop)).toBe(invoicesBefore);
    expect((await sell({ items: [{ guId: last, qty: 1 }], paymentMethod: 'cash' })).statusCode).toBe(201);
    expect(errorOf((await sell({ items: [{ guId: last, qty: 1 }] })).body).message).toBe('Studio cap is out of stock.');
  });

  it('a code is applied and counted once; the same key again answers the same invoice and takes nothing', async () => {
    await addOffer({ offerCode: 'ONCE5', discount: 5, discountType: 'dollars', usageLimit: 1 });
    const payload = {
      idempotencyKey: key(),
      contactId: shop.users.student.id,
      items: [{ guId: shirt, qty: 1 }],
      offerCode: 'once5',
      paymentMethod: 'cash',
    };
    const stock = await stockOf(shop, shirt);
    const first = await call(shop, 'frontdesk', '/item/checkout', payload);
    expect(first.statusCode, first.body).toBe(201);
    const invoice = json<any>(first);
    expect(invoice).toMatchObject({ subTotal: 25, discount: 5, tax: 2, total: 22, status: 'complete' });
    const again = await call(shop, 'frontdesk', '/item/checkout', payload);
    expect(again.statusCode, again.body).toBe(201);
    expect(json<any>(again)).toMatchObject({ id: invoice.id, amountPaid: 22 });
    expect(await stockOf(shop, shirt)).toBe((stock ?? 0) - 1);
    expect(await usesOf(shop, 'once5')).toBe(1);
    const payments = await withTenant(app.platform.db, shop.tenantId, (tx) =>
      tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id)),
    );
    expect(payments).toHaveLength(1);

    const changed = await call(shop, 'frontdesk', '/item/checkout', { ...payload, items: [{ guId: shirt, qty: 2 }] });
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed.body).code).toBe('idempotency_conflict');

    // the code is used up now: a new sale with it is refused with its alert, and takes nothing
    const used = await sell({ items: [{ guId: shirt, qty: 1 }], offerCode: 'ONCE5', paymentMethod: 'cash' });
    expect(used.statusCode).toBe(400);
    expect(errorOf(used.body)).toMatchObject({
      field: 'offerCode',
      message: "Offer code 'once5' has reached its usage limit.",
    });
    expect(await stockOf(shop, shirt)).toBe((stock ?? 0) - 1);
  });

  it('another tenant never sees the sale: its key, items and contacts are its own', async () => {
    const sameKey = key();
    const mine = await call(shop, 'admin', '/item/checkout', {
      idempotencyKey: sameKey,
      items: [{ guId: bottle, qty: 1 }],
      paymentMethod: 'cash',
    });
    expect(mine.statusCode).toBe(201);
    const admin = await token(other, 'admin');
    const cat = await makeCategory(app, other, admin);
    const theirs = (await makeItem(app, other, admin, cat.guId, { price: 3 })).guId;
    const response = await call(other, 'admin', '/item/checkout', {
      idempotencyKey: sameKey,
      items: [{ guId: theirs, qty: 1 }],
      paymentMethod: 'cash',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response).id).not.toBe(json<any>(mine).id);
    const foreignSale = await sell({ items: [{ guId: foreignItem, qty: 1 }], paymentMethod: 'cash' });
    expect(foreignSale.statusCode).toBe(404);
    expect(await stockOf(other, foreignItem)).toBe(3);
    const rows = await withTenant(app.platform.db, other.tenantId, (tx) =>
      tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.tenantId, other.tenantId))),
    );
    expect(rows).toHaveLength(1);
  });
});
