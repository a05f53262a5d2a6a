import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { donationCampaigns, donationReceiptCounters, donations, invoices } from '../../db/schema/index.ts';

// Donation campaigns and gifts (issue 12). tenantId is always the first argument. What a campaign
// has raised is read from its invoices (paid less refunded), so a refund lowers it at once.

export type CampaignRow = typeof donationCampaigns.$inferSelect;
export type NewCampaign = typeof donationCampaigns.$inferInsert;
export type DonationRow = typeof donations.$inferSelect;

export interface CampaignTotals {
  raised: number;
  donorCount: number;
}

const netPaid = sql<number>`(${invoices.amountPaid} - ${invoices.amountRefunded})`;

/** Raised (paid less refunded, minor units) and distinct donors who gave something, per campaign. */
export async function findCampaignTotals(tx: Tx, tenantId: string): Promise<Map<string, CampaignTotals>> {
  const rows = await tx
    .select({
      campaignId: donations.campaignId,
      raised: sql<string>`coalesce(sum(${netPaid}), 0)`,
      donorCount: sql<string>`count(distinct ${donations.contactId}) filter (where ${netPaid} > 0)`,
    })
    .from(donations)
    .innerJoin(invoices, and(eq(invoices.tenantId, donations.tenantId), eq(invoices.id, donations.invoiceId)))
    .where(eq(donations.tenantId, tenantId))
    .groupBy(donations.campaignId);
  return new Map(rows.map((r) => [r.campaignId, { raised: Number(r.raised), donorCount: Number(r.donorCount) }]));
}

export function findCampaigns(tx: Tx, tenantId: string, filter: { archived?: boolean; activeOnly?: boolean }) {
  const where = [eq(donationCampaigns.tenantId, tenantId)];
  if (filter.archived === true) where.push(isNotNull(donationCampaigns.archivedAt));
  if (filter.archived === false) where.push(isNull(donationCampaigns.archivedAt));
  if (filter.activeOnly) where.push(eq(donationCampaigns.isActive, true));
  return tx
    .select()
    .from(donationCampaigns)
    .where(and(...where))
    .orderBy(desc(donationCampaigns.createdAt), donationCampaigns.id);
}

export async function findCampaign(tx: Tx, tenantId: string, id: string): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(donationCampaigns)
    .where(and(eq(donationCampaigns.tenantId, tenantId), eq(donationCampaigns.id, id)));
  return row;
}

export async function insertCampaign(tx: Tx, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await tx.insert(donationCampaigns).values(values).returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
}

export async function updateCampaign(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<NewCampaign>,
): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .update(donationCampaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(donationCampaigns.tenantId, tenantId), eq(donationCampaigns.id, id)))
    .returning();
  return row;
}

export async function insertDonation(tx: Tx, values: typeof donations.$inferInsert): Promise<DonationRow> {
  const [row] = await tx.insert(donations).values(values).returning();
  if (!row) throw new Error('donation insert returned nothing');
  return row;
}

/** A gift with its campaign's name and its invoice's public id and state. */
const giftColumns = {
  donation: donations,
  campaignName: donationCampaigns.name,
  invoicePublicId: invoices.publicId,
  invoiceNumber: invoices.number,
  invoiceStatus: invoices.status,
};
export type GiftRecord = {
  donation: DonationRow;
  campaignName: string;
  invoicePublicId: string;
  invoiceNumber: number;
  invoiceStatus: (typeof invoices.$inferSelect)['status'];
};

function gifts(tx: Tx | Db) {
  return tx
    .select(giftColumns)
    .from(donations)
    .innerJoin(
      donationCampaigns,
      and(eq(donationCampaigns.tenantId, donations.tenantId), eq(donationCampaigns.id, donations.campaignId)),
    )
    .innerJoin(invoices, and(eq(invoices.tenantId, donations.tenantId), eq(invoices.id, donations.invoiceId)));
}

/** Gifts by campaign, by contact or one gift; newest first. */
export function findGifts(
  tx: Tx | Db,
  tenantId: string,
  by: { campaignId?: string; contactId?: string; id?: string },
): Promise<GiftRecord[]> {
  const where = [eq(donations.tenantId, tenantId)];
  if (by.campaignId) where.push(eq(donations.campaignId, by.campaignId));
  if (by.contactId) where.push(eq(donations.contactId, by.contactId));
  if (by.id) where.push(eq(donations.id, by.id));
  return gifts(tx)
    .where(and(...where))
    .orderBy(desc(donations.createdAt), donations.id)
    .limit(500);
}

export async function findDonationByInvoice(tx: Tx, tenantId: string, invoiceId: string) {
  const [row] = await tx
    .select()
    .from(donations)
    .where(and(eq(donations.tenantId, tenantId), eq(donations.invoiceId, invoiceId)))
    .for('update');
  return row;
}

/** The next receipt number of the tenant (the counter row's lock serialises; a rollback gives it back). */
export async function takeReceiptNumber(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .insert(donationReceiptCounters)
    .values({ tenantId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: donationReceiptCounters.tenantId,
      set: { lastNumber: sql`${donationReceiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: donationReceiptCounters.lastNumber });
  if (!row) throw new Error('receipt counter returned nothing');
  return row.lastNumber;
}

/** Marks the gift paid with its receipt number, only when it has none yet; answers whether it did. */
export async function markReceipted(tx: Tx, tenantId: string, id: string, receiptNumber: number, paidAt: Date) {
  const rows = await tx
    .update(donations)
    .set({ receiptNumber, paidAt })
    .where(and(eq(donations.tenantId, tenantId), eq(donations.id, id), isNull(donations.receiptNumber)))
    .returning({ id: donations.id });
  return rows.length === 1;
}

/** The first gift of a monthly gift (its donor's name and anonymity go on to the later months). */
export async function firstGiftOf(tx: Tx, tenantId: string, subscriptionId: string): Promise<DonationRow | undefined> {
  const [row] = await tx
    .select()
    .from(donations)
    .where(and(eq(donations.tenantId, tenantId), eq(donations.subscriptionId, subscriptionId)))
    .orderBy(asc(donations.createdAt), asc(donations.id))
    .limit(1);
  return row;
}

export async function updateDonation(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<Pick<DonationRow, 'donorName' | 'note' | 'isAnonymous'>>,
): Promise<void> {
  await tx
    .update(donations)
    .set(values)
    .where(and(eq(donations.tenantId, tenantId), eq(donations.id, id)));
}
