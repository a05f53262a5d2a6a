import {
  formatDecimal,
  formatInvoiceNumber,
  LINE_KIND_LABELS,
  nextDate,
  PAYMENT_METHOD_LABELS,
  SALES_GROUP_BASIS,
  SALES_LINES_CSV_HEADER,
  type SalesInvoiceLine,
  type SalesLines,
  type SalesLinesQuery,
  type SalesLinesSums,
  type SalesPaymentLine,
  startOfDayInZone,
  toCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { reportDays } from './report-days.ts';
import { isCategoryOfTenant, isSellableOfTenant, lineFilters, paymentFilters } from './sales.repo.ts';
import { filtersOf } from './sales.service.ts';
import {
  lineBatch,
  linePage,
  lineSums,
  type PaymentScope,
  paymentBatch,
  paymentPage,
  paymentSums,
  type SalesScope,
} from './sales-lines.repo.ts';

type Query = z.output<typeof SalesLinesQuery>;

/** Rows per database read of the CSV: each batch is its own short transaction (PGlite's one connection stays free between them). */
export const CSV_BATCH_ROWS = 2000;

type PaymentRow = Awaited<ReturnType<typeof paymentBatch>>[number];
type LineRow = Awaited<ReturnType<typeof lineBatch>>[number];

type Scope = { basis: 'payments'; scope: PaymentScope } | { basis: 'sales'; scope: SalesScope };

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;
const kindLabel = (kind: string) => LINE_KIND_LABELS[kind as keyof typeof LINE_KIND_LABELS] ?? kind;

/** The first day of the month after YYYY-MM. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/** The days a day, week or month key covers, as [first, after last) (YYYY-MM-DD). */
function daysOfKey(group: Query['groupBy'], key: string): [string, string] | null {
  if (group === 'day') return [key, nextDate(key)];
  if (group === 'week') {
    let end = key;
    for (let i = 0; i < 7; i++) end = nextDate(end);
    return [key, end];
  }
  if (group === 'month') return [`${key}-01`, `${nextMonth(key)}-01`];
  return null;
}

/** The report's range in the studio's zone, narrowed to the group's key (a day, week or month) when there is one. */
function scopeOf({ tenant }: Authenticated, query: Query): Scope {
  const { timeZone, from, to } = reportDays(tenant, query);
  const base = { tenantId: tenant.tenantId, currency: currencyOf(tenant), timeZone, from, to, key: query.key };
  // the report's own filters (sales.repo.ts), so the rows are the report's rows
  const filters = filtersOf(query);
  if (SALES_GROUP_BASIS[query.groupBy] === 'sales') {
    return {
      basis: 'sales',
      scope: { ...base, group: query.groupBy as SalesScope['group'], filters: lineFilters(filters) },
    };
  }
  const days = query.key === undefined ? null : daysOfKey(query.groupBy, query.key);
  const scope: PaymentScope = {
    ...base,
    group: query.groupBy as PaymentScope['group'],
    filters: paymentFilters(filters),
  };
  if (days) {
    const [first, after] = days;
    scope.from = new Date(Math.max(scope.from.getTime(), startOfDayInZone(first, timeZone).getTime()));
    scope.to = new Date(Math.min(scope.to.getTime(), startOfDayInZone(after, timeZone).getTime()));
    // a time key now narrows the range; the ledger rows need no other key condition
    scope.key = undefined;
  }
  return { basis: 'payments', scope };
}

/** The group as the report names it. */
function labelOf(query: Query, found: { item?: string | null; category?: string | null }): string {
  const { groupBy: group, key } = query;
  if (key === undefined) return 'All';
  switch (group) {
    case 'method':
      return methodLabel(key);
    case 'staff':
      return key || 'Online (card or bank)';
    case 'week':
      return `Week of ${key}`;
    case 'kind':
      return kindLabel(key);
    case 'item':
      return found.item ?? (key.startsWith('name:') ? key.slice(5) : key);
    case 'category':
      return found.category ?? (key === '' ? 'Not in the catalogue' : key);
    default:
      return key;
  }
}

/** As the report: another studio's item or category (or an id none of the studio's things carry) is a 404. */
async function checkFilterIds(tx: Tx, tenantId: string, query: Query): Promise<void> {
  if (query.item !== undefined && !(await isSellableOfTenant(tx, tenantId, query.item))) throw notFound('Item');
  if (query.category !== undefined && !(await isCategoryOfTenant(tx, tenantId, query.category))) {
    throw notFound('Category');
  }
}

/** The CSV's 404s, before its first byte is sent. */
export function checkSalesLinesFilters(platform: Platform, { tenant }: Authenticated, query: Query): Promise<void> {
  return readTenant(platform.db, tenant.tenantId, (tx) => checkFilterIds(tx, tenant.tenantId, query));
}

const ZERO_SUMS: SalesLinesSums = { rows: 0, count: 0, gross: 0, discount: 0, tax: 0, refunds: 0, net: 0 };

/** What a payment and an invoice line both show first: when, on which invoice, for whom. */
function lineHead(
  row: Pick<
    Awaited<ReturnType<typeof paymentPage>>[number],
    'id' | 'at' | 'wall' | 'invoiceId' | 'invoiceNumber' | 'contactName'
  >,
) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    local: row.wall,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    contactName: row.contactName,
  };
}

function paymentLine(row: Awaited<ReturnType<typeof paymentPage>>[number]): SalesPaymentLine {
  return {
    ...lineHead(row),
    kind: row.kind,
    method: row.method,
    takenBy: row.takenBy,
    amount: row.amount,
  };
}

function invoiceLine(row: Awaited<ReturnType<typeof linePage>>[number]): SalesInvoiceLine {
  return {
    ...lineHead(row),
    item: row.item,
    category: row.category,
    kind: row.kind,
    quantity: row.quantity,
    gross: row.gross,
    discount: row.discount,
    tax: row.tax,
    total: row.total,
  };
}

/**
 * GET /itemreport/sales/lines: one page of the rows behind a sales report's figure (a group's key,
 * or every row of the range), and what all of them add up to: the report row's own figures.
 */
export function salesLines(platform: Platform, who: Authenticated, query: Query): Promise<SalesLines> {
  const scoped = scopeOf(who, query);
  const { tenantId, currency, timeZone } = scoped.scope;
  const page = { sort: query.sort, order: query.order, offset: query.offset, max: query.max };
  const head = {
    from: query.from,
    to: query.to,
    timeZone,
    currency,
    groupBy: query.groupBy,
    key: query.key ?? null,
    offset: query.offset,
    max: query.max,
  };
  return readTenant(platform.db, tenantId, async (tx) => {
    await checkFilterIds(tx, tenantId, query);
    if (scoped.basis === 'payments') {
      const sums = await paymentSums(tx, scoped.scope);
      const rows = sums.rows > query.offset ? await paymentPage(tx, scoped.scope, page) : [];
      return {
        ...head,
        basis: 'payments' as const,
        label: labelOf(query, {}),
        sums: { ...ZERO_SUMS, ...sums, net: sums.gross - sums.refunds },
        rows: rows.map(paymentLine),
      };
    }
    const { item, category, ...sums } = await lineSums(tx, scoped.scope);
    const rows = sums.rows > query.offset ? await linePage(tx, scoped.scope, page) : [];
    return {
      ...head,
      basis: 'sales' as const,
      label: labelOf(query, { item, category }),
      sums: { ...ZERO_SUMS, ...sums },
      rows: rows.map(invoiceLine),
    };
  });
}

/** The CSV's file name: sales-lines-<grouping>[-<key>]-<from>-<to>.csv (the key made file-safe). */
export function salesLinesFileName(query: Query): string {
  const key = query.key === undefined ? '' : `-${query.key.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'none'}`;
  return `sales-lines-${query.groupBy}${key}-${query.from}-${query.to}.csv`;
}

/**
 * GET /itemreport/sales/lines.csv: every row of the query, oldest first, as CSV text chunks. Read
 * in keyset batches of CSV_BATCH_ROWS, each in its own read transaction, and yielded as they come,
 * so the server holds one batch at a time whatever the size (a pull stream: the next batch is read
 * when the response has taken the last). Amounts are decimals of the currency; refunds negative.
 */
export async function* salesLinesCsv(
  platform: Platform,
  who: Authenticated,
  query: Query,
  batchRows = CSV_BATCH_ROWS,
): AsyncGenerator<string> {
  const scoped = scopeOf(who, query);
  const { tenantId, currency } = scoped.scope;
  const money = (minor: number) => formatDecimal(minor, currency);
  yield toCsv([SALES_LINES_CSV_HEADER[scoped.basis]]);
  const read = <Row>(batch: (tx: Tx) => Promise<Row[]>) => readTenant(platform.db, tenantId, batch);
  if (scoped.basis === 'payments') {
    const batches = keysetBatches<PaymentRow, { cursor: string; id: string }>(
      (after) => read((tx) => paymentBatch(tx, scoped.scope, after, batchRows)),
      (last) => ({ cursor: last.cursor, id: last.id }),
      batchRows,
    );
    for await (const batch of batches) {
      yield toCsv(
        batch.map((row) => [
          row.wall.slice(0, 10),
          row.wall.slice(11),
          formatInvoiceNumber(row.invoiceNumber),
          row.contactName,
          row.kind,
          methodLabel(row.method),
          row.takenBy,
          money(row.amount),
        ]),
      );
    }
    return;
  }
  const batches = keysetBatches<LineRow, { cursor: string; invoiceId: string; position: number }>(
    (after) => read((tx) => lineBatch(tx, scoped.scope, after, batchRows)),
    (last) => ({ cursor: last.cursor, invoiceId: last.invoiceId, position: last.position }),
    batchRows,
  );
  for await (const batch of batches) {
    yield toCsv(
      batch.map((row) => [
        row.wall.slice(0, 10),
        formatInvoiceNumber(row.invoiceNumber),
        row.contactName,
        row.item,
        row.category,
        kindLabel(row.kind),
        String(row.quantity),
        money(row.gross),
        money(row.discount),
        money(row.tax),
        money(row.total),
      ]),
    );
  }
}

/** Every row after the last one's cursor, `size` at a time (keyset batches; one read each), until a short batch. */
async function* keysetBatches<Row, Cursor>(
  read: (after: Cursor | null) => Promise<Row[]>,
  cursorOf: (last: Row) => Cursor,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const batch = await read(after);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < size) return;
    after = cursorOf(batch[batch.length - 1] as Row);
  }
}
