import type { SalesLineSort } from '@atrium/contracts';
import { and, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoiceLines, invoicePayments, invoices, itemCategories, items } from '../../db/schema/index.ts';
import { invoiceOfPayment, ledgerBetween, signedAmount, sumOf } from './ledger.ts';

/**
 * The rows behind the sales report: the ledger's payments and refunds, or the invoice lines of the
 * range's invoices. Each condition is the report's own (sales.repo.ts) plus the group's key, so the
 * rows of a group add up to its figure (sales-lines.test.ts reconciles every grouping).
 */

type LedgerGroup = 'day' | 'week' | 'month' | 'method' | 'staff';
type SalesGroup = 'item' | 'category' | 'kind';

/** A report's rows narrowed to one group (or every row): its range, currency, filters and the group's key. */
interface Scope<Group> {
  tenantId: string;
  currency: string;
  from: Date;
  to: Date;
  timeZone: string;
  group: Group;
  /** The group's key; undefined: every row. Day, week and month keys narrow `from`/`to` instead. */
  key: string | undefined;
  /** The report's filters (the same conditions as the report's). */
  filters: SQL | undefined;
}

export type PaymentScope = Scope<LedgerGroup>;
export type SalesScope = Scope<SalesGroup>;

/** An instant on the studio's clocks: YYYY-MM-DD HH:MM. */
const wallTime = (at: SQL, timeZone: string) =>
  sql<string>`to_char((${at} at time zone ${timeZone}), 'YYYY-MM-DD HH24:MI')`;

/** A row's instant (and the CSV's cursor: the exact instant as text, microseconds, as a Date keeps milliseconds), its invoice. */
function rowColumns(at: typeof invoices.createdAt | typeof invoicePayments.createdAt, timeZone: string) {
  return {
    at,
    cursor: sql<string>`${at}::text`,
    wall: wallTime(sql`${at}`, timeZone),
    invoiceNumber: invoices.number,
    contactName: invoices.contactName,
  };
}

/** The ledger rows of a scope: the report's range and currency, the group's method or staff member. */
function paymentWhere(scope: PaymentScope): SQL | undefined {
  const { tenantId, currency, from, to, group, key, filters } = scope;
  const byKey =
    key === undefined
      ? undefined
      : group === 'method'
        ? sql`${invoicePayments.method} = ${key}`
        : group === 'staff'
          ? eq(invoicePayments.recordedByName, key)
          : undefined;
  return and(ledgerBetween(tenantId, currency, from, to), byKey, filters);
}

/** The key of a sales grouping, as sales.repo.ts groups by it. */
function salesKey(group: SalesGroup): SQL<string> {
  return group === 'item'
    ? sql<string>`coalesce(${invoiceLines.itemId}::text, 'name:' || ${invoiceLines.name})`
    : group === 'category'
      ? sql<string>`coalesce(${itemCategories.id}::text, '')`
      : sql<string>`${invoiceLines.kind}`;
}

function salesWhere(scope: SalesScope): SQL | undefined {
  const { tenantId, currency, from, to, group, key, filters } = scope;
  return and(
    eq(invoiceLines.tenantId, tenantId),
    eq(invoices.currency, currency),
    ne(invoices.status, 'void'),
    gte(invoices.createdAt, from),
    lt(invoices.createdAt, to),
    key === undefined ? undefined : sql`${salesKey(group)} = ${key}`,
    filters,
  );
}

const lineOfInvoice = and(eq(invoices.tenantId, invoiceLines.tenantId), eq(invoices.id, invoiceLines.invoiceId));
const itemOfLine = and(eq(items.tenantId, invoiceLines.tenantId), eq(items.id, invoiceLines.itemId));
const categoryOfItem = and(eq(itemCategories.tenantId, items.tenantId), eq(itemCategories.id, items.categoryId));

const PAYMENT_SORTS: Partial<Record<SalesLineSort, SQL>> = {
  date: sql`${invoicePayments.createdAt}`,
  number: sql`${invoices.number}`,
  contact: sql`lower(${invoices.contactName})`,
  method: sql`${invoicePayments.method}`,
  amount: signedAmount,
};

const LINE_SORTS: Partial<Record<SalesLineSort, SQL>> = {
  date: sql`${invoices.createdAt}`,
  number: sql`${invoices.number}`,
  contact: sql`lower(${invoices.contactName})`,
  item: sql`lower(${invoiceLines.name})`,
  quantity: sql`${invoiceLines.quantity}`,
  discount: sql`${invoiceLines.discount}`,
  tax: sql`${invoiceLines.tax}`,
  total: sql`${invoiceLines.total}`,
};

const direction = (order: 'asc' | 'desc') => (order === 'asc' ? sql`asc` : sql`desc`);

/** The scope's ledger rows with their invoice, to page or batch. */
function selectPayments(tx: Tx, timeZone: string) {
  return tx
    .select({
      id: invoicePayments.id,
      ...rowColumns(invoicePayments.createdAt, timeZone),
      invoiceId: invoicePayments.invoiceId,
      kind: invoicePayments.kind,
      method: invoicePayments.method,
      takenBy: invoicePayments.recordedByName,
      amount: sql<number>`${signedAmount}`.mapWith(Number),
    })
    .from(invoicePayments)
    .innerJoin(invoices, invoiceOfPayment);
}

/** What every row of the scope adds up to: payments, received, refunded. */
export async function paymentSums(tx: Tx, scope: PaymentScope) {
  const [row] = await tx
    .select({
      rows: sql<number>`count(*)`.mapWith(Number),
      count: sql<number>`count(*) filter (where ${invoicePayments.kind} = 'payment')`.mapWith(Number),
      gross: sumOf(sql`case when ${invoicePayments.kind} = 'payment' then ${invoicePayments.amount} else 0 end`),
      refunds: sumOf(sql`case when ${invoicePayments.kind} = 'refund' then ${invoicePayments.amount} else 0 end`),
    })
    .from(invoicePayments)
    .where(paymentWhere(scope));
  return row ?? { rows: 0, count: 0, gross: 0, refunds: 0 };
}

/** One page of the scope's payments and refunds, in the asked order (the row id breaks ties). */
export function paymentPage(
  tx: Tx,
  scope: PaymentScope,
  page: { sort: SalesLineSort; order: 'asc' | 'desc'; offset: number; max: number },
) {
  const by = PAYMENT_SORTS[page.sort] ?? (PAYMENT_SORTS.date as SQL);
  const dir = direction(page.order);
  return selectPayments(tx, scope.timeZone)
    .where(paymentWhere(scope))
    .orderBy(sql`${by} ${dir}`, sql`${invoicePayments.id} ${dir}`)
    .limit(page.max)
    .offset(page.offset);
}

/** The next `size` rows of the scope after `after` (oldest first): the CSV's keyset batches. */
export function paymentBatch(tx: Tx, scope: PaymentScope, after: { cursor: string; id: string } | null, size: number) {
  return selectPayments(tx, scope.timeZone)
    .where(
      and(
        paymentWhere(scope),
        after
          ? sql`(${invoicePayments.createdAt}, ${invoicePayments.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(invoicePayments.createdAt, invoicePayments.id)
    .limit(size);
}

/** The scope's invoice lines with their invoice, item and category, to page or batch. */
function selectLines(tx: Tx, timeZone: string) {
  return tx
    .select({
      id: invoiceLines.id,
      ...rowColumns(invoices.createdAt, timeZone),
      invoiceId: invoices.id,
      position: invoiceLines.position,
      item: invoiceLines.name,
      category: sql<string>`coalesce(${itemCategories.name}, '')`,
      kind: invoiceLines.kind,
      quantity: invoiceLines.quantity,
      gross: invoiceLines.amount,
      discount: invoiceLines.discount,
      tax: invoiceLines.tax,
      total: invoiceLines.total,
    })
    .from(invoiceLines)
    .innerJoin(invoices, lineOfInvoice)
    .leftJoin(items, itemOfLine)
    .leftJoin(itemCategories, categoryOfItem);
}

/** What every line of the scope adds up to: units, before discounts, discounts, tax, total. */
export async function lineSums(tx: Tx, scope: SalesScope) {
  const [row] = await tx
    .select({
      rows: sql<number>`count(*)`.mapWith(Number),
      count: sumOf(sql`${invoiceLines.quantity}`),
      gross: sumOf(sql`${invoiceLines.amount}`),
      discount: sumOf(sql`${invoiceLines.discount}`),
      tax: sumOf(sql`${invoiceLines.tax}`),
      net: sumOf(sql`${invoiceLines.total}`),
      item: sql<string | null>`min(${invoiceLines.name})`,
      category: sql<string | null>`min(${itemCategories.name})`,
    })
    .from(invoiceLines)
    .innerJoin(invoices, lineOfInvoice)
    .leftJoin(items, itemOfLine)
    .leftJoin(itemCategories, categoryOfItem)
    .where(salesWhere(scope));
  return row ?? { rows: 0, count: 0, gross: 0, discount: 0, tax: 0, net: 0, item: null, category: null };
}

export function linePage(
  tx: Tx,
  scope: SalesScope,
  page: { sort: SalesLineSort; order: 'asc' | 'desc'; offset: number; max: number },
) {
  const by = LINE_SORTS[page.sort] ?? (LINE_SORTS.date as SQL);
  const dir = direction(page.order);
  return selectLines(tx, scope.timeZone)
    .where(salesWhere(scope))
    .orderBy(
      sql`${by} ${dir}`,
      sql`${invoices.createdAt} ${dir}`,
      sql`${invoices.id} ${dir}`,
      sql`${invoiceLines.position} ${dir}`,
    )
    .limit(page.max)
    .offset(page.offset);
}

/** The next `size` lines after `after`, in invoice order (oldest invoice first, then its lines). */
export function lineBatch(
  tx: Tx,
  scope: SalesScope,
  after: { cursor: string; invoiceId: string; position: number } | null,
  size: number,
) {
  const keyset = after
    ? and(
        // the invoice index's range (created_at, id); then the line's place within its invoice
        sql`(${invoices.createdAt}, ${invoices.id}) >= (${after.cursor}::timestamptz, ${after.invoiceId}::uuid)`,
        sql`(${invoices.createdAt}, ${invoices.id}, ${invoiceLines.position}) > (${after.cursor}::timestamptz, ${after.invoiceId}::uuid, ${after.position})`,
      )
    : undefined;
  return selectLines(tx, scope.timeZone)
    .where(and(salesWhere(scope), keyset))
    .orderBy(invoices.createdAt, invoices.id, invoiceLines.position)
    .limit(size);
}
