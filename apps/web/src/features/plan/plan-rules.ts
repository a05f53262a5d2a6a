import { BankForm, formatPlanDate, type PlanPeriod, planDisplayName, type Subscription } from '@atrium/contracts';
import type { z } from 'zod';

export interface BankValues {
  bankFirstName: string;
  bankLastName: string;
  bankAccountNumber: string;
  bankRoutingNumber: string;
  bankAccountType: 'checking' | 'savings';
}

/** Spec 2 §4: the bank type defaults to checking. */
export const EMPTY_BANK: BankValues = {
  bankFirstName: '',
  bankLastName: '',
  bankAccountNumber: '',
  bankRoutingNumber: '',
  bankAccountType: 'checking',
};

/** The 'other' choice of the saved-cards radio list (spec 2 §4). */
export const OTHER_CARD = 'other';

/** The first message of each field, as Mantine's form wants them; the same schema the server checks. */
function fieldErrors(schema: z.ZodType, values: object): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

export const bankFormErrors = (values: BankValues) => fieldErrors(BankForm, values);

/** The saved card preselected when checkout opens: the first one, else 'other' (spec 2 §4). */
export const initialCardChoice = (subscription: Pick<Subscription, 'savedCards'> | undefined) =>
  subscription?.savedCards[0]?.methodId ?? OTHER_CARD;

export function periodFromQuery(value: string | null, subscription?: Pick<Subscription, 'period'>): PlanPeriod {
  if (value === 'monthly' || value === 'yearly') return value;
  return subscription?.period ?? 'monthly';
}

/** The current plan card's lines (spec 2 "Plan page"). */
export function currentPlanSummary(subscription: Subscription) {
  const period = subscription.period === 'yearly' ? 'year' : 'month';
  return {
    name: planDisplayName(subscription.planName),
    billingPeriod:
      subscription.periodStartStr && subscription.nextBillingDateStr
        ? `${formatPlanDate(subscription.periodStartStr)} - ${formatPlanDate(subscription.nextBillingDateStr)}`
        : null,
    nextBillingDate: subscription.nextBillingDateStr ? formatPlanDate(subscription.nextBillingDateStr) : null,
    amount: `${subscription.csymbol}${subscription.amount.toLocaleString('en-US')}${subscription.planName ? ` / ${period}` : ''}`,
  };
}

export const priceLabel = (csymbol: string, price: number, period: PlanPeriod) =>
  `${csymbol}${price.toLocaleString('en-US')} / ${period === 'monthly' ? 'month' : 'year'}`;
