import { type SiteTheme, siteThemeOf, type WebsiteSettings, WebsiteSettingsWrite } from '@atrium/contracts';

/** The Website Settings form: text inputs hold strings, the size inputs a number or ''. */
export interface WebsiteFormValues {
  logo: string;
  logoWidth: number | '';
  logoHeight: number | '';
  favIcon: string;
  title: string;
  headerColor: string;
  themeColor: string;
  twitter: string;
  facebook: string;
  instagram: string;
  linkedin: string;
  footerInfo: string;
  isShowFooter: boolean;
  privacyPolicyLink: string;
  tosLink: string;
  googleReviewLink: string;
  page1: string;
  page2: string;
  page3: string;
  page4: string;
  page5: string;
  /** The site-wide theme: font pair, button and corner styles (issue 29). */
  siteTheme: SiteTheme;
}

export const MENU_LINK_FIELDS = ['page1', 'page2', 'page3', 'page4', 'page5'] as const;
export const SOCIAL_FIELDS = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['twitter', 'Twitter'],
  ['linkedin', 'LinkedIn'],
] as const;

export function toWebsiteFormValues(settings: WebsiteSettings): WebsiteFormValues {
  return {
    logo: settings.logo ?? '',
    logoWidth: settings.logoWidth ?? '',
    logoHeight: settings.logoHeight ?? '',
    favIcon: settings.favIcon ?? '',
    title: settings.title,
    headerColor: settings.headerColor ?? '',
    themeColor: settings.themeColor ?? '',
    twitter: settings.twitter,
    facebook: settings.facebook,
    instagram: settings.instagram,
    linkedin: settings.linkedin,
    footerInfo: settings.footerInfo,
    isShowFooter: settings.isShowFooter,
    privacyPolicyLink: settings.privacyPolicyLink ?? '',
    tosLink: settings.tosLink ?? '',
    googleReviewLink: settings.googleReviewLink ?? '',
    page1: settings.page1 ?? '',
    page2: settings.page2 ?? '',
    page3: settings.page3 ?? '',
    page4: settings.page4 ?? '',
    page5: settings.page5 ?? '',
    siteTheme: siteThemeOf(settings.siteTheme),
  };
}

export function toWebsiteWriteBody(values: WebsiteFormValues): WebsiteSettingsWrite {
  return {
    ...values,
    logoWidth: values.logoWidth === '' ? null : values.logoWidth,
    logoHeight: values.logoHeight === '' ? null : values.logoHeight,
  };
}

/**
 * The contract's own rules, run in the browser: each field gets the message the server would give
 * (spec 2 §5: logo width and height numeric, SEO fields at most 255 characters).
 */
export function contractErrors<T>(
  schema: {
    safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  body: T,
): Record<string, string> {
  const result = schema.safeParse(body);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function websiteFormErrors(values: WebsiteFormValues): Record<string, string> {
  return contractErrors(WebsiteSettingsWrite, toWebsiteWriteBody(values));
}
