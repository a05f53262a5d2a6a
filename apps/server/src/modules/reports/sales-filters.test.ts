import { randomUUID } from 'node:crypto';
import { dateInZone, parseCsv, type SalesReport } from '@atrium/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { invoiceLines, invoicePayments, invoices, items } from '../../db/schema/index.ts';
import { caller, errorOf, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';

/**
 * The sales report narrowed to one item, category, kind or payment method, reconciled with the
 * invoice lines and the ledger rows; last month's sale of the item in its own range; bad filters.
 */
const ZONE = 'America/New_York';
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let today: string;
let mat: string;
let tea: string;
let mats: string;
let theirItem: string;
let theirCategory: string;
let lastMonth: { from: string; to: string };

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  tenant = await newTenant(app, { settings: { timezone: ZONE } });
  other = await newTenant(app);
  admin = (await loginAs(app, tenant, 'admin')).access_token;
  today = dateInZone(new Date(), ZONE);
  mats = (await makeCategory(app, tenant, admin, { name: 'Mats' })).guId;
  const drinks = (await makeCategory(app, tenant, admin, { name: 'Drinks' })).guId;
  mat = (await makeItem(app, tenant, admin, mats, { name: 'Cork mat', price: 40, isTaxable: false })).guId;
  const strap = (await makeItem(app, tenant, admin, mats, { name: 'Strap', price: 8, isTaxable: false })).guId;
  tea = (await makeItem(app, tenant, admin, drinks, { name: 'Chai', price: 2.5, isTaxable: false })).guId;
  const sell = async (lines: { itemId: string; itemName: string; price: string; qty: number }[]) => {
    const invoice = json<{ id: string; balance: number }>(
      await call(admin, tenant, 'POST', '/item/invoice', {
        contactId: tenant.users.student.id,
        items: lines.map((line) => ({ ...line, itemType: 'product', isTaxable: false })),
      }),
    );
    const paid = await call(admin, tenant, 'POST', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: String(invoice.balance),
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return invoice.id;
  };
  await sell([
    { itemId: mat, itemName: 'Cork mat', price: '40.00', qty: 2 },
    { itemId: tea, itemName: 'Chai', price: '2.50', qty: 4 },
  ]);
  await sell([
    { itemId: strap, itemName: 'Strap', price: '8.00', qty: 1 },
    { itemId: tea, itemName: 'Chai', price: '2.50', qty: 1 },
  ]);
  // a mat sold last month (its invoice and payment moved to the 15th of last month, noon in the zone)
  const old = await sell([{ itemId: mat, itemName: 'Cork mat', price: '40.00', qty: 1 }]);
  const month = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  month.setUTCMonth(month.getUTCMonth() - 1);
  const first = month.toISOString().slice(0, 10);
  const last = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  last.setUTCDate(0);
  lastMonth = { from: first, to: last.toISOString().slice(0, 10) };
  const at = new Date(`${first.slice(0, 7)}-15T16:00:00Z`);
  await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    await tx.update(invoices).set({ createdAt: at }).where(eq(invoices.id, old));
    await tx.update(invoicePayments).set({ createdAt: at }).where(eq(invoicePayments.invoiceId, old));
  });
  // one of today's payments by bank transfer, so the method filter has two methods to tell apart
  await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const [row] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.tenantId, tenant.tenantId), eq(invoicePayments.amount, 1050)));
    await tx
      .update(invoicePayments)
      .set({ method: 'bank_account' })
      .where(eq(invoicePayments.id, row?.id as string));
  });
  const theirs = await loginAs(app, other, 'admin');
  theirCategory = (await makeCategory(app, other, theirs.access_token, { name: 'Theirs' })).guId;
  theirItem = (await makeItem(app, other, theirs.access_token, theirCategory, { name: 'Their mat', price: 40 })).guId;
});

const get = (query: string) => call(admin, tenant, 'GET', `/itemreport/sales?${query}`);
const report = async (query: string) => {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return json<SalesReport>(response);
};

/** What the studio's lines of non-void invoices of a range add up to, straight from the rows. */
async function linesTotal(from: string, to: string, where: (line: typeof invoiceLines.$inferSelect) => boolean) {
  const rows = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select({ line: invoiceLines, at: invoices.createdAt, categoryId: items.categoryId })
      .from(invoiceLines)
      .innerJoin(invoices, and(eq(invoices.tenantId, invoiceLines.tenantId), eq(invoices.id, invoiceLines.invoiceId)))
      .leftJoin(items, and(eq(items.tenantId, invoiceLines.tenantId), eq(items.id, invoiceLines.itemId)))
      .where(and(eq(invoiceLines.tenantId, tenant.tenantId), ne(invoices.status, 'void'))),
  );
  const inRange = rows.filter((row) => {
    const day = dateInZone(row.at, ZONE);
    return day >= from && day <= to && where({ ...row.line, categoryId: row.categoryId } as never);
  });
  return {
    units: inRange.reduce((sum, row) => sum + row.line.quantity, 0),
    total: inRange.reduce((sum, row) => sum + Number(row.line.total), 0),
  };
}

describe('GET /itemreport/sales, narrowed', () => {
  it('to one item: only its lines, the total reconciled with the invoice lines', async () => {
    const byItem = await report(`from=${today}&to=${today}&groupBy=item&item=${mat}`);
    expect(byItem.filters).toEqual({ item: mat });
    expect(byItem.rows.map((r) => [r.key, r.label, r.count, r.net])).toEqual([[mat, 'Cork mat', 2, 8000]]);
    const rows = await linesTotal(today, today, (line) => line.itemId === mat);
    expect(rows).toEqual({ units: 2, total: 8000 });
    expect(byItem.totals).toMatchObject({ count: rows.units, net: rows.total });
    // grouped by kind, the same item is one row of products
    const byKind = await report(`from=${today}&to=${today}&groupBy=kind&item=${tea}`);
    expect(byKind.rows.map((r) => [r.label, r.count, r.net])).toEqual([['Products', 5, 1250]]);
  });

  it('to one product and last month: only last month’s sale, and its CSV total equals the report’s', async () => {
    const narrowed = await report(`from=${lastMonth.from}&to=${lastMonth.to}&groupBy=item&item=${mat}`);
    expect(narrowed.rows.map((r) => [r.label, r.count, r.net])).toEqual([['Cork mat', 1, 4000]]);
    expect(narrowed.totals.net).toBe((await linesTotal(lastMonth.from, lastMonth.to, (l) => l.itemId === mat)).total);
    const csv = await call(
      admin,
      tenant,
      'GET',
      `/itemreport/sales.csv?from=${lastMonth.from}&to=${lastMonth.to}&groupBy=item&item=${mat}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const records = parseCsv(csv.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records).toEqual([
      ['item', 'count', 'gross', 'discount', 'tax', 'net'],
      ['Cork mat', '1', '40.00', '0.00', '0.00', '40.00'],
      ['Total', '1', '40.00', '0.00', '0.00', '40.00'],
    ]);
  });

  it('to one category or one kind', async () => {
    const byItem = await report(`from=${today}&to=${today}&groupBy=item&category=${mats}`);
    expect(byItem.rows.map((r) => [r.label, r.net])).toEqual([
      ['Cork mat', 8000],
      ['Strap', 800],
    ]);
    const expected = await linesTotal(
      today,
      today,
      (line) => (line as unknown as { categoryId: string }).categoryId === mats,
    );
    expect(byItem.totals.net).toBe(expected.total);
    expect((await report(`from=${today}&to=${today}&groupBy=category&kind=product`)).totals.net).toBe(
      (await linesTotal(today, today, (line) => line.kind === 'product')).total,
    );
    expect((await report(`from=${today}&to=${today}&groupBy=category&kind=membership`)).rows).toEqual([]);
  });

  it('to one payment method: the ledger rows of that method only', async () => {
    const ledger = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.select().from(invoicePayments).where(eq(invoicePayments.tenantId, tenant.tenantId)),
    );
    for (const method of ['cash', 'bank_account'] as const) {
      const byDay = await report(`from=${today}&to=${today}&groupBy=day&method=${method}`);
      const rows = ledger.filter((row) => row.method === method && dateInZone(row.createdAt, ZONE) === today);
      expect(rows.length).toBeGreaterThan(0);
      expect(byDay.totals).toMatchObject({
        count: rows.length,
        net: rows.reduce((sum, row) => sum + (row.kind === 'refund' ? -row.amount : row.amount), 0),
      });
    }
    expect((await report(`from=${today}&to=${today}&groupBy=method&method=cash`)).rows.map((r) => r.label)).toEqual([
      'Cash',
    ]);
    expect((await report(`from=${today}&to=${today}&groupBy=staff&method=credit_card`)).rows).toEqual([]);
  });

  it("answers 404 for another studio's item or category, and for an id that is none of the studio's", async () => {
    for (const query of [`item=${theirItem}`, `category=${theirCategory}`, `item=${randomUUID()}`]) {
      const response = await get(`from=${today}&to=${today}&groupBy=item&${query}`);
      expect(response.statusCode, query).toBe(404);
    }
    const csv = await call(
      admin,
      tenant,
      'GET',
      `/itemreport/sales.csv?from=${today}&to=${today}&groupBy=item&item=${theirItem}`,
    );
    expect(csv.statusCode).toBe(404);
  });

  it.each([
    ['groupBy=item&item=mat', 'item', /item must be an item id/],
    ['groupBy=item&category=7', 'category', /category must be a category id/],
    ['groupBy=kind&kind=shoes', 'kind', /kind must be one of product/],
    ['groupBy=day&method=cheque', 'method', /method must be one of credit_card/],
    [
      'groupBy=day&item=00000000-0000-4000-8000-000000000000',
      'item',
      /item applies when grouped by item, category, kind/,
    ],
    ['groupBy=week&kind=product', 'kind', /kind applies when grouped by item, category, kind/],
    ['groupBy=item&method=cash', 'method', /method applies when grouped by day, week, month, method, staff/],
  ])('refuses %s with a 400 naming the field', async (query, field, message) => {
    const response = await get(`from=${today}&to=${today}&${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(`querystring.${field}`);
    expect(errorOf(response.body).message).toMatch(message);
  });

  it('refuses a filter it does not know, naming it', async () => {
    const response = await get(`from=${today}&to=${today}&groupBy=item&colour=red`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).message).toMatch(/colour/);
  });
});
