import { z } from 'zod';
import { PASSWORD_RULE, SessionContact } from './auth.ts';
import { COUNTRY_TIMEZONES, requiredText, studioAddress } from './settings.ts';
import { TenantConfig } from './tenant.ts';
import { isIanaTimeZone } from './time-zones.ts';

/**
 * Spec 2 §2/§3/§5 "Franchise": a franchise is a tenant whose masterOrgId is the master's orgId.
 * Its orgId becomes a host name (`{orgId}.{product domain}`), so the rule is a DNS label's.
 */

export const FRANCHISE_MESSAGES = {
  businessName: 'Name of franchise is required!',
  orgId: 'Franchise OrgId is required!',
  orgIdLength: 'Franchise OrgId must be 3 to 32 characters long.',
  orgIdPattern:
    'Franchise OrgId may only use lower-case letters, digits and single dashes, start with a letter and end with a letter or digit.',
  orgIdReserved: 'This Franchise OrgId is reserved. Please choose another.',
  orgIdTaken: 'This Franchise OrgId is already taken.',
  phone: 'Phone is required!',
  phoneInvalid: 'Phone is not valid',
  userName: 'Admin name is required!',
  email: 'Email is required!',
  emailInvalid: 'Email is not valid',
  password: 'Password is required!',
  timezone: 'TimeZone is required!',
  timezoneInvalid: 'TimeZone is not a known time zone (e.g. Europe/London)',
  city: 'City is required!',
  state: 'State is required!',
  zip: 'Zip code is required!',
  zipMin: 'Zip code must be atleast 5 characters long!',
  zipMax: 'Zip code should be less than 10 characters long!',
  zipDigits: 'Zip code should only contain numbers!',
  invalidForm: 'Invalid Form!',
} as const;

/** Sub-domains that name the platform itself, never a franchise. */
export const RESERVED_ORG_IDS = new Set([
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'status',
  'support',
  'help',
  'docs',
  'localhost',
  'master',
  'atrium',
]);

/** 3-32 characters, a DNS label: starts with a letter, lower-case letters, digits, single dashes, no dash at the end. */
export const FRANCHISE_ORG_ID_PATTERN = /^[a-z](?:[a-z0-9]|-(?=[a-z0-9]))*$/;

/** The first problem with an org id (already trimmed and lower-cased), or null. */
export function franchiseOrgIdError(orgId: string): string | null {
  if (!orgId) return FRANCHISE_MESSAGES.orgId;
  if (orgId.length < 3 || orgId.length > 32) return FRANCHISE_MESSAGES.orgIdLength;
  if (!FRANCHISE_ORG_ID_PATTERN.test(orgId)) return FRANCHISE_MESSAGES.orgIdPattern;
  if (RESERVED_ORG_IDS.has(orgId)) return FRANCHISE_MESSAGES.orgIdReserved;
  return null;
}

/** The spec's zip rules, in the order a person fixes them. */
export function franchiseZipError(zip: string): string | null {
  if (!zip) return FRANCHISE_MESSAGES.zip;
  if (!/^[0-9]+$/.test(zip)) return FRANCHISE_MESSAGES.zipDigits;
  if (zip.length < 5) return FRANCHISE_MESSAGES.zipMin;
  if (zip.length > 10) return FRANCHISE_MESSAGES.zipMax;
  return null;
}

/** The zones a franchise form suggests first (any named zone is taken; the country follows from it). */
export const FRANCHISE_TIMEZONES: readonly string[] = Object.values(COUNTRY_TIMEZONES).flat();

/** The country whose list has the zone; undefined for a zone no country lists (Europe/London). */
export function countryOfTimezone(timezone: string): string | undefined {
  for (const [country, zones] of Object.entries(COUNTRY_TIMEZONES)) {
    if ((zones as readonly string[]).includes(timezone)) return country;
  }
  return undefined;
}

const ruled = (message: string, rule: (value: string) => string | null) =>
  z
    .string({ error: message })
    .trim()
    .superRefine((value, ctx) => {
      const error = rule(value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    });

export const FranchiseAddress = z.object({
  line1: z.string().trim().max(200).default(''),
  line2: z.string().trim().max(200).default(''),
  city: requiredText(FRANCHISE_MESSAGES.city, 100),
  state: requiredText(FRANCHISE_MESSAGES.state, 100),
  zip: ruled(FRANCHISE_MESSAGES.zip, franchiseZipError),
});

const phone = requiredText(FRANCHISE_MESSAGES.phone, 30).regex(/^\+?[0-9 ()-]{4,30}$/, FRANCHISE_MESSAGES.phoneInvalid);
const email = z
  .string({ error: FRANCHISE_MESSAGES.email })
  .trim()
  .toLowerCase()
  .min(1, FRANCHISE_MESSAGES.email)
  .max(254, FRANCHISE_MESSAGES.emailInvalid)
  .pipe(z.email(FRANCHISE_MESSAGES.emailInvalid));
const orgId = z
  .string({ error: FRANCHISE_MESSAGES.orgId })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const error = franchiseOrgIdError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** POST /rest/franchise: what the create form sends (spec 2 §3). */
export const FranchiseCreate = z.object({
  businessName: requiredText(FRANCHISE_MESSAGES.businessName, 120),
  orgId,
  phone,
  timezone: z
    .string({ error: FRANCHISE_MESSAGES.timezone })
    .trim()
    .min(1, FRANCHISE_MESSAGES.timezone)
    .refine(isIanaTimeZone, FRANCHISE_MESSAGES.timezoneInvalid),
  user: z.object({
    name: requiredText(FRANCHISE_MESSAGES.userName, 100),
    email,
    // The registration password rule (auth.ts), after the spec's own 'required' message.
    password: z
      .string({ error: FRANCHISE_MESSAGES.password })
      .min(1, FRANCHISE_MESSAGES.password)
      .min(8, PASSWORD_RULE)
      .max(200, 'password is too long'),
  }),
  address: FranchiseAddress,
});
export type FranchiseCreate = z.input<typeof FranchiseCreate>;

/**
 * PUT /rest/franchise/{id}: the edit form (no password, no timezone, spec 2 §4). The org id is the
 * franchise's host name and cannot change; when sent it must be the current one.
 */
export const FranchiseUpdate = z.object({
  businessName: requiredText(FRANCHISE_MESSAGES.businessName, 120),
  orgId: z.string().trim().toLowerCase().optional(),
  phone,
  user: z.object({
    name: requiredText(FRANCHISE_MESSAGES.userName, 100),
    email,
  }),
  address: FranchiseAddress,
});
export type FranchiseUpdate = z.input<typeof FranchiseUpdate>;

/** Spec 2 §3 "Franchise": one row of GET /rest/franchise and the answer of the other calls. */
export const Franchise = z.object({
  guid: z.string(),
  name: z.string(),
  orgId: z.string(),
  tenantId: z.string(),
  phone: z.string(),
  timezone: z.string(),
  /** ISO 8601 time the franchise was created. */
  dateCreatedStr: z.string(),
  accountOwner: z.string().nullable(),
  accountOwnerName: z.string(),
  fromEmail: z.string(),
  fromEmailName: z.string(),
  customDomain: z.string().nullable(),
  address: z.object(studioAddress),
});
export type Franchise = z.infer<typeof Franchise>;

export const FranchiseList = z.object({ data: z.array(Franchise) });
export type FranchiseList = z.infer<typeof FranchiseList>;

/**
 * GET /rest/tenant/{id}/token: franchise switching. The franchise's token only works on the
 * franchise's own host, so it is not handed to the master's page: instead a one-time code (60 s,
 * single use) that the franchise host exchanges for the session (POST /public/franchise/switch).
 */
export const FranchiseSwitchGrant = z.object({
  code: z.string(),
  expiresInSeconds: z.number(),
  franchise: z.object({
    orgId: z.string(),
    tenantId: z.string(),
    name: z.string(),
    customDomain: z.string().nullable(),
  }),
});
export type FranchiseSwitchGrant = z.infer<typeof FranchiseSwitchGrant>;

export const FranchiseSwitchRequest = z.object({ code: z.string().trim().min(1, 'code is required').max(200) });
export type FranchiseSwitchRequest = z.infer<typeof FranchiseSwitchRequest>;

/** Answered like login, plus whom the master admin is acting for. */
export const FranchiseSwitchResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  tenant: TenantConfig,
  contact: SessionContact,
  masterOrgId: z.string(),
});
export type FranchiseSwitchResponse = z.infer<typeof FranchiseSwitchResponse>;

/** Spec 2 §9: franchise list page sizes and search debounce. */
export const FRANCHISE_PAGE_SIZES = [5, 10, 25, 100] as const;
export const FRANCHISE_PAGE_SIZE = 10;
export const FRANCHISE_SEARCH_DEBOUNCE_MS = 150;
