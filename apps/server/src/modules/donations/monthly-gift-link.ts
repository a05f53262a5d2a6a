import { randomBytes } from 'node:crypto';
import { MONTHLY_GIFT_STOPPED, type MonthlyGiftByLink } from '@atrium/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findPerson } from '../invoices/invoices.repo.ts';
import type { SubscriptionRow } from '../memberships/memberships.repo.ts';
import { cancelNow } from '../memberships/subscription-changes.service.ts';
import { findCampaign } from './donations.repo.ts';

// The link in each monthly gift's receipt (decisions.md "Monthly gifts"): a donor without an
// account sees the gift and stops it there. The token is random (128 bits), kept on the gift's
// subscription from its making, and names one gift of one studio.

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export const newGiftToken = () => randomBytes(16).toString('base64url');

/** The gift's token (one made before tokens existed gets its own now). */
export async function giftToken(tx: Tx, tenantId: string, subscriptionId: string): Promise<string> {
  const mine = and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.id, subscriptionId));
  const [kept] = await tx.select({ token: subscriptions.manageToken }).from(subscriptions).where(mine);
  if (kept?.token) return kept.token;
  const made = newGiftToken();
  await tx
    .update(subscriptions)
    .set({ manageToken: made })
    .where(
      and(
        eq(subscriptions.tenantId, tenantId),
        eq(subscriptions.id, subscriptionId),
        isNull(subscriptions.manageToken),
      ),
    );
  const [row] = await tx
    .select({ token: subscriptions.manageToken })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.id, subscriptionId)));
  if (!row?.token) throw new Error('the monthly gift has no link token');
  return row.token;
}

/** The page where the donor sees and stops the gift. */
export const monthlyGiftUrl = (platform: Pick<Platform, 'config'>, tenant: TenantContext, token: string) =>
  `${tenantOrigin(platform.config, tenant)}/donate/monthly/${token}`;

const giftNotFound = () => notFound('Monthly gift');

async function findByToken(tx: Tx, tenantId: string, token: string, lock = false) {
  if (!TOKEN.test(token)) throw giftNotFound();
  const query = tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.manageToken, token)));
  const [row] = lock ? await query.for('update') : await query;
  if (row?.membershipType !== 'donation') throw giftNotFound();
  return row;
}

async function view(tx: Tx, tenant: TenantContext, sub: SubscriptionRow): Promise<MonthlyGiftByLink> {
  const donor = await findPerson(tx, tenant.tenantId, sub.contactId);
  const campaign = sub.campaignId ? await findCampaign(tx, tenant.tenantId, sub.campaignId) : undefined;
  return {
    campaignName: campaign?.name ?? sub.name,
    donorName: donor ? `${donor.name} ${donor.lastName ?? ''}`.trim() : '',
    amount: sub.priceMinor,
    currency: sub.currency,
    // a gift is never suspended: its dunning ends in cancelled (decisions.md "Dunning ends")
    status: sub.status === 'trialing' ? 'active' : sub.status === 'suspended' ? 'cancelled' : sub.status,
    giftsMade: sub.cyclesBilled,
    gifts: sub.billingCycles,
    nextGiftAt: sub.nextChargeAt ? sub.nextChargeAt.toISOString() : null,
  };
}

/** GET /public/monthly-gifts/{token}: another studio's token, or none, is a 404. */
export function giftByLink(platform: Platform, tenant: TenantContext, token: string): Promise<MonthlyGiftByLink> {
  return readTenant(platform.db, tenant.tenantId, async (tx) =>
    view(tx, tenant, await findByToken(tx, tenant.tenantId, token)),
  );
}

/**
 * POST /public/monthly-gifts/{token}/cancel: the gift ends now, as when the studio cancels it; the
 * gifts already made stay. Stopping a stopped gift answers it as it is (a second click is no error).
 */
export async function stopGiftByLink(
  platform: Platform,
  tenant: TenantContext,
  token: string,
): Promise<MonthlyGiftByLink & { message: string }> {
  const gift = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const sub = await findByToken(tx, tenant.tenantId, token, true);
    if (sub.status === 'cancelled' || sub.status === 'completed') return view(tx, tenant, sub);
    await cancelNow(tx, tenant.tenantId, sub, platform.clock.now());
    return view(tx, tenant, await findByToken(tx, tenant.tenantId, token));
  });
  if (gift.status !== 'cancelled' && gift.status !== 'completed') {
    throw new AppError(409, 'not_stopped', 'The monthly gift could not be stopped. Please try again.');
  }
  return { ...gift, message: MONTHLY_GIFT_STOPPED };
}
