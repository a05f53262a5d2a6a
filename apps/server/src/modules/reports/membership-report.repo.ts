import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { runningAt } from './dashboard.repo.ts';

const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * What one cycle's price is a month (minor units, rounded half away from zero per membership): a
 * weekly price times 52/12, a yearly one divided by 12. A card or unlimited pass without a
 * frequency repeats nothing.
 */
const monthlyPrice = sql`case ${subscriptions.frequency}
  when 'daily' then round(${subscriptions.priceMinor} * 365 / 12.0)
  when 'weekly' then round(${subscriptions.priceMinor} * 52 / 12.0)
  when 'monthly' then ${subscriptions.priceMinor}
  when 'quarterly' then round(${subscriptions.priceMinor} / 3.0)
  when 'halfyearly' then round(${subscriptions.priceMinor} / 6.0)
  when 'yearly' then round(${subscriptions.priceMinor} / 12.0)
  else 0 end`;

/**
 * Per membership product (gifts left out): running at the start and at the end of [from, to), new
 * and cancelled in it; paused, past due and suspended now; and the monthly recurring revenue of
 * those still being billed (trialing, active, past due) in `currency`.
 */
export function membershipTotals(tx: Tx, tenantId: string, currency: string, from: Date, to: Date) {
  return tx
    .select({
      key: sql<string>`${subscriptions.itemId}::text`,
      label: sql<string>`min(${subscriptions.name})`,
      activeAtStart: countWhere(runningAt(from)),
      activeAtEnd: countWhere(runningAt(new Date(to.getTime() - 1))),
      started: countWhere(
        sql`${subscriptions.startedAt} >= ${from.toISOString()}::timestamptz and ${subscriptions.startedAt} < ${to.toISOString()}::timestamptz`,
      ),
      cancelled: countWhere(
        sql`${subscriptions.cancelledAt} >= ${from.toISOString()}::timestamptz and ${subscriptions.cancelledAt} < ${to.toISOString()}::timestamptz`,
      ),
      paused: countWhere(eq(subscriptions.status, 'paused')),
      pastDue: countWhere(eq(subscriptions.status, 'past_due')),
      suspended: countWhere(eq(subscriptions.status, 'suspended')),
      mrr: sql<number>`coalesce(sum(${monthlyPrice}) filter (where ${subscriptions.status} in ('trialing', 'active', 'past_due') and ${subscriptions.currency} = ${currency}), 0)`.mapWith(
        Number,
      ),
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), ne(subscriptions.membershipType, 'donation')))
    .groupBy(sql`1`)
    .orderBy(sql`4 desc`, sql`2`);
}
