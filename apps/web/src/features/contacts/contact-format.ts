import type { ContactCreate } from '@atrium/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Spec 3 §3 "balance with sign": +$12.50 owed to the member, -$5.00 owed by them, $0.00 when settled. */
export function formatBalance(balance: number, symbol = '$'): string {
  const amount = Math.abs(balance).toFixed(2);
  if (Number(amount) === 0) return `${symbol}0.00`;
  return `${balance < 0 ? '-' : '+'}${symbol}${amount}`;
}

/** Spec 3 §3: DD MMM YYYY (05 Mar 2025). A date-only value is taken as written (no time-zone shift). */
export function formatDayMonthYear(value: string | null | undefined): string {
  if (!value) return '';
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  let year: number;
  let month: number;
  let day: number;
  if (dateOnly) {
    [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])];
  } else {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
  }
  return `${String(day).padStart(2, '0')} ${MONTHS[month]} ${year}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Spec 3 §3: dateCreated and dateUpdated as relative time, 'Today' within hours (less than a day
 * ago, or a time slightly in the future from clock skew); then days, months, years ago.
 */
export function formatRelativeDay(value: string, now: Date = new Date()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now.getTime() - time;
  if (elapsed < DAY) return 'Today';
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 30) return plural(days, 'day');
  const months = Math.floor(days / 30.44);
  if (months < 12) return plural(months, 'month');
  return plural(Math.floor(days / 365.25), 'year');
}

/** The contact dialog's rules (spec 3 §5): first name, last name and email required. */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  grnNumber: string;
  hasSignedWaiverForm: boolean;
  subscribeToMailingList: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact dialog's values as a new contact (the GRN number only where the studio keeps one). */
export function contactCreateBody(values: ContactFormValues, supportsGrn: boolean): ContactCreate {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    grnNumber: supportsGrn ? values.grnNumber || null : undefined,
    hasSignedWaiverForm: values.hasSignedWaiverForm,
    subscribeToMailingList: values.subscribeToMailingList,
  };
}

export function contactFormErrors(values: ContactFormValues): Partial<Record<keyof ContactFormValues, string>> {
  const errors: Partial<Record<keyof ContactFormValues, string>> = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Enter a valid email address';
  return errors;
}

/** The list's count: '1–50 of 230', or '1–50 of 10,000+' when the server stopped counting at its cap. */
export function formatRange(start: number, shown: number, total: number, capped: boolean): string {
  if (total === 0) return '0 contacts';
  const of = `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return `${(start + 1).toLocaleString('en-US')}–${(start + shown).toLocaleString('en-US')} of ${of}`;
}
