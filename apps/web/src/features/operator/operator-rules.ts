import type { MasterPlan, MasterPlanCreate, OperatorTenant } from '@atrium/contracts';

/** Minor units (cents) as the operator reads them: `49.00`. */
export const fromMinor = (minor: number | null): string => (minor === null ? '' : (minor / 100).toFixed(2));

/** What the operator typed (`49`, `49.5`, `49.50`) in minor units; null when empty, NaN when not a price. */
export function toMinor(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/** `$49.00` */
export const money = (minor: number | null, symbol = '$') => (minor === null ? '—' : `${symbol}${fromMinor(minor)}`);

/** `12 / 500`, or `12 / unlimited`. */
export const usage = (used: number, max: number | null) =>
  `${used.toLocaleString('en-US')} / ${max === null ? 'unlimited' : max.toLocaleString('en-US')}`;

/** Over the plan's limit: said in words, not by colour alone. */
export const isOver = (used: number, max: number | null) => max !== null && used > max;

export interface PlanFormValues {
  slug: string;
  name: string;
  features: string;
  monthly: string;
  yearly: string;
  inrMonthly: string;
  inrYearly: string;
  contactsLimit: string;
  membersLimit: string;
  trialDays: string;
  byContact: boolean;
  archived: boolean;
}

export const EMPTY_PLAN: PlanFormValues = {
  slug: '',
  name: '',
  features: '',
  monthly: '',
  yearly: '',
  inrMonthly: '',
  inrYearly: '',
  contactsLimit: '',
  membersLimit: '',
  trialDays: '0',
  byContact: false,
  archived: false,
};

export function planFormValues(plan: MasterPlan): PlanFormValues {
  return {
    slug: plan.slug,
    name: plan.name,
    features: plan.features.join('\n'),
    monthly: fromMinor(plan.monthlyMinor),
    yearly: fromMinor(plan.yearlyMinor),
    inrMonthly: fromMinor(plan.inrMonthlyMinor),
    inrYearly: fromMinor(plan.inrYearlyMinor),
    contactsLimit: String(plan.contactsLimit),
    membersLimit: plan.membersLimit === null ? '' : String(plan.membersLimit),
    trialDays: String(plan.trialDays),
    byContact: plan.byContact,
    archived: plan.status === 'archived',
  };
}

const wholeNumber = (text: string): number | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** The form as the server takes it; the server checks every field (400 naming it). */
export function planBody(values: PlanFormValues, sequence: number): MasterPlanCreate {
  return {
    slug: values.slug.trim().toLowerCase(),
    name: values.name.trim(),
    features: values.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    monthlyMinor: toMinor(values.monthly) ?? Number.NaN,
    yearlyMinor: toMinor(values.yearly) ?? Number.NaN,
    inrMonthlyMinor: toMinor(values.inrMonthly),
    inrYearlyMinor: toMinor(values.inrYearly),
    contactsLimit: wholeNumber(values.contactsLimit) ?? Number.NaN,
    membersLimit: wholeNumber(values.membersLimit),
    trialDays: wholeNumber(values.trialDays) ?? 0,
    byContact: values.byContact,
    status: values.archived ? 'archived' : 'active',
    sequence,
  };
}

/** Client-side checks before sending (the same words as the server's). */
export function planFormErrors(
  values: PlanFormValues,
  creating: boolean,
): Partial<Record<keyof PlanFormValues, string>> {
  const errors: Partial<Record<keyof PlanFormValues, string>> = {};
  const price = 'Price must be a whole number of cents, 0 or more.';
  if (creating && !/^[a-z](?:[a-z0-9]|-(?=[a-z0-9])){1,29}$/.test(values.slug.trim().toLowerCase()))
    errors.slug =
      'Id may only use lower-case letters, digits and single dashes, start with a letter (2 to 30 characters).';
  if (!values.name.trim()) errors.name = 'Name is required!';
  for (const key of ['monthly', 'yearly'] as const) {
    const minor = toMinor(values[key]);
    if (minor === null || Number.isNaN(minor)) errors[key] = price;
  }
  for (const key of ['inrMonthly', 'inrYearly'] as const) {
    if (Number.isNaN(toMinor(values[key]) ?? 0)) errors[key] = price;
  }
  const contacts = wholeNumber(values.contactsLimit);
  if (contacts === null || Number.isNaN(contacts) || contacts < 1)
    errors.contactsLimit = 'Contacts limit must be a whole number, 1 or more.';
  const members = wholeNumber(values.membersLimit);
  if (members !== null && (Number.isNaN(members) || members < 1))
    errors.membersLimit = 'Active members limit must be a whole number, 1 or more, or empty for unlimited.';
  const trial = wholeNumber(values.trialDays);
  if (trial !== null && (Number.isNaN(trial) || trial > 365))
    errors.trialDays = 'Trial days must be a whole number from 0 to 365.';
  return errors;
}

/** The server's field names onto the form's. */
export const FORM_FIELD: Record<string, keyof PlanFormValues> = {
  slug: 'slug',
  name: 'name',
  features: 'features',
  monthlyMinor: 'monthly',
  yearlyMinor: 'yearly',
  inrMonthlyMinor: 'inrMonthly',
  inrYearlyMinor: 'inrYearly',
  contactsLimit: 'contactsLimit',
  membersLimit: 'membersLimit',
  trialDays: 'trialDays',
  byContact: 'byContact',
  status: 'archived',
};

/** The franchise tree as a line: `Franchises: a, b`. */
export const franchiseLine = (tenant: Pick<OperatorTenant, 'franchises'>) =>
  tenant.franchises.length ? `Franchises: ${tenant.franchises.join(', ')}` : '';
