import { createHash, randomBytes } from 'node:crypto';
import { type ApiKeyResponse, siteThemeOf, type WebsiteSettings, type WebsiteSettingsWrite } from '@atrium/contracts';
import { badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { externalWebsiteOf, type TenantSettings } from '../../lib/tenant-settings.ts';
import type { Platform } from '../../platform.ts';
import { saveTenantSettings } from './settings.service.ts';

/** Spec 2 §3 "Website settings", as the Website Settings and External Website screens read them. */
export function toWebsiteSettings(tenant: TenantContext): WebsiteSettings {
  const s = tenant.settings;
  return {
    favIcon: s.favIcon,
    logo: s.logo,
    logoWidth: s.logoWidth,
    logoHeight: s.logoHeight,
    title: s.title,
    seoDescription: s.seoDescription,
    seoKeywords: s.seoKeywords,
    apiKeyHint: s.apiKeyHint,
    headerColor: s.headerColor,
    themeColor: s.themeColor,
    twitter: s.twitter,
    facebook: s.facebook,
    instagram: s.instagram,
    linkedin: s.linkedin,
    footerInfo: s.footerInfo,
    isShowFooter: s.isShowFooter,
    privacyPolicyLink: s.privacyPolicyLink,
    tosLink: s.termsOfServiceLink,
    googleReviewLink: s.googleReviewLink,
    ...externalWebsiteOf(s),
    website: s.website,
    siteTheme: siteThemeOf(s.siteTheme),
  };
}

/**
 * PUT /plugin/tenant/: any subset of Website Settings, SEO and External Website; what it sets shows
 * on the public site at once (the tenant and its ping are forgotten on save).
 */
export async function updateWebsiteSettings(
  platform: Platform,
  tenant: TenantContext,
  body: WebsiteSettingsWrite,
): Promise<WebsiteSettings> {
  const { tosLink, ...rest } = body;
  const patch = { ...rest } as Partial<TenantSettings>;
  if (tosLink !== undefined) patch.termsOfServiceLink = tosLink;
  // a theme change sends only what changed: the rest of the theme stays
  if (body.siteTheme) patch.siteTheme = { ...siteThemeOf(tenant.settings.siteTheme), ...body.siteTheme };
  if (Object.keys(body).length === 0) throw badRequest('body', 'At least one setting is required');
  const webstate = body.webstate ?? tenant.settings.webstate;
  const website = body.website ?? tenant.settings.website;
  if (webstate === 'ext_website' && !website.trim()) {
    throw badRequest('website', 'Website address is required for an external website');
  }
  return toWebsiteSettings(await saveTenantSettings(platform, tenant, patch));
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * POST /plugin/tenant/apikey: a new key replaces the old one at once. The key is answered this
 * once; only its hash and last four characters are kept (decisions.md "Website settings and SEO").
 */
export async function regenerateApiKey(platform: Platform, tenant: TenantContext): Promise<ApiKeyResponse> {
  const apiKey = `atr_${randomBytes(24).toString('base64url')}`;
  const apiKeyHint = apiKey.slice(-4);
  await saveTenantSettings(platform, tenant, { apiKeyHash: hashApiKey(apiKey), apiKeyHint });
  return { apiKey, apiKeyHint };
}
