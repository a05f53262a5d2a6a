import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { AppConfig } from '../../config.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An HLS folder's name: `hls-{n}`, a new one per transcode. */
export const VERSION = /^hls-\d{1,6}$/;
/** The files a signed link may name: the playlists, segments and poster of a version, or a caption track. */
export const MEDIA_FILE = /^(master\.m3u8|r\d\.m3u8|r\d_\d{3,6}\.ts|poster\.jpg|captions\/[0-9a-f-]{36}\.vtt)$/;

/** The Content-Type of each kind of media file. */
export const MEDIA_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

/** A local copy of an asset's upload for ffprobe/ffmpeg; `release` removes it when it was a download. */
export interface LocalSource {
  path: string;
  release(): Promise<void>;
}

/** What the signed media route answers with: the file's bytes, or a redirect to where they are. */
export type MediaAnswer = { stream: Readable; size: number } | { redirect: string };

/**
 * Where a studio's videos are kept: on disk (`VideoFiles`) or, when media go to S3, in the bucket
 * (`S3VideoFiles`). The routes, the uploads and the transcode job see only this.
 */
export interface VideoStorage {
  /** tus's store of the uploads. */
  readonly datastore: DataStore;
  /** tus's id of an asset's upload (the asset id on disk; the object key in the bucket). */
  uploadId(tenantId: string, assetId: string): string;
  /** The asset id of a tus upload id. */
  assetIdOf(uploadId: string): string;
  ensure(): Promise<void>;
  /** The upload as a local file, or null when it is missing. */
  localSource(tenantId: string, assetId: string): Promise<LocalSource | null>;
  /** The folder the transcode writes a version into (empty). */
  prepareVersion(tenantId: string, assetId: string, version: string): Promise<string>;
  /** Makes the version written into `dir` servable (uploads it when the files live elsewhere). */
  publishVersion(tenantId: string, assetId: string, version: string, dir: string): Promise<void>;
  /** Removes a version that failed, wherever its files got to. */
  discardVersion(tenantId: string, assetId: string, version: string, dir: string): Promise<void>;
  /** Removes the HLS versions of a tenant's asset other than the one kept. */
  removeOtherVersions(tenantId: string, assetId: string, keep: string): Promise<void>;
  /** The upload and every output of the asset. */
  removeAsset(tenantId: string, assetId: string): Promise<void>;
  putCaption(tenantId: string, assetId: string, captionId: string, text: string): Promise<void>;
  removeCaption(tenantId: string, assetId: string, captionId: string): Promise<void>;
  /**
   * The file a verified signed link names (null when the name is not one a link may carry, or the
   * file is missing); `secondsLeft` is the link's remaining life, which a redirect must not outlive.
   */
  mediaFile(
    tenantId: string,
    assetId: string,
    version: string,
    file: string,
    secondsLeft: number,
  ): Promise<MediaAnswer | null>;
  close(): void;
}

/**
 * Where videos live on disk (VIDEO_DIR, default DATA_DIR/video): tus uploads in `uploads/{assetId}`
 * (kept as the source of later transcodes and of intro/outro joins), and each asset's outputs in
 * `assets/{tenantId}/{assetId}/`: one `hls-{n}/` folder per transcode and `captions/`. Only UUIDs and
 * the names above reach a path.
 */
export class VideoFiles implements VideoStorage {
  readonly root: string;
  readonly uploadsDir: string;
  #datastore: DataStore | null = null;

  constructor(config: AppConfig) {
    this.root = config.video.dir ?? join(config.dataDir, 'video');
    this.uploadsDir = join(this.root, 'uploads');
  }

  get datastore(): DataStore {
    this.#datastore ??= new FileStore({ directory: this.uploadsDir });
    return this.#datastore;
  }

  uploadId(_tenantId: string, assetId: string): string {
    return assetId;
  }

  assetIdOf(uploadId: string): string {
    return uploadId;
  }

  async ensure(): Promise<void> {
    await mkdir(this.uploadsDir, { recursive: true });
  }

  async localSource(_tenantId: string, assetId: string): Promise<LocalSource | null> {
    const path = this.sourcePath(assetId);
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    return exists ? { path, release: async () => undefined } : null;
  }

  async prepareVersion(tenantId: string, assetId: string, version: string): Promise<string> {
    const dir = this.versionDir(tenantId, assetId, version);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** The transcode wrote straight into the version's folder. */
  async publishVersion(): Promise<void> {}

  async discardVersion(_tenantId: string, _assetId: string, _version: string, dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
  }

  async putCaption(tenantId: string, assetId: string, captionId: string, text: string): Promise<void> {
    const path = this.captionPath(tenantId, assetId, captionId);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }

  async removeCaption(tenantId: string, assetId: string, captionId: string): Promise<void> {
    await rm(this.captionPath(tenantId, assetId, captionId), { force: true });
  }

  async mediaFile(tenantId: string, assetId: string, version: string, file: string): Promise<MediaAnswer | null> {
    const path = this.mediaPath(tenantId, assetId, version, file);
    if (!path) return null;
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(path), size: info.size };
  }

  close(): void {}

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
