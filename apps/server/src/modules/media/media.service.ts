import { randomUUID } from 'node:crypto';
import type { MediaItem } from '@atrium/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { withTenant } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { MAX_UPLOAD_BYTES, sniffMediaType } from './media-types.ts';

type MediaRow = typeof mediaFiles.$inferSelect;

function toItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    url: `/media/${row.id}`,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

function cleanFileName(raw: string | undefined): string {
  const decoded = (() => {
    try {
      return decodeURIComponent(raw ?? '');
    } catch {
      return raw ?? '';
    }
  })();
  const name = [...decoded]
    .filter((char) => char.charCodeAt(0) >= 32 && !'\\/:*?"<>|'.includes(char))
    .join('')
    .trim()
    .slice(0, 200);
  return name || 'upload';
}

/** Stores the file first, then its row; if the row fails the file is removed again. */
export async function uploadMedia(
  platform: Platform,
  tenant: TenantContext,
  bytes: Buffer,
  fileName: string | undefined,
): Promise<MediaItem> {
  if (bytes.length === 0) throw badRequest('file', 'Choose an image or a video to upload.');
  if (bytes.length > MAX_UPLOAD_BYTES) throw badRequest('file', 'The file is larger than 10 MB.');
  const contentType = sniffMediaType(bytes);
  if (!contentType)
    throw badRequest('file', 'Only images (PNG, JPEG, GIF, WebP) and videos (MP4, WebM, MOV) can be uploaded.');
  const id = randomUUID();
  await platform.media.put(tenant.tenantId, id, bytes);
  try {
    const [row] = await withTenant(platform.db, tenant.tenantId, (tx) =>
      tx
        .insert(mediaFiles)
        .values({
          tenantId: tenant.tenantId,
          id,
          fileName: cleanFileName(fileName),
          contentType,
          size: bytes.length,
          storageKey: id,
        })
        .returning(),
    );
    if (!row) throw new Error('media insert returned nothing');
    return toItem(row);
  } catch (error) {
    await platform.media.remove(tenant.tenantId, id);
    throw error;
  }
}

export async function listMedia(platform: Platform, tenant: TenantContext): Promise<MediaItem[]> {
  const rows = await withTenant(platform.db, tenant.tenantId, (tx) =>
    tx.select().from(mediaFiles).where(eq(mediaFiles.tenantId, tenant.tenantId)).orderBy(desc(mediaFiles.createdAt)),
  );
  return rows.map(toItem);
}

async function findMedia(platform: Platform, tenant: TenantContext, id: string): Promise<MediaRow> {
  const [row] = await withTenant(platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(mediaFiles)
      .where(and(eq(mediaFiles.tenantId, tenant.tenantId), eq(mediaFiles.id, id)))
      .limit(1),
  );
  if (!row) throw notFound('File');
  return row;
}

export async function readMedia(platform: Platform, tenant: TenantContext, id: string) {
  const row = await findMedia(platform, tenant, id);
  const bytes = await platform.media.get(tenant.tenantId, row.storageKey);
  if (!bytes) throw notFound('File');
  return { bytes, contentType: row.contentType, fileName: row.fileName };
}

export async function deleteMedia(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  const row = await findMedia(platform, tenant, id);
  await withTenant(platform.db, tenant.tenantId, (tx) =>
    tx.delete(mediaFiles).where(and(eq(mediaFiles.tenantId, tenant.tenantId), eq(mediaFiles.id, id))),
  );
  await platform.media.remove(tenant.tenantId, row.storageKey);
}
