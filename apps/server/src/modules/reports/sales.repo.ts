import type { SalesFilter } from '@atrium/contracts';
import { and, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classRules, invoiceLines, invoicePayments, invoices, itemCategories, items } from '../../db/schema/index.ts';
import { ledgerBetween, sumOf } from './ledger.ts';

/** The report's filters that are set (the query checked that they fit its basis). */
export type SalesFilters = Partial<Record<SalesFilter, string>>;

/** The filters of what was sold, on an invoice line joined with its item: the item, its category, the line's kind. */
export function lineFilters(filters: SalesFilters): SQL | undefined {
  return and(
    filters.item === undefined ? undefined : eq(invoiceLines.itemId, filters.item),
    filters.category === undefined ? undefined : eq(items.categoryId, filters.category),
    filters.kind === undefined ? undefined : sql`${invoiceLines.kind} = ${filters.kind}`,
  );
}

/** The filters of money received, on the ledger: the payment method. */
export function paymentFilters(filters: SalesFilters): SQL | undefined {
  return filters.method === undefined ? undefined : sql`${invoicePayments.method} = ${filters.method}`;
}

/**
 * Whether `id` is one of the studio's things a line can sell: a catalogue item (a product, service,
 * bundle or membership, archived ones too), a class, or an id its invoice lines carry.
 */
export async function isSellableOfTenant(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const lookups = [
    () =>
      tx
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.tenantId, tenantId), eq(items.id, id)))
        .limit(1),
    () =>
      tx
        .select({ id: classRules.id })
        .from(classRules)
        .where(and(eq(classRules.tenantId, tenantId), eq(classRules.id, id)))
        .limit(1),
    () =>
      tx
        .select({ id: invoiceLines.id })
        .from(invoiceLines)
        .where(and(eq(invoiceLines.tenantId, tenantId), eq(invoiceLines.itemId, id)))
        .limit(1),
  ];
  for (const lookup of lookups) if ((await lookup()).length > 0) return true;
  return false;
}

/** Whether `id` is one of the studio's catalogue categories. */
export async function isCategoryOfTenant(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: itemCategories.id })
    .from(itemCategories)
    .where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, id)));
  return row !== undefined;
}

const int = sumOf;

type LedgerGroup = 'day' | 'week' | 'month' | 'method' | 'staff';

/** The ledger's key of a grouping: the payment's day, week (from Monday) or month in the zone, its method, who took it. */
function ledgerKey(group: LedgerGroup, timeZone: string): SQL<string> {
  const local = sql`(${invoicePayments.createdAt} at time zone ${timeZone})`;
  switch (group) {
    case 'day':
      return sql<string>`to_char(${local}, 'YYYY-MM-DD')`;
    case 'week':
      return sql<string>`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
    case 'month':
      return sql<string>`to_char(${local}, 'YYYY-MM')`;
    case 'method':
      return sql<string>`${invoicePayments.method}`;
    case 'staff':
      return sql<string>`${invoicePayments.recordedByName}`;
  }
}

/**
 * Money received and given back over [from, to) in `currency`, grouped: payments count, amount
 * received, amount refunded (a refund is counted when it was given, under its own day and method).
 */
export function ledgerTotals(
  tx: Tx,
  tenantId: string,
  currency: string,
  from: Date,
  to: Date,
  group: LedgerGroup,
  timeZone: string,
  filters: SalesFilters = {},
) {
  const key = ledgerKey(group, timeZone);
  return (
    tx
      .select({
        key,
        count: sql<number>`count(*) filter (where ${invoicePayments.kind} = 'payment')`.mapWith(Number),
        gross: int(sql`case when ${invoicePayments.kind} = 'payment' then ${invoicePayments.amount} else 0 end`),
        refunds: int(sql`case when ${invoicePayments.kind} = 'refund' then ${invoicePayments.amount} else 0 end`),
      })
      .from(invoicePayments)
      .where(and(ledgerBetween(tenantId, currency, from, to), paymentFilters(filters)))
      // by position: the key carries the zone as a parameter, and a second copy would not match it
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

type SalesGroupKey = 'item' | 'category' | 'kind';

/**
 * What the invoices issued over [from, to) in `currency` sold (void ones left out), grouped by
 * the line's catalogue item (or its name when it has none), the item's category, or the line's kind.
 */
export function salesTotals(
  tx: Tx,
  tenantId: string,
  currency: string,
  from: Date,
  to: Date,
  group: SalesGroupKey,
  filters: SalesFilters = {},
) {
  const key =
    group === 'item'
      ? sql<string>`coalesce(${invoiceLines.itemId}::text, 'name:' || ${invoiceLines.name})`
      : group === 'category'
        ? sql<string>`coalesce(${itemCategories.id}::text, '')`
        : sql<string>`${invoiceLines.kind}`;
  const label =
    group === 'item'
      ? sql<string>`min(${invoiceLines.name})`
      : group === 'category'
        ? sql<string>`coalesce(min(${itemCategories.name}), '')`
        : sql<string>`min(${invoiceLines.kind})`;
  return tx
    .select({
      key,
      label,
      count: int(sql`${invoiceLines.quantity}`),
      gross: int(sql`${invoiceLines.amount}`),
      discount: int(sql`${invoiceLines.discount}`),
      tax: int(sql`${invoiceLines.tax}`),
      net: int(sql`${invoiceLines.total}`),
    })
    .from(invoiceLines)
    .innerJoin(invoices, and(eq(invoices.tenantId, invoiceLines.tenantId), eq(invoices.id, invoiceLines.invoiceId)))
    .leftJoin(items, and(eq(items.tenantId, invoiceLines.tenantId), eq(items.id, invoiceLines.itemId)))
    .leftJoin(itemCategories, and(eq(itemCategories.tenantId, items.tenantId), eq(itemCategories.id, items.categoryId)))
    .where(
      and(
        eq(invoiceLines.tenantId, tenantId),
        eq(invoices.currency, currency),
        ne(invoices.status, 'void'),
        gte(invoices.createdAt, from),
        lt(invoices.createdAt, to),
        lineFilters(filters),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`7 desc`, sql`1`);
}
