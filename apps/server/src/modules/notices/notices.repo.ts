import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notices } from '../../db/schema/index.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeValues = Pick<NoticeRow, 'message' | 'isActive' | 'type' | 'expiryDate'>;

/** At most this many notices are listed (newest first): the spec's manager has no paging. */
export const NOTICE_LIST_LIMIT = 500;

/**
 * The studio's notices, newest first. `shownOn` (the studio's today, YYYY-MM-DD) keeps only those on
 * the board that day: active, and not past their last day.
 */
export function findNotices(
  tx: Tx,
  tenantId: string,
  filter: { isActive?: boolean; shownOn?: string },
): Promise<NoticeRow[]> {
  return tx
    .select()
    .from(notices)
    .where(
      and(
        eq(notices.tenantId, tenantId),
        filter.isActive !== undefined ? eq(notices.isActive, filter.isActive) : undefined,
        filter.shownOn
          ? and(eq(notices.isActive, true), or(isNull(notices.expiryDate), gte(notices.expiryDate, filter.shownOn)))
          : undefined,
      ),
    )
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(NOTICE_LIST_LIMIT);
}

export async function findNotice(tx: Tx, tenantId: string, id: string): Promise<NoticeRow | null> {
  const [row] = await tx
    .select()
    .from(notices)
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertNotice(tx: Tx, tenantId: string, values: NoticeValues): Promise<NoticeRow> {
  const [row] = await tx
    .insert(notices)
    .values({ tenantId, ...values })
    .returning();
  if (!row) throw new Error('notice could not be written');
  return row;
}

export async function updateNotice(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: Partial<NoticeValues>,
): Promise<NoticeRow | null> {
  const [row] = await tx
    .update(notices)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteNotice(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(notices)
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id)))
    .returning({ id: notices.id });
  return rows.length > 0;
}
