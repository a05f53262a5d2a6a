import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { websitePages } from '../../db/schema/index.ts';

export function listPublishedPages(tx: Tx, tenantId: string) {
  return tx
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.isPublished, true)))
    .orderBy(asc(websitePages.sequence), asc(websitePages.name));
}

export async function findPageByName(tx: Tx, tenantId: string, name: string) {
  const [page] = await tx
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.name, name)))
    .limit(1);
  return page ?? null;
}
