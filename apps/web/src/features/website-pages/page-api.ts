import { apiRequest } from '../../lib/api';

/** GET /stemplate/public/web/{tenantId}/{pageName}: what the public viewer reads (spec 3 §7.1). */
export interface PublicPage {
  name: string;
  title: string;
  header: string | null;
  subHeader: string | null;
  unhtml: string | null;
  css: string | null;
}

/** The not-found marker: a page name that always shows the 404 content. */
export const NOT_FOUND_PAGE = 'page-not-found';

/**
 * A page read for the viewer: none for the not-found marker; a failure (not toasted) gives `fallback`'s
 * answer, an aborted read is rethrown.
 */
async function readPage(
  name: string,
  read: () => Promise<PublicPage | null>,
  fallback: () => Promise<PublicPage | null> | null,
): Promise<PublicPage | null> {
  if (name === NOT_FOUND_PAGE) return null;
  try {
    return await read();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fallback();
  }
}

/** The page, or null when there is none. Failures are not toasted: the viewer shows its 404 content. */
export function fetchPublicPage(tenantId: string, name: string, signal?: AbortSignal): Promise<PublicPage | null> {
  return readPage(
    name,
    () =>
      apiRequest<PublicPage | null>(
        `/stemplate/public/web/${encodeURIComponent(tenantId)}/${encodeURIComponent(name)}`,
        { silent: true, signal },
      ),
    () => null,
  );
}

/** Spec 3 §2.2: the not-found marker, a missing page or a page without a body shows 404 content. */
export function hasPageBody(page: PublicPage | null): page is PublicPage & { unhtml: string } {
  return !!page && typeof page.unhtml === 'string' && page.unhtml.trim() !== '';
}

/**
 * Staff in Web Preview see unpublished pages too (spec 3 §2.2 with issue 4): the builder's own read,
 * with the staff token. Front desk (no builder access) and any failure fall back to the public read.
 */
export function fetchPreviewPage(tenantId: string, name: string, signal?: AbortSignal): Promise<PublicPage | null> {
  return readPage(
    name,
    async () => {
      const page = await apiRequest<PublicPage & { isExternalLink?: boolean }>(
        `/stemplate/webpage/${encodeURIComponent(name)}`,
        { silent: true, signal, asStaff: true },
      );
      return page.isExternalLink ? null : page;
    },
    () => fetchPublicPage(tenantId, name, signal),
  );
}
