import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { findPerson } from '../invoices/invoices.repo.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import * as repo from './memberships.repo.ts';

// When dunning ends (decisions.md "Dunning ends"): a membership whose every open payment has used
// its last retry leaves "past due" for the studio's choice (Module Settings, "After the last
// payment retry"): suspended (nothing is charged; a new card restores it and pays the open period)
// or cancelled. A monthly gift, or a membership already set to end at its period end, is cancelled.

/** A cycle still being tried: the membership stays past due until it is paid or has used its last retry. */
const stillTrying = (c: repo.CycleRow) =>
  c.status === 'due' || c.status === 'charging' || (c.status === 'failed' && c.nextAttemptAt !== null);

/**
 * Ends the dunning of one subscription (its row locked here) when nothing of it is being tried any
 * more: suspends or cancels it, clears its next charge date and mails its member. Answers whether
 * an email was queued.
 */
export async function endDunningIfExhausted(
  tx: Tx,
  platform: Platform,
  tenant: TenantContext,
  subscriptionId: string,
  now: Date,
): Promise<boolean> {
  const sub = await repo.findSubscription(tx, tenant.tenantId, subscriptionId, true);
  if (sub?.status !== 'past_due') return false;
  if ((await repo.cyclesOf(tx, tenant.tenantId, sub.id)).some(stillTrying)) return false;
  const gift = sub.membershipType === 'donation';
  const cancel = gift || sub.cancelAtPeriodEnd || tenant.settings.membershipAfterLastRetry === 'cancel';
  const periodEndsAt = sub.periodEndsAt && sub.periodEndsAt < now ? sub.periodEndsAt : now;
  await repo.updateSubscription(
    tx,
    tenant.tenantId,
    sub.id,
    cancel
      ? { status: 'cancelled', cancelledAt: now, nextChargeAt: null, periodEndsAt }
      : { status: 'suspended', nextChargeAt: null, periodEndsAt },
  );
  const person = await findPerson(tx, tenant.tenantId, sub.contactId);
  if (!person?.email || person.email.endsWith('.invalid')) return false;
  const origin = tenantOrigin(platform.config, tenant);
  const what = gift ? `your monthly gift, ${sub.name}` : `your ${sub.name} membership`;
  const lines = cancel
    ? gift
      ? [
          `We could not take the payment for ${what} after several tries, so the gift has stopped and nothing more will be charged.`,
          'Thank you for your support. You are welcome to give again at any time.',
        ]
      : [
          `We could not take the payment for ${what} after several tries, so the membership has been cancelled and nothing more will be charged.`,
          'The unpaid invoice stays open. To join again, choose a membership here:',
          `${origin}/memberships`,
        ]
    : [
        `We could not take the payment for ${what} after several tries, so the membership is suspended and nothing more will be charged.`,
        'Save a new card to restore it; the open payment is then taken once:',
        `${origin}/memberships`,
      ];
  await enqueueEmail(tx, tenant.tenantId, {
    to: person.email,
    subject: cancel
      ? gift
        ? `Monthly gift stopped: ${sub.name}`
        : `Membership cancelled: ${sub.name}`
      : `Membership suspended: ${sub.name}`,
    text: [`Hello ${person.name},`, '', ...lines, '', tenant.name].join('\n'),
  });
  return true;
}
