import { WIDGET_TYPE_FIXED, type Widget, type WidgetUpdate } from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { findWidgetRow, listWidgetRows, updateWidgetRow, type WidgetRow } from './widgets.repo.ts';

export function toWidget(row: WidgetRow): Widget {
  return {
    guId: row.id,
    name: row.name,
    type: row.type,
    height: row.height,
    width: row.width,
    misc: row.misc,
    isPublished: row.isPublished,
    publishedDateStr: row.publishedAt?.toISOString() ?? null,
    dateUpdatedStr: row.updatedAt.toISOString(),
  };
}

export function listWidgets(db: Db, tenant: TenantContext): Promise<Widget[]> {
  return withTenant(db, tenant.tenantId, async (tx) => (await listWidgetRows(tx, tenant.tenantId)).map(toWidget));
}

export async function getWidget(db: Db, tenant: TenantContext, id: string): Promise<Widget> {
  const row = await withTenant(db, tenant.tenantId, (tx) => findWidgetRow(tx, tenant.tenantId, id));
  if (!row) throw notFound('Widget');
  return toWidget(row);
}

/**
 * Saves name, url and size. The type is fixed once a widget exists (the edit form shows it
 * disabled): sending the same type is fine, another one is a 400 on `type`. Width and height left
 * out or null clear the size (the embed then fills its container).
 */
export function updateWidget(
  db: Db,
  tenant: TenantContext,
  id: string,
  input: z.output<typeof WidgetUpdate>,
): Promise<Widget> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await findWidgetRow(tx, tenant.tenantId, id);
    if (!current) throw notFound('Widget');
    if (input.type && input.type !== current.type) throw badRequest('type', WIDGET_TYPE_FIXED);
    const row = await updateWidgetRow(tx, tenant.tenantId, id, {
      name: input.name,
      misc: input.misc,
      width: input.width ?? null,
      height: input.height ?? null,
    });
    if (!row) throw notFound('Widget');
    return toWidget(row);
  });
}
