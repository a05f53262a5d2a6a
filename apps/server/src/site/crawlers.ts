import { internalPagePath, STANDARD_PAGES, type TenantConfig } from '@atrium/contracts';
import { escapeHtml } from './sanitize.ts';

/** robots.txt of a tenant's site: everything may be indexed; the sitemap lists the pages. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** The published internal website pages, as a sitemap. */
export function sitemapXml(origin: string, tenant: TenantConfig): string {
  const urls = tenant.web.pages
    .filter((page) => !page.isExternalLink)
    .filter((page) => page.name === 'home' || !(STANDARD_PAGES as readonly string[]).includes(page.name))
    .map((page) => `${origin}${internalPagePath(page)}`);
  const entries = [...new Set(urls)].map((url) => `<url><loc>${escapeHtml(url)}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>\n`;
}
