import type { WebTemplate, WebTemplateList, WebTemplateWrite } from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { deleteTemplate, insertTemplate, listTemplates, type TemplateRow } from './website.repo.ts';

function toWebTemplate(row: TemplateRow, ownerOrgId: string): WebTemplate {
  return {
    _id: row.id,
    name: row.name,
    pageType: row.pageType,
    thumbnail: row.thumbnail,
    s3Url: row.thumbnail,
    unhtml: row.unhtml,
    css: row.css,
    unjson: row.unjson ?? null,
    orgId: ownerOrgId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Spec 3 §6: the tenant's own templates and, for a franchise, its master's (shared, read-only:
 * they are read in the master's own tenant scope and can never be written from here).
 */
export async function listWebsiteTemplates(
  platform: Platform,
  tenant: TenantContext,
  query: { pageType?: string; search?: string; start: number; max: number },
): Promise<WebTemplateList> {
  const filter = { pageType: query.pageType, search: query.search?.trim() || undefined };
  const own = await withTenant(platform.db, tenant.tenantId, (tx) => listTemplates(tx, tenant.tenantId, filter));
  const all = own.map((row) => toWebTemplate(row, tenant.orgId));
  if (tenant.masterOrgId !== tenant.orgId) {
    const master = await platform.tenants.byOrgId(tenant.masterOrgId);
    if (master) {
      const shared = await withTenant(platform.db, master.tenantId, (tx) => listTemplates(tx, master.tenantId, filter));
      all.push(...shared.map((row) => toWebTemplate(row, master.orgId)));
    }
  }
  all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { data: all.slice(query.start, query.start + query.max), total: all.length };
}

export async function createWebsiteTemplate(
  platform: Platform,
  tenant: TenantContext,
  body: WebTemplateWrite,
): Promise<WebTemplate> {
  const row = await withTenant(platform.db, tenant.tenantId, (tx) =>
    insertTemplate(tx, tenant.tenantId, {
      name: body.name,
      pageType: body.pageType,
      thumbnail: body.thumbnail ?? null,
      unhtml: body.unhtml,
      css: body.css ?? '',
      unjson: body.unjson ?? null,
    }),
  );
  return toWebTemplate(row, tenant.orgId);
}

/** Only the owner deletes: a master's template is not in a franchise's scope, so it is a 404 there. */
export async function deleteWebsiteTemplate(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  const deleted = await withTenant(platform.db, tenant.tenantId, (tx) => deleteTemplate(tx, tenant.tenantId, id));
  if (!deleted) throw notFound('Template');
}
