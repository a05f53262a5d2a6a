import { MEMBERSHIP_MESSAGES, type MemberSubscription, wallTimeInZone } from '@atrium/contracts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { addPeriods, dayInZone } from './billing-periods.ts';
import * as repo from './memberships.repo.ts';
import { zoneOf } from './renewals.service.ts';
import {
  assertOwnerOrStaff,
  chargeNow,
  type Memberships,
  readSubscription,
  subscriptionNotFound,
} from './subscriptions.service.ts';

// What staff and members do with a membership: pause, resume and cancel.

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
