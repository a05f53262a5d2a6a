import { currencySymbol, type PlanCurrency } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { type Tx, withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmail } from '../mail/outbox.ts';

// The platform's emails to a studio about its own plan: a receipt for each payment, a declined
// renewal, the plan ended. They go to the studio's account email, or to its admins when it has none.

const money = (price: number, currency: PlanCurrency) => `${currencySymbol(currency)}${price.toFixed(2)}`;
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

async function recipients(tx: Tx, tenant: TenantContext): Promise<string[]> {
  const own = tenant.settings.email.trim();
  if (own) return [own];
  const admins = await tx
    .select({ email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.role, 'admin'), eq(contacts.isSuspended, false)));
  return [...new Set(admins.map((a) => a.email).filter(Boolean))];
}

async function send(platform: Platform, tenant: TenantContext, subject: string, lines: string[]): Promise<void> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    for (const to of await recipients(tx, tenant)) {
      await enqueueEmail(tx, tenant.tenantId, { to, subject, text: [...lines, '', tenant.name].join('\n') });
    }
  });
  await platform.outbox.kick();
}

export interface PlanPaymentMail {
  itemName: string;
  price: number;
  currency: PlanCurrency;
  methodLabel: string;
  /** A bank debit still on its way. */
  processing: boolean;
  nextBillingDate: string | null;
}

/** The receipt of a plan payment (a checkout or a renewal). */
export function mailPlanReceipt(platform: Platform, tenant: TenantContext, payment: PlanPaymentMail): Promise<void> {
  const amount = money(payment.price, payment.currency);
  return send(platform, tenant, `Receipt: ${payment.itemName}, ${amount}`, [
    `Hello ${tenant.name},`,
    '',
    payment.processing
      ? `Your payment of ${amount} for the ${payment.itemName} from ${payment.methodLabel} is on its way.`
      : `Thank you: we received ${amount} for the ${payment.itemName}, paid with ${payment.methodLabel}.`,
    `Date: ${day(new Date().toISOString())}`,
    ...(payment.nextBillingDate ? [`Next payment: ${day(payment.nextBillingDate)}`] : []),
    'Your payments are listed under Settings > Plan.',
  ]);
}

/**
 * A plan payment refused: when it is tried again, or that the plan has ended; `settled` when the
 * failed payment was for a period paid again since (the plan stays as it is).
 */
export function mailPlanDeclined(
  platform: Platform,
  tenant: TenantContext,
  decline: {
    itemName: string;
    price: number;
    currency: PlanCurrency;
    message: string;
    retryAt: string | null;
    settled?: boolean;
  },
): Promise<void> {
  const amount = money(decline.price, decline.currency);
  const subject = decline.settled
    ? `A payment failed: ${decline.itemName}`
    : decline.retryAt
      ? `Payment failed: ${decline.itemName}`
      : `Your ${decline.itemName} has ended`;
  const next = decline.settled
    ? 'Your plan has been paid since, and stays as it is.'
    : decline.retryAt
      ? `We will try again on ${day(decline.retryAt)}. To pay with another card now, choose the same plan under Settings > Plan: it is charged at once and starts a new period.`
      : 'After several tries the plan has ended and your account is on the Free Plan. You can subscribe again under Settings > Plan.';
  return send(platform, tenant, subject, [
    `Hello ${tenant.name},`,
    '',
    `We could not take ${amount} for the ${decline.itemName}: ${decline.message}`,
    next,
  ]);
}
