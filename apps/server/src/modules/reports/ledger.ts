import { and, eq, gte, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { invoicePayments, invoices } from '../../db/schema/index.ts';

/**
 * The ledger the reports read: `invoice_payments` with its invoice, money in the tenant's currency.
 * One place for the join, the range and the signs, so the dashboard and the sales report agree.
 */

export const sumOf = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);

/** A payment counts in, a refund counts out. */
export const signedAmount = sql`case when ${invoicePayments.kind} = 'refund' then -${invoicePayments.amount} else ${invoicePayments.amount} end`;

/** The payment's invoice (for its currency). */
export const invoiceOfPayment = and(
  eq(invoices.tenantId, invoicePayments.tenantId),
  eq(invoices.id, invoicePayments.invoiceId),
);

/**
 * The payment's invoice is in `currency`: each payment carries its invoice's currency (copied by a
 * trigger when it is written, migration 0043), so the ledger's sums read the payments alone.
 */
export function inCurrency(currency: string): SQL {
  return sql`${invoicePayments.currency} = ${currency}`;
}

/** The tenant's payments and refunds in `currency` recorded over [from, to); needs no join. */
export function ledgerBetween(tenantId: string, currency: string, from: Date, to: Date) {
  return and(
    eq(invoicePayments.tenantId, tenantId),
    inCurrency(currency),
    gte(invoicePayments.createdAt, from),
    lt(invoicePayments.createdAt, to),
  );
}

/** `width_bucket(value, array[bounds])`: 1 for [bounds[0], bounds[1]), 2 for the next range, and so on. */
export function bucketOf(value: SQLWrapper, bounds: readonly Date[]): SQL<number> {
  const edges = sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  );
  return sql<number>`width_bucket(${value}, array[${edges}])`.mapWith(Number);
}

/** Rows of (bucket, value) as one value per range (0 where a range has no row). */
export function perRange(rows: readonly { bucket: number; value: number }[], bounds: readonly Date[]): number[] {
  const out = new Array<number>(Math.max(0, bounds.length - 1)).fill(0);
  for (const row of rows) if (row.bucket >= 1 && row.bucket < bounds.length) out[row.bucket - 1] = row.value;
  return out;
}
