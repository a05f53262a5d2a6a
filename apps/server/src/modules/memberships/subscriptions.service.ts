import {
  FORM_MESSAGES,
  isStaffRole,
  MEMBERSHIP_MESSAGES,
  type MemberSubscription,
  type MemberSubscriptionList,
  minorToPrice,
  wallTimeInZone,
} from '@atrium/contracts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { requireSignedWaiver } from '../forms/form-documents.service.ts';
import { findCredential } from '../integrations/integrations.repo.ts';
import { findPerson } from '../invoices/invoices.repo.ts';
import { GatewayError, type SavedCardGateway } from '../payments/payment-gateway.ts';
import { assertMemberRoom } from '../plan/plan-limits.ts';
import { addMonths, addPeriods, dayInZone, nextBillingDay } from './billing-periods.ts';
import { membershipNotFound } from './membership-products.service.ts';
import * as repo from './memberships.repo.ts';
import { chargeCycle, firstChargeAt, writeDueCycles, zoneOf } from './renewals.service.ts';

// Buying a membership with a card saved on the provider's page, and what members and staff do
// with it afterwards (decisions.md "Memberships").

export interface Memberships {
  platform: Platform;
  /** The provider adapter that keeps saved cards; null when the platform has no card provider. */
  gateway: SavedCardGateway | null;
}

const subscriptionNotFound = () => notFound('Membership');
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

async function readSubscription(tx: Tx, tenantId: string, id: string): Promise<MemberSubscription> {
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
function assertOwnerOrStaff(actor: Authenticated, sub: repo.SubscriptionRow): void {
  if (!isStaffRole(actor.auth.role) && sub.contactId !== actor.auth.sub) throw subscriptionNotFound();
}

const returnUrl = (platform: Platform, tenant: TenantContext, staff: boolean) =>
  `${tenantOrigin(platform.config, tenant)}${staff ? '/subscriptions' : '/memberships'}`;

/**
 * POST /item/payment/setupintent/{id}: the provider's page where the buyer saves the card the
 * membership will be charged on. Staff name the contact; a member buys for themselves.
 */
export async function startMembershipSetup(
  m: Memberships,
  actor: Authenticated,
  itemId: string,
  body: { contactId?: string },
): Promise<{ url: string; sessionId: string }> {
  const { platform } = m;
  const { tenant, auth } = actor;
  const staff = isStaffRole(auth.role);
  if (staff && !body.contactId) throw badRequest('contactId', 'contactId is required');
  const contactId = staff ? (body.contactId as string) : auth.sub;
  const prepared = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const membership = await repo.findMembership(tx, tenant.tenantId, itemId);
    if (!membership || membership.item.isArchived || (!staff && !membership.item.isVisible)) throw membershipNotFound();
    const person = await findPerson(tx, tenant.tenantId, contactId);
    if (!person || person.isWalkin) throw new AppError(404, 'not_found', 'Contact not found.', 'contactId');
    await assertMemberRoom(tx, tenant, contactId, staff);
    if (!staff) {
      await requireSignedWaiver(tx, tenant, contactId, {
        field: 'contactId',
        message: FORM_MESSAGES.waiverBeforeCheckout,
      });
    }
    const account = await cardAccount(tx, tenant, m.gateway);
    const customer = await repo.findProviderCustomer(tx, tenant.tenantId, contactId, account);
    return { person, account, customer };
  });
  const back = returnUrl(platform, tenant, staff);
  return openCardSetup(m, tenant, { ...prepared, contactId }, back, { itemId, purpose: 'membership' });
}

/**
 * The provider's page where a person saves a card on the tenant's account: their customer there is
 * made once (and again if the provider deleted it), and the page comes back to `back` with the
 * session's id. `metadata` travels with the session and is read back from the provider on return.
 */
export async function openCardSetup(
  m: Memberships,
  tenant: TenantContext,
  who: {
    account: string;
    customer: string | null | undefined;
    contactId: string;
    person: { email: string; name: string; lastName: string };
  },
  back: string,
  metadata: Record<string, string>,
): Promise<{ url: string; sessionId: string }> {
  const gateway = m.gateway as SavedCardGateway;
  const newCustomer = (suffix: string) =>
    gateway.createCustomer(who.account, {
      email: who.person.email,
      name: `${who.person.name} ${who.person.lastName}`.trim(),
      idempotencyKey: `atrium-customer-${tenant.tenantId}-${who.contactId}${suffix}`,
    });
  const open = (customer: string) =>
    gateway.startCardSetup(who.account, {
      customer,
      successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: back,
      metadata: { tenantId: tenant.tenantId, contactId: who.contactId, ...metadata },
    });
  let session: { id: string; url: string };
  try {
    session = await open(who.customer ?? (await newCustomer('')));
  } catch (error) {
    // the stored customer was deleted at the provider (a 400 on it): a new one holds the new card
    if (!(who.customer && error instanceof GatewayError && error.status === 400)) throw error;
    session = await open(await newCustomer(`-${m.platform.clock.now().getTime()}`));
  }
  return { url: session.url, sessionId: session.id };
}

/** POST /item/membership/subs/{id}/card: a new card for a membership, saved on the provider's page. */
export async function startCardUpdate(
  m: Memberships,
  actor: Authenticated,
  subscriptionId: string,
): Promise<{ url: string; sessionId: string }> {
  const { platform } = m;
  const { tenant } = actor;
  const sub = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await repo.findSubscription(tx, tenant.tenantId, subscriptionId);
    if (!row) throw subscriptionNotFound();
    assertOwnerOrStaff(actor, row);
    if (row.status === 'cancelled' || row.status === 'completed') throw badRequest('id', MEMBERSHIP_MESSAGES.cancelled);
    await cardAccount(tx, tenant, m.gateway);
    return row;
  });
  const back = returnUrl(platform, tenant, isStaffRole(actor.auth.role));
  const session = await (m.gateway as SavedCardGateway).startCardSetup(sub.providerAccount, {
    customer: sub.providerCustomer,
    successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
    metadata: {
      tenantId: tenant.tenantId,
      contactId: sub.contactId,
      subscriptionId: sub.id,
      purpose: 'membership-card',
    },
  });
  return { url: session.url, sessionId: session.id };
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

/**
 * A suspended membership restored by a new card: past due until its open payment is taken (once,
 * now), and the period that payment buys starts today, so the days it was suspended are not
 * charged (decisions.md "Dunning ends").
 */
function restoredDates(tenant: TenantContext, sub: repo.SubscriptionRow, owes: boolean, now: Date) {
  const zone = zoneOf(tenant);
  const day = dayInZone(now, zone);
  const periodEnd = sub.frequency ? addPeriods(now, sub.frequency, zone, day) : sub.periodEndsAt;
  const more = sub.billingCycles === null || sub.cyclesBilled < sub.billingCycles;
  return {
    status: owes ? ('past_due' as const) : sub.cyclesBilled > 0 ? ('active' as const) : ('trialing' as const),
    nextChargeAt: more ? periodEnd : null,
    periodEndsAt: periodEnd,
    billingDay: day,
  };
}

/**
 * POST /item/membership/subs/complete: back from the provider's page. The session is read back
 * from the provider (never trusted from the browser) and must be this tenant's and, for a member,
 * their own; a new membership is made once per session (a reload answers the same one) and what
 * is due now is charged. A card update replaces the card and retries a declined payment at once.
 */
/**
 * The intro offer (spec 2 §3 introMembershipPeriod, decisions.md "Intro offer"): a contact's first
 * recurring membership in the studio starts with that many free days, unless its own trial is longer.
 */
async function introDays(tx: Tx, tenant: TenantContext, contactId: string): Promise<number> {
  const days = Math.round(tenant.settings.introMembershipPeriod ?? 0);
  if (days <= 0) return 0;
  return (await repo.hadSubscription(tx, tenant.tenantId, contactId)) ? 0 : days;
}

export async function completeMembershipSetup(
  m: Memberships,
  actor: Authenticated,
  sessionId: string,
): Promise<MemberSubscription> {
  const { platform } = m;
  const { tenant, auth } = actor;
  const account = await readTenant(platform.db, tenant.tenantId, (tx) => cardAccount(tx, tenant, m.gateway));
  const gateway = m.gateway as SavedCardGateway;
  const outcome = await gateway.finishCardSetup(account, sessionId).catch((error: unknown) => {
    if (error instanceof Error && 'status' in error && (error as { status: number }).status === 400)
      throw new AppError(404, 'not_found', 'Card setup not found.', 'sessionId');
    throw error;
  });
  const meta = outcome.metadata;
  if (meta.tenantId !== tenant.tenantId || (!isStaffRole(auth.role) && meta.contactId !== auth.sub)) {
    throw new AppError(404, 'not_found', 'Card setup not found.', 'sessionId');
  }
  if (!outcome.card) throw badRequest('sessionId', 'The card was not saved. Please try again.');
  const card = outcome.card;
  const now = platform.clock.now();
  const zone = zoneOf(tenant);
  const subscriptionId = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (meta.subscriptionId) {
      const sub = await repo.findSubscription(tx, tenant.tenantId, meta.subscriptionId, true);
      if (!sub || sub.contactId !== meta.contactId) throw subscriptionNotFound();
      const open = (await repo.cyclesOf(tx, tenant.tenantId, sub.id)).filter((c) => c.status === 'failed');
      const live = sub.status !== 'cancelled' && sub.status !== 'completed';
      await repo.updateSubscription(tx, tenant.tenantId, sub.id, {
        paymentMethodId: card.id,
        paymentMethodLabel: card.label,
        ...(sub.status === 'suspended' ? restoredDates(tenant, sub, open.length > 0, now) : {}),
      });
      // the open payments are tried again now (a paused membership's wait for its resume)
      if (live) for (const cycle of open) await repo.updateCycle(tx, tenant.tenantId, cycle.id, { nextAttemptAt: now });
      return sub.id;
    }
    const existing = await repo.findSubscriptionBySetup(tx, tenant.tenantId, sessionId);
    if (existing) return existing.id;
    const membership = await repo.findMembership(tx, tenant.tenantId, meta.itemId ?? '');
    if (!membership || membership.item.isArchived) throw membershipNotFound();
    const { item, terms } = membership;
    const card_ = terms.membershipType === 'card';
    const intro = card_ ? 0 : await introDays(tx, tenant, meta.contactId ?? '');
    const first = card_
      ? now
      : firstChargeAt({ ...terms, trialDays: Math.max(terms.trialDays, intro) }, now, zone, nextBillingDay);
    const { id, created: inserted } = await repo.insertSubscriptionOnce(tx, {
      tenantId: tenant.tenantId,
      contactId: meta.contactId ?? '',
      itemId: item.id,
      name: item.name,
      membershipType: terms.membershipType,
      frequency: terms.frequency,
      status: first > now ? 'trialing' : 'active',
      priceMinor: item.priceMinor,
      currency: currencyOf(tenant),
      billingCycles: terms.billingCycles,
      nextChargeAt: first,
      periodEndsAt: card_ ? (terms.expiresAfterMonths ? addMonths(now, terms.expiresAfterMonths, zone) : null) : first,
      billingDay: terms.startRule === 'dayOfMonth' && terms.billingDay ? terms.billingDay : dayInZone(first, zone),
      creditsPerCycle: terms.credits,
      provider: gateway.provider,
      providerAccount: account,
      providerCustomer: outcome.customer,
      paymentMethodId: card.id,
      paymentMethodLabel: card.label,
      setupRef: sessionId,
      startedAt: now,
    });
    if (!inserted) return id;
    if (terms.registrationFeeMinor > 0) {
      await repo.insertCycle(tx, {
        tenantId: tenant.tenantId,
        subscriptionId: inserted.id,
        cycle: 0,
        amountMinor: terms.registrationFeeMinor,
        dueAt: now,
        status: 'due',
      });
    }
    return inserted.id;
  });
  await chargeNow(m, tenant, subscriptionId);
  return readTenant(platform.db, tenant.tenantId, (tx) => readSubscription(tx, tenant.tenantId, subscriptionId));
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

type Action = 'pause' | 'resume' | 'cancelNow' | 'cancelAtPeriodEnd';

/**
 * PUT /item/membership/subs/{id}/pause, /resume, /cancel. Pausing stops every charge, a payment
 * retry too (staff only). Resuming moves the next charge date and the period end on by the days it
 * was paused (a paid day is never lost), and a payment still open from before the pause is tried
 * again at once. Cancelling now ends the membership and stops any retry; at the period end,
 * nothing more is charged and it ends then. A member may cancel their own.
 */
export async function changeSubscription(
  m: Memberships,
  actor: Authenticated,
  id: string,
  action: Action,
): Promise<MemberSubscription> {
  const { tenant } = actor;
  if ((action === 'pause' || action === 'resume') && !['admin', 'staff'].includes(actor.auth.role)) throw forbidden();
  const retry = await withTenant(m.platform.db, tenant.tenantId, async (tx) => {
    const sub = await repo.findSubscription(tx, tenant.tenantId, id, true);
    if (!sub) throw subscriptionNotFound();
    assertOwnerOrStaff(actor, sub);
    if (sub.status === 'cancelled' || sub.status === 'completed') throw badRequest('id', MEMBERSHIP_MESSAGES.cancelled);
    const now = m.platform.clock.now();
    if (action === 'pause') {
      if (sub.status === 'paused') throw badRequest('id', 'This membership is already paused.');
      if (sub.status === 'suspended') throw badRequest('id', MEMBERSHIP_MESSAGES.suspendedPause);
      await repo.updateSubscription(tx, tenant.tenantId, id, { status: 'paused', pausedAt: now });
      return false;
    }
    if (action === 'resume') {
      if (sub.status !== 'paused') throw badRequest('id', 'Only a paused membership can be resumed.');
      return resume(tx, tenant, sub, now);
    }
    if (action === 'cancelAtPeriodEnd' && sub.status !== 'suspended') {
      await repo.updateSubscription(tx, tenant.tenantId, id, { cancelAtPeriodEnd: true, nextChargeAt: null });
    } else {
      await cancelNow(tx, tenant.tenantId, sub, now);
    }
    return false;
  });
  if (retry && m.gateway) await chargeNow(m, tenant, id);
  return readTenant(m.platform.db, tenant.tenantId, (tx) => readSubscription(tx, tenant.tenantId, id));
}

/** Whole days on the tenant's calendar from one instant to another (0 on the same day). */
function calendarDaysBetween(from: Date, to: Date, zone: string): number {
  const day = (instant: Date) => Date.parse(`${wallTimeInZone(instant, zone).slice(0, 10)}T00:00:00Z`);
  return Math.max(0, Math.round((day(to) - day(from)) / 86_400_000));
}

/**
 * Resumes a paused membership (row locked): its dates move on by the calendar days it was paused,
 * and a payment still open is tried again now. Answers whether there is one to try.
 */
async function resume(tx: Tx, tenant: TenantContext, sub: repo.SubscriptionRow, now: Date): Promise<boolean> {
  const zone = zoneOf(tenant);
  const days = calendarDaysBetween(sub.pausedAt ?? now, now, zone);
  const later = (instant: Date | null) => (instant && days > 0 ? addPeriods(instant, 'daily', zone, 1, days) : instant);
  const nextChargeAt = later(sub.nextChargeAt);
  const open = (await repo.cyclesOf(tx, tenant.tenantId, sub.id)).filter((c) => c.status === 'failed');
  for (const cycle of open) await repo.updateCycle(tx, tenant.tenantId, cycle.id, { nextAttemptAt: now });
  await repo.updateSubscription(tx, tenant.tenantId, sub.id, {
    status: open.length > 0 ? 'past_due' : sub.cyclesBilled > 0 ? 'active' : 'trialing',
    pausedAt: null,
    nextChargeAt,
    periodEndsAt: later(sub.periodEndsAt),
    ...(nextChargeAt && days > 0 ? { billingDay: dayInZone(nextChargeAt, zone) } : {}),
  });
  return open.length > 0;
}

/**
 * Ends a subscription now (its row locked by the caller): nothing more is charged, and a retry of a
 * failed or due cycle is stopped.
 */
export async function cancelNow(tx: Tx, tenantId: string, sub: repo.SubscriptionRow, now: Date): Promise<void> {
  await repo.updateSubscription(tx, tenantId, sub.id, {
    status: 'cancelled',
    cancelledAt: now,
    nextChargeAt: null,
    periodEndsAt: sub.periodEndsAt && sub.periodEndsAt < now ? sub.periodEndsAt : now,
  });
  for (const cycle of await repo.cyclesOf(tx, tenantId, sub.id)) {
    if (cycle.status === 'due' || (cycle.status === 'failed' && cycle.nextAttemptAt)) {
      await repo.updateCycle(tx, tenantId, cycle.id, {
        status: 'failed',
        nextAttemptAt: null,
        failureMessage: cycle.failureMessage ?? 'Membership cancelled.',
      });
    }
  }
}
