import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { videoAssets } from '../../db/schema/index.ts';

export type VideoAssetRow = typeof videoAssets.$inferSelect;
export type VideoAssetPatch = Partial<Omit<VideoAssetRow, 'tenantId' | 'id' | 'createdAt'>>;

/** A tenant's video asset by id, or null (another tenant's id is null too: RLS and the where agree). */
export function findVideoAsset(db: Db, tenantId: string, assetId: string): Promise<VideoAssetRow | null> {
  return readTenant(db, tenantId, (tx) => findVideoAssetIn(tx, tenantId, assetId));
}

/** The same inside a transaction the caller already holds (e.g. a course chapter's write). */
export async function findVideoAssetIn(tx: Tx, tenantId: string, assetId: string): Promise<VideoAssetRow | null> {
  if (!UUID.test(assetId)) return null;
  const [row] = await tx
    .select()
    .from(videoAssets)
    .where(and(eq(videoAssets.tenantId, tenantId), eq(videoAssets.id, assetId)))
    .limit(1);
  return row ?? null;
}

export async function insertVideoAsset(
  db: Db,
  tenantId: string,
  values: Omit<typeof videoAssets.$inferInsert, 'tenantId'>,
): Promise<VideoAssetRow> {
  const [row] = await withTenant(db, tenantId, (tx) =>
    tx
      .insert(videoAssets)
      .values({ ...values, tenantId })
      .returning(),
  );
  if (!row) throw new Error('video asset insert returned nothing');
  return row;
}

export async function updateVideoAsset(
  db: Db,
  tenantId: string,
  assetId: string,
  patch: VideoAssetPatch,
): Promise<VideoAssetRow | null> {
  const [row] = await withTenant(db, tenantId, (tx) =>
    tx
      .update(videoAssets)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(videoAssets.tenantId, tenantId), eq(videoAssets.id, assetId)))
      .returning(),
  );
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
