import { randomUUID } from 'node:crypto';
import {
  VIDEO_TEXTS,
  type VideoAsset,
  type VideoCaptionBody,
  type VideoPlayback,
  type VideoTenantRole,
  type VideoUpdateBody,
} from '@atrium/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { withTenant } from '../../db/client.ts';
import { videoAssets } from '../../db/schema/index.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findVideoAsset, updateVideoAsset, type VideoAssetRow } from './video.repo.ts';
import { mayWatchVideo, visitorMayWatchVideo } from './video-access.ts';
import type { VideoStorage } from './video-files.ts';
import type { VideoLinkSigner } from './video-signing.ts';
import { queueTranscode } from './video-transcode.job.ts';

export interface VideoParts {
  platform: Platform;
  files: VideoStorage;
  signer: VideoLinkSigner;
}

export function toVideoAsset(row: VideoAssetRow): VideoAsset {
  return {
    id: row.id,
    title: row.title,
    originalName: row.originalName,
    sizeBytes: row.sizeBytes,
    mimeType: row.mimeType,
    status: row.status,
    failureReason: row.failureReason,
    progressPercent: row.progressPercent,
    durationSeconds: row.durationMs === null ? null : row.durationMs / 1000,
    width: row.width,
    height: row.height,
    renditions: row.renditions.map((r) => Math.min(r.width, r.height)),
    joinIntro: row.joinIntro,
    joinOutro: row.joinOutro,
    tenantRole: row.tenantRole,
    captions: row.captions.map(({ id, language, label, isDefault }) => ({ id, language, label, isDefault })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
  };
}

async function existing(platform: Platform, tenant: TenantContext, id: string): Promise<VideoAssetRow> {
  const row = await findVideoAsset(platform.db, tenant.tenantId, id);
  if (!row) throw notFound('Video');
  return row;
}

export async function listVideos(platform: Platform, tenant: TenantContext): Promise<VideoAsset[]> {
  const rows = await withTenant(platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(videoAssets)
      .where(eq(videoAssets.tenantId, tenant.tenantId))
      .orderBy(desc(videoAssets.createdAt))
      .limit(500),
  );
  return rows.map(toVideoAsset);
}

export async function getVideo(platform: Platform, tenant: TenantContext, id: string): Promise<VideoAsset> {
  return toVideoAsset(await existing(platform, tenant, id));
}

/** Starts the transcode again: a failed one (with a readable upload), or a ready one whose joins changed. */
async function reprocess(platform: Platform, tenant: TenantContext, id: string): Promise<VideoAssetRow> {
  const row = await updateVideoAsset(platform.db, tenant.tenantId, id, {
    status: 'processing',
    failureReason: null,
    progressPercent: 0,
  });
  if (!row) throw notFound('Video');
  await queueTranscode(platform, tenant.tenantId, id);
  return row;
}

export async function updateVideo(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  body: VideoUpdateBody,
): Promise<VideoAsset> {
  const row = await existing(platform, tenant, id);
  const joinsChanged =
    (body.joinIntro !== undefined && body.joinIntro !== row.joinIntro) ||
    (body.joinOutro !== undefined && body.joinOutro !== row.joinOutro);
  const updated = await updateVideoAsset(platform.db, tenant.tenantId, id, {
    title: body.title ?? row.title,
    joinIntro: body.joinIntro ?? row.joinIntro,
    joinOutro: body.joinOutro ?? row.joinOutro,
  });
  if (!updated) throw notFound('Video');
  if (joinsChanged && updated.status === 'ready') return toVideoAsset(await reprocess(platform, tenant, id));
  return toVideoAsset(updated);
}

export async function retryVideo(platform: Platform, tenant: TenantContext, id: string): Promise<VideoAsset> {
  const row = await existing(platform, tenant, id);
  if (row.status !== 'failed') throw new AppError(409, 'conflict', VIDEO_TEXTS.retryNotFailed);
  // A file that was never a video is gone: only a new upload helps.
  if (row.mimeType === null) throw new AppError(409, 'conflict', VIDEO_TEXTS.notAVideo);
  return toVideoAsset(await reprocess(platform, tenant, id));
}

export async function deleteVideo(parts: VideoParts, tenant: TenantContext, id: string): Promise<void> {
  await existing(parts.platform, tenant, id);
  try {
    await withTenant(parts.platform.db, tenant.tenantId, (tx) =>
      tx.delete(videoAssets).where(and(eq(videoAssets.tenantId, tenant.tenantId), eq(videoAssets.id, id))),
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23503')
      throw new AppError(409, 'conflict', 'This video is used by a course chapter. Remove it from the chapter first.');
    throw error;
  }
  await parts.files.removeAsset(tenant.tenantId, id);
}

/** Makes the asset the tenant's intro or outro (the previous one stops being it), or, with null, neither. */
export async function setTenantRole(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  role: VideoTenantRole | null,
): Promise<VideoAsset> {
  const row = await existing(platform, tenant, id);
  if (role && row.status !== 'ready') throw badRequest('tenantRole', VIDEO_TEXTS.notReady);
  const [updated] = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (role)
      await tx
        .update(videoAssets)
        .set({ tenantRole: null, updatedAt: new Date() })
        .where(and(eq(videoAssets.tenantId, tenant.tenantId), eq(videoAssets.tenantRole, role)));
    return tx
      .update(videoAssets)
      .set({ tenantRole: role, updatedAt: new Date() })
      .where(and(eq(videoAssets.tenantId, tenant.tenantId), eq(videoAssets.id, id)))
      .returning();
  });
  if (!updated) throw notFound('Video');
  return toVideoAsset(updated);
}

/** Spec 2 §7 "get asset by type": the tenant's intro or outro video. */
export async function getTenantAsset(
  platform: Platform,
  tenant: TenantContext,
  role: VideoTenantRole,
): Promise<VideoAsset> {
  const [row] = await withTenant(platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(videoAssets)
      .where(and(eq(videoAssets.tenantId, tenant.tenantId), eq(videoAssets.tenantRole, role)))
      .limit(1),
  );
  if (!row) throw notFound('Video');
  return toVideoAsset(row);
}

export async function addCaptions(
  parts: VideoParts,
  tenant: TenantContext,
  id: string,
  body: VideoCaptionBody,
): Promise<VideoAsset> {
  const row = await existing(parts.platform, tenant, id);
  const text = body.vtt.replace(/^\uFEFF/, '');
  if (!/^WEBVTT([ \t].*)?(\r?\n|$)/.test(text)) throw badRequest('vtt', VIDEO_TEXTS.badCaptions);
  if (row.captions.length >= 20) throw badRequest('vtt', 'A video has at most 20 caption tracks.');
  const captionId = randomUUID();
  await parts.files.putCaption(tenant.tenantId, id, captionId, text);
  const captions = [
    ...row.captions.map((c) => (body.isDefault ? { ...c, isDefault: false } : c)),
    {
      id: captionId,
      language: body.language,
      label: body.label,
      key: `captions/${captionId}.vtt`,
      isDefault: body.isDefault,
    },
  ];
  const updated = await updateVideoAsset(parts.platform.db, tenant.tenantId, id, { captions });
  if (!updated) throw notFound('Video');
  return toVideoAsset(updated);
}

export async function removeCaptions(
  parts: VideoParts,
  tenant: TenantContext,
  id: string,
  captionId: string,
): Promise<VideoAsset> {
  const row = await existing(parts.platform, tenant, id);
  if (!row.captions.some((c) => c.id === captionId)) throw notFound('Captions');
  const updated = await updateVideoAsset(parts.platform.db, tenant.tenantId, id, {
    captions: row.captions.filter((c) => c.id !== captionId),
  });
  await parts.files.removeCaption(tenant.tenantId, id, captionId);
  if (!updated) throw notFound('Video');
  return toVideoAsset(updated);
}

/**
 * The player's descriptor: for staff, or for anyone a registered policy lets watch (e.g. a course's
 * enrolled students, or a signed-out visitor on a published course's preview chapter); everyone else
 * 403, another studio's asset 404, and to a signed-out visitor any video no public page shows is a
 * 404 too. The links expire (VIDEO_URL_TTL) whoever asked.
 */
export async function playback(
  parts: VideoParts,
  tenant: TenantContext,
  claims: AccessClaims | null,
  id: string,
): Promise<VideoPlayback> {
  const asset = await existing(parts.platform, tenant, id);
  if (claims) {
    if (!(await mayWatchVideo({ platform: parts.platform, tenant, claims, asset })))
      throw forbidden('You do not have access to this video.');
  } else {
    const answer = await visitorMayWatchVideo({ platform: parts.platform, tenant, asset });
    if (answer === 'unknown') throw notFound('Video');
    if (answer === 'listed') throw forbidden('Sign in and enrol to watch this video.');
  }
  // The last good transcode plays while a new one (after a change of joins) runs.
  if (!asset.hlsPrefix || !asset.hlsMasterKey) throw new AppError(409, 'not_ready', VIDEO_TEXTS.notReady);
  const { base, expiresAt } = parts.signer.sign(tenant.tenantId, asset.id, asset.hlsPrefix);
  return {
    assetId: asset.id,
    title: asset.title,
    durationSeconds: asset.durationMs === null ? null : asset.durationMs / 1000,
    masterUrl: `${base}/${asset.hlsMasterKey}`,
    posterUrl: asset.posterKey ? `${base}/${asset.posterKey}` : null,
    captions: asset.captions.map(({ id: captionId, language, label, isDefault, key }) => ({
      id: captionId,
      language,
      label,
      isDefault,
      url: `${base}/${key}`,
    })),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The parts of each running platform, for server-rendered pages that show a public video. */
const partsOf = new WeakMap<Platform, VideoParts>();

export function rememberVideoParts(parts: VideoParts): void {
  partsOf.set(parts.platform, parts);
}

/**
 * A signed-out visitor's descriptor for a server-rendered page (a course's preview: its poster goes
 * into the HTML), by the same policies as the playback call; null when the video is not open to
 * visitors, not ready, or the video module is not running.
 */
export async function visitorPlayback(
  platform: Platform,
  tenant: TenantContext,
  assetId: string,
): Promise<VideoPlayback | null> {
  const parts = partsOf.get(platform);
  if (!parts) return null;
  try {
    return await playback(parts, tenant, null, assetId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return null;
    throw error;
  }
}
