import { and, eq, gte, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  creditEntries,
  creditGrants,
  invoicePayments,
  invoices,
  subscriptionCycles,
  subscriptions,
} from '../../db/schema/index.ts';
import { invoiceOfPayment, ledgerBetween, signedAmount, sumOf } from './ledger.ts';

// The class packs and credits report's three reads, each grouped by the product that gave the
// credits: the ledger (money), the credits ledger over the range (what happened), the grants now
// (what is left). Credits given with no membership (none are, today) fall under one "other" key.

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The product a grant came from: its membership's item, or 'other'. */
const productKey = sql<string>`coalesce(${subscriptions.itemId}::text, 'other')`;
const productName = sql<string | null>`min(${subscriptions.name})`;
/** 'card' when the product is a class pack; null for credits given with no membership. */
const productType = sql<string | null>`min(${subscriptions.membershipType})`;

const membershipOfGrant = and(
  eq(subscriptions.tenantId, creditGrants.tenantId),
  eq(subscriptions.id, creditGrants.subscriptionId),
);

/** Credits moved for `reason` (granted, taken, given back, lapsed) as a positive count, per grant. */
const moved = (reason: 'granted' | 'booked' | 'returned' | 'expired') =>
  sql<number>`coalesce(abs(sum(${creditEntries.delta}) filter (where ${creditEntries.reason} = ${reason})), 0)`;

/**
 * Payments minus refunds recorded over [from, to) in `currency` on the invoices of the cycles
 * (registration fee included) of memberships that give credits, per product.
 */
export function packMoney(tx: Tx, tenantId: string, currency: string, from: Date, to: Date) {
  return tx
    .select({
      key: sql<string>`${subscriptions.itemId}::text`,
      name: productName,
      type: productType,
      amount: sumOf(signedAmount),
    })
    .from(invoicePayments)
    .innerJoin(invoices, invoiceOfPayment)
    .innerJoin(
      subscriptionCycles,
      and(eq(subscriptionCycles.tenantId, invoices.tenantId), eq(subscriptionCycles.invoiceId, invoices.id)),
    )
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.tenantId, subscriptionCycles.tenantId),
        eq(subscriptions.id, subscriptionCycles.subscriptionId),
      ),
    )
    .where(
      and(
        ledgerBetween(tenantId, currency, from, to),
        isNotNull(subscriptions.creditsPerCycle),
        ne(subscriptions.membershipType, 'donation'),
      ),
    )
    .groupBy(sql`1`);
}

/**
 * The credits ledger over [from, to), per product: grants made (a pack paid, a cycle paid) and the
 * credits they gave, credits taken by bookings, given back, and lapsed. The entries are summed per
 * grant first, so the join to the grants and memberships reads one row per grant, not per entry.
 */
export function packCreditMoves(tx: Tx, tenantId: string, from: Date, to: Date) {
  const perGrant = tx
    .select({
      grantId: creditEntries.grantId,
      sold: sql<number>`count(*) filter (where ${creditEntries.reason} = 'granted')`.as('n_sold'),
      granted: moved('granted').as('n_granted'),
      booked: moved('booked').as('n_booked'),
      returned: moved('returned').as('n_returned'),
      expired: moved('expired').as('n_expired'),
    })
    .from(creditEntries)
    .where(
      and(eq(creditEntries.tenantId, tenantId), gte(creditEntries.createdAt, from), lt(creditEntries.createdAt, to)),
    )
    .groupBy(creditEntries.grantId)
    .as('per_grant');
  const total = (column: SQL.Aliased<number>) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  return tx
    .select({
      key: productKey,
      name: productName,
      type: productType,
      sold: total(perGrant.sold),
      granted: total(perGrant.granted),
      booked: total(perGrant.booked),
      returned: total(perGrant.returned),
      expired: total(perGrant.expired),
    })
    .from(perGrant)
    .innerJoin(creditGrants, and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.id, perGrant.grantId)))
    .leftJoin(subscriptions, membershipOfGrant)
    .groupBy(sql`1`);
}

/**
 * The grants as they stand at `now`, per product: usable credits left (`open`), and those of them
 * whose grant lapses before `expiringBefore` (`expiring`).
 */
export function packCreditsNow(tx: Tx, tenantId: string, now: Date, expiringBefore: Date) {
  const live: SQL = sql`(${creditGrants.expiresAt} is null or ${creditGrants.expiresAt} > ${at(now)})`;
  return tx
    .select({
      key: productKey,
      name: productName,
      type: productType,
      open: sql<number>`coalesce(sum(${creditGrants.remaining}) filter (where ${live}), 0)`.mapWith(Number),
      expiring:
        sql<number>`coalesce(sum(${creditGrants.remaining}) filter (where ${creditGrants.expiresAt} > ${at(now)} and ${creditGrants.expiresAt} < ${at(expiringBefore)}), 0)`.mapWith(
          Number,
        ),
    })
    .from(creditGrants)
    .leftJoin(subscriptions, membershipOfGrant)
    .where(and(eq(creditGrants.tenantId, tenantId), sql`${creditGrants.remaining} > 0`))
    .groupBy(sql`1`);
}
