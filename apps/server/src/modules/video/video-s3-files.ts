import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { S3Store } from '@tus/s3-store';
import type { AppConfig } from '../../config.ts';
import { isMissing, s3ClientConfig } from '../media/media.s3-storage.ts';
import {
  type LocalSource,
  MEDIA_FILE,
  MEDIA_TYPES,
  type MediaAnswer,
  UUID,
  VERSION,
  type VideoStorage,
} from './video-files.ts';

const UPLOAD_ID = /^([0-9a-f-]{36})\/video\/([0-9a-f-]{36})\/source$/;
/** Left-over downloads and transcode folders older than this are removed at start. */
const STALE_WORK_MS = 7 * 3600_000;
/** Outputs uploaded at once after a transcode. */
const UPLOAD_CONCURRENCY = 4;

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Videos in the media bucket (S3_BUCKET), under the studio's prefix: `{tenantId}/video/{assetId}/`
 * holds the tus upload `source` (with tus's `source.info` and, between chunks, `source.part`), one
 * `hls-{n}/` folder per transcode and `captions/`. Uploads go through @tus/s3-store (a multipart
 * upload; a chunk smaller than a part waits in `source.part`); ffprobe and ffmpeg read a local copy
 * of the upload in VIDEO_DIR/work (never a URL: ffmpeg's playlist demuxers would fetch what an
 * uploaded playlist names); the transcode uploads what ffmpeg wrote there. Signed segment links answer with a redirect to a presigned URL
 * that expires with the link (VIDEO_S3_SEGMENTS=redirect), or stream through the server (`stream`).
 */
export class S3VideoFiles implements VideoStorage {
  readonly datastore: S3Store;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #segments: AppConfig['video']['s3Segments'];
  /** Where downloads and ffmpeg's output wait (VIDEO_DIR/work): a disk sized for videos, not /tmp. */
  readonly workDir: string;

  constructor(s3: NonNullable<AppConfig['s3']>, config: AppConfig) {
    this.#bucket = s3.bucket;
    this.#segments = config.video.s3Segments;
    this.workDir = join(config.video.dir ?? join(config.dataDir, 'video'), 'work');
    const clientConfig = s3ClientConfig(s3);
    this.#client = new S3Client(clientConfig);
    this.datastore = new S3Store({ s3ClientConfig: { ...clientConfig, bucket: s3.bucket } });
  }

  /** `{tenantId}/video/{assetId}/`: only UUIDs reach a key. */
  prefix(tenantId: string, assetId: string): string {
    if (!UUID.test(tenantId) || !UUID.test(assetId)) throw new Error('unsafe video key');
    return `${tenantId}/video/${assetId}/`;
  }

  uploadId(tenantId: string, assetId: string): string {
    return `${this.prefix(tenantId, assetId)}source`;
  }

  assetIdOf(uploadId: string): string {
    const match = UPLOAD_ID.exec(uploadId);
    if (!match?.[2]) throw new Error('not a video upload id');
    return match[2];
  }

  /**
   * Creates the work folder and removes what a stopped process left there: entries untouched for
   * longer than a transcode may run (the job expires after 6 hours), so another process's live work
   * on a shared VIDEO_DIR stays.
   */
  async ensure(now = Date.now()): Promise<void> {
    await mkdir(this.workDir, { recursive: true });
    for (const name of await readdir(this.workDir)) {
      const path = join(this.workDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_WORK_MS) await rm(path, { recursive: true, force: true });
    }
  }

  async localSource(tenantId: string, assetId: string): Promise<LocalSource | null> {
    const dir = await mkdtemp(join(this.workDir, 'source-'));
    const release = () => rm(dir, { recursive: true, force: true });
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.uploadId(tenantId, assetId) }),
      );
      const path = join(dir, 'source');
      await pipeline(object.Body as Readable, createWriteStream(path));
      return { path, release };
    } catch (error) {
      await release();
      if (isMissing(error)) return null;
      throw error;
    }
  }

  prepareVersion(): Promise<string> {
    return mkdtemp(join(this.workDir, 'hls-'));
  }

  /** Uploads every file the transcode wrote (segments first, playlists last), then removes the folder. */
  async publishVersion(tenantId: string, assetId: string, version: string, dir: string): Promise<void> {
    if (!VERSION.test(version)) throw new Error('unsafe video version');
    const names = (await readdir(dir)).filter((name) => MEDIA_FILE.test(name));
    const playlists = names.filter((name) => name.endsWith('.m3u8'));
    const rest = names.filter((name) => !name.endsWith('.m3u8'));
    const put = async (name: string) => {
      const path = join(dir, name);
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: `${this.prefix(tenantId, assetId)}${version}/${name}`,
          Body: createReadStream(path),
          ContentLength: (await stat(path)).size,
          ContentType: MEDIA_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
        }),
      );
    };
    await inParallel(rest, UPLOAD_CONCURRENCY, put);
    await inParallel(playlists, UPLOAD_CONCURRENCY, put);
    await rm(dir, { recursive: true, force: true });
  }

  async discardVersion(tenantId: string, assetId: string, version: string, dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
    if (!VERSION.test(version)) throw new Error('unsafe video version');
    await this.#deleteWhere(this.prefix(tenantId, assetId), (rest) => rest.startsWith(`${version}/`));
  }

  async removeOtherVersions(tenantId: string, assetId: string, keep: string): Promise<void> {
    await this.#deleteWhere(this.prefix(tenantId, assetId), (rest) => {
      const folder = rest.split('/')[0] ?? '';
      return VERSION.test(folder) && folder !== keep && rest.includes('/');
    });
  }

  /** An unfinished upload's multipart upload is aborted; then every object under the asset's prefix goes. */
  async removeAsset(tenantId: string, assetId: string): Promise<void> {
    await this.datastore.remove(this.uploadId(tenantId, assetId)).catch(() => undefined);
    await this.#deleteWhere(this.prefix(tenantId, assetId), () => true);
  }

  async putCaption(tenantId: string, assetId: string, captionId: string, text: string): Promise<void> {
    const body = Buffer.from(text);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#captionKey(tenantId, assetId, captionId),
        Body: body,
        ContentLength: body.length,
        ContentType: MEDIA_TYPES.vtt,
      }),
    );
  }

  async removeCaption(tenantId: string, assetId: string, captionId: string): Promise<void> {
    await this.#client.send(
      new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#captionKey(tenantId, assetId, captionId) }),
    );
  }

  async mediaFile(
    tenantId: string,
    assetId: string,
    version: string,
    file: string,
    secondsLeft: number,
  ): Promise<MediaAnswer | null> {
    if (!UUID.test(tenantId) || !UUID.test(assetId) || !VERSION.test(version) || !MEDIA_FILE.test(file)) return null;
    const prefix = this.prefix(tenantId, assetId);
    const Key = file.startsWith('captions/') ? `${prefix}${file}` : `${prefix}${version}/${file}`;
    const command = new GetObjectCommand({ Bucket: this.#bucket, Key });
    // Segments (the bytes) come from the bucket itself, through a URL that dies with the link.
    if (file.endsWith('.ts') && this.#segments === 'redirect')
      return { redirect: await getSignedUrl(this.#client, command, { expiresIn: Math.max(1, secondsLeft) }) };
    try {
      const object = await this.#client.send(command);
      if (!object.Body) return null;
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  close(): void {
    this.#client.destroy();
  }

  #captionKey(tenantId: string, assetId: string, captionId: string): string {
    if (!UUID.test(captionId)) throw new Error('unsafe caption id');
    return `${this.prefix(tenantId, assetId)}captions/${captionId}.vtt`;
  }

  /** Deletes the objects under `prefix` whose key (after the prefix) `which` picks. */
  async #deleteWhere(prefix: string, which: (rest: string) => boolean): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? [])
        .map((object) => object.Key ?? '')
        .filter((key) => key.startsWith(prefix) && which(key.slice(prefix.length)));
      if (keys.length > 0)
        await this.#client.send(
          new DeleteObjectsCommand({
            Bucket: this.#bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/**
 * The origin the player fetches segments from when they are redirected to the bucket (the pages'
 * connect-src must allow it), or null when segments come from this server. It is the SDK's own
 * endpoint rule (virtual-hosted or path style, AWS or S3_ENDPOINT), read off a URL presigned with
 * placeholder keys: nothing is sent.
 */
export async function videoSegmentOrigin(config: AppConfig): Promise<string | null> {
  if (!config.s3 || config.video.s3Segments !== 'redirect') return null;
  const client = new S3Client({
    ...s3ClientConfig(config.s3),
    credentials: { accessKeyId: 'origin', secretAccessKey: 'origin' },
  });
  try {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: config.s3.bucket, Key: 'segment.ts' }), {
      expiresIn: 60,
    });
    return new URL(url).origin;
  } finally {
    client.destroy();
  }
}
