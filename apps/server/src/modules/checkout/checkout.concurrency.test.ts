import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments, invoices, items } from '../../db/schema/index.ts';
import { errorOf, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';

/** Desk sales at once on the real database: PostgreSQL when TEST_DATABASE_URL is set (PGlite runs them one at a time). */
let app: App;
let headers: Record<string, string>;
let admin: string;

async function freshTenant(): Promise<TestTenant> {
  const tenant = await newTenant(app);
  admin = (await loginAs(app, tenant, 'admin')).access_token;
  headers = bearer((await loginAs(app, tenant, 'frontdesk')).access_token, tenant.host);
  return tenant;
}

async function stocked(tenant: TestTenant, stock: number) {
  const category = await makeCategory(app, tenant, admin);
  return (await makeItem(app, tenant, admin, category.guId, { name: 'Studio T-shirt', price: 25, stock })).guId;
}

const sale = (payload: object) => app.inject({ method: 'POST', url: '/item/checkout', headers, payload });

async function rowsOf(tenant: TestTenant, itemId: string) {
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => ({
    invoices: await tx.select().from(invoices),
    payments: await tx.select().from(invoicePayments),
    stock: (await tx.select({ stock: items.stock }).from(items).where(eq(items.id, itemId)))[0]?.stock,
  }));
}

beforeAll(async () => {
  app = await startTestApp();
});

describe('desk sales under concurrency', () => {
  it('the same key sent 20 times at once: one invoice, one payment, stock taken once, 20 identical answers', async () => {
    const tenant = await freshTenant();
    const item = await stocked(tenant, 5);
    const payload = { idempotencyKey: `same-${randomUUID()}`, items: [{ guId: item, qty: 2 }], paymentMethod: 'cash' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => sale(payload)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(new Set(responses.map((response) => json<any>(response).id)).size).toBe(1);
    const rows = await rowsOf(tenant, item);
    expect(rows.invoices).toHaveLength(1);
    expect(rows.payments).toHaveLength(1);
    expect(rows.stock).toBe(3);
  });

  it('50 checkouts of 1 unit at once with 3 in stock: exactly 3 invoices, 47 refused with 409, no 5xx', async () => {
    const tenant = await freshTenant();
    const item = await stocked(tenant, 3);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        sale({ idempotencyKey: randomUUID(), items: [{ guId: item, qty: 1 }], paymentMethod: 'cash' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response.body).message).toMatch(
        /^(Only \d of Studio T-shirt left\.|Studio T-shirt is out of stock\.)$/,
      );
    }
    const rows = await rowsOf(tenant, item);
    expect(rows.invoices).toHaveLength(3);
    expect(rows.stock).toBe(0);
  });

  it('two voids of one open sale at once: one voids, the other is refused, the stock comes back once', async () => {
    const tenant = await freshTenant();
    const item = await stocked(tenant, 5);
    const sold = await sale({
      idempotencyKey: randomUUID(),
      items: [{ guId: item, qty: 2 }],
      paymentMethod: 'invoice',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const id = json<any>(sold).id;
    const voids = await Promise.all(
      [0, 1].map(() =>
        app.inject({ method: 'PUT', url: `/item/invoice/${id}/void`, headers: bearer(admin, tenant.host) }),
      ),
    );
    expect(voids.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await rowsOf(tenant, item)).stock).toBe(5);
  });
});
