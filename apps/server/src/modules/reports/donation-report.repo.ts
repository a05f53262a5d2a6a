import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { donationCampaigns, donations, invoices } from '../../db/schema/index.ts';
import { sumOf } from './ledger.ts';

/**
 * Per campaign, the gifts paid over [from, to) in `currency`: count, distinct donors (a donor is a
 * contact), the one-time and monthly amounts, and what their invoices refunded (a gift is one invoice).
 */
export function donationTotals(tx: Tx, tenantId: string, currency: string, from: Date, to: Date) {
  return tx
    .select({
      key: sql<string>`${donations.campaignId}::text`,
      label: sql<string>`min(${donationCampaigns.name})`,
      gifts: sql<number>`count(*)`.mapWith(Number),
      donors: sql<number>`count(distinct ${donations.contactId})`.mapWith(Number),
      oneTime: sumOf(sql`case when ${donations.frequency} = 'once' then ${donations.amount} else 0 end`),
      monthly: sumOf(sql`case when ${donations.frequency} = 'monthly' then ${donations.amount} else 0 end`),
      refunded: sumOf(sql`least(${invoices.amountRefunded}, ${donations.amount})`),
    })
    .from(donations)
    .innerJoin(
      donationCampaigns,
      and(eq(donationCampaigns.tenantId, donations.tenantId), eq(donationCampaigns.id, donations.campaignId)),
    )
    .innerJoin(invoices, and(eq(invoices.tenantId, donations.tenantId), eq(invoices.id, donations.invoiceId)))
    .where(
      and(
        eq(donations.tenantId, tenantId),
        eq(donations.currency, currency),
        gte(donations.paidAt, from),
        lt(donations.paidAt, to),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`sum(${donations.amount}) desc`, sql`2`);
}
