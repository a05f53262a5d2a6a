import { randomUUID } from 'node:crypto';
import { dateInZone, parseCsv, type SalesReport } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments } from '../../db/schema/index.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';
import { salesStudio } from './reports-fixtures.ts';

/** The sales report reconciled with the ledger and the invoice lines, in the studio's zone; roles; bad input. */
const ZONE = 'Asia/Kolkata';
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
const tokens: Record<string, string> = {};
let today: string;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  const studio = await salesStudio(app, ZONE);
  ({ tenant, other } = studio);
  Object.assign(tokens, studio.tokens);
  const { mat, tea } = studio;
  today = dateInZone(new Date(), ZONE);

  // Two items of two categories, sold on invoices paid in cash and from the account; one refunded in part.
  const admin = tokens.admin as string;
  const sell = async (lines: { itemId: string; itemName: string; price: string; qty: number }[], method: string) => {
    const invoice = json<any>(
      await call(admin, tenant, 'POST', '/item/invoice', {
        contactId: tenant.users.student.id,
        items: lines.map((line) => ({ ...line, itemType: 'product', isTaxable: false })),
      }),
    );
    const paid = json<any>(
      await call(admin, tenant, 'POST', `/item/invoice/${invoice.id}/payment`, {
        method,
        amount: String(invoice.balance),
        idempotencyKey: randomUUID(),
      }),
    );
    return { id: invoice.id as string, paymentId: paid.payments.find((p: any) => p.kind === 'payment')?.id as string };
  };
  const first = await sell(
    [
      { itemId: mat.guId, itemName: 'Cork mat', price: '40.00', qty: 2 },
      { itemId: tea.guId, itemName: 'Chai', price: '2.50', qty: 4 },
    ],
    'cash',
  );
  const refund = await call(admin, tenant, 'POST', `/item/invoice/${first.id}/refund`, {
    paymentId: first.paymentId,
    amount: '40.00',
    idempotencyKey: randomUUID(),
  });
  expect(refund.statusCode, refund.body).toBe(200);
  await sell([{ itemId: tea.guId, itemName: 'Chai', price: '2.50', qty: 1 }], 'cash');
  // a void invoice sells nothing
  const voided = json<any>(
    await call(admin, tenant, 'POST', '/item/invoice', {
      contactId: tenant.users.student.id,
      items: [{ itemId: mat.guId, itemName: 'Cork mat', price: '40.00', qty: 1, isTaxable: false }],
    }),
  );
  expect((await call(admin, tenant, 'PUT', `/item/invoice/${voided.id}/void`)).statusCode).toBe(200);
  // another studio's sale never shows here
  await call(tokens.other as string, other, 'POST', '/item/invoice', {
    contactId: other.users.student.id,
    items: [{ itemName: 'Elsewhere', price: '999.00' }],
  });
});

const report = async (query: string, token = tokens.admin as string) => {
  const response = await call(token, tenant, 'GET', `/itemreport/sales?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<SalesReport>(response);
};

describe('GET /itemreport/sales', () => {
  it('by day: received, refunded and net from the ledger, in the studio zone', async () => {
    const byDay = await report(`from=${today}&to=${today}&groupBy=day`);
    expect(byDay).toMatchObject({ basis: 'payments', currency: 'USD', timeZone: ZONE });
    expect(byDay.rows).toEqual([
      expect.objectContaining({ key: today, label: today, count: 2, gross: 9250, refunds: 4000, net: 5250 }),
    ]);
    expect(byDay.totals).toMatchObject({ count: 2, gross: 9250, refunds: 4000, net: 5250 });
    // the ledger says the same
    const rows = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.select().from(invoicePayments).where(eq(invoicePayments.tenantId, tenant.tenantId)),
    );
    const net = rows.reduce((sum, row) => sum + (row.kind === 'refund' ? -row.amount : row.amount), 0);
    expect(byDay.totals.net).toBe(net);
  });

  it('by method and by who took it', async () => {
    const byMethod = await report(`from=${today}&to=${today}&groupBy=method`);
    expect(byMethod.rows.map((r) => [r.label, r.net])).toEqual([['Cash', 5250]]);
    const byStaff = await report(`from=${today}&to=${today}&groupBy=staff`);
    expect(byStaff.rows).toHaveLength(1);
    expect(byStaff.rows[0]?.label).toMatch(/admin/i);
  });

  it('by item, category and kind: what was sold (void invoices left out), biggest first', async () => {
    const byItem = await report(`from=${today}&to=${today}&groupBy=item`);
    expect(byItem.basis).toBe('sales');
    expect(byItem.rows.map((r) => [r.label, r.count, r.net])).toEqual([
      ['Cork mat', 2, 8000],
      ['Chai', 5, 1250],
    ]);
    const byCategory = await report(`from=${today}&to=${today}&groupBy=category`);
    expect(byCategory.rows.map((r) => [r.label, r.net])).toEqual([
      ['Mats', 8000],
      ['Drinks', 1250],
    ]);
    const byKind = await report(`from=${today}&to=${today}&groupBy=kind`);
    expect(byKind.rows.map((r) => [r.label, r.count, r.net])).toEqual([['Products', 7, 9250]]);
    expect(byKind.totals.net).toBe(9250);
  });

  it('a range with nothing in it answers no rows, and a payment moved to yesterday in the zone moves with it', async () => {
    expect((await report('from=2020-01-01&to=2020-01-31&groupBy=month')).rows).toEqual([]);
    const [cashRow] = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.tenantId, tenant.tenantId), eq(invoicePayments.amount, 250))),
    );
    const start = new Date(`${today}T00:00:00+05:30`);
    // one minute before midnight in Kolkata is yesterday there (and still today in UTC at 18:29)
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .update(invoicePayments)
        .set({ createdAt: new Date(start.getTime() - 60_000) })
        .where(and(eq(invoicePayments.tenantId, tenant.tenantId), eq(invoicePayments.id, cashRow?.id as string))),
    );
    const yesterday = dateInZone(new Date(start.getTime() - 60_000), ZONE);
    const two = await report(`from=${yesterday}&to=${today}&groupBy=day`);
    expect(two.rows.map((r) => [r.key, r.net])).toEqual([
      [yesterday, 250],
      [today, 5000],
    ]);
  });

  it('exports the same figures as CSV, totals last', async () => {
    const response = await call(
      tokens.staff as string,
      tenant,
      'GET',
      `/itemreport/sales.csv?from=2026-01-01&to=${today}&groupBy=method`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="sales-method-2026-01-01-/);
    const records = parseCsv(response.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records[0]).toEqual(['method', 'count', 'gross', 'refunds', 'net']);
    expect(records.at(-1)).toEqual(['Total', '2', '92.50', '40.00', '52.50']);
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-03-01&to=2026-02-01', 'to'],
    ['from=2019-01-01&to=2026-01-01', 'from'],
    ['from=2026-01-01&to=2026-01-02&groupBy=colour', 'groupBy'],
    ['to=2026-01-02', 'from'],
    ['from=2026-01-01&to=2026-01-02&tenant=x', ''],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const response = await call(tokens.admin as string, tenant, 'GET', `/itemreport/sales?${query}`);
    expect(response.statusCode).toBe(400);
    if (field) expect(errorOf(response.body).field).toBe(`querystring.${field}`);
  });

  it('is for admins and staff: the front desk and students 403, another studio sees only its own', async () => {
    for (const role of ['frontdesk', 'student'] as const) {
      const response = await call(tokens[role] as string, tenant, 'GET', `/itemreport/sales?from=${today}&to=${today}`);
      expect(response.statusCode).toBe(403);
    }
    const theirs = await call(
      tokens.other as string,
      other,
      'GET',
      `/itemreport/sales?from=${today}&to=${today}&groupBy=item`,
    );
    expect(json<SalesReport>(theirs).rows.map((r) => r.label)).toEqual(['Elsewhere']);
  });
});
