import type { TenantConfig } from '@atrium/contracts';
import { useEffect } from 'react';

/** Used when the org has no title or description of its own (spec 1 §9). */
export const DEFAULT_TITLE = 'Atrium';
export const DEFAULT_DESCRIPTION = 'Classes, courses, events, memberships and more.';

export interface DocumentHead {
  title: string;
  description: string;
  keywords: string;
  image: string | null;
  favicon: string | null;
}

type HeadTenant = Pick<TenantConfig, 'name' | 'title' | 'seoDescription' | 'seoKeywords' | 'logo' | 'org'>;

export function tenantTitle(tenant: Pick<TenantConfig, 'name' | 'title' | 'org'> | null): string {
  return tenant?.org.title.trim() || tenant?.title.trim() || tenant?.name.trim() || DEFAULT_TITLE;
}

/** Page title first, then the tenant's; SEO description from the org, else the tenant, else a default. */
export function computeHead(tenant: HeadTenant | null, pageTitle?: string | null): DocumentHead {
  const site = tenantTitle(tenant);
  const page = pageTitle?.trim();
  return {
    title: page && page !== site ? `${page} | ${site}` : site,
    description: tenant?.org.seoDescription.trim() || tenant?.seoDescription.trim() || DEFAULT_DESCRIPTION,
    keywords: tenant?.seoKeywords ?? '',
    image: tenant?.org.logo ?? tenant?.logo ?? null,
    favicon: tenant?.org.favIcon ?? null,
  };
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

export function applyHead(head: DocumentHead): void {
  document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('name', 'keywords', head.keywords);
  setMeta('name', 'robots', 'index, follow');
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('name', 'twitter:title', head.title);
  setMeta('name', 'twitter:description', head.description);
  if (head.image) {
    setMeta('property', 'og:image', head.image);
    setMeta('name', 'twitter:image', head.image);
  }
  if (head.favicon) {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.sizes.value = '16x16';
    link.href = head.favicon;
  }
}

/** Sets the document head for the current screen. */
export function useDocumentHead(tenant: HeadTenant | null, pageTitle?: string | null): void {
  useEffect(() => {
    applyHead(computeHead(tenant, pageTitle));
  }, [tenant, pageTitle]);
}
