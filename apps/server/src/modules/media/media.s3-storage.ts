import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { type MediaStorage, SAFE_STORAGE_KEY } from './media.storage.ts';
import { sniffMediaType } from './media-types.ts';

/** The S3 client's settings from S3_* (the media storage's, and the videos' when they go to the bucket). */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where the operation requires one: since SDK 3.729 every PutObject carries a
    // CRC32 checksum by default, which several S3-compatible services (Backblaze B2, some
    // MinIO/R2 versions, OSS/COS) refuse. Every PUT and part has a known length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException)
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  return false;
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...): one object per file,
 * keyed `{tenantId}/{key}`. The bucket stays private; files are served through GET /media/{id}.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client(s3ClientConfig(config));
  }

  private objectKey(tenantId: string, key: string): string {
    if (!SAFE_STORAGE_KEY.test(tenantId) || !SAFE_STORAGE_KEY.test(key)) throw new Error('unsafe storage key');
    return `${tenantId}/${key}`;
  }

  async put(tenantId: string, key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(tenantId, key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: sniffMediaType(bytes) ?? 'application/octet-stream',
      }),
    );
  }

  async get(tenantId: string, key: string): Promise<Buffer | null> {
    const Key = this.objectKey(tenantId, key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(tenantId: string, key: string): Promise<Readable | null> {
    const Key = this.objectKey(tenantId, key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      // In Node the SDK's body is an IncomingMessage, a Readable.
      return (object.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Deleting a missing object succeeds on S3, as `rm --force` does on disk. */
  async remove(tenantId: string, key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(tenantId, key) }));
  }

  async list(tenantId: string): Promise<string[]> {
    if (!SAFE_STORAGE_KEY.test(tenantId)) throw new Error('unsafe storage key');
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${tenantId}/`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(tenantId.length + 1) ?? '';
        if (SAFE_STORAGE_KEY.test(key)) keys.push(key);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  close(): void {
    this.client.destroy();
  }
}
