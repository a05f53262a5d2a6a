import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { readTenant } from '../../db/client.ts';
import { videoAssets } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { findVideoAsset, updateVideoAsset, type VideoAssetRow } from './video.repo.ts';
import type { LocalSource, VideoStorage } from './video-files.ts';
import { probeVideo } from './video-probe.ts';
import { makePoster, type TranscodeInput, transcodeToHls } from './video-transcode.ts';

export const TRANSCODE_QUEUE = 'video-transcode';

export interface TranscodeJob {
  tenantId: string;
  assetId: string;
}

const STOPPED = 'The processing stopped before it finished (the server restarted or took too long). Retry it.';

/**
 * The transcode runs on the job runner, one at a time per process (it uses every core it is given).
 * A failure is recorded on the asset with ffmpeg's reason and is not retried by itself: the staff
 * member sees why and retries (POST /rest/video/{id}/retry). A run that never ended (the process died,
 * or it outlived its expiry) reaches the dead letter, which marks the asset failed the same way.
 */
export function registerTranscodeJob(platform: Platform, files: VideoStorage): void {
  platform.jobs.register<TranscodeJob>(TRANSCODE_QUEUE, (job) => transcodeAsset(platform, files, job), {
    retryLimit: 0,
    batchSize: 1,
    expireInSeconds: 6 * 3600,
    onDeadLetter: async ({ tenantId, assetId }) => {
      const asset = await findVideoAsset(platform.db, tenantId, assetId);
      if (asset?.status === 'processing')
        await updateVideoAsset(platform.db, tenantId, assetId, { status: 'failed', failureReason: STOPPED });
    },
  });
}

export function queueTranscode(platform: Platform, tenantId: string, assetId: string): Promise<string | null> {
  return platform.jobs.send<TranscodeJob>(TRANSCODE_QUEUE, { tenantId, assetId });
}

/** The tenant's intro or outro video when it is ready and its upload is still there (a local copy of it). */
async function tenantClip(
  platform: Platform,
  files: VideoStorage,
  tenantId: string,
  role: 'introTenant' | 'outroTenant',
  sources: LocalSource[],
): Promise<TranscodeInput | null> {
  const [clip] = await readTenant(platform.db, tenantId, (tx) =>
    tx
      .select()
      .from(videoAssets)
      .where(and(eq(videoAssets.tenantId, tenantId), eq(videoAssets.tenantRole, role)))
      .limit(1),
  );
  if (clip?.status !== 'ready') return null;
  const source = await files.localSource(tenantId, clip.id);
  if (!source) return null;
  sources.push(source);
  const probe = await probeVideo(platform.config.video, source.path);
  return probe ? { path: source.path, probe } : null;
}

function nextVersion(asset: VideoAssetRow): string {
  const current = Number(/^hls-(\d+)$/.exec(asset.hlsPrefix ?? '')?.[1] ?? 0);
  return `hls-${(current + 1) % 1_000_000}`;
}

/**
 * One transcode: the upload (and the studio's intro and outro when joined) as local files, ffmpeg into
 * a version folder, then the storage publishes it (in the bucket: uploads it) before the asset points
 * at it. Local copies and a failed version's files are removed whatever happens.
 */
export async function transcodeAsset(platform: Platform, files: VideoStorage, job: TranscodeJob): Promise<void> {
  const { tenantId, assetId } = job;
  const asset = await findVideoAsset(platform.db, tenantId, assetId);
  if (asset?.status !== 'processing') return;
  const version = nextVersion(asset);
  const sources: LocalSource[] = [];
  let outDir: string | null = null;
  const fail = async (reason: string) => {
    if (outDir) await files.discardVersion(tenantId, assetId, version, outDir).catch(() => undefined);
    await updateVideoAsset(platform.db, tenantId, assetId, { status: 'failed', failureReason: reason.slice(0, 1000) });
  };
  try {
    const source = await files.localSource(tenantId, assetId);
    if (!source) return await fail('The uploaded file is missing. Upload the video again.');
    sources.push(source);
    const path = source.path;
    const probe = await probeVideo(platform.config.video, path);
    if (!probe) return await fail('The uploaded file could not be read as a video. Upload it again.');
    const main: TranscodeInput = { path, probe };
    // The tenant's own intro and outro are never joined to themselves.
    const intro =
      asset.joinIntro && !asset.tenantRole ? await tenantClip(platform, files, tenantId, 'introTenant', sources) : null;
    const outro =
      asset.joinOutro && !asset.tenantRole ? await tenantClip(platform, files, tenantId, 'outroTenant', sources) : null;
    const inputs = [intro, main, outro].filter((input): input is TranscodeInput => input !== null);

    outDir = await files.prepareVersion(tenantId, assetId, version);
    const dir = outDir;
    await updateVideoAsset(platform.db, tenantId, assetId, { transcodeStartedAt: new Date(), progressPercent: 0 });
    let saved = 0;
    let savedAt = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const result = await transcodeToHls(platform.config.video, inputs, probe, dir, (percent) => {
      // At most one progress write a second, and only when the figure moved.
      if (percent <= saved || Date.now() - savedAt < 1000) return;
      saved = percent;
      savedAt = Date.now();
      writing = writing.then(() =>
        updateVideoAsset(platform.db, tenantId, assetId, { progressPercent: percent }).catch(() => null),
      );
    });
    await writing;
    await makePoster(platform.config.video, main, join(dir, 'poster.jpg'));
    await files.publishVersion(tenantId, assetId, version, dir);
    const done = await updateVideoAsset(platform.db, tenantId, assetId, {
      status: 'ready',
      failureReason: null,
      progressPercent: 100,
      hlsPrefix: version,
      hlsMasterKey: 'master.m3u8',
      posterKey: 'poster.jpg',
      durationMs: result.durationMs,
      renditions: result.renditions.map(({ width, height, bitrate, playlist }) => ({
        width,
        height,
        bitrate,
        playlist,
      })),
      readyAt: new Date(),
    });
    // Deleted while it ran: its files go too.
    if (!done) return await files.removeAsset(tenantId, assetId);
    await files.removeOtherVersions(tenantId, assetId, version);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await fail(`The video could not be processed: ${message}`);
  } finally {
    await Promise.all(sources.map((source) => source.release().catch(() => undefined)));
  }
}
