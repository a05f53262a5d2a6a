import { internalPagePath, orderWebPages, type TenantConfig, withScheme } from '@atrium/contracts';

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
  const toLink = (page: TenantConfig['web']['pages'][number]): FooterLink =>
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
