import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a folder per tenant under DATA_DIR/media (LocalDiskStorage) or,
 * when S3_BUCKET is set, `{tenantId}/{key}` objects in an S3-compatible bucket (S3Storage).
 */
export interface MediaStorage {
  put(tenantId: string, key: string, bytes: Buffer): Promise<void>;
  get(tenantId: string, key: string): Promise<Buffer | null>;
  /** The stored bytes as a stream (a download sent as it is read, not held in memory); null when missing. */
  stream(tenantId: string, key: string): Promise<Readable | null>;
  remove(tenantId: string, key: string): Promise<void>;
  /** Every key stored for the tenant (the tenant export takes them all). */
  list(tenantId: string): Promise<string[]>;
}

/** Tenant ids and keys are UUIDs: nothing else reaches a path or an object key. */
export const SAFE_STORAGE_KEY = /^[a-f0-9-]{36}$/;
const SAFE = SAFE_STORAGE_KEY;

export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private path(tenantId: string, key: string): string {
    if (!SAFE.test(tenantId) || !SAFE.test(key)) throw new Error('unsafe storage key');
    return join(this.root, tenantId, key);
  }

  async put(tenantId: string, key: string, bytes: Buffer): Promise<void> {
    await mkdir(join(this.root, tenantId), { recursive: true });
    await writeFile(this.path(tenantId, key), bytes);
  }

  async get(tenantId: string, key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(tenantId, key));
    } catch {
      return null;
    }
  }

  async stream(tenantId: string, key: string): Promise<Readable | null> {
    const path = this.path(tenantId, key);
    try {
      if (!(await stat(path)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(tenantId: string, key: string): Promise<void> {
    await rm(this.path(tenantId, key), { force: true });
  }

  async list(tenantId: string): Promise<string[]> {
    if (!SAFE.test(tenantId)) throw new Error('unsafe storage key');
    try {
      return (await readdir(join(this.root, tenantId))).filter((name) => SAFE.test(name)).sort();
    } catch {
      return [];
    }
  }
}
