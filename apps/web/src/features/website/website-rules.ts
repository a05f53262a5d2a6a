import { EXTERNAL_URL_PATTERN, LEGAL_PAGES, type TEMPLATE_PAGE_TYPES, UNDELETABLE_PAGES } from '@atrium/contracts';

/** The standard pages whose content is a listing of a feature rather than a designed page (spec 3 §2.1). */
export const LISTING_PAGES = [
  'events',
  'forms',
  'calendar',
  'courses',
  'merchandise',
  'donations',
  'mediagallery',
] as const;

const has = (list: readonly string[], name: string) => list.includes(name);

export const isListingPage = (name: string) => has(LISTING_PAGES, name);
export const isLegalPage = (name: string) => has(LEGAL_PAGES, name);
export const isUndeletablePage = (name: string) => has(UNDELETABLE_PAGES, name);

/** Spec 3 §5: a custom page starts with a random 4-digit number (1000 to 9999) as name, title and url. */
export function randomPageName(random: () => number = Math.random): string {
  return String(1000 + Math.floor(random() * 9000));
}

/** Spec 3 §4: the new order is sent with sequences 1..n for the pages that have an id. */
export function sequencePayload<T extends { id?: string | null; name: string }>(
  pages: T[],
): { id: string; name: string; sequence: number }[] {
  return pages
    .filter((page): page is T & { id: string } => !!page.id)
    .map((page, index) => ({ id: page.id, name: page.name, sequence: index + 1 }));
}

export interface PageControls {
  /** Published/Private toggle: hidden for home, privacy policy and terms of service. */
  publishToggle: boolean;
  /** Website Settings gear (navigation and footer switches): hidden for home. */
  settingsGear: boolean;
  /** Delete: only custom pages, and only once they exist. */
  deleteButton: boolean;
  /** Internal Page / External Link: home is the site's root, listing pages show their feature. */
  linkToggle: boolean;
  /** The designer (edit button and stepper); listing pages show their listing instead. */
  designer: boolean;
  listing: boolean;
}

/** Which controls the selected page's header shows (spec 3 §2.1, §9). */
export function pageControls(name: string, exists: boolean): PageControls {
  const home = name === 'home';
  const listing = isListingPage(name);
  return {
    publishToggle: exists && !home && !isLegalPage(name),
    settingsGear: exists && !home,
    deleteButton: exists && !isUndeletablePage(name),
    linkToggle: !home && !listing,
    designer: !listing,
    listing,
  };
}

/** Spec 3 §5: the external address is required and must be an absolute address. */
export function externalUrlError(value: string): string | null {
  const url = value.trim();
  if (!url) return 'URL is required!';
  if (!EXTERNAL_URL_PATTERN.test(url)) return 'Enter an absolute page address, e.g. example.com/services';
  return null;
}

/** Spec 3 §5: 'Page Name is required!'. */
export function pageNameError(value: string): string | null {
  return value.trim() ? null : 'Page Name is required!';
}

/** Spec 3 §7.1: templates are filed under home, about, contact, privacypolicy, termsofservice, else others. */
export function templatePageType(name: string): (typeof TEMPLATE_PAGE_TYPES)[number] {
  const own = ['home', 'about', 'contact', 'privacypolicy', 'termsofservice', 'mediagallery'] as const;
  return own.find((type) => type === name) ?? 'others';
}

export const STEPS = ['Select Template', 'Edit Page', 'Preview'] as const;

/**
 * Spec 3 §4: editing an existing page jumps to step 1 (index 0) for home and step 2 for the others.
 * A page with nothing in it yet (just added) starts at the templates too: there is nothing to edit.
 */
export function firstEditStep(name: string, page: { unhtml: string; unjson: unknown } | null): 0 | 1 {
  const hasContent = !!page && (page.unhtml.trim() !== '' || page.unjson != null);
  return hasContent && name !== 'home' ? 1 : 0;
}

export type EditorKind = 'designer' | 'html';

/**
 * Spec 3 §4: privacy policy and terms of service use the raw HTML editor when their stored html
 * exists with no design and no external link; every other page opens in the designer.
 */
export function editorFor(page: {
  name: string;
  unhtml: string;
  unjson: unknown;
  isExternalLink: boolean;
}): EditorKind {
  if (isLegalPage(page.name) && page.unhtml.trim() && page.unjson == null && !page.isExternalLink) return 'html';
  return 'designer';
}

/** The light background of the Empty Template (spec 3 §4). */
export const EMPTY_TEMPLATE_CSS = 'body{background-color:#f8f9fa;}';

/** The hint under 'Enter URL' (spec 3 §2.1). */
export function externalHint(host: string): string {
  return `Enter absolute page address e.g ${host}/services`;
}

/**
 * Spec 3 §8 "Page header": the toast after the header/sub-header block is saved. The header is part
 * of the page here, so it is "added" when the page had neither a header nor a sub-header before.
 */
export function pageHeaderSavedMessage(page: { title: string; header: string; subHeader: string }): string {
  const added = !page.header.trim() && !page.subHeader.trim();
  return `${page.title} is ${added ? 'added' : 'updated'} successfully.`;
}
