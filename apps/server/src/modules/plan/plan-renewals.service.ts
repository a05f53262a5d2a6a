import { randomUUID } from 'node:crypto';
import { nextBillingDate, planDisplayName } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { tenants } from '../../db/schema/index.ts';
import { FREE_PLAN_TERMS, type StoredSubscription } from '../../lib/plan-storage.ts';
import type { Platform } from '../../platform.ts';
import { findTenantById } from '../payments/payments.repo.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import { BillingError, type BillingProvider } from './billing-provider.ts';
import { claimPlanRenewal, prependPlanPayment, readPlanState } from './plan.repo.ts';
import { mailPlanDeclined, mailPlanReceipt } from './plan-mail.ts';

// Renewals of the studios' own plans (decisions.md "Plan renewals"): when a paid plan's period ends,
// the payment method that paid it is charged off-session for the next period. The idempotency key
// names the tenant, the period and the try, so two workers or a re-run make one charge (the provider
// answers the first), and the history does not record a provider payment twice. A decline is retried
// after 1, 3 and 5 days; after the fourth the plan ends and the studio is on the Free Plan.

export const PLAN_RENEWAL_QUEUE = 'plan-renewals';
export const PLAN_RETRY_AFTER_DAYS = [1, 3, 5] as const;
const DAY = 86_400_000;
/** A run that never finished (a crash, the provider unreachable) leaves the renewal to the next after this. */
const CLAIM_MS = 10 * 60_000;

export type RenewalOutcome = 'renewed' | 'processing' | 'declined' | 'ended' | 'skipped' | 'unknown';

/** Tenants whose paid plan is due (its period ended, or a declined renewal's retry came). */
async function dueTenants(platform: Platform, now: Date): Promise<string[]> {
  const sub = sql`${tenants.settings}->'subscription'`;
  const rows = await platform.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      sql`${sub}->>'status' = 'active' and ${sub}->>'planName' is not null
        and coalesce(${sub}->>'retryAt', ${sub}->>'nextBillingDate')::timestamptz <= ${now.toISOString()}::timestamptz`,
    )
    .limit(1000);
  return rows.map((r) => r.id);
}

const dueAt = (sub: StoredSubscription) => sub.retryAt ?? sub.nextBillingDate;

/** Charges one tenant's plan for its next period, if it is due; answers what happened. */
export async function renewPlan(
  platform: Platform,
  provider: BillingProvider,
  tenantId: string,
  now: Date,
): Promise<RenewalOutcome> {
  const { subscription: sub } = await readPlanState(platform.db, tenantId);
  const tenant = await findTenantById(platform.db, tenantId);
  const due = sub ? dueAt(sub) : null;
  if (!tenant || !sub?.planName || !sub.period || sub.status !== 'active' || !sub.nextBillingDate || !due)
    return 'skipped';
  if (Date.parse(due) > now.getTime()) return 'skipped';
  // One run charges a due period: a second (another worker) finds it claimed and leaves it.
  const claimed = await claimPlanRenewal(
    platform.db,
    tenantId,
    { nextBillingDate: sub.nextBillingDate, attempts: sub.renewalAttempts },
    now,
    CLAIM_MS,
  );
  if (!claimed) return 'skipped';
  const itemName = planDisplayName(sub.planName);
  const record = (fields: { transactionStatus: string; message: string | null; providerRef: string | null }) =>
    prependPlanPayment(platform.db, tenantId, {
      guId: randomUUID(),
      userId: null,
      userName: 'Automatic renewal',
      userLastName: '',
      itemName,
      price: sub.amount,
      currency: sub.currency,
      subscription: true,
      dateCreated: Math.floor(now.getTime() / 1000),
      paymentMethod: sub.renewalMethodLabel,
      // the period this try pays
      periodStart: sub.nextBillingDate,
      ...fields,
    });

  let declined: string | null = null;
  let charge: Awaited<ReturnType<BillingProvider['charge']>> | null = null;
  if (!sub.customerId || !sub.renewalMethodId) {
    declined = 'There is no saved payment method to renew the plan with.';
  } else {
    try {
      charge = await provider.charge({
        customerId: sub.customerId,
        methodId: sub.renewalMethodId,
        methodType: sub.renewalMethodType ?? 'card',
        amountMinor: Math.round(sub.amount * 100),
        currency: sub.currency === 'INR' ? 'inr' : 'usd',
        description: `${tenant.name}: ${itemName} renewal`,
        idempotencyKey: `atrium-plan-renew-${tenantId}-${sub.nextBillingDate}-try-${sub.renewalAttempts}`,
        metadata: { tenantId, orgId: tenant.orgId, planName: sub.planName, renewal: sub.nextBillingDate },
      });
    } catch (error) {
      // unreachable or failing provider: the next run tries again with the same key
      if (!(error instanceof BillingError) || error.statusCode !== 402) return 'unknown';
      declined = error.message;
    }
  }

  if (charge) {
    await record({
      transactionStatus: charge.status === 'succeeded' ? 'SETTLED' : 'PROCESSING',
      message: null,
      providerRef: charge.id,
    });
    const periodStart = sub.nextBillingDate;
    const next = nextBillingDate(new Date(periodStart), sub.period).toISOString();
    const saved = await saveTenantSettings(platform, tenant, {
      subscription: {
        ...sub,
        periodStart,
        nextBillingDate: next,
        renewalAttempts: 0,
        retryAt: null,
        renewalClaimedUntil: null,
      },
    });
    await mailPlanReceipt(platform, saved, {
      itemName,
      price: sub.amount,
      currency: sub.currency,
      methodLabel: sub.renewalMethodLabel ?? 'your saved payment method',
      processing: charge.status !== 'succeeded',
      nextBillingDate: next,
    });
    return charge.status === 'succeeded' ? 'renewed' : 'processing';
  }

  const message = declined ?? 'The payment was declined.';
  await record({ transactionStatus: 'DECLINED', message, providerRef: null });
  const attempts = sub.renewalAttempts + 1;
  const wait = PLAN_RETRY_AFTER_DAYS[attempts - 1];
  const retryAt = wait === undefined ? null : new Date(now.getTime() + wait * DAY).toISOString();
  const ended = retryAt === null;
  const saved = await saveTenantSettings(platform, tenant, {
    subscription: ended
      ? {
          ...sub,
          ...FREE_PLAN_TERMS,
          renewalAttempts: 0,
          retryAt: null,
          renewalClaimedUntil: null,
        }
      : { ...sub, renewalAttempts: attempts, retryAt, renewalClaimedUntil: null },
  });
  await mailPlanDeclined(platform, saved, { itemName, price: sub.amount, currency: sub.currency, message, retryAt });
  return ended ? 'ended' : 'declined';
}

/** The job: every due plan, one after the other (a handful per hour across the platform). */
export async function renewPlans(platform: Platform, provider: BillingProvider): Promise<RenewalOutcome[]> {
  const now = platform.clock.now();
  const outcomes: RenewalOutcome[] = [];
  for (const tenantId of await dueTenants(platform, now))
    outcomes.push(await renewPlan(platform, provider, tenantId, now));
  return outcomes;
}

const scheduled = new WeakSet<Platform>();

/** Hourly, once per platform (registered with the plan routes). */
export function schedulePlanRenewals(platform: Platform, provider: BillingProvider | null): void {
  if (!provider || scheduled.has(platform)) return;
  scheduled.add(platform);
  platform.jobs.register(PLAN_RENEWAL_QUEUE, async () => void (await renewPlans(platform, provider)), {
    retryLimit: 0,
  });
  platform.jobs.schedule(PLAN_RENEWAL_QUEUE, '41 * * * *');
}
