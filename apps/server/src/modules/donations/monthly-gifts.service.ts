import {
  DONATION_MESSAGES,
  formatReceiptNumber,
  type MonthlyDonationRequest,
  type MonthlyDonationResult,
  type MonthlyDonationSetup,
  monthlyGiftCount,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import type { InvoiceRow } from '../invoices/invoices.repo.ts';
import { findInvoice, findPerson } from '../invoices/invoices.repo.ts';
import { tenantCurrency } from '../invoices/invoices.service.ts';
import { dayInZone } from '../memberships/billing-periods.ts';
import * as memberships from '../memberships/memberships.repo.ts';
import { invoiceCycle, onCycleInvoiced, writeDueCycles, zoneOf } from '../memberships/renewals.service.ts';
import { savedCardColumns } from '../memberships/saved-card-columns.ts';
import { openCardSetup } from '../memberships/subscription-setup.service.ts';
import { cardAccount, chargeNow, type Memberships } from '../memberships/subscriptions.service.ts';
import type { SavedCardGateway } from '../payments/payment-gateway.ts';
import { findCampaign, firstGiftOf, insertDonation, updateDonation } from './donations.repo.ts';
import { admitGift, assertAmount, assertDonationsOn, campaignMissing, donorContact } from './donations.service.ts';
import { newGiftToken } from './monthly-gift-link.ts';

// Monthly gifts (decisions.md "Monthly gifts"): the donor saves a card on the provider's page, and
// the memberships' billing engine charges it each month as a subscription of kind 'donation' with a
// campaign instead of an item. Every paid month is a gift of its own (a donations row on the month's
// invoice), so its receipt, the campaign's total and the donor's history work as for one-time gifts.

type MonthlyBody = z.output<typeof MonthlyDonationRequest>;

const setupNotFound = () => new AppError(404, 'not_found', 'Card setup not found.', 'sessionId');

/** POST /public/donations/{id}/monthly: the donor's contact, then the provider's page to save a card. */
export async function startMonthlyGift(
  m: Memberships,
  tenant: TenantContext,
  campaignId: string,
  body: MonthlyBody,
  ip: string,
  auth: Authenticated['auth'] | null,
): Promise<MonthlyDonationSetup> {
  const { platform } = m;
  await admitGift(platform, tenant, body.email, ip, auth);
  const prepared = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const campaign = await findCampaign(tx, tenant.tenantId, campaignId);
    if (!campaign || campaign.archivedAt) throw campaignMissing();
    if (!campaign.isActive) throw new AppError(409, 'campaign_inactive', DONATION_MESSAGES.inactive);
    assertAmount(tenant, campaign, body.amount);
    const account = await cardAccount(tx, tenant, m.gateway);
    const buyer = await donorContact(tx, tenant, body);
    const person = await findPerson(tx, tenant.tenantId, buyer.id);
    if (!person) throw new Error('the donor vanished in their own transaction');
    const customer = await memberships.findProviderCustomer(tx, tenant.tenantId, buyer.id, account);
    return { account, customer, contactId: buyer.id, person };
  });
  const back = `${tenantOrigin(platform.config, tenant)}/donate/${campaignId}`;
  return openCardSetup(m, tenant, prepared, back, {
    purpose: 'donation',
    campaignId,
    amount: String(body.amount),
    years: String(body.years),
    donorName: `${body.firstName} ${body.lastName}`.trim().slice(0, 200),
    note: body.note.slice(0, 450),
    anonymous: body.isAnonymous ? '1' : '0',
  });
}

/**
 * POST /public/donations/{id}/monthly/complete: back from the provider's page. The session is read
 * back from the provider (never trusted from the browser); the monthly gift is made once per session
 * (a reload answers the same one) and its first month is charged now.
 */
export async function completeMonthlyGift(
  m: Memberships,
  tenant: TenantContext,
  campaignId: string,
  sessionId: string,
): Promise<MonthlyDonationResult> {
  const { platform } = m;
  assertDonationsOn(tenant);
  const account = await readTenant(platform.db, tenant.tenantId, (tx) => cardAccount(tx, tenant, m.gateway));
  const gateway = m.gateway as SavedCardGateway;
  const outcome = await gateway.finishCardSetup(account, sessionId).catch((error: unknown) => {
    if (error instanceof Error && 'status' in error && (error as { status: number }).status === 400)
      throw setupNotFound();
    throw error;
  });
  const meta = outcome.metadata;
  if (meta.tenantId !== tenant.tenantId || meta.purpose !== 'donation' || meta.campaignId !== campaignId)
    throw setupNotFound();
  if (!outcome.card) throw badRequest('sessionId', 'The card was not saved. Please try again.');
  const card = outcome.card;
  const amount = Number(meta.amount);
  const years = Number(meta.years);
  const gifts = monthlyGiftCount(years);
  const now = platform.clock.now();
  const zone = zoneOf(tenant);
  const subscriptionId = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const existing = await memberships.findSubscriptionBySetup(tx, tenant.tenantId, sessionId);
    if (existing) return existing.id;
    const campaign = await findCampaign(tx, tenant.tenantId, campaignId);
    if (!campaign || campaign.archivedAt) throw campaignMissing();
    const { id, created: inserted } = await memberships.insertSubscriptionOnce(tx, {
      tenantId: tenant.tenantId,
      contactId: meta.contactId ?? '',
      itemId: null,
      campaignId,
      name: `Monthly gift: ${campaign.name}`,
      membershipType: 'donation',
      frequency: 'monthly',
      status: 'active',
      priceMinor: amount,
      currency: tenantCurrency(tenant),
      billingCycles: gifts,
      nextChargeAt: now,
      periodEndsAt: now,
      billingDay: dayInZone(now, zone),
      creditsPerCycle: null,
      ...savedCardColumns({ gateway, account, sessionId, outcome, card }, now),
      manageToken: newGiftToken(),
    });
    if (!inserted) return id;
    // The first month's gift carries what the donor wrote on the page; the later ones its anonymity.
    await writeDueCycles(tx, tenant, inserted.id, now);
    const first = (await memberships.cyclesOf(tx, tenant.tenantId, inserted.id)).find((c) => c.cycle === 1);
    if (!first) throw new Error('a new monthly gift wrote no first cycle');
    const invoice = await invoiceCycle(tx, tenant, inserted, first, now);
    const gift = await firstGiftOf(tx, tenant.tenantId, inserted.id);
    if (gift?.invoiceId !== invoice.id) throw new Error('the first month was invoiced without its gift');
    await updateDonation(tx, tenant.tenantId, gift.id, {
      donorName: meta.donorName || gift.donorName,
      note: meta.note ?? '',
      isAnonymous: meta.anonymous === '1',
    });
    return inserted.id;
  });
  await chargeNow(m, tenant, subscriptionId);
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const gift = await firstGiftOf(tx, tenant.tenantId, subscriptionId);
    const invoice = gift ? await findInvoice(tx, tenant.tenantId, gift.invoiceId) : undefined;
    if (!gift || !invoice) throw notFound('Donation');
    return {
      subscriptionId,
      gifts,
      amount,
      currency: gift.currency,
      first: {
        guId: gift.id,
        publicId: invoice.publicId,
        paid: invoice.status === 'complete',
        receiptNumber: gift.receiptNumber === null ? null : formatReceiptNumber(gift.receiptNumber),
      },
    };
  });
}

/**
 * A month of a monthly gift got its invoice: the month is a gift of its own, so the receipt follows
 * its payment (the donations' completion hook) and the campaign counts it. Runs in that transaction.
 */
async function giftOfMonth(
  tx: Tx,
  tenant: TenantContext,
  sub: memberships.SubscriptionRow,
  _cycle: memberships.CycleRow,
  invoice: InvoiceRow,
): Promise<void> {
  if (sub.membershipType !== 'donation' || !sub.campaignId) return;
  const donor = await findPerson(tx, tenant.tenantId, sub.contactId);
  const earlier = await firstGiftOf(tx, tenant.tenantId, sub.id);
  await insertDonation(tx, {
    tenantId: tenant.tenantId,
    campaignId: sub.campaignId,
    contactId: sub.contactId,
    invoiceId: invoice.id,
    donorName: earlier?.donorName ?? `${donor?.name ?? ''} ${donor?.lastName ?? ''}`.trim(),
    donorEmail: donor?.email ?? earlier?.donorEmail ?? '',
    amount: invoice.total,
    currency: invoice.currency,
    frequency: 'monthly',
    subscriptionId: sub.id,
    isAnonymous: earlier?.isAnonymous ?? false,
  });
}

/** Once per process, before the first renewal run. */
export function registerMonthlyGifts(_platform: Platform): void {
  onCycleInvoiced(giftOfMonth);
}
