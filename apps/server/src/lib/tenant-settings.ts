import { AGE_OF_MAJORITY_DEFAULT, AGE_OF_MAJORITY_MAX, AGE_OF_MAJORITY_MIN, TenantRoleEntry } from '@atrium/contracts';
import { z } from 'zod';
import { StoredSubscription } from './plan-storage.ts';

/**
 * What a tenant configures about itself (module flags, labels, contact details, website and SEO).
 * Stored as jsonb on the tenant row; missing keys take these defaults, so adding a setting needs
 * no data migration. Secrets never live here: they go to encrypted tenant tables.
 */
export const TenantSettings = z.object({
  email: z.string().default(''),
  phone: z.string().default(''),
  website: z.string().default(''),
  country: z.string().default('USA'),
  timezone: z.string().default('America/New_York'),
  currency: z.string().default('usd'),
  addressLine1: z.string().default(''),
  // account settings (spec 2 "Account Settings"); `email` is the From Email Address
  addressLine2: z.string().default(''),
  city: z.string().default(''),
  state: z.string().default(''),
  zip: z.string().default(''),
  accountOwner: z.string().nullable().default(null),
  fromEmailName: z.string().default(''),
  /** Spec 2 §3 salesEmailList: who gets a note of every sale, besides staff who opted in. */
  salesEmailList: z.array(z.string()).default([]),
  aboutOrg: z.string().default(''),
  dateFormat: z.string().default('MM/dd/YYYY'),
  /** Spec 2 §3 account: what a new class rule is called and how many it takes when the form leaves them out. */
  defaultClassName: z.string().default('Class'),
  defaultMaxAttendees: z.number().int().positive().default(20),
  /** Spec 2 §3 account: email booked students reminderTime hours before each class (decisions.md "Scheduling, slice 2"). */
  isSendReminder: z.boolean().default(true),
  /** Spec 2 §3 account: also text reminders and waitlist holds through the tenant's Twilio or Plivo (decisions.md "SMS"). */
  isSendSmsReminder: z.boolean().default(false),
  reminderTime: z.number().int().min(1).max(168).default(2),
  /** Cancelling a booked place less than this many hours before the class is a late cancel. */
  cancelCutoffHours: z.number().int().min(0).max(168).default(12),
  /** How long a freed spot is held for the first on the waitlist to confirm. */
  waitlistHoldMinutes: z.number().int().min(5).max(2880).default(120),
  /** How long a spot is held while a drop-in is paid at checkout. */
  paymentHoldMinutes: z.number().int().min(5).max(120).default(15),
  logo: z.string().nullable().default(null),
  logoWidth: z.number().nullable().default(null),
  logoHeight: z.number().nullable().default(null),
  favIcon: z.string().nullable().default(null),
  headerColor: z.string().nullable().default(null),
  themeColor: z.string().nullable().default(null),
  googleReviewLink: z.string().nullable().default(null),
  /** The Google Place ID the review link was generated from (G-Reviews); null when the link was pasted. */
  googlePlaceId: z.string().nullable().default(null),
  /** The tenant API key (Account and SEO settings): only its SHA-256 and last four characters are kept. */
  apiKeyHash: z.string().nullable().default(null),
  apiKeyHint: z.string().nullable().default(null),
  title: z.string().default(''),
  seoDescription: z.string().default(''),
  seoKeywords: z.string().default(''),
  footerInfo: z.string().default(''),
  isShowFooter: z.boolean().default(true),
  /** The site-wide theme (issue 29): font pair, button and corner styles; unset parts take the defaults. */
  siteTheme: z.object({ fontPair: z.string(), buttonStyle: z.string(), cornerStyle: z.string() }).partial().default({}),
  privacyPolicyLink: z.string().nullable().default(null),
  termsOfServiceLink: z.string().nullable().default(null),
  facebook: z.string().default(''),
  linkedin: z.string().default(''),
  instagram: z.string().default(''),
  twitter: z.string().default(''),
  page1: z.string().nullable().default(null),
  page2: z.string().nullable().default(null),
  page3: z.string().nullable().default(null),
  page4: z.string().nullable().default(null),
  page5: z.string().nullable().default(null),
  webstate: z.enum(['int_website', 'ext_website', 'no_website']).default('int_website'),
  isCustomizeCss: z.boolean().default(false),
  isShowSidebar: z.boolean().default(true),
  // module flags (spec 2 "Module Settings", spec 1 §3 account detail flags)
  isShowSchedule: z.boolean().default(true),
  isShowScheduleMenu: z.boolean().default(true),
  isShowCalenderView: z.boolean().default(true),
  isShowCourses: z.boolean().default(true),
  isEnableCourses: z.boolean().default(true),
  isEnableOnlineCourses: z.boolean().default(false),
  isShowDonation: z.boolean().default(true),
  isShowStoreMenu: z.boolean().default(true),
  isShowEventsMenu: z.boolean().default(true),
  isShowAssessment: z.boolean().default(false),
  isShowFormsMenu: z.boolean().default(true),
  isShowMerchandiseMenu: z.boolean().default(true),
  isShowDonationMenu: z.boolean().default(true),
  isShowCampaignsMenu: z.boolean().default(true),
  isShowRegistrationLink: z.boolean().default(true),
  isShowRoomName: z.boolean().default(false),
  isSupportGrn: z.boolean().default(false),
  isMultiCountrySupport: z.boolean().default(false),
  isAddressNeededForEvent: z.boolean().default(false),
  isRegAndPurchaseOnSamePage: z.boolean().default(false),
  /** Memberships: what the last declined payment retry leads to (decisions.md "Dunning ends"). */
  membershipAfterLastRetry: z.enum(['suspend', 'cancel']).default('suspend'),
  isWaiverFormToBeSigned: z.boolean().default(false),
  waiverFormLink: z.string().nullable().default(null),
  /** Below this age a registration names a guardian, who signs for the minor (decisions.md, issue 22). */
  ageOfMajority: z.number().int().min(AGE_OF_MAJORITY_MIN).max(AGE_OF_MAJORITY_MAX).default(AGE_OF_MAJORITY_DEFAULT),
  isNewTenant: z.boolean().default(false),
  // onboarding (spec 3 §3 "Onboarding and tenant fields"); the website is `website` (companyUrl)
  onBoardingStep: z.number().int().default(0),
  businessType: z.string().default('wellness-trainer'),
  businessSize: z.string().default('2'),
  businessReferer: z.string().default(''),
  // Student App (spec 2 §3): the portal's tab labels, its colour and welcome images
  appLabel1: z.string().default('Calendar'),
  appLabel2: z.string().default('Courses'),
  appLabel3: z.string().default('My Store'),
  appLabel4: z.string().default('Assessments'),
  appPrimaryColor: z.string().nullable().default(null),
  appWelcomeImage1: z.string().nullable().default(null),
  appWelcomeImage2: z.string().nullable().default(null),
  appWelcomeImage3: z.string().nullable().default(null),
  // labels
  buyButtonLabel: z.string().default('Buy'),
  registerButtonLabel: z.string().default('Register'),
  registrationLinkName: z.string().default('Register'),
  workshopLabel: z.string().default('Workshop'),
  scheduleLabel: z.string().default('Schedule'),
  promotionLabel: z.string().default('Promotion'),
  primaryGuardianLabel: z.string().default('Primary Guardian'),
  secondaryGuardianLabel: z.string().default('Secondary Guardian'),
  itemExpiresAfter: z.number().nullable().default(null),
  /** Days a contact's first recurring membership is free (the intro offer; 0: none). */
  introMembershipPeriod: z.number().default(0),
  // payments (public parts only)
  bankFees: z.number().default(0),
  cardFees: z.number().default(0),
  taxPercent: z.number().default(0),
  // Payment Settings (spec 2 §3): supported currencies (USD and INR are always added), one extra tax line, the invoice note
  currencies: z.array(z.string()).default([]),
  taxLabel1: z.string().default(''),
  taxValue1: z.number().nullable().default(null),
  invoiceNote: z.string().default(''),
  paymentProvider: z.string().nullable().default(null),
  stripePublishableKey: z.string().nullable().default(null),
  stripeClientId: z.string().nullable().default(null),
  clanMeetingDomain: z.string().nullable().default(null),
  // spec 2 §6: staff and front-desk permissions; null until an admin saves the Roles screen (defaults apply)
  tenantRoles: z.array(TenantRoleEntry).nullable().default(null),
  // contacts (decisions.md "Contacts: tags, account actions, family, capped count"): tags created ahead of
  // use (tags in use live on the contacts) and the contact categories that file imports
  contactTags: z.array(z.string()).default([]),
  contactCategories: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
  // the tenant's own plan with the platform (spec 2 "Plan page"); null: the free plan, never charged
  subscription: StoredSubscription.nullable().default(null),
});
export type TenantSettings = z.infer<typeof TenantSettings>;

/**
 * The External Website settings (spec 2 "Website Settings"): the five page addresses of a site kept
 * elsewhere and which site the studio uses. The tenant's config and Website Settings both answer them.
 */
export function externalWebsiteOf(s: TenantSettings) {
  return { page1: s.page1, page2: s.page2, page3: s.page3, page4: s.page4, page5: s.page5, webstate: s.webstate };
}

export function settingsWithDefaults(stored: Partial<TenantSettings> | null | undefined): TenantSettings {
  return TenantSettings.parse(stored ?? {});
}
