/**
 * The cached shape of a server-rendered site entry. A file of its own that imports nothing, so
 * platform.ts can name it without importing the site's rendering (which reads media through the
 * platform: an import cycle).
 */
export interface SitePage {
  name: string;
  title: string;
  header: string;
  subHeader: string;
  /** Already sanitised. */
  html: string;
  css: string;
  /** The page's own search description (a course's), in place of the studio's. */
  description?: string;
  /** The page's own preview image (absolute), in place of the studio's logo. */
  image?: string;
  /** Kept out of search engines (robots noindex, no canonical): a page behind a private link (an invoice). */
  noindex?: boolean;
}

export type SiteEntry =
  | { kind: 'page'; page: SitePage }
  | { kind: 'external'; url: string }
  /** An old address of a renamed page: where it lives now. */
  | { kind: 'moved'; url: string }
  | { kind: 'unpublished' };
