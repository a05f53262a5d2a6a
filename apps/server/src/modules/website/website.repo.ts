import { and, asc, count, desc, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  contacts,
  websitePageRedirects,
  websitePages,
  websitePageVersions,
  websiteTemplates,
} from '../../db/schema/index.ts';

export type PageRow = typeof websitePages.$inferSelect;
export type PageInsert = Omit<typeof websitePages.$inferInsert, 'tenantId' | 'id'>;
export type TemplateRow = typeof websiteTemplates.$inferSelect;

export function listPublishedPages(tx: Tx, tenantId: string) {
  return tx
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.isPublished, true)))
    .orderBy(asc(websitePages.sequence), asc(websitePages.name));
}

export function listPages(tx: Tx, tenantId: string) {
  return tx
    .select()
    .from(websitePages)
    .where(eq(websitePages.tenantId, tenantId))
    .orderBy(asc(websitePages.sequence), asc(websitePages.name));
}

export async function findPageByName(tx: Tx, tenantId: string, name: string): Promise<PageRow | null> {
  const [page] = await tx
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.name, name)))
    .limit(1);
  return page ?? null;
}

/** The page that has this address now, published or not (the address is unique per tenant). */
export async function findPageByUrl(tx: Tx, tenantId: string, url: string): Promise<PageRow | null> {
  const [page] = await tx
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.url, url)))
    .limit(1);
  return page ?? null;
}

/** The page an old address of this tenant now leads to. */
export async function findRedirectedPage(tx: Tx, tenantId: string, fromUrl: string): Promise<PageRow | null> {
  const [row] = await tx
    .select({ page: websitePages })
    .from(websitePageRedirects)
    .innerJoin(
      websitePages,
      and(eq(websitePages.tenantId, websitePageRedirects.tenantId), eq(websitePages.id, websitePageRedirects.pageId)),
    )
    .where(and(eq(websitePageRedirects.tenantId, tenantId), eq(websitePageRedirects.fromUrl, fromUrl)))
    .limit(1);
  return row?.page ?? null;
}

/** Remembers that fromUrl now leads to the page (an older redirect from that address is replaced). */
export async function saveRedirect(tx: Tx, tenantId: string, fromUrl: string, pageId: string): Promise<void> {
  await tx
    .insert(websitePageRedirects)
    .values({ tenantId, fromUrl, pageId })
    .onConflictDoUpdate({
      target: [websitePageRedirects.tenantId, websitePageRedirects.fromUrl],
      set: { pageId, createdAt: sql`now()` },
    });
}

/** An address a page takes is no longer an old address of anything. */
export async function deleteRedirect(tx: Tx, tenantId: string, fromUrl: string): Promise<void> {
  await tx
    .delete(websitePageRedirects)
    .where(and(eq(websitePageRedirects.tenantId, tenantId), eq(websitePageRedirects.fromUrl, fromUrl)));
}

/** A published page by its address (url, or name when the url is empty). */
export async function findPublishedPageByUrl(tx: Tx, tenantId: string, url: string): Promise<PageRow | null> {
  const [page] = await tx
    .select()
    .from(websitePages)
    .where(
      and(
        eq(websitePages.tenantId, tenantId),
        eq(websitePages.isPublished, true),
        sql`coalesce(nullif(${websitePages.url}, ''), ${websitePages.name}) = ${url}`,
      ),
    )
    .limit(1);
  return page ?? null;
}

export async function findPageById(tx: Tx, tenantId: string, id: string): Promise<PageRow | null> {
  const [page] = await tx
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.id, id)))
    .limit(1);
  return page ?? null;
}

export async function nextSequence(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ top: max(websitePages.sequence) })
    .from(websitePages)
    .where(eq(websitePages.tenantId, tenantId));
  return (row?.top ?? 0) + 1;
}

export async function insertPage(tx: Tx, tenantId: string, values: PageInsert): Promise<PageRow> {
  const [row] = await tx
    .insert(websitePages)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('page insert returned nothing');
  return row;
}

export async function updatePage(tx: Tx, tenantId: string, id: string, values: Partial<PageInsert>) {
  const [row] = await tx
    .update(websitePages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePage(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(websitePages).where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.id, id)));
}

export async function countPagesById(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), inArray(websitePages.id, ids)));
  return row?.n ?? 0;
}

export async function setSequence(tx: Tx, tenantId: string, id: string, sequence: number): Promise<void> {
  await tx
    .update(websitePages)
    .set({ sequence, updatedAt: new Date() })
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.id, id)));
}

export function listTemplates(tx: Tx, tenantId: string, filter: { pageType?: string; search?: string }) {
  const conditions = [eq(websiteTemplates.tenantId, tenantId)];
  if (filter.pageType) conditions.push(eq(websiteTemplates.pageType, filter.pageType));
  if (filter.search) conditions.push(ilike(websiteTemplates.name, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`));
  return tx
    .select()
    .from(websiteTemplates)
    .where(and(...conditions))
    .orderBy(desc(websiteTemplates.createdAt));
}

export async function insertTemplate(
  tx: Tx,
  tenantId: string,
  values: Omit<typeof websiteTemplates.$inferInsert, 'tenantId' | 'id'>,
): Promise<TemplateRow> {
  const [row] = await tx
    .insert(websiteTemplates)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('template insert returned nothing');
  return row;
}

export async function deleteTemplate(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(websiteTemplates)
    .where(and(eq(websiteTemplates.tenantId, tenantId), eq(websiteTemplates.id, id)))
    .returning({ id: websiteTemplates.id });
  return deleted.length === 1;
}

/** Versions kept per page: publishing the 21st drops the oldest. */
export const KEPT_VERSIONS = 20;

export type VersionRow = typeof websitePageVersions.$inferSelect;

export async function insertVersion(
  tx: Tx,
  tenantId: string,
  values: Omit<typeof websitePageVersions.$inferInsert, 'tenantId' | 'id'>,
): Promise<void> {
  await tx.insert(websitePageVersions).values({ ...values, tenantId });
  // keep the newest KEPT_VERSIONS of this page
  await tx.execute(sql`
    delete from ${websitePageVersions}
    where ${websitePageVersions.tenantId} = ${tenantId} and ${websitePageVersions.pageId} = ${values.pageId}
      and ${websitePageVersions.id} not in (
        select v.id from ${websitePageVersions} v
        where v.tenant_id = ${tenantId} and v.page_id = ${values.pageId}
        order by v.published_at desc, v.id desc limit ${KEPT_VERSIONS}
      )`);
}

export function listVersions(tx: Tx, tenantId: string, pageId: string) {
  return tx
    .select({
      id: websitePageVersions.id,
      publishedAt: websitePageVersions.publishedAt,
      publishedByName: websitePageVersions.publishedByName,
    })
    .from(websitePageVersions)
    .where(and(eq(websitePageVersions.tenantId, tenantId), eq(websitePageVersions.pageId, pageId)))
    .orderBy(desc(websitePageVersions.publishedAt), desc(websitePageVersions.id));
}

export async function findVersion(tx: Tx, tenantId: string, pageId: string, id: string): Promise<VersionRow | null> {
  const [row] = await tx
    .select()
    .from(websitePageVersions)
    .where(
      and(
        eq(websitePageVersions.tenantId, tenantId),
        eq(websitePageVersions.pageId, pageId),
        eq(websitePageVersions.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The person's name as the version list shows it ('Ada Lovelace'); empty when not found. */
export async function contactDisplayName(tx: Tx, tenantId: string, contactId: string): Promise<string> {
  const [row] = await tx
    .select({ name: contacts.name, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
    .limit(1);
  return row ? `${row.name} ${row.lastName}`.trim() : '';
}
