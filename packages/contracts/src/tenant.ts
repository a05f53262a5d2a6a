import { z } from 'zod';

/** A page as the shell needs it for menus, routes and the footer (spec 1 §3 "web"). */
export const WebPageLink = z.object({
  name: z.string(),
  url: z.string(),
  title: z.string(),
  externalUrl: z.string().nullable(),
  externalLink: z.string().nullable(),
  isExternalLink: z.boolean(),
  isShowFooter: z.boolean(),
  isShowNavigation: z.boolean(),
  isLegal: z.boolean(),
  sequence: z.number().int(),
});
export type WebPageLink = z.infer<typeof WebPageLink>;

export const SocialLink = z.object({
  name: z.enum(['facebook', 'linkedin', 'instagram', 'twitter']),
  value: z.string(),
});

export const PublicForm = z.object({ name: z.string(), guId: z.string() });

export const WebsiteState = z.enum(['int_website', 'ext_website', 'no_website']);
export type WebsiteState = z.infer<typeof WebsiteState>;

/**
 * Spec 1 §3 "Tenant config (from ping)". Everything public about a tenant;
 * never a secret (payment secret keys, API keys, SMTP passwords).
 * An unknown tenant answers the empty object: no orgId.
 */
export const TenantConfig = z.object({
  orgId: z.string(),
  masterOrgId: z.string(),
  orgGuId: z.string(),
  tenantId: z.string(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  customDomain: z.string().nullable(),
  country: z.string(),
  timezone: z.string(),
  environmentName: z.string(),
  version: z.string(),
  logo: z.string().nullable(),
  bigLogo: z.string().nullable(),
  smallLogo: z.string().nullable(),
  cloudName: z.string().nullable(),
  csymbol: z.string(),
  bankFees: z.number(),
  cardFees: z.number(),
  taxPercent: z.number(),
  buyButtonLabel: z.string(),
  registerButtonLabel: z.string(),
  registrationLinkName: z.string(),
  workshopLabel: z.string(),
  scheduleLabel: z.string(),
  promotionLabel: z.string(),
  primaryGuardianLabel: z.string(),
  secondaryGuardianLabel: z.string(),
  itemExpiresAfter: z.number().nullable(),
  isAddressNeededForEvent: z.boolean(),
  isNewTenant: z.boolean(),
  isRegAndPurchaseOnSamePage: z.boolean(),
  isShowCalenderView: z.boolean(),
  isShowCourses: z.boolean(),
  isShowDonation: z.boolean(),
  isShowScheduleMenu: z.boolean(),
  isShowStoreMenu: z.boolean(),
  isSupportGrn: z.boolean(),
  isShowRegistrationLink: z.boolean(),
  isShowRoomName: z.boolean(),
  isShowSchedule: z.boolean(),
  isWaiverFormToBeSigned: z.boolean(),
  waiverFormLink: z.string().nullable(),
  isMasterFranchise: z.boolean(),
  /** The platform operator's site (issue 28): MasterPlans, Tenants and the /tplan pages. */
  isPlatformOperator: z.boolean().optional(),
  /** Suspended by the platform operator: the public site shows the notice instead. */
  isSuspended: z.boolean().optional(),
  isMultiCountrySupport: z.boolean(),
  isAuthValid: z.boolean(),
  tenantAuthViewCmd: z.string().nullable(),
  paymentProvider: z.string().nullable(),
  /** Publishable keys only: these are meant for the browser. */
  stripePublishableKey: z.string().nullable(),
  stripeClientId: z.string().nullable(),
  stripeApiKey: z.null(),
  stripeAuthCode: z.null(),
  zoomApi: z.null(),
  zoomAuthCode: z.null(),
  clanMeetingDomain: z.string().nullable(),
  clanMeetingSecret: z.null(),
  seoDescription: z.string(),
  seoKeywords: z.string(),
  isShowSidebar: z.boolean(),
  page1: z.string().nullable(),
  page2: z.string().nullable(),
  page3: z.string().nullable(),
  page4: z.string().nullable(),
  page5: z.string().nullable(),
  webstate: WebsiteState,
  isExternalWebsite: z.boolean(),
  forms: z.array(PublicForm),
  privacyPolicyLink: z.string().nullable(),
  termsOfServiceLink: z.string().nullable(),
  isEnableCourses: z.boolean(),
  isEnableOnlineCourses: z.boolean(),
  homepage: z.string().nullable(),
  home: z.string().nullable(),
  web: z.object({ pages: z.array(WebPageLink) }),
  org: z.object({
    logo: z.string().nullable(),
    logoWidth: z.number().nullable(),
    logoHeight: z.number().nullable(),
    favIcon: z.string().nullable(),
    headerColor: z.string().nullable(),
    /** Website Settings theme colour (the public site's top bar and accents). */
    themeColor: z.string().nullable(),
    title: z.string(),
    seoDescription: z.string(),
    footerInfo: z.string(),
    isShowFooter: z.boolean(),
    /** The site-wide theme (font pair, button and corner styles); the theme colour above makes its palette. */
    siteTheme: z.object({ fontPair: z.string(), buttonStyle: z.string(), cornerStyle: z.string() }).optional(),
  }),
  socials: z.array(SocialLink),
  address: z.object({ line1: z.string() }),
  isCustomizeCss: z.boolean(),
  /** Student App settings the portal uses: the labels of its four tabs (spec 2 §3 "Student app"). */
  appLabels: z.array(z.string()).length(4),
});
export type TenantConfig = z.infer<typeof TenantConfig>;

/** What /ping answers: the config, or an empty object for an unknown tenant. */
export const PingResponse = z.union([TenantConfig, z.object({}).strict()]);
export type PingResponse = TenantConfig | Record<string, never>;

export function isKnownTenant(ping: PingResponse | null | undefined): ping is TenantConfig {
  return !!ping && typeof (ping as TenantConfig).orgId === 'string';
}

/** Spec 1 §1: a master tenant is one whose orgId equals its masterOrgId. */
export function isMasterTenant(t: Pick<TenantConfig, 'orgId' | 'masterOrgId'>): boolean {
  return t.orgId === t.masterOrgId;
}

export const PLATFORM_VERSION = 'v6.4 December 2022';
