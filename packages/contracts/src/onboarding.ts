import { z } from 'zod';
import { PASSWORD_RULE } from './auth.ts';
import { FRANCHISE_ORG_ID_PATTERN, RESERVED_ORG_IDS } from './franchise.ts';
import { requiredText } from './settings.ts';

/**
 * Spec 3 §2.4, §3 "Onboarding and tenant fields", §4 "Onboarding", §5 "Onboarding", §9: the new
 * studio's three-step wizard, and the sign-up on the bare product domain that leads to it (issue 13).
 */

export const BUSINESS_TYPES = [
  { value: 'wellness-trainer', label: 'Wellness Trainer' },
  { value: 'coach', label: 'Coach' },
  { value: 'non-profit', label: 'Non-Profit' },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];
export const BUSINESS_SIZES = ['2', '5', '10', 'Other'] as const;

/**
 * The platform's markets: the countries of the spec's phone list (spec 3 §3: US, India, UK, Australia,
 * Singapore), stored by the ISO 3166 alpha-3 code the spec uses ('USA', 'IND'), each with its name, its
 * phone code and its time zones. The spec's own five zones come first, in its order.
 */
export const ONBOARDING_MARKETS = [
  {
    code: 'USA',
    name: 'United States',
    dialCode: '+1',
    zones: [
      'America/Los_Angeles',
      'America/Denver',
      'America/Chicago',
      'America/New_York',
      'America/Phoenix',
      'America/Anchorage',
      'Pacific/Honolulu',
    ],
  },
  { code: 'IND', name: 'India', dialCode: '+91', zones: ['Asia/Kolkata'] },
  { code: 'GBR', name: 'United Kingdom', dialCode: '+44', zones: ['Europe/London'] },
  {
    code: 'AUS',
    name: 'Australia',
    dialCode: '+61',
    zones: [
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Adelaide',
      'Australia/Perth',
      'Australia/Darwin',
      'Australia/Hobart',
    ],
  },
  { code: 'SGP', name: 'Singapore', dialCode: '+65', zones: ['Asia/Singapore'] },
] as const;
export type OnboardingCountry = (typeof ONBOARDING_MARKETS)[number]['code'];

/** Every time zone the wizard offers, each with its country. */
export const ONBOARDING_TIMEZONES = ONBOARDING_MARKETS.flatMap((market) =>
  market.zones.map((value) => ({ value, country: market.code })),
);
export const ONBOARDING_COUNTRIES: readonly OnboardingCountry[] = ONBOARDING_MARKETS.map((market) => market.code);

/** The market whose zones include `zone` (a browser's own zone), if any. */
export function marketOfTimeZone(zone: string): OnboardingCountry | null {
  return ONBOARDING_TIMEZONES.find((z) => z.value === zone)?.country ?? null;
}

/** Spec 3 §3 phone country list and masks (0 is a digit). */
export const PHONE_MASKS = [
  { country: 'US', code: '+1', mask: '000-000-0000' },
  { country: 'India', code: '+91', mask: '00000-00000' },
  { country: 'UK', code: '+44', mask: '0000-000-000' },
  { country: 'Australia', code: '+61', mask: '0000-000-000' },
  { country: 'Singapore', code: '+65', mask: '0000-0000' },
] as const;

export const maskDigits = (mask: string) => mask.replace(/[^0]/g, '').length;

/** Spec 3 §4: the phone input emits a value only when its digits fill the mask, else ''. */
export function maskedPhone(code: string, digits: string): string {
  const mask = PHONE_MASKS.find((m) => m.code === code)?.mask;
  const only = digits.replace(/\D/g, '');
  if (!mask || only.length !== maskDigits(mask)) return '';
  let at = 0;
  const shaped = mask.replace(/0/g, () => only[at++] ?? '');
  return `${code} ${shaped}`;
}

/** Spec 3 §2.4 and §5, word for word where the spec quotes. */
export const ONBOARDING_TEXTS = {
  step1: "Let's configure your account",
  step2: 'Business Information',
  step3: 'Select The Products You Offer',
  requiredFields: 'Please fill in the required fields, including the phone number.',
  phoneRequired: 'Phone Number is required',
  businessType: 'Business type is required',
  businessSize: 'Organization size is required',
  name: 'Business name is required',
  timezone: 'Time zone is required',
  country: 'Country is required',
  verificationSent: 'Sent verification email',
} as const;

/** Spec 3 §2.4 step 3: the products a studio offers and the menu flag each turns on. */
export const ONBOARDING_PRODUCTS = [
  { key: 'isShowCourses', label: 'Courses', alwaysOn: true },
  { key: 'isShowScheduleMenu', label: 'Classes', alwaysOn: false },
  { key: 'isShowEventsMenu', label: 'Events', alwaysOn: false },
  { key: 'isShowAssessment', label: 'Assessments', alwaysOn: false },
  { key: 'isShowDonationMenu', label: 'Donations', alwaysOn: false },
  { key: 'isShowMerchandiseMenu', label: 'Merchandise', alwaysOn: false },
] as const;
export type OnboardingProductKey = (typeof ONBOARDING_PRODUCTS)[number]['key'];

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/**
 * PUT /snode/tenant with `onBoardingStep`: one step's data (spec 3 §7.9). Steps are 0, 1, 2; the
 * rules of each step are checked by the server for the step named (spec 3 §5).
 */
export const OnboardingWrite = z.object({
  onBoardingStep: z
    .number({ error: 'onBoardingStep must be 0, 1 or 2' })
    .int('onBoardingStep must be 0, 1 or 2')
    .min(0, 'onBoardingStep must be 0, 1 or 2')
    .max(2, 'onBoardingStep must be 0, 1 or 2'),
  businessType: text(40).optional(),
  businessSize: text(10).optional(),
  businessReferer: text(200).optional(),
  name: text(120).optional(),
  logo: z.string().trim().max(2000).nullable().optional(),
  phone: text(30).optional(),
  timezone: text(64).optional(),
  companyUrl: text(300).optional(),
  address: z.object({ country: text(10) }).optional(),
  products: z.record(z.string(), z.boolean()).optional(),
  isNewTenant: z.boolean().optional(),
});
export type OnboardingWrite = z.infer<typeof OnboardingWrite>;

export const STUDIO_SIGNUP_ACTION = 'studio_signup';

export const STUDIO_SIGNUP_MESSAGES = {
  businessName: 'Business name is required!',
  orgId: 'Web address is required!',
  orgIdLength: 'The web address must be 3 to 32 characters long.',
  orgIdPattern:
    'The web address may only use lower-case letters, digits and single dashes, start with a letter and end with a letter or digit.',
  orgIdReserved: 'This web address is reserved. Please choose another.',
  orgIdTaken: 'This web address is already taken. Please choose another.',
  firstName: 'First name is required!',
  lastName: 'Last name is required!',
  email: 'Email is required!',
  emailInvalid: 'Please enter a valid email address.',
  password: 'Password is required!',
  welcomeExpired: 'This link has expired. Please sign in with your email and password.',
} as const;

/** The first problem with a studio's web address (trimmed, lower-cased), or null. */
export function studioOrgIdError(orgId: string): string | null {
  if (!orgId) return STUDIO_SIGNUP_MESSAGES.orgId;
  if (orgId.length < 3 || orgId.length > 32) return STUDIO_SIGNUP_MESSAGES.orgIdLength;
  if (!FRANCHISE_ORG_ID_PATTERN.test(orgId)) return STUDIO_SIGNUP_MESSAGES.orgIdPattern;
  if (RESERVED_ORG_IDS.has(orgId)) return STUDIO_SIGNUP_MESSAGES.orgIdReserved;
  return null;
}

/** POST /public/studio/signup, on the bare product domain only. */
export const StudioSignupRequest = z.object({
  businessName: requiredText(STUDIO_SIGNUP_MESSAGES.businessName, 120),
  orgId: z
    .string({ error: STUDIO_SIGNUP_MESSAGES.orgId })
    .trim()
    .toLowerCase()
    .superRefine((value, ctx) => {
      const error = studioOrgIdError(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  firstName: requiredText(STUDIO_SIGNUP_MESSAGES.firstName, 100),
  lastName: requiredText(STUDIO_SIGNUP_MESSAGES.lastName, 100),
  email: z
    .string({ error: STUDIO_SIGNUP_MESSAGES.email })
    .trim()
    .toLowerCase()
    .min(1, STUDIO_SIGNUP_MESSAGES.email)
    .max(254, STUDIO_SIGNUP_MESSAGES.emailInvalid)
    .pipe(z.email(STUDIO_SIGNUP_MESSAGES.emailInvalid)),
  password: z
    .string({ error: STUDIO_SIGNUP_MESSAGES.password })
    .min(1, STUDIO_SIGNUP_MESSAGES.password)
    .min(8, PASSWORD_RULE)
    .max(200, 'password is too long'),
  rToken: z.string({ error: 'Please complete the human check.' }).min(1, 'Please complete the human check.').max(5000),
  /**
   * On the platform operator's /tplan/{name}/{freq} (issue 28): the plan the studio starts on,
   * `{name}_{freq}_plan` (a trial when the plan has trial days).
   */
  planName: z
    .string({ error: 'Unknown plan' })
    .regex(/^(?:free_plan|[a-z](?:[a-z0-9]|-(?=[a-z0-9])){1,29}_(?:monthly|yearly)_plan)$/, 'Unknown plan')
    .optional(),
});
export type StudioSignupRequest = z.input<typeof StudioSignupRequest>;

/** Where the owner goes next: the new studio's host, with a one-time welcome code in the fragment. */
export const StudioSignupResult = z.object({ orgId: z.string(), url: z.string() });
export type StudioSignupResult = z.infer<typeof StudioSignupResult>;

export const StudioWelcomeRequest = z.object({ code: z.string().min(1).max(200) });
