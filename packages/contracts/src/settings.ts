import { z } from 'zod';
import { dialCodeForTimezone } from './dial-codes.ts';
import { OnboardingState } from './onboarding-state.ts';
import { isIanaTimeZone } from './time-zones.ts';

/** Spec 2 §2 "Account Settings": the country choices, with the timezones each offers (first = default). */
export const COUNTRY_TIMEZONES = {
  USA: [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
  ],
  India: ['Asia/Kolkata'],
} as const satisfies Record<string, readonly string[]>;
export type SettingsCountry = keyof typeof COUNTRY_TIMEZONES;
export const SETTINGS_COUNTRIES = Object.keys(COUNTRY_TIMEZONES) as SettingsCountry[];
export const COUNTRY_LABELS: Record<SettingsCountry, string> = { USA: 'United States', India: 'India' };

export function timezonesForCountry(country: string): readonly string[] {
  return COUNTRY_TIMEZONES[country as SettingsCountry] ?? [];
}

export const TIMEZONE_UNKNOWN = 'TimeZone is not a known time zone (e.g. Europe/London)';

/** Spec 2 §2: changing the country sets the first matching timezone and that zone's dial code (spec 1 §9). */
export function countryDefaults(country: string): { timezone: string; dialCode: string } {
  const timezone = timezonesForCountry(country)[0] ?? 'America/New_York';
  return { timezone, dialCode: dialCodeForTimezone(timezone) };
}

/** Spec 2 §2 date format options. */
export const DATE_FORMATS = [
  'MM/dd/YYYY',
  'MM dd YYYY',
  'MM-dd-YYYY',
  'MMM dd YYYY',
  'dd/MM/YYYY',
  'dd-MM-YYYY',
] as const;

const text = (max: number) => z.string().trim().max(max);
/** A text that must be given ('Name is required!'), at most `max` long ('Name is too long'). */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required!', '')} is too long`);

/** A studio's postal address as it is read back (the account's, a franchise's). */
export const studioAddress = {
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
};

/** Spec 2 §3 "Account (tenant)": what the Account Settings screen reads (GET /snode/tenant). */
export const AccountSettings = z.object({
  orgId: z.string(),
  tenantId: z.string(),
  name: z.string(),
  isMasterFranchise: z.boolean(),
  accountOwner: z.string().nullable(),
  fromEmailName: z.string(),
  fromEmail: z.string(),
  phone: z.string(),
  address: z.object({
    ...studioAddress,
    country: z.object({ name: z.string() }),
  }),
  timezone: z.string(),
  dateFormat: z.string(),
  itemExpiresAfter: z.number().nullable(),
  customDomain: z.string().nullable(),
  aboutOrg: z.string(),
  /** The last four characters of the tenant API key (the key itself is shown once, when made). */
  apiKeyHint: z.string().nullable(),
  /** The logo banner (spec 2 §3 logoUrl/bigLogo): the same image as the website logo. */
  logoUrl: z.string().nullable(),
  /** Spec 2 §3 salesEmailList: addresses that get a note of every sale (besides staff who opted in). */
  salesEmailList: z.array(z.string()),
  /** Spec 2 §3 isSendReminder and reminderTime (hours before a booked class), and the class booking windows. */
  isSendReminder: z.boolean(),
  /** Spec 2 §3 isSendSmsReminder: also text the reminder (and a waitlist hold) through the studio's SMS provider. */
  isSendSmsReminder: z.boolean(),
  reminderTime: z.number().int(),
  cancelCutoffHours: z.number().int(),
  waitlistHoldMinutes: z.number().int(),
  paymentHoldMinutes: z.number().int(),
  /** Spec 3 §7.9: GET /snode/tenant also answers the onboarding wizard. */
  onboarding: OnboardingState,
  /** Spec 2 §3 introMembershipPeriod: free days a contact's first recurring membership starts with (0: none). */
  introMembershipPeriod: z.number().int(),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

const wholeBetween = (label: string, unit: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of ${unit}` })
    .int(`${label} must be whole ${unit}`)
    .min(min, `${label} must be between ${min} and ${max} ${unit}`)
    .max(max, `${label} must be between ${min} and ${max} ${unit}`);

/** At most this many addresses get the sale notes (spec 2 §3 salesEmailList). */
export const SALES_EMAIL_LIST_MAX = 10;
export const SALES_EMAIL_MESSAGES = {
  invalid: 'Each sales email must be a valid email address',
  tooMany: `Add at most ${SALES_EMAIL_LIST_MAX} sales email addresses`,
} as const;

/** The list as it is kept: trimmed, each address once (case does not make another address). */
export function normalizeSalesEmails(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of list) {
    const email = raw.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    kept.push(email);
  }
  return kept;
}

/**
 * PUT /snode/tenant: the Account Settings form, whole. The tenant is the host's: orgId and tenantId
 * are never read from the body (unknown keys are dropped).
 */
export const AccountSettingsWrite = z
  .object({
    name: requiredText('Organization Name is required!', 120),
    accountOwner: z
      .string({ error: 'Account Owner is required!' })
      .trim()
      .min(1, 'Account Owner is required!')
      .max(64, 'Account Owner is required!'),
    fromEmailName: requiredText('Email Name is required!', 120),
    fromEmail: z
      .string({ error: 'Email Address is required!' })
      .trim()
      .min(1, 'Email Address is required!')
      .max(254, 'Email Address is too long')
      .pipe(z.email('Email Address is not valid')),
    phone: requiredText('Phone is required!', 30).regex(/^\+?[0-9 ()-]{4,30}$/, 'Phone is not valid'),
    address: z.object({
      line1: text(200).default(''),
      line2: text(200).default(''),
      city: text(100).default(''),
      state: text(100).default(''),
      zip: text(10).default(''),
      country: z.object({
        name: z.enum(SETTINGS_COUNTRIES as [SettingsCountry, ...SettingsCountry[]], { error: 'Country is required!' }),
      }),
    }),
    timezone: requiredText('TimeZone is required!', 64),
    dateFormat: z.enum(DATE_FORMATS).default('MM/dd/YYYY'),
    itemExpiresAfter: z
      .number({ error: 'Membership Expiry Period is required!' })
      .int('Membership Expiry Period must be whole months')
      .min(1, 'Membership Expiry Period must be at least 1 month')
      .max(120, 'Membership Expiry Period must be at most 120 months'),
    aboutOrg: text(2000).default(''),
    /** Left out: the list stays as it is. */
    salesEmailList: z
      .array(
        z
          .string({ error: SALES_EMAIL_MESSAGES.invalid })
          .trim()
          .max(254, SALES_EMAIL_MESSAGES.invalid)
          .pipe(z.email(SALES_EMAIL_MESSAGES.invalid)),
        { error: SALES_EMAIL_MESSAGES.invalid },
      )
      .transform(normalizeSalesEmails)
      .pipe(z.array(z.string()).max(SALES_EMAIL_LIST_MAX, SALES_EMAIL_MESSAGES.tooMany))
      .optional(),
    /** Class bookings; each left out stays as it is. */
    isSendReminder: z.boolean({ error: 'isSendReminder must be true or false' }).optional(),
    isSendSmsReminder: z.boolean({ error: 'isSendSmsReminder must be true or false' }).optional(),
    reminderTime: wholeBetween('Reminder time', 'hours', 1, 168).optional(),
    cancelCutoffHours: wholeBetween('Cancellation cutoff', 'hours', 0, 168).optional(),
    waitlistHoldMinutes: wholeBetween('Waitlist hold', 'minutes', 5, 2880).optional(),
    paymentHoldMinutes: wholeBetween('Payment hold', 'minutes', 5, 120).optional(),
    /** Left out: stays as it is. */
    introMembershipPeriod: wholeBetween('Intro Membership Period', 'days', 0, 365).optional(),
  })
  .superRefine((value, ctx) => {
    // Any named zone: a London studio in an account whose country list is USA and India is still in London.
    if (!isIanaTimeZone(value.timezone)) {
      ctx.addIssue({ code: 'custom', path: ['timezone'], message: TIMEZONE_UNKNOWN });
    }
  });
export type AccountSettingsWrite = z.input<typeof AccountSettingsWrite>;

/** What a membership becomes when its last payment retry is declined (decisions.md "Dunning ends"). */
export const AFTER_LAST_RETRY = ['suspend', 'cancel'] as const;
export type AfterLastRetry = (typeof AFTER_LAST_RETRY)[number];

/** The menus and features a studio switches on or off (read and written alike). */
const moduleFlags = {
  isShowEventsMenu: z.boolean(),
  isShowScheduleMenu: z.boolean(),
  isShowDonationMenu: z.boolean(),
  isShowMerchandiseMenu: z.boolean(),
  isShowAssessment: z.boolean(),
  isShowFormsMenu: z.boolean(),
  isShowCampaignsMenu: z.boolean(),
  isShowStoreMenu: z.boolean(),
  isMultiCountrySupport: z.boolean(),
  isWaiverFormToBeSigned: z.boolean(),
};

/** Spec 2 §2 "Module Settings" and §3 "Display flags". */
export const ModuleSettings = z.object({
  ...moduleFlags,
  waiverFormLink: z.string().nullable(),
  isSupportGrn: z.boolean(),
  /** Calendar website view: true = Monthly, false = Weekly. */
  isShowCalenderView: z.boolean(),
  registerButtonLabel: z.string(),
  /** Spec 1 tenant config: a visitor's checkout also asks for the Student Registration form (decisions.md "Checkout with registration"). */
  isRegAndPurchaseOnSamePage: z.boolean(),
  /** Memberships: after the last declined retry, suspend (a new card restores it) or cancel. */
  membershipAfterLastRetry: z.enum(AFTER_LAST_RETRY),
});
export type ModuleSettings = z.infer<typeof ModuleSettings>;

export const MODULE_TOGGLES = [
  'isShowEventsMenu',
  'isShowScheduleMenu',
  'isShowDonationMenu',
  'isShowMerchandiseMenu',
  'isShowAssessment',
  'isShowFormsMenu',
  'isShowCampaignsMenu',
  'isShowStoreMenu',
  'isMultiCountrySupport',
  'isWaiverFormToBeSigned',
  'isSupportGrn',
  'isShowCalenderView',
  'isRegAndPurchaseOnSamePage',
] as const satisfies readonly (keyof ModuleSettings)[];
export type ModuleToggle = (typeof MODULE_TOGGLES)[number];

/** PUT /rest/settings/display: any of the flags, usually one per request (each toggle saves alone). */
export const ModuleSettingsWrite = z
  .object({
    ...moduleFlags,
    waiverFormLink: z.string().trim().max(500, 'Waiver Form Link is too long').nullable(),
    isSupportGrn: z.boolean(),
    isShowCalenderView: z.boolean(),
    registerButtonLabel: requiredText('Register Button Label is required!', 40),
    isRegAndPurchaseOnSamePage: z.boolean(),
    membershipAfterLastRetry: z.enum(AFTER_LAST_RETRY, {
      error: `membershipAfterLastRetry must be one of ${AFTER_LAST_RETRY.join(', ')}`,
    }),
  })
  .partial()
  .strict();
export type ModuleSettingsWrite = z.infer<typeof ModuleSettingsWrite>;

/** The waiver rule (spec 2 §5): a link is required only while the waiver toggle is on, and must be a web address. */
export function waiverLinkError(isOn: boolean, link: string | null | undefined): string | null {
  const value = (link ?? '').trim();
  if (!value) return isOn ? 'Waiver Form Link is required!' : null;
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value)) return 'Waiver Form Link must start with http:// or https://';
  return null;
}
