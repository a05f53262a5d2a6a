import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { widgets } from '../../db/schema/index.ts';

export type WidgetRow = typeof widgets.$inferSelect;
export type WidgetChanges = Pick<WidgetRow, 'name' | 'misc' | 'width' | 'height'>;

/** The tenant's widgets by name (the list searches and pages them on the client). */
export function listWidgetRows(tx: Tx, tenantId: string): Promise<WidgetRow[]> {
  return tx.select().from(widgets).where(eq(widgets.tenantId, tenantId)).orderBy(asc(widgets.name), asc(widgets.id));
}

export async function findWidgetRow(tx: Tx, tenantId: string, id: string): Promise<WidgetRow | null> {
  const [row] = await tx
    .select()
    .from(widgets)
    .where(and(eq(widgets.tenantId, tenantId), eq(widgets.id, id)))
    .limit(1);
  return row ?? null;
}

export async function updateWidgetRow(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: WidgetChanges,
): Promise<WidgetRow | null> {
  const [row] = await tx
    .update(widgets)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(widgets.tenantId, tenantId), eq(widgets.id, id)))
    .returning();
  return row ?? null;
}
