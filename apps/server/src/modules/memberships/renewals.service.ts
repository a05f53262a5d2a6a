import { knownTimeZone } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { withTenant, writeTenantStatement } from '../../db/client.ts';
import { runFairly } from '../../lib/fair-pool.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { queueInvoiceEmail, queueStatusEmail } from '../invoices/invoice-email.ts';
import { recordPayment, recordPaymentFailure } from '../invoices/invoice-payments.service.ts';
import type { InvoiceLineKind, InvoiceRow } from '../invoices/invoices.repo.ts';
import { createInvoice, markReminded, requireInvoice } from '../invoices/invoices.service.ts';
import { GatewayError, type SavedCardGateway } from '../payments/payment-gateway.ts';
import { addMonths, addPeriods } from './billing-periods.ts';
import { grantCredits } from './credits.service.ts';
import { endDunningIfExhausted } from './dunning-end.ts';
import * as repo from './memberships.repo.ts';

// Recurring billing (decisions.md "Memberships"): each billing cycle is a row written once (UNIQUE
// subscription + cycle) and claimed by one worker before its charge, whose idempotency key is
// derived from (subscription, cycle, attempt). A decline is recorded and retried on the dunning
// schedule; a provider that cannot be reached leaves the claim to run out, and the retry sends the
// same key, so the provider answers the first charge instead of making a second.

/** Days after a declined charge before the next try: the failed email, then a reminder each retry. */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;
/** A claimed charge is retried (with the same key) after this, if its worker never finished it. */
const CLAIM_MS = 10 * 60_000;
export const RENEWAL_QUEUE = 'membership-renewals';
export const CREDIT_EXPIRY_QUEUE = 'membership-credit-expiry';

export const zoneOf = (tenant: TenantContext) => knownTimeZone(tenant.settings.timezone);
export const chargeKey = (sub: { id: string }, cycle: { cycle: number; attempts: number }) =>
  `atrium-sub-${sub.id}-cycle-${cycle.cycle}-try-${cycle.attempts}`;

/**
 * Writes every cycle of the subscription that has fallen due (locked FOR UPDATE, so two workers
 * write each cycle once); answers how many. A membership with all its cycles written gets no
 * next charge; at the end of its period the job ends it.
 */
type BillingState = Pick<repo.SubscriptionRow, 'nextChargeAt' | 'cyclesBilled' | 'periodEndsAt'>;

/**
 * The cycle that falls due next from `state` (null when none is due by `now`): its number and date,
 * and the subscription's next charge and period end after it (none once all its cycles are billed).
 */
function nextDueCycle(
  tenant: TenantContext,
  sub: repo.SubscriptionRow,
  state: BillingState,
  now: Date,
): { cycle: number; dueAt: Date; after: BillingState } | null {
  const { nextChargeAt, cyclesBilled, periodEndsAt } = state;
  if (!nextChargeAt || nextChargeAt > now || (sub.billingCycles !== null && cyclesBilled >= sub.billingCycles))
    return null;
  const cycle = cyclesBilled + 1;
  const following = sub.frequency ? addPeriods(nextChargeAt, sub.frequency, zoneOf(tenant), sub.billingDay ?? 1) : null;
  return {
    cycle,
    dueAt: nextChargeAt,
    after: {
      cyclesBilled: cycle,
      periodEndsAt: following ?? periodEndsAt,
      nextChargeAt: following && (sub.billingCycles === null || cycle < sub.billingCycles) ? following : null,
    },
  };
}

/**
 * The renewal job's write of a listed subscription's due cycles. When one cycle is due (the usual
 * case) it is one statement that moves the subscription on only if it still stands as listed;
 * another worker's write of it first makes it write nothing. Several due cycles, or a subscription
 * changed since it was listed, take writeDueCycles (locked).
 */
async function writeListedCycles(
  platform: Platform,
  tenant: TenantContext,
  sub: repo.SubscriptionRow,
  now: Date,
): Promise<number> {
  const locked = () =>
    withTenant(platform.db, tenant.tenantId, (tx) => writeDueCycles(tx, tenant, sub.id, now, 'skip'));
  if (!['trialing', 'active'].includes(sub.status)) return 0;
  const due = nextDueCycle(tenant, sub, sub, now);
  if (!due) return 0;
  if (nextDueCycle(tenant, sub, due.after, now)) return locked();
  const { rows } = await writeTenantStatement(platform.db, tenant.tenantId, (tx) =>
    repo.advanceSubscription(tx, {
      tenantId: tenant.tenantId,
      id: sub.id,
      billed: due.after.cyclesBilled,
      next: due.after.nextChargeAt?.toISOString() ?? null,
      periodEnds: due.after.periodEndsAt?.toISOString() ?? null,
      wasBilled: sub.cyclesBilled,
      dueAt: due.dueAt.toISOString(),
      amount: sub.priceMinor,
      frequency: sub.frequency,
      billingDay: sub.billingDay,
      billingCycles: sub.billingCycles,
    }),
  );
  const [result] = rows;
  if (result && Number(result.advanced) > 0) return Number(result.written);
  // billed since it was listed: another worker wrote the cycle; else it changed otherwise (a new price, a pause)
  if (result && result.billed_now !== null && Number(result.billed_now) !== sub.cyclesBilled) return 0;
  return locked();
}

export async function writeDueCycles(
  tx: Tx,
  tenant: TenantContext,
  subscriptionId: string,
  now: Date,
  /** 'skip': a subscription another worker has locked is left to it (answers 0); else wait for its lock. */
  locked: 'wait' | 'skip' = 'wait',
): Promise<number> {
  const sub = await repo.findSubscription(tx, tenant.tenantId, subscriptionId, locked === 'skip' ? 'skip' : true);
  if (!sub || !['trialing', 'active'].includes(sub.status)) return 0;
  let state: BillingState = sub;
  let written = 0;
  for (let due = nextDueCycle(tenant, sub, state, now); due; due = nextDueCycle(tenant, sub, state, now)) {
    await repo.insertCycle(tx, {
      tenantId: tenant.tenantId,
      subscriptionId: sub.id,
      cycle: due.cycle,
      amountMinor: sub.priceMinor,
      dueAt: due.dueAt,
      status: 'due',
    });
    written += 1;
    state = due.after;
  }
  if (written > 0) {
    const { cyclesBilled, nextChargeAt, periodEndsAt } = state;
    await repo.updateSubscription(tx, tenant.tenantId, sub.id, { cyclesBilled, nextChargeAt, periodEndsAt });
  }
  return written;
}

/**
 * What another module does when a cycle of a subscription it owns gets its invoice, in that
 * transaction (a monthly gift records the month's gift, so the receipt follows the payment).
 */
export type CycleInvoicedHook = (
  tx: Tx,
  tenant: TenantContext,
  sub: repo.SubscriptionRow,
  cycle: repo.CycleRow,
  invoice: InvoiceRow,
) => Promise<void>;

const cycleInvoicedHooks = new Set<CycleInvoicedHook>();

/** Registers a hook (once per process: the same function again changes nothing). */
export function onCycleInvoiced(hook: CycleInvoicedHook): void {
  cycleInvoicedHooks.add(hook);
}

/** The one line of a cycle's invoice: a monthly gift's month, or a membership's period. */
const cycleLineKind = (sub: repo.SubscriptionRow): InvoiceLineKind =>
  sub.membershipType === 'donation' ? 'donation' : 'membership';

/**
 * The invoice of one cycle, made as Selling makes one (tax and card fee from Payment Settings for a
 * membership; a gift is neither taxed nor charged a fee, as a one-time gift is not).
 */
export async function invoiceCycle(
  tx: Tx,
  tenant: TenantContext,
  sub: repo.SubscriptionRow,
  cycle: repo.CycleRow,
  now: Date,
): Promise<InvoiceRow> {
  const total = sub.billingCycles ? ` of ${sub.billingCycles}` : '';
  const gift = sub.membershipType === 'donation';
  const invoice = await createInvoice(tx, tenant, {
    contactId: sub.contactId,
    lines: [
      {
        id: 'line-1',
        guId: sub.itemId ?? sub.campaignId ?? sub.id,
        kind: cycleLineKind(sub),
        name: cycle.cycle === 0 ? `${sub.name}: registration fee` : `${sub.name}: payment ${cycle.cycle}${total}`,
        unitPrice: cycle.amountMinor,
        quantity: 1,
        isTaxable: !gift,
        isChargeCreditCardFees: !gift,
      },
    ],
    paymentMethod: 'credit_card',
    note: '',
    now,
  });
  await repo.updateCycle(tx, tenant.tenantId, cycle.id, { invoiceId: invoice.id });
  for (const hook of cycleInvoicedHooks) await hook(tx, tenant, sub, cycle, invoice);
  return invoice;
}

type Outcome = 'paid' | 'declined' | 'unknown' | 'skipped';

/**
 * Charges one cycle: claim it and make its invoice (one transaction), charge the saved card
 * (no transaction open), then record the payment or the decline (another). Answers what happened.
 */
export async function chargeCycle(
  platform: Platform,
  gateway: SavedCardGateway,
  tenant: TenantContext,
  cycleId: string,
  /** Called instead of awaiting the outbox's kick when an email was queued (runRenewals sends them after its charges). */
  onMailed?: () => void,
): Promise<Outcome> {
  const now = platform.clock.now();
  const claimed = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const cycle = await repo.claimCycle(tx, tenant.tenantId, cycleId, now, CLAIM_MS);
    if (!cycle) return null;
    const sub = await repo.findSubscription(tx, tenant.tenantId, cycle.subscriptionId);
    if (!sub) return null;
    // the invoice made now is the row as written (a hook writes other tables); a retry reads its own
    const invoice = cycle.invoiceId
      ? await requireInvoice(tx, tenant.tenantId, cycle.invoiceId)
      : await invoiceCycle(tx, tenant, sub, cycle, now);
    return { cycle: { ...cycle, invoiceId: invoice.id }, sub, invoice };
  });
  if (!claimed) return 'skipped';
  const { cycle, sub, invoice } = claimed;
  const key = chargeKey(sub, cycle);
  let chargeRef: string | null = null;
  let declined: string | null = null;
  if (invoice.balance > 0) {
    try {
      chargeRef = await gateway.chargeSavedCard(sub.providerAccount, {
        customer: sub.providerCustomer,
        card: sub.paymentMethodId,
        amount: invoice.balance,
        currency: invoice.currency,
        description: `${sub.name} - ${tenant.name}`,
        idempotencyKey: key,
        metadata: { tenantId: tenant.tenantId, subscriptionId: sub.id, cycle: String(cycle.cycle) },
      });
    } catch (error) {
      if (error instanceof GatewayError && error.status < 500) declined = error.message;
      // unreachable or failing provider: the claim runs out and the same key is sent again
      else return 'unknown';
    }
  }
  let mailed = false;
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const current = await repo.findSubscription(tx, tenant.tenantId, sub.id, true);
    if (!current) return;
    if (declined === null) {
      let paid = invoice;
      if (invoice.balance > 0 && chargeRef) {
        const result = await recordPayment(tx, tenant, invoice.id, {
          method: 'credit_card',
          amount: invoice.balance,
          idempotencyKey: key,
          provider: gateway.provider,
          providerRef: chargeRef,
          note: `${sub.name}: automatic payment`,
          lineKinds: [cycleLineKind(sub)],
        });
        paid = result.invoice;
      }
      await repo.updateCycle(tx, tenant.tenantId, cycle.id, {
        status: 'paid',
        chargeRef,
        claimedUntil: null,
        nextAttemptAt: null,
        failureMessage: null,
      });
      if (cycle.cycle > 0 && current.creditsPerCycle) {
        const periodEnd = current.frequency
          ? addPeriods(cycle.dueAt, current.frequency, zoneOf(tenant), current.billingDay ?? 1)
          : null;
        // a period paid late (a membership restored by a new card) runs to the membership's period end
        const expiresAt =
          current.membershipType === 'card'
            ? current.periodEndsAt
            : periodEnd && current.periodEndsAt && current.periodEndsAt > periodEnd
              ? current.periodEndsAt
              : periodEnd;
        await grantCredits(tx, tenant.tenantId, {
          contactId: current.contactId,
          name: current.name,
          credits: current.creditsPerCycle,
          expiresAt,
          subscriptionId: current.id,
          now,
        });
      }
      // a paid cycle makes the membership current, once no other cycle is still being retried; a paid
      // registration fee alone leaves a trial on (an active one, the usual renewal, stays as it is)
      const becomes =
        current.status === 'past_due' || (current.status === 'trialing' && cycle.cycle > 0)
          ? current.cyclesBilled > 0
            ? 'active'
            : 'trialing'
          : current.status;
      if (becomes !== current.status) {
        const stillFailing = (await repo.cyclesOf(tx, tenant.tenantId, sub.id)).some(
          (c) => c.id !== cycle.id && c.status === 'failed' && c.nextAttemptAt !== null,
        );
        if (!stillFailing) await repo.updateSubscription(tx, tenant.tenantId, sub.id, { status: becomes });
      }
      // the paid email, or the module's own for an invoice it owns (a gift's receipt)
      if (paid.balance === 0 && paid.total > 0)
        mailed = (await queueStatusEmail(tx, platform, tenant, paid, [cycleLineKind(sub)])) || mailed;
      return;
    }
    const attempts = cycle.attempts + 1;
    const retryDays = RETRY_AFTER_DAYS[attempts - 1];
    const stopped = current.status === 'cancelled' || current.status === 'completed';
    await repo.updateCycle(tx, tenant.tenantId, cycle.id, {
      status: 'failed',
      attempts,
      claimedUntil: null,
      failureMessage: declined,
      nextAttemptAt: retryDays === undefined || stopped ? null : new Date(now.getTime() + retryDays * 86_400_000),
    });
    // a pause or cancel made while the charge was out is kept: only a charged membership falls past due
    const charged = repo.isChargeable(current.status);
    if (charged) await repo.updateSubscription(tx, tenant.tenantId, sub.id, { status: 'past_due' });
    // spec 3 §4: the failed email first, then a reminder at each further decline
    if (attempts === 1) {
      const failed = await recordPaymentFailure(tx, tenant, invoice.id);
      mailed = (await queueInvoiceEmail(tx, platform, tenant, failed.invoice, 'invoice_failed')) || mailed;
    } else {
      const open = await requireInvoice(tx, tenant.tenantId, invoice.id, true);
      const reminded = open.balance > 0 ? await markReminded(tx, tenant, open) : open;
      mailed = (await queueInvoiceEmail(tx, platform, tenant, reminded, 'invoice_reminder')) || mailed;
      await repo.updateCycle(tx, tenant.tenantId, cycle.id, { remindedAt: now });
    }
    if (charged && retryDays === undefined)
      mailed = (await endDunningIfExhausted(tx, platform, tenant, sub.id, now)) || mailed;
  });
  if (mailed) {
    if (onMailed) onMailed();
    else await platform.outbox.kick();
  }
  return declined === null ? 'paid' : 'declined';
}

/** Ends memberships whose last period is over (all cycles billed, or cancelled at the period end). */
async function endFinished(tx: Tx, tenant: TenantContext, subscriptionId: string, now: Date): Promise<void> {
  const sub = await repo.findSubscription(tx, tenant.tenantId, subscriptionId, true);
  if (!sub || sub.nextChargeAt !== null || !sub.periodEndsAt || sub.periodEndsAt > now) return;
  if (!['trialing', 'active'].includes(sub.status)) return;
  await repo.updateSubscription(tx, tenant.tenantId, sub.id, {
    status: sub.cancelAtPeriodEnd ? 'cancelled' : 'completed',
    ...(sub.cancelAtPeriodEnd ? { cancelledAt: now } : {}),
  });
}

export interface RenewalRun {
  written: number;
  paid: number;
  declined: number;
  unknown: number;
  skipped: number;
}

/**
 * The renewal job: writes the cycles that fell due (one statement per subscription with one cycle due,
 * `concurrency` at a time), then charges every chargeable cycle, `concurrency` at a time and at most
 * `perTenant` of one studio at once (its provider account has its own rate limit), the studios taken in
 * turn, then sends the emails its charges wrote and waits for them. Any number of these may run at once
 * (two workers, a re-run): each cycle is claimed by one.
 */
export async function runRenewals(
  platform: Platform,
  gateway: SavedCardGateway,
  options: { batch?: number; concurrency?: number; perTenant?: number; tenants?: repo.TenantScope } = {},
): Promise<RenewalRun> {
  const batch = options.batch ?? 500;
  const concurrency = options.concurrency ?? 16;
  const perTenant = options.perTenant ?? 4;
  const run: RenewalRun = { written: 0, paid: 0, declined: 0, unknown: 0, skipped: 0 };
  const tenants = new Map<string, TenantContext | null>();
  const tenantOf = async (id: string) => {
    if (!tenants.has(id)) tenants.set(id, await platform.tenants.byId(id));
    return tenants.get(id) ?? null;
  };
  const now = platform.clock.now();
  // the cycles fall due `concurrency` subscriptions at a time (no provider call: no studio's limit);
  // a subscription another worker is writing is left to it
  for (;;) {
    const due = await platform.db.transaction((tx) => repo.dueSubscriptions(tx, now, batch, options.tenants));
    let wrote = 0;
    let writeFailure: unknown = null;
    await runFairly(
      due,
      (sub) => sub.tenantId,
      { concurrency, perKey: concurrency },
      async (sub) => {
        const tenant = await tenantOf(sub.tenantId);
        if (!tenant) return;
        const written = await writeListedCycles(platform, tenant, sub, now);
        wrote += written;
      },
      (_sub, error) => {
        writeFailure ??= error;
      },
    );
    if (writeFailure) throw writeFailure;
    run.written += wrote;
    if (due.length < batch || wrote === 0) break;
  }
  const seen = new Set<string>();
  // a cycle that could not be charged for a reason of ours (the database): its claim runs out and the
  // next run tries it; the first such error fails this run once the others are done, so it is logged
  let failure: unknown = null;
  // the emails of the charges (receipts with their invoice PDFs, made when sent) go out once the run's
  // charges are done: the mail job runs after them, not beside them (the PDFs were over a third of a
  // renewal's CPU, and the charges waited for them). The outbox's sweep still sends any email left
  // waiting over a minute, so a long run's first receipts need not wait for its last charge.
  let mailedAny = false;
  const sendLater = () => {
    mailedAny = true;
  };
  for (;;) {
    const listed = (
      await platform.db.transaction((tx) => repo.chargeableCycles(tx, now, batch, options.tenants))
    ).filter((c) => !seen.has(c.id));
    if (listed.length === 0) break;
    // a few of the listed at random, then the list again: two workers (or more) take mostly different
    // cycles, and a cycle another one claimed meanwhile is no longer listed (each collision costs a
    // claim that finds the cycle taken, after waiting for the other's transaction)
    const cycles = shuffled(listed).slice(0, concurrency * 4);
    for (const c of cycles) seen.add(c.id);
    await runFairly(
      cycles,
      (cycle) => cycle.tenantId,
      { concurrency, perKey: perTenant },
      async (cycle) => {
        const tenant = await tenantOf(cycle.tenantId);
        if (tenant) run[await chargeCycle(platform, gateway, tenant, cycle.id, sendLater)] += 1;
      },
      (_cycle, error) => {
        failure ??= error;
      },
    );
  }
  if (mailedAny) await platform.outbox.kick();
  if (failure) throw failure;
  // past due with nothing left to try (a membership from before dunning had an end): suspend or cancel it
  const exhausted = await platform.db.transaction((tx) => repo.exhaustedSubscriptions(tx, batch, options.tenants));
  let mailed = false;
  for (const { tenantId, id } of exhausted) {
    const tenant = await tenantOf(tenantId);
    if (tenant)
      mailed =
        (await withTenant(platform.db, tenantId, (tx) => endDunningIfExhausted(tx, platform, tenant, id, now))) ||
        mailed;
  }
  if (mailed) await platform.outbox.kick();
  const ending = await platform.db.transaction((tx) => repo.endingSubscriptions(tx, now, batch, options.tenants));
  for (const { tenantId, id } of ending) {
    const tenant = await tenantOf(tenantId);
    if (tenant) await withTenant(platform.db, tenantId, (tx) => endFinished(tx, tenant, id, now));
  }
  return run;
}

/** A copy of the list in random order (Fisher-Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The first charge's date of a new membership: after the trial, on the set day, or now. */
export function firstChargeAt(
  terms: { trialDays: number; startRule: 'today' | 'dayOfMonth' | 'afterTrial'; billingDay: number | null },
  now: Date,
  timeZone: string,
  nextBillingDay: (from: Date, day: number, zone: string) => Date,
): Date {
  const afterTrial = terms.trialDays > 0 ? addPeriods(now, 'daily', timeZone, 1, terms.trialDays) : now;
  if (terms.startRule === 'dayOfMonth' && terms.billingDay)
    return nextBillingDay(afterTrial, terms.billingDay, timeZone);
  return afterTrial;
}

export { addMonths };
