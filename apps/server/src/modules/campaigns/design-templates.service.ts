import {
  CAMPAIGN_MESSAGES,
  DESIGN_MESSAGES,
  type DesignCategory,
  type DesignCategoryList,
  type DesignCategoryWrite,
  type DesignTemplate,
  type DesignTemplateList,
  type DesignTemplateWrite,
  MASTER_ORG_ID,
  unknownMergeFields,
} from '@atrium/contracts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { designCategories, designTemplates } from '../../db/schema/index.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { brandValues, checkMjml, renderDesign, widgetDocument } from './campaign-render.ts';
import {
  MASTER_CATEGORIES,
  MASTER_PROGRAM_EMAILS,
  MASTER_TEMPLATES,
  MASTER_UPDATED_AT,
  MASTER_WIDGETS,
  type MasterDesign,
} from './design-starters.ts';

// The template service (spec 3 §7.2; docs/decisions/campaigns.md "Template service"): the platform's
// defaults ('master', in the code) beside each studio's own designs (design_templates, tenant-scoped).

type Write = z.output<typeof DesignTemplateWrite>;
type CategoryWrite = z.output<typeof DesignCategoryWrite>;
type Row = typeof designTemplates.$inferSelect;
export type DesignKind = Row['kind'];

/** Which owner a list asks for: the platform's defaults, the studio's own, or both. */
export type Scope = 'master' | 'own' | 'both';

/**
 * `orgId` (or `orgid`) is `master` or the studio's own org id; `default=true` adds the platform's
 * defaults to the studio's own. Another studio's org id is a 404, like its designs.
 */
export function scopeOf(tenant: TenantContext, query: { orgId?: string; orgid?: string; default: boolean }): Scope {
  const org = (query.orgId ?? query.orgid ?? '').trim();
  if (org.toLowerCase() === MASTER_ORG_ID) return 'master';
  if (org === '' || org === tenant.orgId) return query.default ? 'both' : 'own';
  throw notFound('Organisation');
}

const templateNotFound = () => notFound('Template');

function mastersOf(kind: DesignKind | 'program'): MasterDesign[] {
  if (kind === 'template') return MASTER_TEMPLATES;
  if (kind === 'widget') return MASTER_WIDGETS;
  if (kind === 'program') return MASTER_PROGRAM_EMAILS;
  return [];
}

/** Every platform default by id (templates, widgets and program emails). */
const MASTER_BY_ID = new Map(
  [...MASTER_TEMPLATES, ...MASTER_WIDGETS, ...MASTER_PROGRAM_EMAILS].map((design) => [design.id, design]),
);
export const isMasterId = (id: string) => MASTER_BY_ID.has(id);

/**
 * The defaults' HTML in a studio's brand, kept per studio and brand (mjml takes a while): the picker
 * shows each as it will look.
 */
const renderedMasters = new Map<string, Promise<string>>();
function masterHtml(platform: Platform, tenant: TenantContext, design: MasterDesign): Promise<string> {
  const key = `${tenant.tenantId}|${JSON.stringify(brandValues(platform, tenant))}|${design.id}`;
  let html = renderedMasters.get(key);
  if (!html) {
    if (renderedMasters.size > 500) renderedMasters.clear();
    html = renderDesign(platform, tenant, widgetDocument(design.mjml));
    renderedMasters.set(key, html);
  }
  return html;
}

async function toMaster(platform: Platform, tenant: TenantContext, design: MasterDesign): Promise<DesignTemplate> {
  return {
    _id: design.id,
    name: design.name,
    type: design.type,
    category: design.category,
    thumbnail: null,
    s3Url: null,
    unhtml: await masterHtml(platform, tenant, design),
    unjson: null,
    mjml: design.mjml,
    orgId: MASTER_ORG_ID,
    isDefault: true,
    createdAt: MASTER_UPDATED_AT,
    updatedAt: MASTER_UPDATED_AT,
  };
}

const toOwn = (tenant: TenantContext, row: Row): DesignTemplate => ({
  _id: row.id,
  name: row.name,
  type: row.type,
  category: row.category,
  thumbnail: row.thumbnail,
  s3Url: row.thumbnail,
  unhtml: row.unhtml,
  unjson: (row.unjson as Record<string, unknown> | null) ?? null,
  mjml: row.mjml,
  orgId: tenant.orgId,
  isDefault: false,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export interface ListOptions {
  scope: Scope;
  type?: string;
  start: number;
  max: number;
  /** One design by id (the spec's `guid` and `id` filters). */
  id?: string;
}

/** A list of one kind: the platform's defaults first, then the studio's own, newest first; paged. */
export async function listDesigns(
  platform: Platform,
  tenant: TenantContext,
  kind: DesignKind | 'program',
  options: ListOptions,
): Promise<DesignTemplateList> {
  const masters =
    options.scope === 'own'
      ? []
      : mastersOf(kind).filter(
          (design) => (!options.type || design.type === options.type) && (!options.id || design.id === options.id),
        );
  const rowKind: DesignKind = kind === 'program' ? 'template' : kind;
  const rowType = kind === 'program' ? 'program' : options.type;
  const own =
    options.scope === 'master'
      ? []
      : await readTenant(platform.db, tenant.tenantId, (tx) =>
          tx
            .select()
            .from(designTemplates)
            .where(
              and(
                eq(designTemplates.tenantId, tenant.tenantId),
                eq(designTemplates.kind, rowKind),
                rowType ? eq(designTemplates.type, rowType) : undefined,
                options.id ? eq(designTemplates.id, options.id) : undefined,
              ),
            )
            .orderBy(desc(designTemplates.createdAt), desc(designTemplates.id)),
        );
  const all = masters.length + own.length;
  if (options.id && all === 0) throw templateNotFound();
  const page = [...masters.map((design) => ({ design })), ...own.map((row) => ({ row }))].slice(
    options.start,
    options.start + options.max,
  );
  const data = await Promise.all(
    page.map((entry) => ('design' in entry ? toMaster(platform, tenant, entry.design) : toOwn(tenant, entry.row))),
  );
  return { data, total: all };
}

/** One design of the studio's own, or a platform default (read-only). */
export async function getDesign(
  platform: Platform,
  tenant: TenantContext,
  kind: DesignKind,
  id: string,
): Promise<DesignTemplate> {
  const master = MASTER_BY_ID.get(id);
  if (master && mastersOf(kind).includes(master)) return toMaster(platform, tenant, master);
  const row = await readTenant(platform.db, tenant.tenantId, (tx) => findOwn(tx, tenant.tenantId, kind, id));
  return toOwn(tenant, row);
}

async function findOwn(tx: Tx, tenantId: string, kind: DesignKind, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(designTemplates)
    .where(and(eq(designTemplates.tenantId, tenantId), eq(designTemplates.kind, kind), eq(designTemplates.id, id)));
  if (!row) throw templateNotFound();
  return row;
}

/** A category must be the platform's or the studio's own: anything else is a 400 naming `category`. */
async function checkCategory(tx: Tx, tenantId: string, category: string): Promise<void> {
  if (!category || MASTER_CATEGORIES.some((c) => c.id === category)) return;
  const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(category);
  const [found] = valid
    ? await tx
        .select({ id: designCategories.id })
        .from(designCategories)
        .where(and(eq(designCategories.tenantId, tenantId), eq(designCategories.id, category)))
    : [];
  if (!found) throw badRequest('category', 'category must be one of the template categories.');
}

/**
 * What is kept for a design: MJML checked by rendering it (a 400 naming `mjml`) and its HTML made by
 * the server; without MJML (a web page), the HTML sanitised like the website's pages.
 */
async function cleanWrite(platform: Platform, tenant: TenantContext, kind: DesignKind, body: Write) {
  const mjml = body.mjml.trim() ? body.mjml : '';
  if (mjml) {
    const [unknown] = unknownMergeFields(mjml);
    if (unknown !== undefined) throw badRequest('mjml', CAMPAIGN_MESSAGES.unknownMergeField('mjml', unknown));
    const unhtml = await checkMjml(platform, tenant, kind === 'widget' ? widgetDocument(mjml) : mjml, 'mjml');
    return { ...body, mjml, unhtml };
  }
  if (kind !== 'webpage' && !body.unhtml.trim()) throw badRequest('mjml', 'mjml is required: the design to keep.');
  return { ...body, mjml: '', unhtml: sanitizePageHtml(body.unhtml) };
}

export async function createDesign(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  kind: DesignKind,
  body: Write,
): Promise<DesignTemplate> {
  const values = await cleanWrite(platform, tenant, kind, body);
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    await checkCategory(tx, tenant.tenantId, values.category);
    const [inserted] = await tx
      .insert(designTemplates)
      .values({ tenantId: tenant.tenantId, kind, ...values, createdBy: auth.sub })
      .returning();
    if (!inserted) throw new Error('the design was not written');
    return inserted;
  });
  return toOwn(tenant, row);
}

const masterReadOnly = () => new AppError(409, 'conflict', DESIGN_MESSAGES.masterReadOnly);

export async function updateDesign(
  platform: Platform,
  tenant: TenantContext,
  kind: DesignKind,
  id: string,
  body: Write,
): Promise<DesignTemplate> {
  if (isMasterId(id)) throw masterReadOnly();
  const values = await cleanWrite(platform, tenant, kind, body);
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    await findOwn(tx, tenant.tenantId, kind, id);
    await checkCategory(tx, tenant.tenantId, values.category);
    const [updated] = await tx
      .update(designTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(designTemplates.tenantId, tenant.tenantId), eq(designTemplates.id, id)))
      .returning();
    if (!updated) throw templateNotFound();
    return updated;
  });
  return toOwn(tenant, row);
}

/** Deletes one of the studio's designs of the given kinds; a default or another studio's is refused or a 404. */
export async function deleteDesign(
  platform: Platform,
  tenant: TenantContext,
  kinds: DesignKind[],
  id: string,
): Promise<void> {
  if (isMasterId(id)) throw masterReadOnly();
  const deleted = await withTenant(platform.db, tenant.tenantId, (tx) =>
    tx
      .delete(designTemplates)
      .where(
        and(
          eq(designTemplates.tenantId, tenant.tenantId),
          eq(designTemplates.id, id),
          inArray(designTemplates.kind, kinds),
        ),
      )
      .returning({ id: designTemplates.id }),
  );
  if (deleted.length === 0) throw templateNotFound();
}

const masterCategory = (category: (typeof MASTER_CATEGORIES)[number]): DesignCategory => ({
  _id: category.id,
  name: category.name,
  type: category.type,
  sequence: category.sequence,
  orgId: MASTER_ORG_ID,
  isDefault: true,
});

export async function listCategories(
  platform: Platform,
  tenant: TenantContext,
  scope: Scope,
  type?: string,
): Promise<DesignCategoryList> {
  const masters = scope === 'own' ? [] : MASTER_CATEGORIES.filter((c) => !type || c.type === type).map(masterCategory);
  const own =
    scope === 'master'
      ? []
      : await readTenant(platform.db, tenant.tenantId, (tx) =>
          tx
            .select()
            .from(designCategories)
            .where(
              and(eq(designCategories.tenantId, tenant.tenantId), type ? eq(designCategories.type, type) : undefined),
            )
            .orderBy(asc(designCategories.sequence), asc(designCategories.name)),
        );
  const data = [
    ...masters,
    ...own.map((row) => ({
      _id: row.id,
      name: row.name,
      type: row.type,
      sequence: row.sequence,
      orgId: tenant.orgId,
      isDefault: false,
    })),
  ];
  return { data, total: data.length };
}

export async function saveCategory(
  platform: Platform,
  tenant: TenantContext,
  body: CategoryWrite,
  id?: string,
): Promise<DesignCategory> {
  if (id && MASTER_CATEGORIES.some((c) => c.id === id)) throw masterReadOnly();
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(designCategories)
      .where(eq(designCategories.tenantId, tenant.tenantId));
    if (!id && n >= 200) throw badRequest('name', 'A studio keeps at most 200 template categories.');
    const [saved] = id
      ? await tx
          .update(designCategories)
          .set(body)
          .where(and(eq(designCategories.tenantId, tenant.tenantId), eq(designCategories.id, id)))
          .returning()
      : await tx
          .insert(designCategories)
          .values({ tenantId: tenant.tenantId, ...body })
          .returning();
    if (!saved) throw notFound('Category');
    return saved;
  });
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    sequence: row.sequence,
    orgId: tenant.orgId,
    isDefault: false,
  };
}
