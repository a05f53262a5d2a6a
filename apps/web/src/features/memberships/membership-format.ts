import type { MemberSubscription, Membership } from '@atrium/contracts';

const FREQUENCY: Record<string, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  halfyearly: 'half year',
  yearly: 'year',
};

/** '$49.00' in the tenant's currency. */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
}

/** '$49.00 a month', or '$120.00' for a class pack. */
export function priceLabel(m: Pick<Membership, 'price' | 'currency' | 'frequency'>): string {
  const each = m.frequency ? ` a ${FREQUENCY[m.frequency] ?? m.frequency}` : '';
  return `${money(m.price, m.currency)}${each}`;
}

/** What a membership is, in a line. */
export function termsLabel(m: Membership): string {
  const parts: string[] = [];
  if (m.membershipType === 'card') parts.push(`${m.credits ?? 0} classes`);
  if (m.membershipType === 'unlimited') parts.push('Unlimited classes');
  if (m.membershipType === 'recurring' && m.credits) parts.push(`${m.credits} classes each period`);
  if (m.trialDays > 0) parts.push(`${m.trialDays}-day trial`);
  if (m.registrationFees > 0) parts.push(`${money(m.registrationFees, m.currency)} registration fee`);
  if (m.membershipType !== 'card')
    parts.push(m.numberOfBillingCycles ? `${m.numberOfBillingCycles} payments` : 'until cancelled');
  if (m.membershipType === 'card' && m.expiresAfterMonths) parts.push(`valid ${m.expiresAfterMonths} months`);
  return parts.join(' · ');
}

/** A day in the tenant's zone: '26 Dec 2026'. */
export function dayLabel(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

export const STATUS_LABEL: Record<MemberSubscription['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed',
  paused: 'Paused',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
  completed: 'Ended',
};

export const STATUS_COLOR: Record<MemberSubscription['status'], string> = {
  trialing: 'blue.9',
  active: 'teal.9',
  past_due: 'red.9',
  paused: 'gray.8',
  suspended: 'red.9',
  cancelled: 'gray.8',
  completed: 'gray.8',
};
