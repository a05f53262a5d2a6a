import { randomUUID } from 'node:crypto';
import { dateInZone, parseCsv, type SalesReport } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments } from '../../db/schema/index.ts';
import { errorOf } from '../catalogue/catalogue-fixtures.ts';
import { BAD_RANGE_QUERIES, salesStudioWithCaller } from './reports-fixtures.ts';

/** The sales report reconciled with the ledger and the invoice lines, in the studio's zone; roles; bad input. */
const ZONE = 'Asia/Kolkata';
const { ctx, call } = salesStudioWithCaller(ZONE);

beforeAll(async () => {
  const { mat, tea } = ctx;

  // Two items of two categories, sold on invoices paid in cash and from the account; one refunded in part.
  const admin = ctx.tokens.admin as string;
  const sell = async (lines: { itemId: string; itemName: string; price: string; qty: number }[], method: string) => {
    const invoice = json<any>(
      await call(admin, ctx.tenant, 'POST', '/item/invoice', {
        contactId: ctx.tenant.users.student.id,
        items: lines.map((line) => ({ ...line, itemType: 'product', isTaxable: false })),
      }),
    );
    const paid = json<any>(
      await call(admin, ctx.tenant, 'POST', `/item/invoice/${invoice.id}/payment`, {
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
  const refund = await call(admin, ctx.tenant, 'POST', `/item/invoice/${first.id}/refund`, {
    paymentId: first.paymentId,
    amount: '40.00',
    idempotencyKey: randomUUID(),
  });
  expect(refund.statusCode, refund.body).toBe(200);
  await sell([{ itemId: tea.guId, itemName: 'Chai', price: '2.50', qty: 1 }], 'cash');
  // a void invoice sells nothing
  const voided = json<any>(
    await call(admin, ctx.tenant, 'POST', '/item/invoice', {
      contactId: ctx.tenant.users.student.id,
      items: [{ itemId: mat.guId, itemName: 'Cork mat', price: '40.00', qty: 1, isTaxable: false }],
    }),
  );
  expect((await call(admin, ctx.tenant, 'PUT', `/item/invoice/${voided.id}/void`)).statusCode).toBe(200);
  // another studio's sale never shows here
  await call(ctx.tokens.other as string, ctx.other, 'POST', '/item/invoice', {
    contactId: ctx.other.users.student.id,
    items: [{ itemName: 'Elsewhere', price: '999.00' }],
  });
});

const report = async (query: string, token = ctx.tokens.admin as string) => {
  const response = await call(token, ctx.tenant, 'GET', `/itemreport/sales?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<SalesReport>(response);
};

describe('GET /itemreport/sales', () => {
  it('by day: received, refunded and net from the ledger, in the studio zone', async () => {
    const byDay = await report(`from=${ctx.today}&to=${ctx.today}&groupBy=day`);
    expect(byDay).toMatchObject({ basis: 'payments', currency: 'USD', timeZone: ZONE });
    expect(byDay.rows).toEqual([
      expect.objectContaining({ key: ctx.today, label: ctx.today, count: 2, gross: 9250, refunds: 4000, net: 5250 }),
    ]);
    expect(byDay.totals).toMatchObject({ count: 2, gross: 9250, refunds: 4000, net: 5250 });
    // the ledger says the same
    const rows = await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
      tx.select().from(invoicePayments).where(eq(invoicePayments.tenantId, ctx.tenant.tenantId)),
    );
    const net = rows.reduce((sum, row) => sum + (row.kind === 'refund' ? -row.amount : row.amount), 0);
    expect(byDay.totals.net).toBe(net);
  });

  it('by method and by who took it', async () => {
    const byMethod = await report(`from=${ctx.today}&to=${ctx.today}&groupBy=method`);
    expect(byMethod.rows.map((r) => [r.label, r.net])).toEqual([['Cash', 5250]]);
    const byStaff = await report(`from=${ctx.today}&to=${ctx.today}&groupBy=staff`);
    expect(byStaff.rows).toHaveLength(1);
    expect(byStaff.rows[0]?.label).toMatch(/admin/i);
  });

  it('by item, category and kind: what was sold (void invoices left out), biggest first', async () => {
    const byItem = await report(`from=${ctx.today}&to=${ctx.today}&groupBy=item`);
    expect(byItem.basis).toBe('sales');
    expect(byItem.rows.map((r) => [r.label, r.count, r.net])).toEqual([
      ['Cork mat', 2, 8000],
      ['Chai', 5, 1250],
    ]);
    const byCategory = await report(`from=${ctx.today}&to=${ctx.today}&groupBy=category`);
    expect(byCategory.rows.map((r) => [r.label, r.net])).toEqual([
      ['Mats', 8000],
      ['Drinks', 1250],
    ]);
    const byKind = await report(`from=${ctx.today}&to=${ctx.today}&groupBy=kind`);
    expect(byKind.rows.map((r) => [r.label, r.count, r.net])).toEqual([['Products', 7, 9250]]);
    expect(byKind.totals.net).toBe(9250);
  });

  it('a range with nothing in it answers no rows, and a payment moved to yesterday in the zone moves with it', async () => {
    expect((await report('from=2020-01-01&to=2020-01-31&groupBy=month')).rows).toEqual([]);
    const [cashRow] = await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
      tx
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.tenantId, ctx.tenant.tenantId), eq(invoicePayments.amount, 250))),
    );
    const start = new Date(`${ctx.today}T00:00:00+05:30`);
    // one minute before midnight in Kolkata is yesterday there (and still today in UTC at 18:29)
    await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
      tx
        .update(invoicePayments)
        .set({ createdAt: new Date(start.getTime() - 60_000) })
        .where(and(eq(invoicePayments.tenantId, ctx.tenant.tenantId), eq(invoicePayments.id, cashRow?.id as string))),
    );
    const yesterday = dateInZone(new Date(start.getTime() - 60_000), ZONE);
    const two = await report(`from=${yesterday}&to=${ctx.today}&groupBy=day`);
    expect(two.rows.map((r) => [r.key, r.net])).toEqual([
      [yesterday, 250],
      [ctx.today, 5000],
    ]);
  });

  it('exports the same figures as CSV, totals last', async () => {
    const response = await call(
      ctx.tokens.staff as string,
      ctx.tenant,
      'GET',
      `/itemreport/sales.csv?from=2026-01-01&to=${ctx.today}&groupBy=method`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="sales-method-2026-01-01-/);
    const records = parseCsv(response.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records[0]).toEqual(['method', 'count', 'gross', 'refunds', 'net']);
    expect(records.at(-1)).toEqual(['Total', '2', '92.50', '40.00', '52.50']);
  });

  it.each(BAD_RANGE_QUERIES)('refuses %s with a 400 naming the field', async (query, field) => {
    const response = await call(ctx.tokens.admin as string, ctx.tenant, 'GET', `/itemreport/sales?${query}`);
    expect(response.statusCode).toBe(400);
    if (field) expect(errorOf(response.body).field).toBe(`querystring.${field}`);
  });

  it('is for admins and staff: the front desk and students 403, another studio sees only its own', async () => {
    for (const role of ['frontdesk', 'student'] as const) {
      const response = await call(
        ctx.tokens[role] as string,
        ctx.tenant,
        'GET',
        `/itemreport/sales?from=${ctx.today}&to=${ctx.today}`,
      );
      expect(response.statusCode).toBe(403);
    }
    const theirs = await call(
      ctx.tokens.other as string,
      ctx.other,
      'GET',
      `/itemreport/sales?from=${ctx.today}&to=${ctx.today}&groupBy=item`,
    );
    expect(json<SalesReport>(theirs).rows.map((r) => r.label)).toEqual(['Elsewhere']);
  });
});
