import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { isMissing, s3ClientConfig } from '../media/media.s3-storage.ts';
import { SAFE_STORAGE_KEY } from '../media/media.storage.ts';

/** An export's zip being written: the stream to write it to, and `done` once it is stored (its size). */
export interface ExportUpload {
  stream: Writable;
  done(): Promise<number>;
  abort(): Promise<void>;
}

/**
 * Where finished export zips live, apart from the tenant's media (so an export never holds an older
 * export): DATA_DIR/exports/{tenantId}/{id}.zip on disk, or `exports/{tenantId}/{id}.zip` in the
 * media bucket when S3_BUCKET is set (written to a temporary file first, then put in one request
 * with its length).
 */
export interface ExportStorage {
  write(tenantId: string, id: string): Promise<ExportUpload>;
  read(tenantId: string, id: string): Promise<{ stream: Readable; size: number } | null>;
  remove(tenantId: string, id: string): Promise<void>;
  close(): void;
}

function checked(tenantId: string, id: string): void {
  if (!SAFE_STORAGE_KEY.test(tenantId) || !SAFE_STORAGE_KEY.test(id)) throw new Error('unsafe storage key');
}

export class LocalExportStorage implements ExportStorage {
  constructor(private readonly root: string) {}

  #path(tenantId: string, id: string): string {
    checked(tenantId, id);
    return join(this.root, tenantId, `${id}.zip`);
  }

  async write(tenantId: string, id: string): Promise<ExportUpload> {
    const path = this.#path(tenantId, id);
    await mkdir(join(this.root, tenantId), { recursive: true });
    const stream = createWriteStream(path);
    return {
      stream,
      done: async () => {
        await finished(stream);
        return (await stat(path)).size;
      },
      abort: async () => {
        stream.destroy();
        await rm(path, { force: true });
      },
    };
  }

  async read(tenantId: string, id: string): Promise<{ stream: Readable; size: number } | null> {
    const path = this.#path(tenantId, id);
    try {
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return null;
    }
  }

  async remove(tenantId: string, id: string): Promise<void> {
    await rm(this.#path(tenantId, id), { force: true });
  }

  close(): void {}
}

export class S3ExportStorage implements ExportStorage {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(config: S3Config) {
    this.#bucket = config.bucket;
    this.#client = new S3Client(s3ClientConfig(config));
  }

  #key(tenantId: string, id: string): string {
    checked(tenantId, id);
    return `exports/${tenantId}/${id}.zip`;
  }

  async write(tenantId: string, id: string): Promise<ExportUpload> {
    const Key = this.#key(tenantId, id);
    const folder = await mkdtemp(join(tmpdir(), 'tenant-export-'));
    const path = join(folder, 'export.zip');
    const stream = createWriteStream(path);
    return {
      stream,
      done: async () => {
        try {
          await finished(stream);
          const size = (await stat(path)).size;
          await this.#client.send(
            new PutObjectCommand({
              Bucket: this.#bucket,
              Key,
              Body: createReadStream(path),
              ContentLength: size,
              ContentType: 'application/zip',
            }),
          );
          return size;
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      },
      abort: async () => {
        stream.destroy();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }

  async read(tenantId: string, id: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(tenantId, id) }),
      );
      if (!object.Body) return null;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(tenantId: string, id: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(tenantId, id) }));
  }

  close(): void {
    this.#client.destroy();
  }
}
