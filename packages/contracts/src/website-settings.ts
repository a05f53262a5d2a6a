import { z } from 'zod';
import { SiteThemeWrite } from './site-theme.ts';
import { EXTERNAL_URL_PATTERN } from './website.ts';

/** Spec 2 §5, §9: SEO keywords and description at most 255 characters. */
export const SEO_MAX = 255;
/** Spec 2 §5: the logo label recommends a height of 75px. */
export const RECOMMENDED_LOGO_HEIGHT = 75;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** An uploaded image of this tenant (`/media/{id}`) or an absolute http(s) address. */
const IMAGE_PATH = /^(\/media\/[0-9a-f-]{36}|https?:\/\/\S+)$/i;

const optionalUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(500, `${field} is too long`)
    .refine((value) => value === '' || EXTERNAL_URL_PATTERN.test(value), `${field} must be a web address`);

export const imagePath = (field: string) =>
  z
    .string()
    .trim()
    .max(500, `${field} is too long`)
    .refine((value) => value === '' || IMAGE_PATH.test(value), `${field} must be an uploaded image or a web address`)
    .transform((value) => value || null)
    .nullable();

const pixels = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number of pixels`)
    .min(1, `${field} must be at least 1px`)
    .max(2000, `${field} must be at most 2000px`)
    .nullable();

/** A menu link of the form 'title::url' (spec 1 §3), or empty. */
const pageLink = (field: string) =>
  z
    .string()
    .trim()
    .max(300, `${field} is too long`)
    .refine((value) => {
      if (value === '') return true;
      const [title = '', url = '', ...rest] = value.split('::');
      return rest.length === 0 && title.trim() !== '' && EXTERNAL_URL_PATTERN.test(url.trim());
    }, `${field} must read 'title::address'`)
    .transform((value) => value || null)
    .nullable();

/** Spec 2 §3 "Website settings" as the Website Settings screen reads them. */
export const WebsiteSettings = z.object({
  favIcon: z.string().nullable(),
  logo: z.string().nullable(),
  logoWidth: z.number().nullable(),
  logoHeight: z.number().nullable(),
  title: z.string(),
  seoDescription: z.string(),
  seoKeywords: z.string(),
  /** The last four characters of the tenant API key; the key itself is shown once, when made. */
  apiKeyHint: z.string().nullable(),
  headerColor: z.string().nullable(),
  themeColor: z.string().nullable(),
  twitter: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  linkedin: z.string(),
  footerInfo: z.string(),
  isShowFooter: z.boolean(),
  privacyPolicyLink: z.string().nullable(),
  tosLink: z.string().nullable(),
  googleReviewLink: z.string().nullable(),
  page1: z.string().nullable(),
  page2: z.string().nullable(),
  page3: z.string().nullable(),
  page4: z.string().nullable(),
  page5: z.string().nullable(),
  /** Where visitors find the tenant's website (the External Website screen). */
  webstate: z.enum(['int_website', 'ext_website', 'no_website']),
  website: z.string(),
  /** The site-wide theme (issue 29). */
  siteTheme: z.object({ fontPair: z.string(), buttonStyle: z.string(), cornerStyle: z.string() }),
});
export type WebsiteSettings = z.infer<typeof WebsiteSettings>;

export const colour = (field: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || HEX_COLOUR.test(value), `${field} must be a colour like #1a2b3c`)
    .transform((value) => value || null)
    .nullable();

/**
 * PUT /plugin/tenant/: the Website Settings form, the SEO settings (keywords and description) or the
 * External Website choice: any subset of the fields.
 */
export const WebsiteSettingsWrite = z
  .object({
    favIcon: imagePath('Favicon'),
    logo: imagePath('Logo'),
    logoWidth: pixels('Logo width'),
    logoHeight: pixels('Logo height'),
    title: z.string().trim().max(120, 'Title is too long'),
    seoDescription: z.string().trim().max(SEO_MAX, `Description cannot exceed ${SEO_MAX} characters`),
    seoKeywords: z.string().trim().max(SEO_MAX, `Keywords cannot exceed ${SEO_MAX} characters`),
    headerColor: colour('Header colour'),
    themeColor: colour('Theme colour'),
    twitter: optionalUrl('Twitter'),
    facebook: optionalUrl('Facebook'),
    instagram: optionalUrl('Instagram'),
    linkedin: optionalUrl('LinkedIn'),
    footerInfo: z.string().max(2000, 'Footer information is too long'),
    isShowFooter: z.boolean(),
    privacyPolicyLink: optionalUrl('Privacy policy link')
      .transform((value) => value || null)
      .nullable(),
    tosLink: optionalUrl('Terms of service link')
      .transform((value) => value || null)
      .nullable(),
    googleReviewLink: optionalUrl('Google review link')
      .transform((value) => value || null)
      .nullable(),
    page1: pageLink('Link 1'),
    page2: pageLink('Link 2'),
    page3: pageLink('Link 3'),
    page4: pageLink('Link 4'),
    page5: pageLink('Link 5'),
    webstate: z.enum(['int_website', 'ext_website', 'no_website'], {
      error: 'webstate must be int_website, ext_website or no_website',
    }),
    website: optionalUrl('Website address'),
    siteTheme: SiteThemeWrite,
  })
  .partial()
  .strict();
export type WebsiteSettingsWrite = z.input<typeof WebsiteSettingsWrite>;

/** The SEO settings screen's part of PUT /plugin/tenant/ (spec 2 §5: each at most 255 characters). */
export const SeoSettingsWriteShape = WebsiteSettingsWrite.pick({ seoKeywords: true, seoDescription: true }).required();

/** POST /plugin/tenant/apikey: the new key, shown once. */
export const ApiKeyResponse = z.object({ apiKey: z.string(), apiKeyHint: z.string() });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>;

/** What the web shows of a stored key. */
export function apiKeyMask(hint: string | null): string {
  return hint ? `•••• •••• •••• ${hint}` : 'No key yet';
}
