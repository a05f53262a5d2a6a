import { z } from 'zod';

/** Spec 3 §5: custom pages start with a random 4-digit name (1000 to 9999). */
export const PAGE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Spec 3 §5: an absolute page address — optional http, https, ftp or sftp scheme, then a dotted
 * host and an optional path.
 */
export const EXTERNAL_URL_PATTERN = /^((https?|s?ftp):\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?(\/[^\s]*)?$/i;

/** Paths of the web app that a page may not take. */
export const RESERVED_PAGE_NAMES = [
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'logout',
  'signup',
  'checkout',
  'preview',
  'regform',
  'registration',
  'invoice',
  'donate',
  'publicdonations',
  'tplan',
  'api',
  'assets',
  'public',
  'rest',
  'snode',
  'stemplate',
  'item',
  'app',
  'ping',
  'healthz',
  'media',
  'profile-photo',
  'dashboard',
  'settings',
  'classes',
  'mycourses',
  'profile',
  'website',
  'contacts',
] as const;

/** Page types the templates are filed under (spec 3 §7.1, §9). */
export const TEMPLATE_PAGE_TYPES = [
  'home',
  'about',
  'contact',
  'privacypolicy',
  'termsofservice',
  'others',
  'mediagallery',
] as const;
export const TemplatePageType = z.enum(TEMPLATE_PAGE_TYPES);

/** Spec 3 §3 "Website page" as staff read it. */
export const WebPage = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  url: z.string(),
  header: z.string(),
  subHeader: z.string(),
  footer: z.string(),
  headerColor: z.string().nullable(),
  sequence: z.number().int(),
  isPublished: z.boolean(),
  isShowNavigation: z.boolean(),
  isShowFooter: z.boolean(),
  isExternalLink: z.boolean(),
  externalLink: z.string().nullable(),
  unhtml: z.string(),
  css: z.string(),
  unjson: z.unknown().nullable(),
  updatedAt: z.string(),
  /** The designer's unpublished work (Save draft); null when the page is as published. */
  draft: z
    .object({
      unhtml: z.string(),
      css: z.string(),
      unjson: z.unknown().nullable(),
      header: z.string(),
      subHeader: z.string(),
      savedAt: z.string(),
    })
    .nullable()
    .optional(),
});
export type WebPage = z.infer<typeof WebPage>;
export type WebPageDraft = NonNullable<WebPage['draft']>;

/** Versions kept per page (the last published ones); publishing one more drops the oldest. */
export const KEPT_PAGE_VERSIONS = 20;

/** Spec 3 §3 "Page list entry". */
export const WebPageListItem = WebPage.pick({
  id: true,
  name: true,
  title: true,
  sequence: true,
  isPublished: true,
}).extend({
  isExternalLink: z.boolean(),
});
export type WebPageListItem = z.infer<typeof WebPageListItem>;

const text = (field: string, max: number) => z.string().max(max, `${field} must be at most ${max} characters`);

/**
 * Spec 3 §7.1 page body: the designer's export (unhtml, unjson, plus css as `style`), the page texts
 * and the link mode. Every field is optional on update; an update may carry only isPublished, or
 * only isShowFooter with isShowNavigation.
 */
export const WebPageWrite = z.object({
  title: text('title', 120).trim().min(1, 'Page Name is required!').optional(),
  url: text('url', 120).optional(),
  name: text('name', 63).optional(),
  header: text('header', 300).optional(),
  subHeader: text('subHeader', 500).optional(),
  footer: text('footer', 2000).optional(),
  headerColor: text('headerColor', 30).nullable().optional(),
  unhtml: text('unhtml', 500_000).optional(),
  unjson: z.unknown().optional(),
  style: text('style', 200_000).optional(),
  css: text('css', 200_000).optional(),
  body: z.unknown().optional(),
  js: z.unknown().optional(),
  fonts: z.unknown().optional(),
  isExternalLink: z.boolean().optional(),
  externalLink: text('externalLink', 2000).nullable().optional(),
  isPublished: z.boolean().optional(),
  isShowNavigation: z.boolean().optional(),
  isShowFooter: z.boolean().optional(),
});
export type WebPageWrite = z.infer<typeof WebPageWrite>;

export const SequenceUpdate = z.object({
  pages: z
    .array(
      z.object({
        id: z.string().uuid('pages.id must be a page id'),
        name: z.string().max(63),
        sequence: z.number().int().min(1),
      }),
    )
    .min(1, 'pages must list at least one page')
    .max(500),
});
export type SequenceUpdate = z.infer<typeof SequenceUpdate>;

/** Spec 3 §3 "Website template". orgId is the owner: only the owner may delete. */
export const WebTemplate = z.object({
  _id: z.string(),
  name: z.string(),
  pageType: z.string(),
  thumbnail: z.string().nullable(),
  s3Url: z.string().nullable(),
  unhtml: z.string(),
  css: z.string(),
  unjson: z.unknown().nullable(),
  orgId: z.string(),
  createdAt: z.string(),
});
export type WebTemplate = z.infer<typeof WebTemplate>;

export const WebTemplateList = z.object({ data: z.array(WebTemplate), total: z.number().int() });
export type WebTemplateList = z.infer<typeof WebTemplateList>;

export const WebTemplateQuery = z.object({
  pageType: z.string().max(40).optional(),
  start: z.coerce.number().int().min(0).default(0),
  max: z.coerce.number().int().min(1).max(100).default(5),
  search: z.string().max(100).optional(),
});

export const WebTemplateWrite = z.object({
  name: z.string().trim().min(1, 'Template name is required').max(120),
  pageType: TemplatePageType.default('others'),
  thumbnail: z.string().max(2000).nullable().optional(),
  unhtml: z.string().max(500_000).default(''),
  css: z.string().max(200_000).optional(),
  unjson: z.unknown().optional(),
});
export type WebTemplateWrite = z.infer<typeof WebTemplateWrite>;

/** The designer's Save draft (and Publish, which may carry the draft it publishes). */
export const WebPageDraftWrite = z.object({
  unhtml: z.string().max(500_000, 'unhtml must be at most 500000 characters'),
  style: z.string().max(200_000, 'style must be at most 200000 characters').default(''),
  unjson: z.unknown().optional(),
  header: z.string().max(300, 'header must be at most 300 characters').optional(),
  subHeader: z.string().max(500, 'subHeader must be at most 500 characters').optional(),
});
export type WebPageDraftWrite = z.infer<typeof WebPageDraftWrite>;

/** A published version of a page, newest first in the list. */
export const WebPageVersion = z.object({
  id: z.string(),
  publishedAt: z.string(),
  /** The name of the person who published it, as it was then. */
  publishedBy: z.string(),
});
export type WebPageVersion = z.infer<typeof WebPageVersion>;
