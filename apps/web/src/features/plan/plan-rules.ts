import {
  BankForm,
  CardForm,
  formatPlanDate,
  type PlanPeriod,
  planDisplayName,
  type Subscription,
} from '@atrium/contracts';
import type { z } from 'zod';

/** The card tab's values as the form holds them (month and year from selects, as text). */
export interface CardValues {
  cardOwnerName: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  zip: string;
  storeCard: boolean;
}

export interface BankValues {
  bankFirstName: string;
  bankLastName: string;
  bankAccountNumber: string;
  bankRoutingNumber: string;
  bankAccountType: 'checking' | 'savings';
}

export const EMPTY_CARD: CardValues = {
  cardOwnerName: '',
  cardNumber: '',
  expMonth: '',
  expYear: '',
  cvv: '',
  zip: '',
  storeCard: true,
};

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

export const cardFormErrors = (values: CardValues) => fieldErrors(CardForm, values);
export const bankFormErrors = (values: BankValues) => fieldErrors(BankForm, values);

/** What the card endpoint receives: month and year as numbers, spaces kept out of the number. */
export function toCardBody(values: CardValues) {
  return {
    ...values,
    cardNumber: values.cardNumber.replace(/\s+/g, ''),
    expMonth: Number(values.expMonth),
    expYear: Number(values.expYear),
  };
}

export const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => {
  const value = String(i + 1).padStart(2, '0');
  return { value: String(i + 1), label: value };
});

/** This year and the next 15, for the expiry year. */
export function yearOptions(now: Date = new Date()) {
  const first = now.getUTCFullYear();
  return Array.from({ length: 16 }, (_, i) => String(first + i));
}

/** The saved card preselected when checkout opens: the first one, else 'other' (spec 2 §4). */
export const initialCardChoice = (subscription: Pick<Subscription, 'savedCards'> | undefined) =>
  subscription?.savedCards[0]?.methodId ?? OTHER_CARD;

/** Groups of four digits as the number is typed (at most 19 digits). */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

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
