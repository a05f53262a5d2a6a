import {
  EXTERNAL_URL_PATTERN,
  PAGE_NAME_PATTERN,
  pageUrlProblem,
  RESERVED_PAGE_NAMES,
  type SequenceUpdate,
  STANDARD_PAGES,
  slugFromTitle,
  UNDELETABLE_PAGES,
  type WebPage,
  type WebPageDraftWrite,
  type WebPageListItem,
  type WebPageVersion,
  type WebPageWrite,
} from '@atrium/contracts';
import { type Tx, withTenant } from '../../db/client.ts';
import type { PageContentSnapshot } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import {
  contactDisplayName,
  countPagesById,
  deletePage,
  deleteRedirect,
  findPageById,
  findPageByName,
  findPageByUrl,
  findVersion,
  insertPage,
  insertVersion,
  listPages,
  listVersions,
  nextSequence,
  type PageInsert,
  type PageRow,
  saveRedirect,
  setSequence,
  updatePage,
} from './website.repo.ts';

export function toWebPage(row: PageRow): WebPage {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    url: row.url,
    header: row.header,
    subHeader: row.subHeader,
    footer: row.footer,
    headerColor: row.headerColor,
    sequence: row.sequence,
    isPublished: row.isPublished,
    isShowNavigation: row.isShowNavigation,
    isShowFooter: row.isShowFooter,
    isExternalLink: row.isExternalLink,
    externalLink: row.externalLink,
    unhtml: row.unhtml,
    css: row.css,
    unjson: row.unjson ?? null,
    updatedAt: row.updatedAt.toISOString(),
    draft: row.draft ? { ...row.draft, unjson: row.draft.unjson ?? null } : null,
  };
}

/** Every page write changes the public site: the shell's ping and the page cache start over. */
export function websiteChanged(platform: Platform, tenantId: string): void {
  platform.tenantConfigs.invalidate(tenantId);
  platform.publicPages.clear(`${tenantId}:`);
  platform.sitePages.clear(`${tenantId}:`);
}

function normaliseName(raw: string): string {
  const name = raw.trim().toLowerCase();
  if (!PAGE_NAME_PATTERN.test(name)) {
    throw badRequest('name', 'Page Name may use lower-case letters, digits and dashes only.');
  }
  if ((RESERVED_PAGE_NAMES as readonly string[]).includes(name)) {
    throw badRequest('name', `'${name}' is used by the app; choose another page name.`);
  }
  return name;
}

/** A page address as typed: '/Workshops/' is 'workshops'; then the rules of page-address.ts. */
function normaliseUrl(raw: string): string {
  const url = raw
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
  const problem = pageUrlProblem(url);
  if (problem) throw badRequest('url', problem);
  return url;
}

/** Home and the standard pages (calendar, forms, ...) live at fixed addresses. */
function hasFixedAddress(page: Pick<PageRow, 'name'>): boolean {
  return (STANDARD_PAGES as readonly string[]).includes(page.name);
}

/** A new page keeps its first address (its random 4-digit name) until it is given a title. */
function hasFirstAddress(page: PageRow): boolean {
  return page.url === page.name && /^\d{4}$/.test(page.name);
}

/** The columns a body sets; external links are checked against the spec's address rule. */
function pageValues(body: WebPageWrite, current: PageRow | null): Partial<PageInsert> {
  const values: Partial<PageInsert> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.url !== undefined) {
    if (current && hasFixedAddress(current) && body.url.trim().replace(/^\/+|\/+$/g, '') !== current.url) {
      throw badRequest('url', `The address of the ${current.title} page cannot be changed.`);
    }
    if (!current || !hasFixedAddress(current)) values.url = normaliseUrl(body.url);
  }
  if (body.header !== undefined) values.header = body.header;
  if (body.subHeader !== undefined) values.subHeader = body.subHeader;
  if (body.footer !== undefined) values.footer = body.footer;
  if (body.headerColor !== undefined) values.headerColor = body.headerColor;
  if (body.unhtml !== undefined) values.unhtml = body.unhtml;
  if (body.unjson !== undefined) values.unjson = body.unjson;
  const css = body.style ?? body.css;
  if (css !== undefined) values.css = css;
  if (body.isPublished !== undefined) {
    values.isPublished = body.isPublished;
    // the owner's own choice now: turning the module off no longer takes the page back
    values.publishedByModule = false;
  }
  if (body.isShowNavigation !== undefined) values.isShowNavigation = body.isShowNavigation;
  if (body.isShowFooter !== undefined) values.isShowFooter = body.isShowFooter;
  if (body.isExternalLink !== undefined) values.isExternalLink = body.isExternalLink;
  if (body.externalLink !== undefined) values.externalLink = body.externalLink?.trim() || null;

  const isExternal = values.isExternalLink ?? current?.isExternalLink ?? false;
  const link = values.externalLink !== undefined ? values.externalLink : (current?.externalLink ?? null);
  if (isExternal && body.isExternalLink !== undefined && !link) throw badRequest('externalLink', 'URL is required!');
  if (isExternal && link && !EXTERNAL_URL_PATTERN.test(link)) {
    throw badRequest('externalLink', 'Enter absolute page address e.g example.com/services');
  }
  return values;
}

const urlTaken = (title: string, url: string) =>
  new AppError(409, 'page_url_taken', `The ${title} page already has the address /${url}.`, 'url');

async function assertUrlFree(tx: Tx, tenantId: string, url: string, pageId: string | null): Promise<void> {
  const holder = await findPageByUrl(tx, tenantId, url);
  if (holder && holder.id !== pageId) throw urlTaken(holder.title, url);
}

function rejectLegalToggle(page: PageRow, body: WebPageWrite): void {
  // Spec 3 §2.1: home has no Published toggle (it is always published); privacy and terms neither.
  if (body.isPublished === false && page.name === 'home') {
    throw badRequest('isPublished', 'The home page is always published.');
  }
}

export async function listWebsitePages(platform: Platform, tenant: TenantContext): Promise<WebPageListItem[]> {
  const rows = await withTenant(platform.db, tenant.tenantId, (tx) => listPages(tx, tenant.tenantId));
  return rows.map(({ id, name, title, sequence, isPublished, isExternalLink }) => ({
    id,
    name,
    title,
    sequence,
    isPublished,
    isExternalLink,
  }));
}

export async function getWebsitePage(platform: Platform, tenant: TenantContext, name: string): Promise<WebPage> {
  const row = await withTenant(platform.db, tenant.tenantId, (tx) =>
    findPageByName(tx, tenant.tenantId, name.toLowerCase()),
  );
  if (!row) throw notFound('Page');
  return toWebPage(row);
}

export async function createWebsitePage(
  platform: Platform,
  tenant: TenantContext,
  rawName: string,
  body: WebPageWrite,
): Promise<WebPage> {
  const name = normaliseName(body.name ?? rawName);
  const values = pageValues(body, null);
  const url = values.url || name;
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const pageExists = () => new AppError(409, 'page_exists', `A page named ${name} already exists.`, 'name');
    if (await findPageByName(tx, tenant.tenantId, name)) throw pageExists();
    // The same page made at the same moment may commit between these reads, or before the insert:
    // whichever key it meets first, a page of this name now holding the address is the same page.
    const holder = await findPageByUrl(tx, tenant.tenantId, url);
    if (holder?.name === name) throw pageExists();
    if (holder) throw urlTaken(holder.title, url);
    const sequence = await nextSequence(tx, tenant.tenantId);
    let page: PageRow;
    try {
      page = await tx.transaction((savepoint) =>
        insertPage(savepoint, tenant.tenantId, { ...values, name, title: values.title ?? name, url, sequence }),
      );
    } catch (error) {
      if ((await findPageByUrl(tx, tenant.tenantId, url))?.name === name) throw pageExists();
      throw error;
    }
    await deleteRedirect(tx, tenant.tenantId, url);
    return page;
  });
  websiteChanged(platform, tenant.tenantId);
  return toWebPage(row);
}

export async function updateWebsitePage(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  body: WebPageWrite,
  author?: string,
): Promise<WebPage> {
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const current = await findPageById(tx, tenant.tenantId, id);
    if (!current) throw notFound('Page');
    rejectLegalToggle(current, body);
    const values = pageValues(body, current);
    if (values.url === undefined && values.title !== undefined && hasFirstAddress(current)) {
      // A new page's address follows its first real title, as site builders do ('8207' -> 'workshops').
      const suggested = slugFromTitle(values.title);
      if (!pageUrlProblem(suggested) && !(await findPageByUrl(tx, tenant.tenantId, suggested))) values.url = suggested;
    }
    if (values.url !== undefined && values.url !== current.url) {
      await assertUrlFree(tx, tenant.tenantId, values.url, id);
      // The old address keeps working: it redirects to the new one; the new one is no one's old address.
      await deleteRedirect(tx, tenant.tenantId, values.url);
      await saveRedirect(tx, tenant.tenantId, current.url, id);
    }
    const updated = await updatePage(tx, tenant.tenantId, id, values);
    // content written straight to the page (the spec's call) is published: it joins the versions
    if (updated && author && (values.unhtml !== undefined || values.css !== undefined)) {
      await recordVersion(tx, tenant.tenantId, updated, author);
    }
    return updated;
  });
  if (!row) throw notFound('Page');
  websiteChanged(platform, tenant.tenantId);
  return toWebPage(row);
}

export async function deleteWebsitePage(platform: Platform, tenant: TenantContext, id: string): Promise<string> {
  const title = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const page = await findPageById(tx, tenant.tenantId, id);
    if (!page) throw notFound('Page');
    if ((UNDELETABLE_PAGES as readonly string[]).includes(page.name)) {
      throw new AppError(400, 'page_undeletable', `The ${page.title} page cannot be deleted.`, 'id');
    }
    await deletePage(tx, tenant.tenantId, id);
    return page.title;
  });
  websiteChanged(platform, tenant.tenantId);
  return title;
}

/** Spec 3 §4: the new order, sequences 1..n; every id must be one of this tenant's pages. */
export async function updatePageSequence(platform: Platform, tenant: TenantContext, body: SequenceUpdate) {
  const ids = [...new Set(body.pages.map((page) => page.id))];
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if ((await countPagesById(tx, tenant.tenantId, ids)) !== ids.length) throw notFound('Page');
    for (const page of body.pages) await setSequence(tx, tenant.tenantId, page.id, page.sequence);
  });
  websiteChanged(platform, tenant.tenantId);
}

/* Drafts and versions (issue 29): the designer saves a draft visitors do not see; Publish makes it the page. */

function snapshot(content: WebPageDraftWrite, current: PageRow): PageContentSnapshot {
  return {
    unhtml: content.unhtml,
    css: content.style,
    unjson: content.unjson ?? null,
    header: content.header ?? current.draft?.header ?? current.header,
    subHeader: content.subHeader ?? current.draft?.subHeader ?? current.subHeader,
    savedAt: new Date().toISOString(),
  };
}

async function pageOf(tx: Tx, tenantId: string, id: string): Promise<PageRow> {
  const page = await findPageById(tx, tenantId, id);
  if (!page) throw notFound('Page');
  return page;
}

/** The page as it is now becomes a version, under the name of the person who published it. */
async function recordVersion(tx: Tx, tenantId: string, page: PageRow, author: string): Promise<void> {
  await insertVersion(tx, tenantId, {
    pageId: page.id,
    unhtml: page.unhtml,
    css: page.css,
    unjson: page.unjson,
    header: page.header,
    subHeader: page.subHeader,
    publishedBy: author,
    publishedByName: await contactDisplayName(tx, tenantId, author),
  });
}

/** Save draft: kept beside the page; the public page does not change. */
export async function saveDraft(platform: Platform, tenant: TenantContext, id: string, body: WebPageDraftWrite) {
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const page = await pageOf(tx, tenant.tenantId, id);
    return updatePage(tx, tenant.tenantId, id, { draft: snapshot(body, page) });
  });
  if (!row) throw notFound('Page');
  return toWebPage(row);
}

/**
 * Publish: the draft (the body when one is sent, else the stored draft, else the page as it is)
 * becomes the page visitors see, the page is published, and the result is kept as a version.
 */
export async function publishPage(
  platform: Platform,
  { tenant, auth }: Authenticated,
  id: string,
  body: WebPageDraftWrite | undefined,
): Promise<WebPage> {
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const page = await pageOf(tx, tenant.tenantId, id);
    const content = body ? snapshot(body, page) : page.draft;
    const values: Partial<PageInsert> = { draft: null, isPublished: true };
    if (!page.isPublished) values.publishedByModule = false;
    if (content) {
      Object.assign(values, {
        unhtml: content.unhtml,
        css: content.css,
        unjson: content.unjson ?? null,
        header: content.header,
        subHeader: content.subHeader,
      });
    }
    const updated = await updatePage(tx, tenant.tenantId, id, values);
    if (!updated) throw notFound('Page');
    await recordVersion(tx, tenant.tenantId, updated, auth.sub);
    return updated;
  });
  websiteChanged(platform, tenant.tenantId);
  return toWebPage(row);
}

/** The page's published versions, newest first (at most KEPT_PAGE_VERSIONS). */
export async function pageVersions(platform: Platform, tenant: TenantContext, id: string): Promise<WebPageVersion[]> {
  const rows = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    await pageOf(tx, tenant.tenantId, id);
    return listVersions(tx, tenant.tenantId, id);
  });
  return rows.map((row) => ({
    id: row.id,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedByName,
  }));
}

/** Restore: the version becomes the draft, to look over and publish; visitors still see the page. */
export async function restoreVersion(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  versionId: string,
): Promise<WebPage> {
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    await pageOf(tx, tenant.tenantId, id);
    const version = await findVersion(tx, tenant.tenantId, id, versionId);
    if (!version) throw notFound('Version');
    const draft: PageContentSnapshot = {
      unhtml: version.unhtml,
      css: version.css,
      unjson: version.unjson ?? null,
      header: version.header,
      subHeader: version.subHeader,
      savedAt: new Date().toISOString(),
    };
    return updatePage(tx, tenant.tenantId, id, { draft });
  });
  if (!row) throw notFound('Page');
  return toWebPage(row);
}
