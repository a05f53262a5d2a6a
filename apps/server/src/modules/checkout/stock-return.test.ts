import { randomUUID } from 'node:crypto';
import type { Role } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { items } from '../../db/schema/index.ts';
import { errorOf, makeBundle, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';

// Voiding a sale's invoice gives back what the sale took from stock, once; refunds do not restock.

let app: App;
let shop: TestTenant;
let other: TestTenant;
const tokens = new Map<string, string>();

async function call(tenant: TestTenant, role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const k = `${tenant.orgId}:${role}`;
  if (!tokens.has(k)) tokens.set(k, (await loginAs(app, tenant, role)).access_token);
  return app.inject({ method, url, headers: bearer(tokens.get(k) as string, tenant.host), payload });
}

async function stockOf(id: string) {
  return withTenant(app.platform.db, shop.tenantId, async (tx) => {
    const [row] = await tx.select({ stock: items.stock }).from(items).where(eq(items.id, id));
    return row?.stock;
  });
}

async function sell(lines: { guId: string; qty: number }[], paymentMethod = 'invoice') {
  const response = await call(shop, 'frontdesk', 'POST', '/item/checkout', {
    idempotencyKey: `sale-${randomUUID()}`,
    items: lines,
    paymentMethod,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<any>(response);
}

const voidIt = (id: string, tenant = shop) => call(tenant, 'staff', 'PUT', `/item/invoice/${id}/void`);

let shirt: string;
let mat: string;
let strap: string;
let lesson: string;
let kit: string;

beforeAll(async () => {
  app = await startTestApp();
  shop = await newTenant(app);
  other = await newTenant(app);
  const admin = (await loginAs(app, shop, 'admin')).access_token;
  const category = await makeCategory(app, shop, admin);
  shirt = (await makeItem(app, shop, admin, category.guId, { name: 'Studio T-shirt', price: 25, stock: 10 })).guId;
  mat = (await makeItem(app, shop, admin, category.guId, { name: 'Yoga mat', price: 40, stock: 20 })).guId;
  strap = (await makeItem(app, shop, admin, category.guId, { name: 'Strap', price: 5, stock: 30 })).guId;
  lesson = (await makeItem(app, shop, admin, category.guId, { name: 'Gift card', price: 50, stock: null })).guId;
  kit = (
    await makeBundle(
      app,
      shop,
      admin,
      [
        { itemId: mat, qty: 1 },
        { itemId: strap, qty: 2 },
      ],
      { name: 'Starter kit', price: 42 },
    )
  ).guId;
});

describe('voiding a sale gives its stock back', () => {
  it('returns each line’s units (a bundle’s items times the quantity), in the void, exactly once', async () => {
    const sale = await sell([
      { guId: shirt, qty: 2 },
      { guId: kit, qty: 3 },
      { guId: strap, qty: 1 },
      { guId: lesson, qty: 1 },
    ]);
    expect(sale.status).toBe('pending');
    expect([await stockOf(shirt), await stockOf(mat), await stockOf(strap), await stockOf(lesson)]).toEqual([
      8,
      17,
      30 - 6 - 1,
      null,
    ]);
    const voided = await voidIt(sale.id);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(json<any>(voided).status).toBe('void');
    expect([await stockOf(shirt), await stockOf(mat), await stockOf(strap), await stockOf(lesson)]).toEqual([
      10,
      20,
      30,
      null,
    ]);
    const again = await voidIt(sale.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).message).toBe('This invoice is void.');
    expect([await stockOf(shirt), await stockOf(mat), await stockOf(strap)]).toEqual([10, 20, 30]);
  });

  it('returns what the sale took even after the invoice’s lines were edited', async () => {
    const sale = await sell([{ guId: shirt, qty: 3 }]);
    const edited = await call(shop, 'staff', 'PUT', `/item/invoice/${sale.id}`, {
      items: [{ itemId: shirt, itemName: 'Studio T-shirt', price: 25, qty: 1 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stockOf(shirt)).toBe(7);
    expect((await voidIt(sale.id)).statusCode).toBe(200);
    expect(await stockOf(shirt)).toBe(10);
  });

  it('an invoice no sale made (a manual one naming a catalogue item) returns nothing', async () => {
    const manual = await call(shop, 'staff', 'POST', '/item/invoice', {
      contactId: shop.users.student.id,
      items: [{ itemId: shirt, itemName: 'Studio T-shirt', price: 25, qty: 4 }],
    });
    expect(manual.statusCode, manual.body).toBe(201);
    expect((await voidIt(json<any>(manual).id)).statusCode).toBe(200);
    expect(await stockOf(shirt)).toBe(10);
  });

  it('refunds do not restock; a refunded sale cannot be voided', async () => {
    const sale = await sell([{ guId: shirt, qty: 2 }], 'cash');
    expect(sale.status).toBe('complete');
    expect(await stockOf(shirt)).toBe(8);
    const refund = await call(shop, 'admin', 'POST', `/item/invoice/${sale.id}/refund`, {
      paymentId: sale.payments[0].id,
      idempotencyKey: `refund-${randomUUID()}`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(json<any>(refund).status).toBe('refunded');
    expect(await stockOf(shirt)).toBe(8);
    const voided = await voidIt(sale.id);
    expect(voided.statusCode).toBe(409);
    expect(await stockOf(shirt)).toBe(8);
  });

  it('another tenant cannot void the sale (404) and its stock stays taken', async () => {
    const sale = await sell([{ guId: mat, qty: 1 }]);
    expect((await voidIt(sale.id, other)).statusCode).toBe(404);
    expect(await stockOf(mat)).toBe(19);
    expect((await call(shop, 'frontdesk', 'PUT', `/item/invoice/${sale.id}/void`)).statusCode).toBe(403);
    expect(await stockOf(mat)).toBe(19);
  });
});
