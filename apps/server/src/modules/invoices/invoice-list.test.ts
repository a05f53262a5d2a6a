import { randomUUID } from 'node:crypto';
import { INVOICE_SORTS, parseInvoiceNumber } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { INVOICE_SEARCH_COUNT_CAP } from './invoice-list.repo.ts';

// GET /item/ireport runs one prepared statement per filter shape: every shape must answer what the
// rules say (filter, sort with the id as tie-break, paging, count), computed here from all the rows.

let app: App;
let shop: TestTenant;
let other: TestTenant;
const headers = new Map<string, Record<string, string>>();

type Row = typeof invoices.$inferSelect;
const NAMES = ['Anna Bennett', 'Ben Marsh', 'Chloe Martin', 'David King', 'Emma Omar', 'Felix Stone'];
const STATUSES = ['pending', 'complete', 'partial', 'void', 'reminder'] as const;

/** 23 invoices with repeated names, totals, statuses and creation times (ties for every sort), 5 archived. */
async function seed(tenant: TestTenant, label: string): Promise<void> {
  const base = Date.parse('2026-03-01T10:00:00Z');
  const values = Array.from({ length: 23 }, (_, i) => {
    const total = 1000 + (i % 7) * 250;
    const status = STATUSES[i % STATUSES.length] ?? 'pending';
    const name = `${NAMES[i % NAMES.length]}`;
    return {
      tenantId: tenant.tenantId,
      number: i + 1,
      publicId: randomUUID(),
      contactId: randomUUID(),
      contactName: name,
      contactEmail: `${name.split(' ')[0]?.toLowerCase()}.${label}${i}@example.test`,
      currency: 'USD',
      paymentMethod: 'cash' as const,
      subtotal: total,
      total,
      amountPaid: status === 'complete' ? total : 0,
      balance: status === 'complete' || status === 'void' ? 0 : total,
      status,
      isArchived: i % 5 === 4,
      createdAt: new Date(base + Math.floor(i / 3) * 60_000),
    };
  });
  await withTenant(app.platform.db, tenant.tenantId, (tx) => tx.insert(invoices).values(values));
}

async function allRows(tenant: TestTenant): Promise<Row[]> {
  return withTenant(app.platform.db, tenant.tenantId, (tx) => tx.select().from(invoices));
}

const SORT_VALUE: Record<(typeof INVOICE_SORTS)[number], (row: Row) => string | number> = {
  createdAt: (row) => row.createdAt.getTime(),
  number: (row) => row.number,
  name: (row) => row.contactName.toLowerCase(),
  total: (row) => row.total,
  balance: (row) => row.balance,
  status: (row) => row.status,
};

interface Shape {
  search?: string;
  showArchive: boolean;
  sort: (typeof INVOICE_SORTS)[number];
  order: 'asc' | 'desc';
  offset: number;
  max: number;
}

/** What the list must answer, from the rules alone. */
function expected(rows: Row[], shape: Shape) {
  const text = shape.search?.toLowerCase();
  const number = shape.search ? parseInvoiceNumber(shape.search) : null;
  const matching = rows
    .filter((row) => shape.showArchive || !row.isArchived)
    .filter(
      (row) =>
        text === undefined ||
        row.number === number ||
        `${row.contactName}\n${row.contactEmail}`.toLowerCase().includes(text),
    )
    .sort((a, b) => {
      const key = SORT_VALUE[shape.sort];
      const [x, y] = [key(a), key(b)];
      const byKey = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      return shape.order === 'asc' ? byKey : -byKey;
    });
  return {
    ids: matching.slice(shape.offset, shape.offset + shape.max).map((row) => row.id),
    total: matching.length,
    capped: false,
  };
}

async function list(tenant: TestTenant, shape: Shape) {
  const query = new URLSearchParams({
    offset: String(shape.offset),
    max: String(shape.max),
    sort: shape.sort,
    order: shape.order,
    showArchive: String(shape.showArchive),
    ...(shape.search === undefined ? {} : { search: shape.search }),
  });
  const response = await app.inject({
    method: 'GET',
    url: `/item/ireport?${query}`,
    headers: headers.get(tenant.orgId),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = json<{ data: { id: string }[]; total: number; capped: boolean }>(response);
  return { ids: body.data.map((row) => row.id), total: body.total, capped: body.capped, data: body.data };
}

beforeAll(async () => {
  app = await startTestApp();
  shop = await newTenant(app);
  other = await newTenant(app);
  for (const tenant of [shop, other]) {
    headers.set(tenant.orgId, bearer((await loginAs(app, tenant, 'frontdesk')).access_token, tenant.host));
  }
  await seed(shop, 'shop');
  await seed(other, 'other');
});

describe('GET /item/ireport, one prepared statement per shape', () => {
  it('answers every shape (search, archived, sort, order, paging) as the rules say', async () => {
    const rows = await allRows(shop);
    const searches = [undefined, 'mar', 'BENNETT', 'INV-00007', '#12', 'shop1', 'nobody', '100%_'];
    let checked = 0;
    for (const search of searches) {
      for (const sort of INVOICE_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          for (const showArchive of [false, true]) {
            for (const [offset, max] of [
              [0, 50],
              [4, 5],
              [40, 10],
            ] as const) {
              const shape = { search, sort, order, showArchive, offset, max };
              const got = await list(shop, shape);
              expect({ ids: got.ids, total: got.total, capped: got.capped }, JSON.stringify(shape)).toEqual(
                expected(rows, shape),
              );
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBe(searches.length * INVOICE_SORTS.length * 2 * 2 * 3);
  });

  it('a row carries what the list shows, decoded the same from the table and from the search', async () => {
    const plain = await list(shop, { showArchive: true, sort: 'number', order: 'asc', offset: 0, max: 1 });
    const searched = await list(shop, {
      search: 'INV-00001',
      showArchive: true,
      sort: 'number',
      order: 'asc',
      offset: 0,
      max: 1,
    });
    expect(searched.data).toEqual(plain.data);
    expect(plain.data[0]).toEqual({
      id: expect.any(String),
      invoiceId: 'INV-00001',
      number: 1,
      status: 'pending',
      currency: 'USD',
      total: 10,
      balance: 10,
      contact: { id: expect.any(String), name: 'Anna Bennett', email: 'anna.shop0@example.test' },
      isArchived: false,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('reused plans still see only their own tenant: in parallel and past the generic-plan threshold', async () => {
    const mine = new Set((await allRows(shop)).map((row) => row.id));
    const theirs = new Set((await allRows(other)).map((row) => row.id));
    const shapes: Shape[] = [
      { search: 'mar', showArchive: true, sort: 'createdAt', order: 'desc', offset: 0, max: 50 },
      { showArchive: true, sort: 'createdAt', order: 'desc', offset: 0, max: 50 },
      { search: '7', showArchive: false, sort: 'total', order: 'asc', offset: 0, max: 50 },
    ];
    const check = async (tenant: TestTenant, shape: Shape) => {
      const own = tenant === shop ? mine : theirs;
      const got = await list(tenant, shape);
      expect(got.ids.length).toBeGreaterThan(0);
      for (const id of got.ids) expect(own.has(id)).toBe(true);
    };
    for (const shape of shapes) {
      await Promise.all(Array.from({ length: 24 }, (_, i) => check(i % 2 ? shop : other, shape)));
      for (let i = 0; i < 12; i++) await check(i % 2 ? shop : other, shape);
    }
    // an invoice number of the other tenant is not found through the search either
    const foreignNumber = await list(other, {
      search: 'INV-00003',
      showArchive: true,
      sort: 'createdAt',
      order: 'desc',
      offset: 0,
      max: 50,
    });
    expect(foreignNumber.ids).toHaveLength(1);
    expect(theirs.has(foreignNumber.ids[0] ?? '')).toBe(true);
  });
});

describe("GET /item/ireport, a search's count", () => {
  let crowd: TestTenant;

  /** INVOICE_SEARCH_COUNT_CAP invoices of "Crowd Alpha" and one of "Crowd Beta", a minute apart. */
  beforeAll(async () => {
    crowd = await newTenant(app);
    headers.set(crowd.orgId, bearer((await loginAs(app, crowd, 'frontdesk')).access_token, crowd.host));
    const base = Date.parse('2026-04-01T10:00:00Z');
    const values = Array.from({ length: INVOICE_SEARCH_COUNT_CAP + 1 }, (_, i) => ({
      tenantId: crowd.tenantId,
      number: i + 1,
      publicId: randomUUID(),
      contactId: randomUUID(),
      contactName: i === 0 ? 'Crowd Beta' : 'Crowd Alpha',
      contactEmail: `member${i}@crowd.test`,
      currency: 'USD',
      paymentMethod: 'cash' as const,
      subtotal: 500,
      total: 500,
      balance: 500,
      status: 'pending' as const,
      createdAt: new Date(base + i * 60_000),
    }));
    await withTenant(app.platform.db, crowd.tenantId, (tx) => tx.insert(invoices).values(values));
  });

  const shape = (search: string | undefined, offset = 0): Shape => ({
    search,
    showArchive: false,
    sort: 'createdAt',
    order: 'desc',
    offset,
    max: 50,
  });

  it('counts exactly up to the cap and says "more" past it, the page exact either way', async () => {
    const rows = await allRows(crowd);
    const alpha = await list(crowd, shape('alpha'));
    expect(alpha).toMatchObject({ total: INVOICE_SEARCH_COUNT_CAP, capped: false });
    expect(alpha.ids).toEqual(expected(rows, shape('alpha')).ids);
    const all = await list(crowd, shape('crowd', 100));
    expect(all).toMatchObject({ total: INVOICE_SEARCH_COUNT_CAP, capped: true });
    expect(all.ids).toEqual(expected(rows, shape('crowd', 100)).ids);
    // the list with no search text counts them all (its cap is 10,000)
    expect(await list(crowd, shape(undefined))).toMatchObject({ total: INVOICE_SEARCH_COUNT_CAP + 1, capped: false });
  });

  it('a page past the last match is empty and still says how many match', async () => {
    expect(await list(crowd, shape('alpha', 1_000))).toMatchObject({ ids: [], total: 1_000, capped: false });
    expect(await list(crowd, shape('crowd', 2_000))).toMatchObject({
      ids: [],
      total: INVOICE_SEARCH_COUNT_CAP,
      capped: true,
    });
    expect(await list(crowd, shape('beta', 50))).toMatchObject({ ids: [], total: 1, capped: false });
  });

  it('a rare text among many rows is found through any sort, newest or by name', async () => {
    const beta = await list(crowd, { ...shape('BETA'), sort: 'name', order: 'asc' });
    expect(beta).toMatchObject({ total: 1, capped: false });
    const [row] = await allRows(crowd).then((all) => all.filter((r) => r.contactName === 'Crowd Beta'));
    expect(beta.ids).toEqual([row?.id]);
  });

  it('a write of the studio forgets the counts it kept: the next page counts again', async () => {
    expect(await list(crowd, shape('alpha', 50))).toMatchObject({ total: INVOICE_SEARCH_COUNT_CAP, capped: false });
    await withTenant(app.platform.db, crowd.tenantId, (tx) =>
      tx
        .update(invoices)
        .set({ contactName: 'Crowd Alpha' })
        .where(and(eq(invoices.tenantId, crowd.tenantId), eq(invoices.contactName, 'Crowd Beta'))),
    );
    expect(await list(crowd, shape('alpha', 100))).toMatchObject({ total: INVOICE_SEARCH_COUNT_CAP, capped: true });
    expect(await list(crowd, shape('beta', 0))).toMatchObject({ ids: [], total: 0, capped: false });
  });
});
