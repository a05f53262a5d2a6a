import type { TenantConfig, WebPageLink } from './tenant.ts';

/** Spec 1 "Public website pages": the standard pages, in their fixed menu order. */
export const STANDARD_PAGES = [
  'home',
  'calendar',
  'courses',
  'events',
  'merchandise',
  'donations',
  'forms',
  'mediagallery',
] as const;

/** Spec 3 §9. */
export const UNDELETABLE_PAGES = [
  'home',
  'about',
  'contact',
  'calendar',
  'donations',
  'forms',
  'events',
  'courses',
  'mediagallery',
  'privacypolicy',
  'termsofservice',
] as const;

export const LEGAL_PAGES = ['privacypolicy', 'termsofservice'] as const;

/** Where each standard page lives in the web app. */
export const STANDARD_PAGE_PATHS: Record<string, string> = {
  home: '/',
  calendar: '/calendar',
  courses: '/courses',
  events: '/events',
  merchandise: '/merchandise',
  donations: '/donations',
  forms: '/forms',
  mediagallery: '/mediagallery',
};

/**
 * The standard pages whose public screens are built (the web app's PUBLIC_ROUTES marks the same
 * paths built). A standard page whose module is not built stays out of the menu and its path answers
 * page not found, never a placeholder. A module adds its page here when its screen lands.
 */
export const BUILT_STANDARD_PAGES: ReadonlySet<string> = new Set([
  'home',
  'calendar',
  'courses',
  'events',
  'merchandise',
  'donations',
  'forms',
  'mediagallery',
]);

export type PublicMenuItem =
  | { id: string; type: 'item'; title: string; url: string; external: false }
  | { id: string; type: 'item'; title: string; url: string; external: true }
  | { id: string; type: 'group'; title: string; children: PublicMenuItem[] };

/** An external link gets http:// when it has no scheme (spec 1 "Public website pages"). */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return trimmed;
  return `http://${trimmed}`;
}

/** The web-app path of an internal page. */
export function internalPagePath(page: Pick<WebPageLink, 'name' | 'url'>): string {
  const standard = STANDARD_PAGE_PATHS[page.name];
  if (standard) return standard;
  const slug = (page.url || page.name).replace(/^\/+/, '');
  return `/${slug}`;
}

function groupRank(name: string): number {
  const standard = (STANDARD_PAGES as readonly string[]).indexOf(name);
  if (standard >= 0) return standard;
  if (name === 'about') return 1000;
  if (name === 'contact') return 1001;
  return 100;
}

/**
 * Spec 1: standard pages in a fixed order, other pages alphabetical, About and Contact at
 * the end, then everything sorted by sequence (a stable sort, so the first order breaks ties).
 */
export function orderWebPages<T extends Pick<WebPageLink, 'name' | 'title' | 'sequence'>>(pages: T[]): T[] {
  const first = [...pages].sort((a, b) => {
    const rank = groupRank(a.name) - groupRank(b.name);
    if (rank !== 0) return rank;
    return a.title.localeCompare(b.title, undefined, { sensitivity: 'base' });
  });
  return first
    .map((page, index) => ({ page, index }))
    .sort((a, b) => a.page.sequence - b.page.sequence || a.index - b.index)
    .map(({ page }) => page);
}

export function isPageLinkText(value: string | null | undefined): value is string {
  return !!value && value.includes('::');
}

/** The public navigation built from the tenant's website pages (spec 1 §2, §6). */
export function buildPublicMenu(
  tenant: Pick<
    TenantConfig,
    | 'web'
    | 'forms'
    | 'isShowSchedule'
    | 'isShowCourses'
    | 'isShowDonation'
    | 'page1'
    | 'page2'
    | 'page3'
    | 'page4'
    | 'page5'
  >,
): PublicMenuItem[] {
  const visible = tenant.web.pages.filter((page) => {
    if (!page.isShowNavigation || page.isLegal) return false;
    if (page.name in STANDARD_PAGE_PATHS && !BUILT_STANDARD_PAGES.has(page.name)) return false;
    if (page.name === 'calendar' && !tenant.isShowSchedule) return false;
    if (page.name === 'courses' && !tenant.isShowCourses) return false;
    if (page.name === 'donations' && !tenant.isShowDonation) return false;
    return true;
  });

  const items: PublicMenuItem[] = [];
  for (const page of orderWebPages(visible)) {
    const id = `page-${page.name}`;
    if (page.isExternalLink && page.externalLink) {
      items.push({ id, type: 'item', title: page.title, url: withScheme(page.externalLink), external: true });
    } else if (page.name === 'forms') {
      if (tenant.forms.length === 0) continue;
      items.push({
        id,
        type: 'group',
        title: page.title,
        children: tenant.forms.map((form) => ({
          id: `form-${form.guId}`,
          type: 'item' as const,
          title: form.name,
          url: `/regform/${form.guId}`,
          external: false as const,
        })),
      });
    } else {
      items.push({ id, type: 'item', title: page.title, url: internalPagePath(page), external: false });
    }
  }

  for (const [index, link] of [tenant.page1, tenant.page2, tenant.page3, tenant.page4, tenant.page5].entries()) {
    if (!isPageLinkText(link)) continue;
    const [title = '', url = ''] = link.split('::');
    if (!title.trim() || !url.trim()) continue;
    items.push({ id: `link-${index + 1}`, type: 'item', title: title.trim(), url: withScheme(url), external: true });
  }
  return items;
}

/**
 * Spec 1 landing rules: the default public route is home when the tenant has a home page,
 * else the first page with an external URL that is not home, else login.
 */
export function defaultPublicRoute(
  pages: Pick<WebPageLink, 'name' | 'isExternalLink' | 'externalLink'>[],
): { kind: 'home' } | { kind: 'external'; url: string } | { kind: 'login' } {
  if (pages.some((page) => page.name === 'home')) return { kind: 'home' };
  const external = pages.find((page) => page.name !== 'home' && page.isExternalLink && page.externalLink);
  if (external?.externalLink) return { kind: 'external', url: withScheme(external.externalLink) };
  return { kind: 'login' };
}

export interface FooterLink {
  title: string;
  url: string;
  external: boolean;
}

/** Spec 3 §2.6 footer: page links (isShowFooter) and legal links (isLegal pages plus the tenant's links). */
export function footerLinks(tenant: Pick<TenantConfig, 'web' | 'privacyPolicyLink' | 'termsOfServiceLink'>): {
  pages: FooterLink[];
  legal: FooterLink[];
} {
  const toLink = (page: WebPageLink): FooterLink =>
    page.isExternalLink && page.externalLink
      ? { title: page.title, url: withScheme(page.externalLink), external: true }
      : { title: page.title, url: internalPagePath(page), external: false };
  const ordered = orderWebPages(tenant.web.pages);
  const pages = ordered.filter((page) => page.isShowFooter && !page.isLegal).map(toLink);
  const legal = ordered.filter((page) => page.isLegal).map(toLink);
  const extra: FooterLink[] = [];
  if (tenant.privacyPolicyLink)
    extra.push({ title: 'Privacy Policy', url: withScheme(tenant.privacyPolicyLink), external: true });
  if (tenant.termsOfServiceLink) {
    extra.push({ title: 'Terms of Service', url: withScheme(tenant.termsOfServiceLink), external: true });
  }
  // A tenant link replaces the page of the same title rather than listing it twice.
  const titles = new Set(extra.map((link) => link.title.toLowerCase()));
  return { pages, legal: [...legal.filter((link) => !titles.has(link.title.toLowerCase())), ...extra] };
}
