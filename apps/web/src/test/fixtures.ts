import type {
  AccountDetail,
  Chapter,
  ContactBooking,
  OnboardingState,
  SessionContact,
  TenantConfig,
  WebPageLink,
} from '@atrium/contracts';

export function makePage(name: string, overrides: Partial<WebPageLink> = {}): WebPageLink {
  return {
    name,
    url: name,
    title: name.charAt(0).toUpperCase() + name.slice(1),
    externalUrl: null,
    externalLink: null,
    isExternalLink: false,
    isShowFooter: false,
    isShowNavigation: true,
    isLegal: false,
    sequence: 0,
    ...overrides,
  };
}

export function makeTenant(overrides: Partial<TenantConfig> = {}): TenantConfig {
  return {
    orgId: 'demo',
    masterOrgId: 'master',
    orgGuId: 'org-guid',
    tenantId: 'tenant-1',
    name: 'Demo Studio',
    title: 'Demo Studio',
    email: 'hello@demo.test',
    phone: '+1 555 0100',
    website: '',
    customDomain: null,
    country: 'US',
    timezone: 'America/New_York',
    environmentName: 'test',
    version: '1',
    logo: null,
    bigLogo: null,
    smallLogo: null,
    cloudName: null,
    csymbol: '$',
    bankFees: 0,
    cardFees: 0,
    taxPercent: 0,
    buyButtonLabel: 'Buy',
    registerButtonLabel: 'Register',
    registrationLinkName: 'Register',
    workshopLabel: 'Workshop',
    scheduleLabel: 'Schedule',
    promotionLabel: 'Promotion',
    primaryGuardianLabel: 'Mother',
    secondaryGuardianLabel: 'Father',
    itemExpiresAfter: null,
    isAddressNeededForEvent: false,
    isNewTenant: false,
    isRegAndPurchaseOnSamePage: false,
    isShowCalenderView: true,
    isShowCourses: true,
    isShowDonation: true,
    isShowScheduleMenu: true,
    isShowStoreMenu: true,
    isSupportGrn: false,
    isShowRegistrationLink: true,
    isShowRoomName: false,
    isShowSchedule: true,
    isWaiverFormToBeSigned: false,
    waiverFormLink: null,
    isMasterFranchise: false,
    isMultiCountrySupport: false,
    isAuthValid: true,
    tenantAuthViewCmd: null,
    paymentProvider: null,
    stripePublishableKey: null,
    stripeClientId: null,
    stripeApiKey: null,
    stripeAuthCode: null,
    zoomApi: null,
    zoomAuthCode: null,
    clanMeetingDomain: null,
    clanMeetingSecret: null,
    seoDescription: '',
    seoKeywords: '',
    isShowSidebar: true,
    page1: null,
    page2: null,
    page3: null,
    page4: null,
    page5: null,
    webstate: 'int_website',
    isExternalWebsite: false,
    forms: [],
    privacyPolicyLink: null,
    termsOfServiceLink: null,
    isEnableCourses: true,
    isEnableOnlineCourses: true,
    homepage: null,
    home: null,
    web: { pages: [makePage('home'), makePage('calendar'), makePage('courses'), makePage('about')] },
    org: {
      logo: null,
      logoWidth: null,
      logoHeight: null,
      favIcon: null,
      headerColor: null,
      themeColor: null,
      title: '',
      seoDescription: '',
      footerInfo: '',
      isShowFooter: true,
    },
    socials: [],
    address: { line1: '' },
    isCustomizeCss: false,
    appLabels: ['Calendar', 'Courses', 'My Store', 'Assessments'],
    ...overrides,
  };
}

/** A tenant's onboarding answers as stored: the spec's defaults for a studio in the USA. */
export function makeOnboardingState(overrides: Partial<OnboardingState> = {}): OnboardingState {
  return {
    onBoardingStep: 0,
    isNewTenant: true,
    businessType: 'wellness-trainer',
    businessSize: '2',
    businessReferer: '',
    name: 'Harbor Pilates',
    logo: null,
    phone: '',
    country: 'USA',
    timezone: 'America/New_York',
    companyUrl: '',
    products: {},
    ...overrides,
  };
}

export function makeAccount(overrides: Partial<AccountDetail> = {}): AccountDetail {
  return {
    isShowEventsMenu: true,
    isShowAssessment: true,
    isShowFormsMenu: true,
    isShowMerchandiseMenu: true,
    isShowDonationMenu: true,
    isShowCampaignsMenu: true,
    orgId: 'demo',
    masterOrgId: 'master',
    permissions: { isAllowCreateClasses: true, isShowCourse: true, isShowContactsList: true, isShowOffers: true },
    ...overrides,
  };
}

export function makeContact(overrides: Partial<SessionContact> = {}): SessionContact {
  return {
    guId: 'contact-1',
    email: 'sam@demo.test',
    name: 'Sam',
    lastName: 'Lee',
    fullName: 'Sam Lee',
    phone: '',
    role: 'student',
    picture: null,
    orgId: 'demo',
    isNewClient: false,
    isNewTenant: false,
    hasAcceptedTerms: true,
    isFirstLogin: false,
    isEmailVerified: true,
    isAdminVerified: true,
    ...overrides,
  };
}

/** An unsigned JWT with the given claims: the client never verifies signatures. */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A course chapter of plain text, with nothing attached: the outline's tests give its place and title. */
export function makeChapter(
  fields: Pick<Chapter, 'guId' | 'sectionId' | 'title' | 'sequence'> & Partial<Chapter>,
): Chapter {
  return {
    type: 'text',
    videoAssetId: null,
    html: '',
    fileId: null,
    fileName: null,
    fileUrl: null,
    startsAt: null,
    durationMinutes: null,
    joinUrl: null,
    durationSeconds: null,
    isDemo: false,
    isPreview: false,
    joinIntro: false,
    joinOutro: false,
    ...fields,
  };
}

/** A member's free place in a class, booked and not yet marked. */
export function makeBooking(
  fields: Pick<ContactBooking, 'guId' | 'sessionId' | 'className' | 'startsAt'> & Partial<ContactBooking>,
): ContactBooking {
  return {
    status: 'booked',
    sessionCancelled: false,
    waitlistPosition: null,
    attended: false,
    noShow: false,
    lateCancel: false,
    payment: 'free',
    ...fields,
  };
}
