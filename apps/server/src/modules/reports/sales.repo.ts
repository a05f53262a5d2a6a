import { and, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invoiceLines, invoicePayments, invoices, itemCategories, items } from '../../db/schema/index.ts';
import { invoiceOfPayment, ledgerBetween, sumOf } from './ledger.ts';

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
      .innerJoin(invoices, invoiceOfPayment)
      .where(ledgerBetween(tenantId, currency, from, to))
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
export function salesTotals(tx: Tx, tenantId: string, currency: string, from: Date, to: Date, group: SalesGroupKey) {
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
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`7 desc`, sql`1`);
}
