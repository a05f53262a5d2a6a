import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../../test/s3rver.ts';
import type { S3Config } from '../../config.ts';
import { S3Storage } from '../media/media.s3-storage.ts';
import { S3ExportStorage } from './export-storage.ts';

// With S3_BUCKET set (issue 28): the export lists the tenant's media from the bucket (only its own prefix), and the
// zip is stored under exports/ in the same bucket, apart from the media, then read back and deleted.

const BUCKET = 'atrium-export-test';
let server: S3rver;
let directory: string;
let s3: S3Config;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'atrium-s3rver-export-'));
  ({ server, s3 } = await startS3rver(BUCKET, directory));
});

afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('exports on S3', () => {
  it("lists one tenant's media and keeps the zip apart from it", async () => {
    const media = new S3Storage(s3);
    const exports = new S3ExportStorage(s3);
    try {
      const tenant = randomUUID();
      const other = randomUUID();
      const keys = [randomUUID(), randomUUID()].sort();
      for (const key of keys) await media.put(tenant, key, randomBytes(100));
      await media.put(other, randomUUID(), randomBytes(10));
      expect(await media.list(tenant)).toEqual(keys);

      const id = randomUUID();
      const upload = await exports.write(tenant, id);
      const bytes = randomBytes(300_000);
      upload.stream.end(bytes);
      expect(await upload.done()).toBe(bytes.length);
      // The zip is not one of the tenant's media files.
      expect(await media.list(tenant)).toEqual(keys);
      const read = await exports.read(tenant, id);
      expect(read?.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const chunk of read?.stream ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      await exports.remove(tenant, id);
      expect(await exports.read(tenant, id)).toBeNull();
    } finally {
      media.close();
      exports.close();
    }
  });
});
