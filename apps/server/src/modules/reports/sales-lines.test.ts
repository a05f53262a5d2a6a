import { randomUUID } from 'node:crypto';
import {
  parseCsv,
  SALES_GROUPS,
  type SalesInvoiceLine,
  type SalesLines,
  SalesLinesQuery,
  type SalesPaymentLine,
  type SalesReport,
} from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments, invoices } from '../../db/schema/index.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { errorOf, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { salesStudioWithCaller } from './reports-fixtures.ts';
import { salesLinesCsv } from './sales-lines.service.ts';

/** The rows behind every figure of the sales report: reconciled group by group, paged, sorted, streamed as CSV. */
const ZONE = 'America/New_York';
const { ctx, call } = salesStudioWithCaller(ZONE);
let firstInvoice: { id: string; number: number };
let ids: { mat: string; drinks: string; otherItem: string };

beforeAll(async () => {
  const { drinks, mat, tea } = ctx;

  const admin = ctx.tokens.admin as string;
  const sell = async (
    lines: { itemId?: string; itemName: string; price: string; qty: number }[],
    payments: { method: string; amount: string; token?: string }[],
  ) => {
    const invoice = json<any>(
      await call(admin, ctx.tenant, 'POST', '/item/invoice', {
        contactId: ctx.tenant.users.student.id,
        items: lines.map((line) => ({ ...line, itemType: 'product', isTaxable: false })),
      }),
    );
    let paid: any = invoice;
    for (const payment of payments) {
      const response = await call(payment.token ?? admin, ctx.tenant, 'POST', `/item/invoice/${invoice.id}/payment`, {
        method: payment.method,
        amount: payment.amount,
        idempotencyKey: randomUUID(),
      });
      expect(response.statusCode, response.body).toBe(200);
      paid = json<any>(response);
    }
    return { id: invoice.id as string, number: invoice.number as number, payments: paid.payments as any[] };
  };
  const first = await sell(
    [
      { itemId: mat.guId, itemName: 'Cork mat', price: '40.00', qty: 2 },
      { itemId: tea.guId, itemName: 'Chai', price: '2.50', qty: 4 },
    ],
    [
      { method: 'cash', amount: '50.00' },
      { method: 'cash', amount: '40.00', token: ctx.tokens.staff },
    ],
  );
  firstInvoice = { id: first.id, number: first.number };
  const refund = await call(admin, ctx.tenant, 'POST', `/item/invoice/${first.id}/refund`, {
    paymentId: first.payments.find((p) => p.kind === 'payment')?.id,
    amount: '12.50',
    idempotencyKey: randomUUID(),
  });
  expect(refund.statusCode, refund.body).toBe(200);
  await sell([{ itemId: tea.guId, itemName: 'Chai', price: '2.50', qty: 1 }], [{ method: 'cash', amount: '2.50' }]);
  // a line not in the catalogue, left unpaid
  await sell([{ itemName: 'Guest pass', price: '15.00', qty: 1 }], []);
  // a void invoice sells nothing
  const voided = json<any>(
    await call(admin, ctx.tenant, 'POST', '/item/invoice', {
      contactId: ctx.tenant.users.student.id,
      items: [{ itemId: mat.guId, itemName: 'Cork mat', price: '40.00', qty: 1, isTaxable: false }],
    }),
  );
  expect((await call(admin, ctx.tenant, 'PUT', `/item/invoice/${voided.id}/void`)).statusCode).toBe(200);
  const otherCategory = await makeCategory(ctx.app, ctx.other, ctx.tokens.other as string, { name: 'Theirs' });
  const otherItem = await makeItem(ctx.app, ctx.other, ctx.tokens.other as string, otherCategory.guId, {
    name: 'Their mat',
    price: 9,
  });
  ids = { mat: mat.guId, drinks: drinks.guId, otherItem: otherItem.guId };
  // another studio's sale never shows here
  await call(ctx.tokens.other as string, ctx.other, 'POST', '/item/invoice', {
    contactId: ctx.other.users.student.id,
    items: [{ itemName: 'Elsewhere', price: '999.00' }],
  });
});

const get = async <T>(path: string, token = ctx.tokens.admin as string) => {
  const response = await call(token, ctx.tenant, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return json<T>(response);
};
const lines = (query: string, token?: string) => get<SalesLines>(`/itemreport/sales/lines?${query}`, token);

describe('GET /itemreport/sales/lines', () => {
  it.each(SALES_GROUPS)(
    'by %s: the rows of each group add up to its figure, and all rows to the totals',
    async (group) => {
      const range = `from=${ctx.today}&to=${ctx.today}&groupBy=${group}`;
      const report = await get<SalesReport>(`/itemreport/sales?${range}`);
      expect(report.rows.length).toBeGreaterThan(0);
      const groups = [
        ...report.rows.map((row) => ({ key: row.key as string | undefined, row })),
        { key: undefined, row: report.totals },
      ];
      for (const { key, row } of groups) {
        const page = await lines(`${range}&max=500${key === undefined ? '' : `&key=${encodeURIComponent(key)}`}`);
        expect(page.basis).toBe(report.basis);
        if (key !== undefined) expect(page.label).toBe(row.label);
        if (page.basis === 'payments') {
          const rows = page.rows as SalesPaymentLine[];
          // the rows themselves, then what the server says they add up to
          const received = rows.filter((r) => r.kind === 'payment');
          const given = rows.filter((r) => r.kind === 'refund');
          expect(received.length).toBe(row.count);
          expect(received.reduce((s, r) => s + r.amount, 0)).toBe(row.gross);
          expect(given.reduce((s, r) => s - r.amount, 0)).toBe(row.refunds);
          expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(row.net);
          expect(page.sums).toMatchObject({
            rows: rows.length,
            count: row.count,
            gross: row.gross,
            refunds: row.refunds,
            net: row.net,
          });
        } else {
          const rows = page.rows as SalesInvoiceLine[];
          expect(rows.reduce((s, r) => s + r.quantity, 0)).toBe(row.count);
          expect(rows.reduce((s, r) => s + r.gross, 0)).toBe(row.gross);
          expect(rows.reduce((s, r) => s + r.discount, 0)).toBe(row.discount);
          expect(rows.reduce((s, r) => s + r.tax, 0)).toBe(row.tax);
          expect(rows.reduce((s, r) => s + r.total, 0)).toBe(row.net);
          expect(page.sums).toMatchObject({ rows: rows.length, count: row.count, gross: row.gross, net: row.net });
        }
      }
    },
  );

  it.each([
    ['groupBy=item&item=MAT', 1],
    ['groupBy=kind&category=DRINKS', 2],
    ['groupBy=category&kind=product', 4],
    ['groupBy=day&method=cash', 4],
    ['groupBy=staff&method=account', 0],
  ])('with the report filter %s: the rows are the filtered report rows (%i)', async (filter, expected) => {
    const query = `from=${ctx.today}&to=${ctx.today}&${filter.replace('MAT', ids.mat).replace('DRINKS', ids.drinks)}`;
    const report = await get<SalesReport>(`/itemreport/sales?${query}`);
    const page = await lines(`${query}&max=500`);
    expect(page.rows).toHaveLength(expected);
    expect(page.sums).toMatchObject({ count: report.totals.count, gross: report.totals.gross, net: report.totals.net });
    for (const row of report.rows) {
      const group = await lines(`${query}&key=${encodeURIComponent(row.key)}`);
      expect(group.sums).toMatchObject({ count: row.count, gross: row.gross, refunds: row.refunds, net: row.net });
    }
  });

  it("another studio's item as a filter is a 404, on the CSV too", async () => {
    for (const path of ['/itemreport/sales/lines', '/itemreport/sales/lines.csv']) {
      const response = await call(
        ctx.tokens.admin as string,
        ctx.tenant,
        'GET',
        `${path}?from=${ctx.today}&to=${ctx.today}&groupBy=item&item=${ids.otherItem}`,
      );
      expect(response.statusCode).toBe(404);
    }
  });

  it('payments: one row per payment and refund, with its invoice, contact, method, who took it; refunds negative', async () => {
    const page = await lines(`from=${ctx.today}&to=${ctx.today}&groupBy=method&key=cash&sort=amount&order=asc`);
    expect(page).toMatchObject({ basis: 'payments', label: 'Cash', currency: 'USD', timeZone: ZONE });
    const rows = page.rows as SalesPaymentLine[];
    expect(rows.map((r) => r.amount)).toEqual([-1250, 250, 4000, 5000]);
    expect(rows[0]).toMatchObject({
      kind: 'refund',
      method: 'cash',
      invoiceId: firstInvoice.id,
      invoiceNumber: firstInvoice.number,
      contactName: expect.any(String),
    });
    expect(rows[0]?.local.slice(0, 10)).toBe(ctx.today);
    // who took it: the staff member's payment is the staff group's only row
    const staffRow = rows.find((r) => r.amount === 4000) as SalesPaymentLine;
    const byStaff = await lines(
      `from=${ctx.today}&to=${ctx.today}&groupBy=staff&key=${encodeURIComponent(staffRow.takenBy)}`,
    );
    expect(byStaff.rows.map((r) => r.id)).toEqual([staffRow.id]);
  });

  it('sales: one row per invoice line (void invoices left out), with item, category, quantity, discount, tax, total', async () => {
    const page = await lines(`from=${ctx.today}&to=${ctx.today}&groupBy=category&sort=total&order=desc`);
    const rows = page.rows as SalesInvoiceLine[];
    expect(rows.map((r) => [r.item, r.category, r.quantity, r.total])).toEqual([
      ['Cork mat', 'Mats', 2, 8000],
      ['Guest pass', '', 1, 1500],
      ['Chai', 'Drinks', 4, 1000],
      ['Chai', 'Drinks', 1, 250],
    ]);
    const notInCatalogue = await lines(`from=${ctx.today}&to=${ctx.today}&groupBy=category&key=`);
    expect(notInCatalogue.label).toBe('Not in the catalogue');
    expect((notInCatalogue.rows as SalesInvoiceLine[]).map((r) => r.item)).toEqual(['Guest pass']);
  });

  it('pages with offset and max, sorted, the sums always of every row', async () => {
    const range = `from=${ctx.today}&to=${ctx.today}&groupBy=day&sort=number&order=asc`;
    const all = (await lines(`${range}&max=500`)).rows;
    const second = await lines(`${range}&offset=1&max=2`);
    expect(second.rows.map((r) => r.id)).toEqual(all.slice(1, 3).map((r) => r.id));
    expect(second.sums.rows).toBe(all.length);
    const past = await lines(`${range}&offset=50&max=2`);
    expect(past.rows).toEqual([]);
    expect(past.sums.rows).toBe(all.length);
    const numbers = all.map((r) => r.invoiceNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it("an invoice in another currency than the studio's is in neither the report nor its rows", async () => {
    const range = `from=${ctx.today}&to=${ctx.today}&groupBy=method`;
    const before = (await lines(`${range}&key=cash&max=500`)).rows as SalesPaymentLine[];
    const chai = before.find((r) => r.amount === 250) as SalesPaymentLine;
    const setCurrency = (currency: string) =>
      withTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
        tx.update(invoices).set({ currency }).where(eq(invoices.id, chai.invoiceId)),
      );
    await setCurrency('EUR');
    try {
      const report = await get<SalesReport>(`/itemreport/sales?${range}`);
      const page = await lines(`${range}&key=cash&max=500`);
      expect(report.rows.find((r) => r.key === 'cash')?.net).toBe(7750);
      expect(page.sums).toMatchObject({ rows: 3, net: 7750 });
      expect(page.rows.map((r) => r.id)).not.toContain(chai.id);
    } finally {
      await setCurrency('USD');
    }
    expect((await lines(`${range}&key=cash&max=500`)).sums.net).toBe(8000);
  });

  it('a day key outside the range, or a range with nothing, has no rows', async () => {
    const empty = await lines('from=2020-01-01&to=2020-01-31&groupBy=day&key=2020-01-05');
    expect(empty.rows).toEqual([]);
    expect(empty.sums).toMatchObject({ rows: 0, net: 0 });
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-03-01&to=2026-02-01', 'to'],
    ['from=2019-01-01&to=2026-01-01', 'from'],
    ['from=2026-01-01&to=2026-01-02&groupBy=colour', 'groupBy'],
    ['from=2026-01-01&to=2026-01-02&groupBy=day&key=yesterday', 'key'],
    ['from=2026-01-01&to=2026-01-02&groupBy=week&key=2026-01-01', 'key'],
    ['from=2026-01-01&to=2026-01-02&groupBy=method&key=cheque', 'key'],
    ['from=2026-01-01&to=2026-01-02&groupBy=item&key=abc', 'key'],
    ['from=2026-01-01&to=2026-01-02&max=0', 'max'],
    ['from=2026-01-01&to=2026-01-02&max=501', 'max'],
    ['from=2026-01-01&to=2026-01-02&offset=-1', 'offset'],
    ['from=2026-01-01&to=2026-01-02&groupBy=day&sort=item', 'sort'],
    ['from=2026-01-01&to=2026-01-02&groupBy=item&sort=method', 'sort'],
    ['from=2026-01-01&to=2026-01-02&order=up', 'order'],
    ['from=2026-01-01&to=2026-01-02&groupBy=day&kind=product', 'kind'],
    ['from=2026-01-01&to=2026-01-02&tenant=x', ''],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    for (const path of ['/itemreport/sales/lines', '/itemreport/sales/lines.csv']) {
      const response = await call(ctx.tokens.admin as string, ctx.tenant, 'GET', `${path}?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      if (field) expect(errorOf(response.body).field).toBe(`querystring.${field}`);
    }
  });

  it('is for admins and staff: the front desk and students 403; another studio never sees these rows', async () => {
    for (const role of ['frontdesk', 'student'] as const) {
      for (const path of ['/itemreport/sales/lines', '/itemreport/sales/lines.csv']) {
        const response = await call(
          ctx.tokens[role] as string,
          ctx.tenant,
          'GET',
          `${path}?from=${ctx.today}&to=${ctx.today}`,
        );
        expect(response.statusCode).toBe(403);
      }
    }
    expect(
      (await lines(`from=${ctx.today}&to=${ctx.today}&groupBy=day`, ctx.tokens.staff)).rows.length,
    ).toBeGreaterThan(0);
    const mine = (await lines(`from=${ctx.today}&to=${ctx.today}&groupBy=item`)).rows as SalesInvoiceLine[];
    const matKey = (await get<SalesReport>(`/itemreport/sales?from=${ctx.today}&to=${ctx.today}&groupBy=item`)).rows[0]
      ?.key;
    const theirs = await call(
      ctx.tokens.other as string,
      ctx.other,
      'GET',
      `/itemreport/sales/lines?from=${ctx.today}&to=${ctx.today}&groupBy=item&key=${matKey}`,
    );
    expect(json<SalesLines>(theirs).rows).toEqual([]);
    const theirAll = json<SalesLines>(
      await call(
        ctx.tokens.other as string,
        ctx.other,
        'GET',
        `/itemreport/sales/lines?from=${ctx.today}&to=${ctx.today}&groupBy=item`,
      ),
    );
    expect((theirAll.rows as SalesInvoiceLine[]).map((r) => r.item)).toEqual(['Elsewhere']);
    expect(mine.map((r) => r.item)).not.toContain('Elsewhere');
  });
});

describe('GET /itemreport/sales/lines.csv', () => {
  const csvOf = async (query: string) => {
    const response = await call(ctx.tokens.staff as string, ctx.tenant, 'GET', `/itemreport/sales/lines.csv?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    return { response, records: parseCsv(response.body).filter((r) => r.some((cell) => cell !== '')) };
  };

  it('payments: every row oldest first, amounts as decimals that add up to the figure', async () => {
    const { response, records } = await csvOf(`from=${ctx.today}&to=${ctx.today}&groupBy=method&key=cash`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sales-lines-method-cash-${ctx.today}-${ctx.today}.csv"`,
    );
    expect(records[0]).toEqual(['date', 'time', 'invoice', 'contact', 'kind', 'method', 'taken by', 'amount']);
    const body = records.slice(1);
    expect(body.map((r) => r[7])).toEqual(['50.00', '40.00', '-12.50', '2.50']);
    expect(body[0]?.[2]).toBe(`INV-${String(firstInvoice.number).padStart(5, '0')}`);
    expect(body.every((r) => r[0] === ctx.today && r[5] === 'Cash')).toBe(true);
    const cents = body.reduce((s, r) => s + Math.round(Number(r[7]) * 100), 0);
    const report = await get<SalesReport>(`/itemreport/sales?from=${ctx.today}&to=${ctx.today}&groupBy=method`);
    expect(cents).toBe(report.rows.find((r) => r.key === 'cash')?.net);
  });

  it('sales: one line per invoice line', async () => {
    const { records } = await csvOf(`from=${ctx.today}&to=${ctx.today}&groupBy=kind&key=product`);
    expect(records[0]).toEqual([
      'date',
      'invoice',
      'contact',
      'item',
      'category',
      'kind',
      'quantity',
      'gross',
      'discount',
      'tax',
      'total',
    ]);
    expect(records.slice(1).map((r) => [r[3], r[5], r[6], r[10]])).toEqual([
      ['Cork mat', 'Products', '2', '80.00'],
      ['Chai', 'Products', '4', '10.00'],
      ['Chai', 'Products', '1', '2.50'],
      ['Guest pass', 'Products', '1', '15.00'],
    ]);
  });

  it('reads in keyset batches: small batches over rows that share one instant give every row exactly once', async () => {
    // every payment and every invoice at the same instant: only the ids tell them apart
    const instant = new Date(`${ctx.today}T12:00:00.123456Z`);
    await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, async (tx) => {
      await tx
        .update(invoicePayments)
        .set({ createdAt: instant })
        .where(eq(invoicePayments.tenantId, ctx.tenant.tenantId));
      await tx.update(invoices).set({ createdAt: instant }).where(eq(invoices.tenantId, ctx.tenant.tenantId));
    });
    const who = {
      tenant: { tenantId: ctx.tenant.tenantId, settings: { timezone: ZONE, currency: 'usd' } },
      auth: {},
    } as unknown as Authenticated;
    for (const groupBy of ['day', 'item'] as const) {
      const query = SalesLinesQuery.parse({ from: ctx.today, to: ctx.today, groupBy });
      const whole = (await csvOf(`from=${ctx.today}&to=${ctx.today}&groupBy=${groupBy}`)).records;
      let chunks = 0;
      let text = '';
      for await (const chunk of salesLinesCsv(ctx.app.platform, who, query, 2)) {
        chunks += 1;
        text += chunk;
      }
      const batched = parseCsv(text).filter((r) => r.some((cell) => cell !== ''));
      // the header, then batches of 2 rows
      expect(chunks).toBe(1 + Math.ceil((whole.length - 1) / 2));
      expect(batched.length).toBe(whole.length);
      expect(batched.map((r) => r.join('|')).sort()).toEqual(whole.map((r) => r.join('|')).sort());
      expect(new Set(batched.map((r) => r.join('|'))).size).toBe(batched.length);
    }
  });
});
