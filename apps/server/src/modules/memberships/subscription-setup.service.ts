import { FORM_MESSAGES, isStaffRole, MEMBERSHIP_MESSAGES, type MemberSubscription } from '@atrium/contracts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import { requireSignedWaiver } from '../forms/form-documents.service.ts';
import { findPerson } from '../invoices/invoices.repo.ts';
import { GatewayError, type SavedCard, type SavedCardGateway } from '../payments/payment-gateway.ts';
import { assertMemberRoom } from '../plan/plan-limits.ts';
import { addMonths, addPeriods, dayInZone, nextBillingDay } from './billing-periods.ts';
import { membershipNotFound } from './membership-products.service.ts';
import * as repo from './memberships.repo.ts';
import { firstChargeAt, zoneOf } from './renewals.service.ts';
import { type FinishedCardSetup, savedCardColumns } from './saved-card-columns.ts';
import {
  assertOwnerOrStaff,
  cardAccount,
  chargeNow,
  type Memberships,
  readSubscription,
  subscriptionNotFound,
} from './subscriptions.service.ts';

// Buying a membership with a card saved on the provider's page, and a new card for one.

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
 * The intro offer (spec 2 §3 introMembershipPeriod, decisions.md "Intro offer"): a contact's first
 * recurring membership in the studio starts with that many free days, unless its own trial is longer.
 */
async function introDays(tx: Tx, tenant: TenantContext, contactId: string): Promise<number> {
  const days = Math.round(tenant.settings.introMembershipPeriod ?? 0);
  if (days <= 0) return 0;
  return (await repo.hadSubscription(tx, tenant.tenantId, contactId)) ? 0 : days;
}

/**
 * POST /item/membership/subs/complete: back from the provider's page. The session is read back
 * from the provider (never trusted from the browser) and must be this tenant's and, for a member,
 * their own; a new membership is made once per session (a reload answers the same one) and what
 * is due now is charged. A card update replaces the card and retries a declined payment at once.
 */
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
  const subscriptionId = await withTenant(platform.db, tenant.tenantId, (tx) =>
    meta.subscriptionId
      ? replaceCard(tx, tenant, { subscriptionId: meta.subscriptionId, contactId: meta.contactId }, card, now)
      : createFromSetup(tx, tenant, { gateway, account, sessionId, outcome, card }, now),
  );
  await chargeNow(m, tenant, subscriptionId);
  return readTenant(platform.db, tenant.tenantId, (tx) => readSubscription(tx, tenant.tenantId, subscriptionId));
}

/**
 * A membership's new card: a suspended one is restored (decisions.md "Dunning ends"), and its open
 * payments are tried again now (a paused membership's wait for its resume).
 */
async function replaceCard(
  tx: Tx,
  tenant: TenantContext,
  meta: { subscriptionId: string; contactId?: string },
  card: SavedCard,
  now: Date,
): Promise<string> {
  const { subscriptionId } = meta;
  const sub = await repo.findSubscription(tx, tenant.tenantId, subscriptionId, true);
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

/** The membership a card setup buys, made once per setup session (a reload answers the same one). */
async function createFromSetup(tx: Tx, tenant: TenantContext, setup: FinishedCardSetup, now: Date): Promise<string> {
  const { sessionId, outcome } = setup;
  const meta = outcome.metadata;
  const zone = zoneOf(tenant);
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
    ...savedCardColumns(setup, now),
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
}
