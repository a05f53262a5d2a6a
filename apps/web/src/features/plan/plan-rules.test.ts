import {
  formatPlanDate,
  isValidRoutingNumber,
  nextBillingDate,
  PLAN_MESSAGES,
  type PlanOffer,
  parsePlanId,
  paymentStatusLabel,
  planChoices,
  planCurrencyOf,
  planDisplayName,
  planIdOf,
  type Subscription,
} from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  bankFormErrors,
  currentPlanSummary,
  EMPTY_BANK,
  initialCardChoice,
  OTHER_CARD,
  periodFromQuery,
  priceLabel,
} from './plan-rules';

const FREE: Subscription = {
  planName: null,
  planType: 'free',
  period: null,
  amount: 0,
  currency: 'USD',
  csymbol: '$',
  dateCreatedStr: null,
  periodStartStr: null,
  nextBillingDateStr: null,
  savedCards: [],
  paymentConfigured: true,
  contactUrl: 'https://atrium.example/contact',
};

/** The platform's plans as GET /rest/subscription/plans answers them (the operator's /masterplan). */
const offer = (type: string, name: string, monthly: number, yearly: number, byContact = false): PlanOffer => ({
  type,
  name,
  features: [],
  monthly,
  yearly,
  trialDays: 0,
  byContact,
  contactsLimit: 2000,
  membersLimit: 100,
});
const OFFERS = [
  offer('free', 'Free', 0, 0),
  offer('organize', 'Organize', 25, 300),
  offer('expand', 'Growth', 65, 660),
  offer('leap', 'Leap', 129, 1320, true),
];

describe('plan cards (spec 2 §9, the platform plans of issue 28)', () => {
  it('prices the cards of a period from the platform plans, the free plan at 0', () => {
    const cards = (period: 'monthly' | 'yearly') => planChoices(OFFERS, period, null).map((c) => [c.name, c.price]);
    expect(cards('monthly')).toEqual([
      ['Free', 0],
      ['Organize', 25],
      ['Growth', 65],
      ['Leap', 129],
    ]);
    expect(cards('yearly').map(([, price]) => price)).toEqual([0, 300, 660, 1320]);
    expect(planChoices(OFFERS, 'monthly', null).map((c) => c.byContact)).toEqual([false, false, false, true]);
    expect(planChoices(OFFERS, 'yearly', null).map((c) => c.planName)).toEqual([
      'free_plan',
      'organize_yearly_plan',
      'expand_yearly_plan',
      'leap_yearly_plan',
    ]);
  });

  it('marks the current plan in its own period only; no plan means the free plan', () => {
    const current = (period: 'monthly' | 'yearly', plan: string | null) =>
      planChoices(OFFERS, period, plan)
        .filter((c) => c.isCurrentPlan)
        .map((c) => c.type);
    expect(current('monthly', null)).toEqual(['free']);
    expect(current('yearly', null)).toEqual(['free']);
    expect(current('monthly', 'expand_monthly_plan')).toEqual(['expand']);
    expect(current('yearly', 'expand_monthly_plan')).toEqual([]);
  });

  it('maps ids, types and display names', () => {
    expect(planIdOf('organize', 'yearly')).toBe('organize_yearly_plan');
    expect(planIdOf('free', 'yearly')).toBe('free_plan');
    expect(parsePlanId('leap_monthly_plan')).toEqual({ type: 'leap', period: 'monthly' });
    expect(parsePlanId(null)).toEqual({ type: 'free', period: null });
    expect(planDisplayName(null)).toBe('Free Plan');
    expect(planDisplayName('free_plan')).toBe('Free Plan');
    expect(planDisplayName('expand_yearly_plan')).toBe('Expand Yearly Plan');
    expect(parsePlanId('gold-studio_yearly_plan')).toEqual({ type: 'gold-studio', period: 'yearly' });
    expect(parsePlanId('not a plan')).toEqual({ type: 'free', period: null });
    expect(planCurrencyOf('India')).toBe('INR');
    expect(planCurrencyOf('USA')).toBe('USD');
  });

  it('keeps the quoted messages word for word', () => {
    expect(PLAN_MESSAGES.freeConfirm).toBe('You miss the valuable features, Are you sure you want free plan?');
    expect(PLAN_MESSAGES.updated).toBe('Plan updated');
  });
});

describe('dates and statuses', () => {
  it('renews a month or a year later, the 31st on the last day of a short month', () => {
    expect(nextBillingDate(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(nextBillingDate(new Date('2028-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(nextBillingDate(new Date('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(nextBillingDate(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it("shows 'MMM dd, YYYY' in UTC from seconds or ISO dates", () => {
    expect(formatPlanDate(Date.UTC(2026, 0, 5, 23, 59) / 1000)).toBe('Jan 05, 2026');
    expect(formatPlanDate('2026-03-09')).toBe('Mar 09, 2026');
    expect(formatPlanDate(null)).toBe('');
  });

  it("'SETTLED' is Completed, anything else Failed (a bank debit on its way is Processing)", () => {
    expect(paymentStatusLabel('SETTLED')).toBe('Completed');
    expect(paymentStatusLabel('DECLINED')).toBe('Failed');
    expect(paymentStatusLabel('')).toBe('Failed');
    expect(paymentStatusLabel('PROCESSING')).toBe('Processing');
  });
});

describe('bank form (spec 2 §5)', () => {
  it("defaults to checking and shows the spec's messages", () => {
    expect(EMPTY_BANK.bankAccountType).toBe('checking');
    expect(bankFormErrors(EMPTY_BANK)).toEqual({
      bankFirstName: 'First Name is required!',
      bankLastName: 'Last Name is required!',
      bankAccountNumber: 'Bank Account Number is required!',
      bankRoutingNumber: 'Bank Routing Number is required!',
    });
    expect(bankFormErrors({ ...EMPTY_BANK, bankAccountType: '' as 'checking' }).bankAccountType).toBe(
      'Bank Account Type is required!',
    );
    expect(isValidRoutingNumber('110000000')).toBe(true);
    expect(isValidRoutingNumber('123456789')).toBe(false);
  });
});

describe('checkout and plan page helpers', () => {
  it('preselects the first saved card, else other', () => {
    expect(initialCardChoice(FREE)).toBe(OTHER_CARD);
    const card = {
      methodId: 'pm_1',
      prefCard: 'Visa ending in 4242',
      brand: 'visa',
      last4: '4242',
      expMonth: 1,
      expYear: 2030,
    };
    expect(initialCardChoice({ savedCards: [card, { ...card, methodId: 'pm_2' }] })).toBe('pm_1');
  });

  it('opens the toggle on the current period unless the address says otherwise', () => {
    expect(periodFromQuery(null, FREE)).toBe('monthly');
    expect(periodFromQuery(null, { period: 'yearly' })).toBe('yearly');
    expect(periodFromQuery('yearly', FREE)).toBe('yearly');
    expect(periodFromQuery('weekly', FREE)).toBe('monthly');
  });

  it('summarises the current plan card', () => {
    expect(currentPlanSummary(FREE)).toEqual({
      name: 'Free Plan',
      billingPeriod: null,
      nextBillingDate: null,
      amount: '$0',
    });
    expect(
      currentPlanSummary({
        ...FREE,
        planName: 'organize_yearly_plan',
        period: 'yearly',
        amount: 30941,
        csymbol: '₹',
        periodStartStr: '2026-03-01',
        nextBillingDateStr: '2027-03-01',
      }),
    ).toEqual({
      name: 'Organize Yearly Plan',
      billingPeriod: 'Mar 01, 2026 - Mar 01, 2027',
      nextBillingDate: 'Mar 01, 2027',
      amount: '₹30,941 / year',
    });
    expect(priceLabel('$', 1320, 'yearly')).toBe('$1,320 / year');
  });
});
