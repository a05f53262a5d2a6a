import { planDisplayName } from '@atrium/contracts';
import type { Platform } from '../../platform.ts';
import { findTenantById } from '../payments/payments.repo.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import type { PlanEvent } from './billing-provider.ts';
import { findTenantByPlanPayment, readPlanState, setPlanPaymentStatus } from './plan.repo.ts';
import { mailPlanDeclined } from './plan-mail.ts';
import { PLAN_RETRY_AFTER_DAYS } from './plan-renewals.service.ts';

// The platform account's webhooks (decisions.md "Plan renewals and receipts"): what happens to a plan
// payment after it was answered. Each effect is a move from one status to the next, so an event
// delivered twice changes nothing the second time.

const DAY = 86_400_000;

export type PlanEventOutcome = 'applied' | 'unchanged' | 'not_ours' | 'ignored';

export async function applyPlanEvent(platform: Platform, event: PlanEvent): Promise<PlanEventOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  const tenantId = await findTenantByPlanPayment(platform.db, event.paymentRef);
  if (!tenantId) return 'not_ours';

  if (event.kind === 'succeeded') {
    const moved = await setPlanPaymentStatus(platform.db, tenantId, event.paymentRef, ['PROCESSING'], 'SETTLED', null);
    return moved ? 'applied' : 'unchanged';
  }
  if (event.kind === 'disputed') {
    const moved = await setPlanPaymentStatus(
      platform.db,
      tenantId,
      event.paymentRef,
      ['SETTLED', 'PROCESSING'],
      'DISPUTED',
      event.message,
    );
    return moved ? 'applied' : 'unchanged';
  }

  // A bank debit that failed after the plan was started or renewed: the period it paid is unpaid
  // again, so the renewal job charges it on the dunning schedule (and ends the plan if it never is).
  const message = event.message ?? 'The bank payment failed.';
  const moved = await setPlanPaymentStatus(platform.db, tenantId, event.paymentRef, ['PROCESSING'], 'FAILED', message);
  if (!moved) return 'unchanged';
  const { subscription: sub, payments } = await readPlanState(platform.db, tenantId);
  const tenant = await findTenantById(platform.db, tenantId);
  if (!tenant || !sub?.planName || sub.status !== 'active' || !sub.periodStart) return 'applied';
  // Only the period the debit paid is reopened: a plan bought or renewed since has been paid anew.
  const failed = payments.find((p) => p.providerRef === event.paymentRef);
  if (failed?.periodStart !== sub.periodStart) {
    await mailPlanDeclined(platform, tenant, {
      itemName: failed?.itemName ?? planDisplayName(sub.planName),
      price: failed?.price ?? sub.amount,
      currency: failed?.currency ?? sub.currency,
      message,
      retryAt: null,
      settled: true,
    });
    return 'applied';
  }
  const now = platform.clock.now();
  const attempts = sub.renewalAttempts + 1;
  const wait = PLAN_RETRY_AFTER_DAYS[Math.min(attempts, PLAN_RETRY_AFTER_DAYS.length) - 1] ?? 1;
  const retryAt = new Date(now.getTime() + wait * DAY).toISOString();
  const saved = await saveTenantSettings(platform, tenant, {
    subscription: {
      ...sub,
      // the unpaid period is billed again; its key differs from the failed debit's
      nextBillingDate: sub.periodStart,
      renewalAttempts: attempts,
      retryAt,
      // a card is asked for: the bank account that failed is not tried again
      renewalMethodId: sub.renewalMethodType === 'bank' ? null : sub.renewalMethodId,
      renewalClaimedUntil: null,
    },
  });
  await mailPlanDeclined(platform, saved, {
    itemName: planDisplayName(sub.planName),
    price: sub.amount,
    currency: sub.currency,
    message,
    retryAt,
  });
  return 'applied';
}
