import {
  type AccountSettings,
  type AccountSettingsWrite,
  DATE_FORMATS,
  dialCodeForTimezone,
  normalizeSalesEmails,
  SALES_EMAIL_LIST_MAX,
  SALES_EMAIL_MESSAGES,
} from '@atrium/contracts';
import { fullPhone, localPhone, timezoneForCountry } from './settings-rules';

/** The Account Settings form's values: flat, with the phone split from its dial code. */
export interface AccountFormValues {
  name: string;
  accountOwner: string;
  fromEmailName: string;
  fromEmail: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  timezone: string;
  dateFormat: string;
  itemExpiresAfter: number | string;
  aboutOrg: string;
  salesEmailList: string[];
  isSendReminder: boolean;
  isSendSmsReminder: boolean;
  reminderTime: number | string;
  cancelCutoffHours: number | string;
  waitlistHoldMinutes: number | string;
  paymentHoldMinutes: number | string;
  introMembershipPeriod: number | string;
}

export function toFormValues(account: AccountSettings): AccountFormValues {
  const country = account.address.country.name || 'USA';
  const timezone = timezoneForCountry(country, account.timezone);
  return {
    name: account.name,
    accountOwner: account.accountOwner ?? '',
    fromEmailName: account.fromEmailName,
    fromEmail: account.fromEmail,
    phone: localPhone(account.phone, dialCodeForTimezone(timezone)),
    line1: account.address.line1,
    line2: account.address.line2,
    city: account.address.city,
    state: account.address.state,
    zip: account.address.zip,
    country,
    timezone,
    dateFormat: (DATE_FORMATS as readonly string[]).includes(account.dateFormat) ? account.dateFormat : 'MM/dd/YYYY',
    itemExpiresAfter: account.itemExpiresAfter ?? '',
    aboutOrg: account.aboutOrg,
    salesEmailList: account.salesEmailList,
    isSendReminder: account.isSendReminder,
    isSendSmsReminder: account.isSendSmsReminder,
    reminderTime: account.reminderTime,
    cancelCutoffHours: account.cancelCutoffHours,
    waitlistHoldMinutes: account.waitlistHoldMinutes,
    paymentHoldMinutes: account.paymentHoldMinutes,
    introMembershipPeriod: account.introMembershipPeriod,
  };
}

export function toWriteBody(values: AccountFormValues): AccountSettingsWrite {
  return {
    name: values.name.trim(),
    accountOwner: values.accountOwner,
    fromEmailName: values.fromEmailName.trim(),
    fromEmail: values.fromEmail.trim(),
    phone: fullPhone(dialCodeForTimezone(values.timezone), values.phone),
    address: {
      line1: values.line1.trim(),
      line2: values.line2.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      zip: values.zip.trim(),
      country: { name: values.country as 'USA' | 'India' },
    },
    timezone: values.timezone,
    dateFormat: values.dateFormat as AccountSettingsWrite['dateFormat'],
    itemExpiresAfter: Number(values.itemExpiresAfter),
    aboutOrg: values.aboutOrg.trim(),
    salesEmailList: normalizeSalesEmails(values.salesEmailList),
    isSendReminder: values.isSendReminder,
    isSendSmsReminder: values.isSendSmsReminder,
    reminderTime: Number(values.reminderTime),
    cancelCutoffHours: Number(values.cancelCutoffHours),
    waitlistHoldMinutes: Number(values.waitlistHoldMinutes),
    paymentHoldMinutes: Number(values.paymentHoldMinutes),
    introMembershipPeriod: Number(values.introMembershipPeriod),
  };
}

const need = (message: string) => (value: unknown) => (String(value ?? '').trim() ? null : message);

/** Spec 2 §5 "Account" messages. */
export const accountValidation = {
  name: need('Organization Name is required!'),
  accountOwner: need('Account Owner is required!'),
  fromEmailName: need('Email Name is required!'),
  fromEmail: (value: string) =>
    !value.trim()
      ? 'Email Address is required!'
      : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
        ? null
        : 'Email Address is not valid',
  phone: need('Phone is required!'),
  timezone: need('TimeZone is required!'),
  itemExpiresAfter: (value: number | string) =>
    value === '' || value === null || Number.isNaN(Number(value)) ? 'Membership Expiry Period is required!' : null,
  salesEmailList: (value: string[]) =>
    value.some((email) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      ? SALES_EMAIL_MESSAGES.invalid
      : normalizeSalesEmails(value).length > SALES_EMAIL_LIST_MAX
        ? SALES_EMAIL_MESSAGES.tooMany
        : null,
};

/** The server names fields by their path in the body; the form's are flat. */
export function formField(serverField: string): keyof AccountFormValues | null {
  const last = serverField
    .replace(/^address\./, '')
    .replace(/\.name$/, '')
    .replace(/^salesEmailList\.\d+$/, 'salesEmailList');
  const known: (keyof AccountFormValues)[] = [
    'name',
    'accountOwner',
    'fromEmailName',
    'fromEmail',
    'phone',
    'line1',
    'line2',
    'city',
    'state',
    'zip',
    'country',
    'timezone',
    'dateFormat',
    'itemExpiresAfter',
    'aboutOrg',
    'salesEmailList',
    'isSendReminder',
    'isSendSmsReminder',
    'reminderTime',
    'cancelCutoffHours',
    'waitlistHoldMinutes',
    'paymentHoldMinutes',
    'introMembershipPeriod',
  ];
  return (known as string[]).includes(last) ? (last as keyof AccountFormValues) : null;
}
