import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An HLS folder's name: `hls-{n}`, a new one per transcode. */
const VERSION = /^hls-\d{1,6}$/;
/** The files a signed link may name: the playlists, segments and poster of a version, or a caption track. */
export const MEDIA_FILE = /^(master\.m3u8|r\d\.m3u8|r\d_\d{3,6}\.ts|poster\.jpg|captions\/[0-9a-f-]{36}\.vtt)$/;

/**
 * Where videos live on disk (VIDEO_DIR, default DATA_DIR/video): tus uploads in `uploads/{assetId}`
 * (kept as the source of later transcodes and of intro/outro joins), and each asset's outputs in
 * `assets/{tenantId}/{assetId}/`: one `hls-{n}/` folder per transcode and `captions/`. Only UUIDs and
 * the names above reach a path.
 */
export class VideoFiles {
  readonly root: string;
  readonly uploadsDir: string;

  constructor(config: AppConfig) {
    this.root = config.video.dir ?? join(config.dataDir, 'video');
    this.uploadsDir = join(this.root, 'uploads');
  }

  async ensure(): Promise<void> {
    await mkdir(this.uploadsDir, { recursive: true });
  }

  sourcePath(assetId: string): string {
    if (!UUID.test(assetId)) throw new Error('unsafe video id');
    return join(this.uploadsDir, assetId);
  }

  assetDir(tenantId: string, assetId: string): string {
    if (!UUID.test(tenantId) || !UUID.test(assetId)) throw new Error('unsafe video path');
    return join(this.root, 'assets', tenantId, assetId);
  }

  versionDir(tenantId: string, assetId: string, version: string): string {
    if (!VERSION.test(version)) throw new Error('unsafe video version');
    return join(this.assetDir(tenantId, assetId), version);
  }

  /** The file a signed link names, or null when the name is not one a link may carry. */
  mediaPath(tenantId: string, assetId: string, version: string, file: string): string | null {
    if (!UUID.test(tenantId) || !UUID.test(assetId) || !VERSION.test(version) || !MEDIA_FILE.test(file)) return null;
    if (file.startsWith('captions/')) return join(this.assetDir(tenantId, assetId), file);
    return join(this.versionDir(tenantId, assetId, version), file);
  }

  captionPath(tenantId: string, assetId: string, captionId: string): string {
    if (!UUID.test(captionId)) throw new Error('unsafe caption id');
    return join(this.assetDir(tenantId, assetId), 'captions', `${captionId}.vtt`);
  }

  /** The upload (and tus's .json beside it) and every output of the asset. */
  async removeAsset(tenantId: string, assetId: string): Promise<void> {
    await rm(this.sourcePath(assetId), { force: true });
    await rm(`${this.sourcePath(assetId)}.json`, { force: true });
    await rm(this.assetDir(tenantId, assetId), { recursive: true, force: true });
  }

  /** Removes the HLS folders of a tenant's asset other than the one kept. */
  async removeOtherVersions(tenantId: string, assetId: string, keep: string): Promise<void> {
    const dir = this.assetDir(tenantId, assetId);
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => VERSION.test(name) && name !== keep)
        .map((name) => rm(join(dir, name), { recursive: true, force: true })),
    );
  }
}
