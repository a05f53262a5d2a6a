import {
  CHECKOUT_MESSAGES,
  DONATION_MESSAGES,
  type DonateRequest,
  type DonateResult,
  type Donation,
  type DonationCampaign,
  type DonationCampaignInput,
  type DonationStatus,
  formatMoney,
  formatReceiptNumber,
  type PublicDonationCampaign,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import { claimCheckoutKey, findCheckoutKey, setCheckoutInvoice } from '../checkout/checkout.repo.ts';
import { findInvoice, findPerson } from '../invoices/invoices.repo.ts';
import { conflict, createInvoice, tenantCurrency } from '../invoices/invoices.service.ts';
import { findOrInsertBuyer } from '../shop/shop-checkout.repo.ts';
import { receiptPdf } from './donation-receipt.ts';
import {
  type CampaignRow,
  type CampaignTotals,
  findCampaign,
  findCampaigns,
  findCampaignTotals,
  findDonationByInvoice,
  findGifts,
  type GiftRecord,
  insertCampaign,
  insertDonation,
  updateCampaign,
} from './donations.repo.ts';

// Donations (issue 12; decisions.md "Donations"): campaigns staff write, a page where visitors give a
// one-time amount (paid through the invoice's card payment on the tenant's provider), receipts.

type CampaignBody = z.output<typeof DonationCampaignInput>;
type GiveBody = z.output<typeof DonateRequest>;

/** The module is absent when the tenant has donations off (spec 1 §5): every call is a 404. */
export function assertDonationsOn(tenant: TenantContext): void {
  if (!tenant.settings.isShowDonation) throw notFound('Page');
}

export const campaignMissing = () => notFound('Donation campaign');

function toCampaign(tenant: TenantContext, row: CampaignRow, totals?: CampaignTotals): DonationCampaign {
  return {
    guId: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    currency: tenantCurrency(tenant),
    goal: row.goal,
    suggestedAmounts: row.suggestedAmounts,
    allowCustomAmount: row.allowCustomAmount,
    minimumAmount: row.minimumAmount,
    isActive: row.isActive,
    isArchived: row.archivedAt !== null,
    raised: totals?.raised ?? 0,
    donorCount: totals?.donorCount ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

function toPublic(campaign: DonationCampaign): PublicDonationCampaign {
  const { isActive: _a, isArchived: _b, createdAt: _c, ...rest } = campaign;
  return rest;
}

function statusOf(gift: GiftRecord): DonationStatus {
  if (gift.invoiceStatus === 'void') return 'void';
  if (gift.invoiceStatus === 'refunded') return 'refunded';
  return gift.donation.receiptNumber !== null ? 'paid' : 'pending';
}

function toDonation(gift: GiftRecord): Donation {
  const d = gift.donation;
  return {
    guId: d.id,
    campaignId: d.campaignId,
    campaignName: gift.campaignName,
    contactId: d.contactId,
    donorName: d.donorName,
    donorEmail: d.donorEmail,
    amount: d.amount,
    currency: d.currency,
    frequency: d.frequency,
    note: d.note,
    isAnonymous: d.isAnonymous,
    status: statusOf(gift),
    receiptNumber: d.receiptNumber === null ? null : formatReceiptNumber(d.receiptNumber),
    invoicePublicId: gift.invoicePublicId,
    createdAt: d.createdAt.toISOString(),
    paidAt: d.paidAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- staff

export function listCampaigns(db: Db, { tenant }: Authenticated, archived: boolean) {
  assertDonationsOn(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const totals = await findCampaignTotals(tx, tenant.tenantId);
    const rows = await findCampaigns(tx, tenant.tenantId, { archived });
    return { data: rows.map((row) => toCampaign(tenant, row, totals.get(row.id))), currency: tenantCurrency(tenant) };
  });
}

export function getCampaign(db: Db, { tenant }: Authenticated, id: string) {
  assertDonationsOn(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const row = await findCampaign(tx, tenant.tenantId, id);
    if (!row) throw campaignMissing();
    return toCampaign(tenant, row, (await findCampaignTotals(tx, tenant.tenantId)).get(row.id));
  });
}

const columnsOf = (body: CampaignBody) => ({
  name: body.name,
  description: body.description,
  imageUrl: body.imageUrl,
  goal: body.goal,
  suggestedAmounts: [...body.suggestedAmounts].sort((a, b) => a - b),
  allowCustomAmount: body.allowCustomAmount,
  minimumAmount: body.minimumAmount,
  isActive: body.isActive,
});

export function createCampaign(db: Db, { tenant }: Authenticated, body: CampaignBody) {
  assertDonationsOn(tenant);
  return withTenant(db, tenant.tenantId, async (tx) =>
    toCampaign(tenant, await insertCampaign(tx, { tenantId: tenant.tenantId, ...columnsOf(body) })),
  );
}

export function editCampaign(db: Db, { tenant }: Authenticated, id: string, body: CampaignBody) {
  assertDonationsOn(tenant);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const row = await updateCampaign(tx, tenant.tenantId, id, columnsOf(body));
    if (!row) throw campaignMissing();
    return toCampaign(tenant, row, (await findCampaignTotals(tx, tenant.tenantId)).get(row.id));
  });
}

/** Archiving takes the campaign off the public site and stops gifts; its gifts stay. */
export function archiveCampaign(db: Db, { tenant }: Authenticated, id: string, archived: boolean) {
  assertDonationsOn(tenant);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const values = archived ? { archivedAt: new Date(), isActive: false } : { archivedAt: null };
    const row = await updateCampaign(tx, tenant.tenantId, id, values);
    if (!row) throw campaignMissing();
    return toCampaign(tenant, row, (await findCampaignTotals(tx, tenant.tenantId)).get(row.id));
  });
}

export function campaignDonations(db: Db, { tenant }: Authenticated, id: string) {
  assertDonationsOn(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    if (!(await findCampaign(tx, tenant.tenantId, id))) throw campaignMissing();
    return { data: (await findGifts(tx, tenant.tenantId, { campaignId: id })).map(toDonation) };
  });
}

export function contactDonations(db: Db, { tenant }: Authenticated, contactId: string) {
  assertDonationsOn(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    if (!(await findPerson(tx, tenant.tenantId, contactId))) throw notFound('Contact');
    return { data: (await findGifts(tx, tenant.tenantId, { contactId })).map(toDonation) };
  });
}

// ---------------------------------------------------------------- the donor

export function myDonations(db: Db, { tenant, auth }: Authenticated) {
  assertDonationsOn(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => ({
    data: (await findGifts(tx, tenant.tenantId, { contactId: auth.sub })).map(toDonation),
  }));
}

/** The receipt PDF: staff may download any of the tenant's; a donor only their own (else 404). */
export async function downloadReceipt(platform: Platform, { tenant, auth }: Authenticated, id: string) {
  assertDonationsOn(tenant);
  const [gift] = await readTenant(platform.db, tenant.tenantId, (tx) => findGifts(tx, tenant.tenantId, { id }));
  const isStaff = auth.role !== 'student' && !auth.preview;
  if (!gift || (!isStaff && gift.donation.contactId !== auth.sub)) throw notFound('Receipt');
  return receiptPdf(platform, tenant, gift);
}

// ---------------------------------------------------------------- visitors

export function publicCampaigns(db: Db, tenant: TenantContext) {
  assertDonationsOn(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const totals = await findCampaignTotals(tx, tenant.tenantId);
    const rows = await findCampaigns(tx, tenant.tenantId, { archived: false, activeOnly: true });
    return { data: rows.map((row) => toPublic(toCampaign(tenant, row, totals.get(row.id)))) };
  });
}

/** GET /public/donations/{id}/items: the campaign and what may be given; inactive or archived is a 404. */
export function publicCampaign(db: Db, tenant: TenantContext, id: string) {
  assertDonationsOn(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const row = await findCampaign(tx, tenant.tenantId, id);
    if (!row || row.archivedAt || !row.isActive) throw campaignMissing();
    return toPublic(toCampaign(tenant, row, (await findCampaignTotals(tx, tenant.tenantId)).get(row.id)));
  });
}

/** A suggested amount, or a custom one at or above the minimum when the campaign allows it. */
export function assertAmount(tenant: TenantContext, campaign: CampaignRow, amount: number): void {
  if (campaign.suggestedAmounts.includes(amount)) return;
  if (!campaign.allowCustomAmount) throw badRequest('amount', DONATION_MESSAGES.notSuggested);
  if (amount < campaign.minimumAmount) {
    throw badRequest(
      'amount',
      DONATION_MESSAGES.belowMinimum(formatMoney(campaign.minimumAmount, tenantCurrency(tenant))),
    );
  }
}

const GIFTS_PER_EMAIL = 10;

/** A public gift may start: donations on, not a staff preview, and within the per-email and per-IP limits. */
export async function admitGift(
  platform: Platform,
  tenant: TenantContext,
  email: string,
  ip: string,
  auth: Authenticated['auth'] | null,
): Promise<void> {
  assertDonationsOn(tenant);
  if (auth?.preview) throw forbidden(DONATION_MESSAGES.staffCannotGive);
  const limits = { perAccount: GIFTS_PER_EMAIL, perIp: platform.config.loginMaxAttemptsPerIp };
  const wait = await platform.throttle.take(tenant.tenantId, 'public_donation', email, ip, limits);
  if (wait > 0) throw tooManyRequests(`Too many donations. ${tryAgainIn(wait)}`);
}

/** The donor's contact, found or made by email (lead source 'Donation'; a public form never changes it). */
export async function donorContact(
  tx: Tx,
  tenant: TenantContext,
  donor: { email: string; firstName: string; lastName: string },
) {
  const buyer = await findOrInsertBuyer(tx, tenant.tenantId, {
    email: donor.email,
    firstName: donor.firstName,
    lastName: donor.lastName,
    phone: '',
    address: '',
    leadSource: 'Donation',
    source: 'donation',
  });
  if (buyer.isWalkin) throw badRequest('email', 'Please enter a valid email address');
  return buyer;
}

/**
 * POST /public/donations/{id}: records a one-time gift as a pending invoice (one donation line, no
 * tax or card fee) billed to the donor's contact (found or made by email) and the gift itself, in
 * one transaction. The donor then pays the invoice on the provider's page; the receipt follows the
 * payment. The same idempotency key again answers the same gift.
 */
export async function give(
  platform: Platform,
  tenant: TenantContext,
  campaignId: string,
  body: GiveBody,
  ip: string,
  auth: Authenticated['auth'] | null,
): Promise<DonateResult> {
  await admitGift(platform, tenant, body.email, ip, auth);
  const key = `donation:${body.idempotencyKey}`;
  const fingerprint = JSON.stringify({ campaignId, email: body.email, amount: body.amount });
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const campaign = await findCampaign(tx, tenant.tenantId, campaignId);
    if (!campaign || campaign.archivedAt) throw campaignMissing();
    if (!(await claimCheckoutKey(tx, tenant.tenantId, key, fingerprint))) {
      const used = await findCheckoutKey(tx, tenant.tenantId, key);
      const before = used?.invoiceId ? await findDonationByInvoice(tx, tenant.tenantId, used.invoiceId) : undefined;
      const invoice = used?.invoiceId ? await findInvoice(tx, tenant.tenantId, used.invoiceId) : undefined;
      if (!before || !invoice || used?.fingerprint !== fingerprint) {
        throw conflict('idempotency_conflict', CHECKOUT_MESSAGES.keyReused);
      }
      return { guId: before.id, publicId: invoice.publicId, amount: before.amount, currency: before.currency };
    }
    if (!campaign.isActive) throw new AppError(409, 'campaign_inactive', DONATION_MESSAGES.inactive);
    assertAmount(tenant, campaign, body.amount);
    const buyer = await donorContact(tx, tenant, body);
    const donorName = `${body.firstName} ${body.lastName}`.trim();
    const invoice = await createInvoice(tx, tenant, {
      contactId: buyer.id,
      contactName: donorName,
      lines: [
        {
          id: 'line-1',
          guId: campaign.id,
          kind: 'donation',
          categoryId: null,
          name: `Donation: ${campaign.name}`,
          unitPrice: body.amount,
          quantity: 1,
          isTaxable: false,
          isChargeCreditCardFees: false,
        },
      ],
      paymentMethod: 'credit_card',
    });
    const gift = await insertDonation(tx, {
      tenantId: tenant.tenantId,
      campaignId: campaign.id,
      contactId: buyer.id,
      invoiceId: invoice.id,
      donorName,
      donorEmail: body.email,
      amount: invoice.total,
      currency: invoice.currency,
      frequency: body.frequency,
      note: body.note,
      isAnonymous: body.isAnonymous,
    });
    await setCheckoutInvoice(tx, tenant.tenantId, key, invoice.id);
    return { guId: gift.id, publicId: invoice.publicId, amount: gift.amount, currency: gift.currency };
  });
}
