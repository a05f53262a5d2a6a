import { randomUUID } from 'node:crypto';
import type { PublicCart, PublicCheckoutResult } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, setTenantSettings, startTestApp } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, invoices, items, notificationSettings, offers, outboxEmails } from '../../db/schema/index.ts';
import { errorOf } from '../catalogue/catalogue-fixtures.ts';
import { makeShop, type ShopFixture, visit } from './shop-fixtures.ts';

let app: App;
let f: ShopFixture;
let call: ReturnType<typeof visit>;

const form = (email = `buyer-${randomUUID().slice(0, 8)}@example.com`) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  phone: '+1 555 0100',
  address: '1 Main St',
  note: 'Gift wrap please',
});
const key = () => `order-${randomUUID()}`;
const validate = (body: object) => call('POST', '/item/checkout/public/validate', body);
const order = (body: object, path = '/item/checkout/public') => call('POST', path, { idempotencyKey: key(), ...body });

const read = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
  withTenant(app.platform.db, f.shop.tenantId, fn);
const stockOf = (id: string) =>
  read(async (tx) => (await tx.select({ stock: items.stock }).from(items).where(eq(items.id, id)))[0]?.stock);
const invoiceCount = () => read(async (tx) => (await tx.select().from(invoices)).length);

beforeAll(async () => {
  app = await startTestApp();
  f = await makeShop(app);
  call = visit(app, f.shop);
  const offer = await app.inject({
    method: 'POST',
    url: '/item/offer',
    headers: bearer(f.adminToken, f.shop.host),
    payload: {
      offerCode: 'ONCE',
      offerType: 'flat',
      discountType: 'percentage',
      discount: 20,
      itemType: 'item',
      appliesOn: 'item',
      usageLimit: 1,
    },
  });
  expect(offer.statusCode, offer.body).toBe(201);
});

describe('POST /item/checkout/public/validate', () => {
  it('prices the order from the catalogue (a price sent is ignored) with the card fee, and writes nothing', async () => {
    const before = await invoiceCount();
    const response = await validate({ ...form(), items: [{ guId: f.shirt, qty: 2, price: 0.01 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ currency: 'USD', subtotal: 50, tax: 5, cardFee: 1.65, total: 56.65 });
    expect(await invoiceCount()).toBe(before);
  });

  it('checks the public user form: first and last name required, email required and valid (400 naming the field)', async () => {
    const items = [{ guId: f.shirt, qty: 1 }];
    const cases: [object, string][] = [
      [{ ...form(), firstName: '' }, 'firstName'],
      [{ ...form(), firstName: undefined }, 'firstName'],
      [{ ...form(), lastName: '  ' }, 'lastName'],
      [{ ...form(), email: undefined }, 'email'],
      [{ ...form(), email: 'not-an-email' }, 'email'],
      [{ ...form(), note: 'x'.repeat(256) }, 'note'],
    ];
    for (const [body, field] of cases) {
      const response = await validate({ ...body, items });
      expect(response.statusCode, field).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
    }
    const bad = await validate({ ...form(), email: 'nope', items });
    expect(errorOf(bad.body).message).toBe('Please enter a valid email address');
  });

  it('refuses quantities outside 1..9, and hidden, archived, course and another tenant’s items (404 naming the line)', async () => {
    for (const qty of [0, 10]) {
      const response = await validate({ ...form(), items: [{ guId: f.shirt, qty }] });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe('items.0.qty');
    }
    for (const guId of [f.hidden, f.archived, f.service, f.inHiddenCategory, f.foreignItem, 'x']) {
      const response = await validate({
        ...form(),
        items: [
          { guId: f.bottle, qty: 1 },
          { guId, qty: 1 },
        ],
      });
      expect(response.statusCode, guId).toBe(404);
      expect(errorOf(response.body)).toMatchObject({ field: 'items.1.guId', message: 'Item not found.' });
    }
  });
});

describe('POST /item/checkout/public', () => {
  it('places the order: a pending invoice billed to the name typed, a new contact, stock taken, emails queued', async () => {
    await read((tx) =>
      tx
        .insert(notificationSettings)
        .values({ tenantId: f.shop.tenantId, contactId: f.shop.users.admin.id, isNotifySales: true }),
    );
    const buyer = form();
    const stock = await stockOf(f.shirt);
    const response = await order({ ...buyer, items: [{ guId: f.shirt, qty: 1, price: 0.01 }] });
    expect(response.statusCode, response.body).toBe(201);
    const result = json<PublicCheckoutResult>(response);
    // the studio takes cards: paid by card on the provider's page, the card fee priced
    expect(result).toMatchObject({ status: 'pending', currency: 'USD', total: 28.33, balance: 28.33, payment: 'card' });
    expect(result.invoiceId).toMatch(/^INV-\d{5}$/);
    const stored = await read(
      async (tx) => (await tx.select().from(invoices).where(eq(invoices.publicId, result.publicId)))[0],
    );
    expect(stored?.paymentMethod).toBe('credit_card');
    expect(result.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await stockOf(f.shirt)).toBe((stock ?? 0) - 1);
    const publicInvoice = await call('GET', `/item/invoice/public/${result.publicId}`);
    expect(publicInvoice.statusCode, publicInvoice.body).toBe(200);
    const contact = await read(
      async (tx) => (await tx.select().from(contacts).where(eq(contacts.email, buyer.email)))[0],
    );
    expect(contact).toMatchObject({
      name: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 555 0100',
      address: '1 Main St',
      role: 'student',
      passwordHash: null,
      statuses: ['client'],
      isUnread: true,
      subscribeToMailingList: false,
    });
    const mails = await read((tx) => tx.select().from(outboxEmails));
    expect(mails.some((m) => m.toAddress === buyer.email && m.textBody.includes(result.invoiceId))).toBe(true);
    const note = mails.find((m) => m.subject === `New sale ${result.invoiceId}: $28.33`);
    expect(note?.toAddress).toBe(f.shop.users.admin.email);
    expect(note?.textBody).toContain('Sold online.');
    expect(note?.textBody).toContain('Note: Gift wrap please');
    await read((tx) => tx.delete(notificationSettings).where(eq(notificationSettings.tenantId, f.shop.tenantId)));
  });

  it('an address already known buys as that contact, whose stored details do not change, and the answer looks the same', async () => {
    const known = f.shop.users.student.email;
    const response = await order({
      ...form(known),
      firstName: 'Mallory',
      lastName: 'Guess',
      items: [{ guId: f.bottle, qty: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = json<PublicCheckoutResult>(response);
    expect(Object.keys(result).sort()).toEqual([
      'balance',
      'currency',
      'invoiceId',
      'payment',
      'publicId',
      'status',
      'total',
    ]);
    const invoice = await read(
      async (tx) => (await tx.select().from(invoices).where(eq(invoices.publicId, result.publicId)))[0],
    );
    expect(invoice).toMatchObject({ contactId: f.shop.users.student.id, contactName: 'Mallory Guess' });
    const student = await read(
      async (tx) => (await tx.select().from(contacts).where(eq(contacts.id, f.shop.users.student.id)))[0],
    );
    expect(student).toMatchObject({ name: 'student', phone: '' });
    // The public invoice shows the name typed, never the stored one.
    const page = await call('GET', `/item/invoice/public/${result.publicId}`);
    expect(json<{ contact: { name: string } }>(page).contact.name).toBe('Mallory Guess');
  });

  it('the same idempotency key twice is one invoice and one stock take; the alias /public/checkout does the same', async () => {
    const body = { ...form(), items: [{ guId: f.mat, qty: 2 }], idempotencyKey: key() };
    const stock = await stockOf(f.mat);
    const count = await invoiceCount();
    const first = await call('POST', '/item/checkout/public', body);
    const second = await call('POST', '/public/checkout', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(json(second)).toEqual(json(first));
    expect(await invoiceCount()).toBe(count + 1);
    expect(await stockOf(f.mat)).toBe((stock ?? 0) - 2);
    // The same key with another cart is a conflict.
    const changed = await call('POST', '/public/checkout', { ...body, items: [{ guId: f.mat, qty: 1 }] });
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed.body).code).toBe('idempotency_conflict');
  });

  it('overselling is a 409 naming the line, and nothing is taken', async () => {
    const left = (await stockOf(f.shirt)) ?? 0;
    const count = await invoiceCount();
    const response = await order({
      ...form(),
      items: [
        { guId: f.bottle, qty: 1 },
        { guId: f.shirt, qty: Math.min(9, left + 1) },
      ],
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(errorOf(response.body)).toMatchObject({ code: 'out_of_stock', field: 'items.1.guId' });
    expect(await stockOf(f.shirt)).toBe(left);
    expect(await invoiceCount()).toBe(count);
  });

  it('hidden items cannot be bought, nor another tenant’s', async () => {
    for (const guId of [f.hidden, f.foreignItem]) {
      const response = await order({ ...form(), items: [{ guId, qty: 1 }] });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body).field).toBe('items.0.guId');
    }
    expect(await stockOf(f.hidden)).toBeNull();
  });

  it('counts the code once; a code used up since the cart was priced is a 400 on offerCode and sells nothing', async () => {
    const first = await order({ ...form(), items: [{ guId: f.bottle, qty: 2 }], offerCode: 'Once' });
    expect(first.statusCode, first.body).toBe(201);
    expect(json<PublicCheckoutResult>(first).total).toBe(20);
    const used = await read(
      async (tx) => (await tx.select().from(offers).where(eq(offers.offerCode, 'once')))[0]?.usedCount,
    );
    expect(used).toBe(1);
    const count = await invoiceCount();
    const second = await order({ ...form(), items: [{ guId: f.bottle, qty: 2 }], offerCode: 'once' });
    expect(second.statusCode).toBe(400);
    expect(errorOf(second.body)).toMatchObject({
      field: 'offerCode',
      message: "Offer code 'once' has reached its usage limit.",
    });
    expect(await invoiceCount()).toBe(count);
  });

  it('empties the visitor’s cart with the sale', async () => {
    const cart = json<PublicCart>(await call('POST', '/public/cart', { items: [{ guId: f.bottle, qty: 1 }] }));
    const response = await order({ ...form(), items: [{ guId: f.bottle, qty: 1 }], cartId: cart.cartId });
    expect(response.statusCode, response.body).toBe(201);
    const after = json<PublicCart>(
      await call('GET', '/public/cart', undefined, { 'x-cart-id': cart.cartId as string }),
    );
    expect(after).toMatchObject({ cartId: cart.cartId, lines: [], total: 0 });
  });

  it('needs an idempotency key, and limits orders per address', async () => {
    const noKey = await call('POST', '/item/checkout/public', { ...form(), items: [{ guId: f.bottle, qty: 1 }] });
    expect(noKey.statusCode).toBe(400);
    expect(errorOf(noKey.body).field).toBe('idempotencyKey');
    const email = `limit-${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 10; i += 1) {
      const response = await order({ ...form(email), items: [{ guId: f.bottle, qty: 1 }] });
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await order({ ...form(email), items: [{ guId: f.bottle, qty: 1 }] });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused.body).message).toMatch(/^Too many orders\. Please try again in \d+ minutes?\.$/);
    const mine = await read((tx) =>
      tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.email, email))),
    );
    expect(mine).toHaveLength(1);
  });
});

describe('a studio that takes no cards online: the order is paid at the studio', () => {
  let g: ShopFixture;
  let visitor: ReturnType<typeof visit>;
  beforeAll(async () => {
    g = await makeShop(app);
    // no payment provider connected (a new studio): the fixture's Stripe setting taken away
    await setTenantSettings(app, g.shop, { paymentProvider: null });
    visitor = visit(app, g.shop);
  });
  const readG = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
    withTenant(app.platform.db, g.shop.tenantId, fn);

  it('prices the cart and the order without the card fee (the browser cannot ask for the card)', async () => {
    const cart = await visitor('POST', '/public/cart', { items: [{ guId: g.shirt, qty: 2 }] });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(json<PublicCart>(cart)).toMatchObject({ subtotal: 50, tax: 5, cardFee: 0, total: 55 });
    const quote = await visitor('POST', '/item/checkout/public/validate', {
      ...form(),
      items: [{ guId: g.shirt, qty: 2 }],
      paymentMethod: 'credit_card',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(json(quote)).toMatchObject({ subtotal: 50, tax: 5, cardFee: 0, total: 55 });
  });

  it('places a pending invoice to pay at the studio: no card fee, not by card, the staff note says so', async () => {
    await readG((tx) =>
      tx
        .insert(notificationSettings)
        .values({ tenantId: g.shop.tenantId, contactId: g.shop.users.admin.id, isNotifySales: true }),
    );
    const response = await visitor('POST', '/item/checkout/public', {
      ...form(),
      items: [{ guId: g.shirt, qty: 1 }],
      paymentMethod: 'credit_card',
      idempotencyKey: key(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = json<PublicCheckoutResult>(response);
    expect(result).toMatchObject({ status: 'pending', total: 27.5, balance: 27.5, payment: 'at_studio' });
    const stored = await readG(
      async (tx) => (await tx.select().from(invoices).where(eq(invoices.publicId, result.publicId)))[0],
    );
    expect(stored).toMatchObject({ status: 'pending', paymentMethod: 'cash', cardFee: 0, balance: 2750 });
    // staff see it unpaid in Invoices, as any open invoice
    const list = await app.inject({
      method: 'GET',
      url: '/item/ireport?max=100',
      headers: bearer(g.adminToken, g.shop.host),
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = json<{ data: { number: number; status: string; balance: number }[] }>(list).data.find(
      (r) => r.number === Number(result.invoiceId.slice(4)),
    );
    expect(row).toMatchObject({ status: 'pending', balance: 27.5 });
    const mails = await readG((tx) => tx.select().from(outboxEmails));
    const note = mails.find((m) => m.subject === `New sale ${result.invoiceId}: $27.50`);
    expect(note?.textBody).toContain('left open');
    expect(note?.textBody).toContain('To be paid at the studio.');
    // the invoice stays viewable by its link
    expect((await visitor('GET', `/item/invoice/public/${result.publicId}`)).statusCode).toBe(200);
  });
});

describe('POST /snode/product/usercheckout (My Store)', () => {
  const asRole = async (role: 'student' | 'admin' | 'frontdesk', body: object, tenant = f.shop) => {
    const token = (await loginAs(app, tenant, role)).access_token;
    return app.inject({
      method: 'POST',
      url: '/snode/product/usercheckout',
      headers: bearer(token, tenant.host),
      payload: { idempotencyKey: key(), ...body },
    });
  };

  it('bills the signed-in member, with no form; the same key again is the same order', async () => {
    const body = { items: [{ guId: f.bottle, qty: 2, price: 0.01 }], idempotencyKey: key() };
    const first = await asRole('student', body);
    expect(first.statusCode, first.body).toBe(201);
    const order = json<PublicCheckoutResult>(first);
    expect(order).toMatchObject({ status: 'pending', total: 25 });
    const invoice = await read(
      async (tx) => (await tx.select().from(invoices).where(eq(invoices.publicId, order.publicId)))[0],
    );
    expect(invoice?.contactId).toBe(f.shop.users.student.id);
    const again = await asRole('student', body);
    expect(json(again)).toEqual(order);
  });

  it('is for members only (staff 403 before the body is read, visitors 401), and sells only what visitors may buy', async () => {
    for (const role of ['admin', 'frontdesk'] as const) {
      const response = await asRole(role, {});
      expect(response.statusCode).toBe(403);
      expect(errorOf(response.body).message).toBe('My Store is for members; staff sell from the Store screen.');
    }
    const visitor = await call('POST', '/snode/product/usercheckout', {
      items: [{ guId: f.bottle, qty: 1 }],
      idempotencyKey: key(),
    });
    expect(visitor.statusCode).toBe(401);
    const bad = await asRole('student', { items: [{ guId: f.bottle, qty: 10 }] });
    expect(errorOf(bad.body).field).toBe('items.0.qty');
    for (const guId of [f.hidden, f.foreignItem]) {
      const response = await asRole('student', { items: [{ guId, qty: 1 }] });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body).field).toBe('items.0.guId');
    }
  });
});
