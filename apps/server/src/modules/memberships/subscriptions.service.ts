import {
  isStaffRole,
  MEMBERSHIP_MESSAGES,
  type MemberSubscription,
  type MemberSubscriptionList,
  minorToPrice,
} from '@atrium/contracts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findCredential } from '../integrations/integrations.repo.ts';
import type { SavedCardGateway } from '../payments/payment-gateway.ts';
import * as repo from './memberships.repo.ts';
import { chargeCycle, writeDueCycles } from './renewals.service.ts';

// Members' memberships (subscriptions): reading and listing them, the card account they are charged
// on, and charging what is due now. Buying one and a new card: subscription-setup.service.ts; pause,
// resume and cancel: subscription-changes.service.ts (decisions.md "Memberships").

export interface Memberships {
  platform: Platform;
  /** The provider adapter that keeps saved cards; null when the platform has no card provider. */
  gateway: SavedCardGateway | null;
}

export const subscriptionNotFound = () => notFound('Membership');
const noCards = () => new AppError(409, 'no_card_provider', MEMBERSHIP_MESSAGES.noCard);

/** The tenant's connected card account (Stripe), or a 409 that says cards are not set up. */
export async function cardAccount(tx: Tx, tenant: TenantContext, gateway: SavedCardGateway | null): Promise<string> {
  if (!gateway || tenant.settings.paymentProvider !== 'STRIPE') throw noCards();
  const row = await findCredential(tx, tenant.tenantId, 'stripe');
  const account = row?.isIntegrated ? String(row.publicFields?.stripeUserId ?? '').trim() : '';
  if (!account) throw noCards();
  return account;
}

function toSubscription(row: repo.SubscriptionWithContact): MemberSubscription {
  const { sub } = row;
  const chargesMore = sub.nextChargeAt !== null && ['trialing', 'active', 'past_due'].includes(sub.status);
  return {
    guId: sub.id,
    contactId: sub.contactId,
    contactName: row.contactName,
    itemId: sub.itemId,
    campaignId: sub.campaignId,
    name: sub.name,
    membershipType: sub.membershipType,
    frequency: sub.frequency,
    status: sub.status,
    price: minorToPrice(sub.priceMinor, sub.currency),
    currency: sub.currency,
    numberOfBillingCycles: sub.billingCycles,
    cyclesBilled: sub.cyclesBilled,
    nextChargeAt: chargesMore ? (sub.nextChargeAt?.toISOString() ?? null) : null,
    nextChargeAmount: chargesMore ? minorToPrice(sub.priceMinor, sub.currency) : null,
    periodEndsAt: sub.periodEndsAt?.toISOString() ?? null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    paymentMethod: sub.paymentMethodLabel,
    startedAt: sub.startedAt.toISOString(),
    lastFailure: row.lastFailure,
  };
}

export async function readSubscription(tx: Tx, tenantId: string, id: string): Promise<MemberSubscription> {
  const sub = await repo.findSubscription(tx, tenantId, id);
  if (!sub) throw subscriptionNotFound();
  const { rows } = await repo.listSubscriptions(tx, tenantId, {
    contactId: sub.contactId,
    withEnded: true,
    sort: 'createdAt',
    order: 'desc',
    offset: 0,
    max: 1000,
  });
  const row = rows.find((r) => r.sub.id === id);
  if (!row) throw subscriptionNotFound();
  return toSubscription(row);
}

/** Whose membership a caller may act on: staff anyone's in the tenant, a member only their own. */
export function assertOwnerOrStaff(actor: Authenticated, sub: repo.SubscriptionRow): void {
  if (!isStaffRole(actor.auth.role) && sub.contactId !== actor.auth.sub) throw subscriptionNotFound();
}

/** Charges what is due of one membership now (the first payment, or a retry after a new card). */
export async function chargeNow(m: Memberships, tenant: TenantContext, subscriptionId: string): Promise<void> {
  const due = await withTenant(m.platform.db, tenant.tenantId, async (tx) => {
    await writeDueCycles(tx, tenant, subscriptionId, m.platform.clock.now());
    return (await repo.cyclesOf(tx, tenant.tenantId, subscriptionId)).filter(
      (c) => c.status === 'due' || (c.status === 'failed' && c.nextAttemptAt !== null),
    );
  });
  for (const cycle of due) await chargeCycle(m.platform, m.gateway as SavedCardGateway, tenant, cycle.id);
}

export type ListQuery = {
  offset: number;
  max: number;
  showArchive: boolean;
  sort: 'nextChargeAt' | 'name' | 'contactName' | 'createdAt';
  order: 'asc' | 'desc';
  search?: string;
  contactId?: string;
};

/** GET /item/membership/subs (all, or one contact's) and /subs/upcoming (those with a next charge, soonest first). */
export function listSubscriptions(
  m: Memberships,
  actor: Authenticated,
  query: ListQuery,
  upcomingOnly: boolean,
): Promise<MemberSubscriptionList> {
  return readTenant(m.platform.db, actor.tenant.tenantId, async (tx) => {
    const { rows, total } = await repo.listSubscriptions(tx, actor.tenant.tenantId, {
      contactId: query.contactId,
      upcomingOnly,
      withEnded: query.showArchive,
      search: query.search,
      sort: query.sort,
      order: query.order,
      offset: query.offset,
      max: query.max,
    });
    return { recordsTotal: total, data: rows.map(toSubscription) };
  });
}

/** GET /item/membership/mysubs: the signed-in member's memberships, ended ones too. */
export function mySubscriptions(m: Memberships, actor: Authenticated): Promise<MemberSubscriptionList> {
  return listSubscriptions(
    m,
    actor,
    { offset: 0, max: 100, showArchive: true, sort: 'createdAt', order: 'desc', contactId: actor.auth.sub },
    false,
  );
}

export function getSubscription(m: Memberships, actor: Authenticated, id: string): Promise<MemberSubscription> {
  return readTenant(m.platform.db, actor.tenant.tenantId, async (tx) => {
    const sub = await repo.findSubscription(tx, actor.tenant.tenantId, id);
    if (!sub) throw subscriptionNotFound();
    assertOwnerOrStaff(actor, sub);
    return readSubscription(tx, actor.tenant.tenantId, id);
  });
}
