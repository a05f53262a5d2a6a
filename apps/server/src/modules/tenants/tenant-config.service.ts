import {
  currencySymbol,
  internalPagePath,
  LEGAL_PAGES,
  PLATFORM_VERSION,
  siteThemeOf,
  TenantConfig,
  type WebPageLink,
  withScheme,
} from '@atrium/contracts';
import type { AppConfig } from '../../config.ts';
import { type Db, withTenant } from '../../db/client.ts';
import type { websitePages } from '../../db/schema/index.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { externalWebsiteOf } from '../../lib/tenant-settings.ts';
import { publishedForms } from '../forms/forms.service.ts';
import { isOperatorTenant } from '../operator/operator-guard.ts';
import { listPublishedPages } from '../website/website.repo.ts';

type PageRow = typeof websitePages.$inferSelect;

function toPageLink(page: PageRow): WebPageLink {
  const externalLink = page.isExternalLink && page.externalLink ? withScheme(page.externalLink) : null;
  return {
    name: page.name,
    url: page.isExternalLink ? (externalLink ?? '') : internalPagePath(page),
    title: page.title,
    externalUrl: externalLink,
    externalLink,
    isExternalLink: page.isExternalLink,
    isShowFooter: page.isShowFooter,
    isShowNavigation: page.isShowNavigation,
    isLegal: (LEGAL_PAGES as readonly string[]).includes(page.name),
    sequence: page.sequence,
  };
}

/** Spec 1 §3 "Tenant config (from ping)": the public face of a tenant, never a secret. */
export function buildTenantConfig(
  tenant: TenantContext,
  pages: PageRow[],
  config: AppConfig,
  forms: TenantConfig['forms'] = [],
): TenantConfig {
  const s = tenant.settings;
  const links = pages.map(toPageLink);
  const home = links.find((page) => page.name === 'home') ?? null;
  const title = s.title || tenant.name;
  return TenantConfig.parse({
    orgId: tenant.orgId,
    masterOrgId: tenant.masterOrgId,
    orgGuId: tenant.tenantId,
    tenantId: tenant.tenantId,
    name: tenant.name,
    title,
    email: s.email,
    phone: s.phone,
    website: s.website,
    customDomain: tenant.customDomain,
    country: s.country,
    timezone: s.timezone,
    environmentName: config.environmentName,
    version: PLATFORM_VERSION,
    logo: s.logo,
    bigLogo: s.logo,
    smallLogo: s.logo,
    cloudName: null,
    csymbol: currencySymbol(s.currency),
    bankFees: s.bankFees,
    cardFees: s.cardFees,
    taxPercent: s.taxPercent,
    buyButtonLabel: s.buyButtonLabel,
    registerButtonLabel: s.registerButtonLabel,
    registrationLinkName: s.registrationLinkName,
    workshopLabel: s.workshopLabel,
    scheduleLabel: s.scheduleLabel,
    promotionLabel: s.promotionLabel,
    primaryGuardianLabel: s.primaryGuardianLabel,
    secondaryGuardianLabel: s.secondaryGuardianLabel,
    itemExpiresAfter: s.itemExpiresAfter,
    isAddressNeededForEvent: s.isAddressNeededForEvent,
    isNewTenant: s.isNewTenant,
    isRegAndPurchaseOnSamePage: s.isRegAndPurchaseOnSamePage,
    isShowCalenderView: s.isShowCalenderView,
    isShowCourses: s.isShowCourses,
    isShowDonation: s.isShowDonation,
    isShowScheduleMenu: s.isShowScheduleMenu,
    isShowStoreMenu: s.isShowStoreMenu,
    isSupportGrn: s.isSupportGrn,
    isShowRegistrationLink: s.isShowRegistrationLink,
    isShowRoomName: s.isShowRoomName,
    isShowSchedule: s.isShowSchedule,
    isWaiverFormToBeSigned: s.isWaiverFormToBeSigned,
    waiverFormLink: s.waiverFormLink,
    isMasterFranchise: tenant.orgId === tenant.masterOrgId,
    isPlatformOperator: isOperatorTenant(config, tenant),
    isSuspended: Boolean(tenant.suspendedAt),
    isMultiCountrySupport: s.isMultiCountrySupport,
    isAuthValid: true,
    tenantAuthViewCmd: null,
    paymentProvider: s.paymentProvider,
    stripePublishableKey: s.stripePublishableKey,
    stripeClientId: s.stripeClientId,
    stripeApiKey: null,
    stripeAuthCode: null,
    zoomApi: null,
    zoomAuthCode: null,
    clanMeetingDomain: s.clanMeetingDomain,
    clanMeetingSecret: null,
    seoDescription: s.seoDescription,
    seoKeywords: s.seoKeywords,
    isShowSidebar: s.isShowSidebar,
    ...externalWebsiteOf(s),
    isExternalWebsite: s.webstate === 'ext_website',
    forms,
    privacyPolicyLink: s.privacyPolicyLink,
    termsOfServiceLink: s.termsOfServiceLink,
    isEnableCourses: s.isEnableCourses,
    isEnableOnlineCourses: s.isEnableOnlineCourses,
    homepage: home ? home.url : null,
    home: home ? home.name : null,
    web: { pages: links },
    org: {
      logo: s.logo,
      logoWidth: s.logoWidth,
      logoHeight: s.logoHeight,
      favIcon: s.favIcon,
      headerColor: s.headerColor,
      themeColor: s.themeColor,
      title,
      seoDescription: s.seoDescription,
      footerInfo: s.footerInfo,
      isShowFooter: s.isShowFooter,
      siteTheme: siteThemeOf(s.siteTheme),
    },
    socials: (['facebook', 'linkedin', 'instagram', 'twitter'] as const)
      .filter((name) => s[name])
      .map((name) => ({ name, value: s[name] })),
    address: { line1: s.addressLine1 },
    isCustomizeCss: s.isCustomizeCss,
    appLabels: [s.appLabel1, s.appLabel2, s.appLabel3, s.appLabel4],
  });
}

/**
 * Ping is on every page load, so its answer is kept per tenant as ready-to-send JSON; writes that
 * change it (pages, settings) call invalidate(), and a short TTL covers other processes.
 */
export class TenantConfigCache {
  private readonly cache;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    bus: CacheBus,
  ) {
    this.cache = bus.cache<{ config: TenantConfig; json: string }>('tenantConfigs', 10_000);
  }

  get(tenant: TenantContext): Promise<{ config: TenantConfig; json: string }> {
    return this.cache.get(tenant.tenantId, async () => {
      const { pages, forms } = await withTenant(this.db, tenant.tenantId, async (tx) => ({
        pages: await listPublishedPages(tx, tenant.tenantId),
        forms: (await publishedForms(tx, tenant.tenantId)).map(({ name, guId }) => ({ name, guId })),
      }));
      const built = buildTenantConfig(tenant, pages, this.config, forms);
      return { config: built, json: JSON.stringify(built) };
    });
  }

  /** get()'s answer while it is kept, without a promise (ping's hot path); undefined when get() must build it. */
  peek(tenant: TenantContext): { config: TenantConfig; json: string } | undefined {
    return this.cache.peek(tenant.tenantId);
  }

  invalidate(tenantId?: string): void {
    if (tenantId) this.cache.delete(tenantId);
    else this.cache.clear();
  }
}
