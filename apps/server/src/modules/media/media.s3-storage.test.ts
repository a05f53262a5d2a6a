import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { bucketClient, startS3rver } from '../../../test/s3rver.ts';
import type { App } from '../../app.ts';
import { loadConfig, type S3Config } from '../../config.ts';
import { S3Storage } from './media.s3-storage.ts';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BUCKET = 'atrium-test';

let server: S3rver;
let directory: string;
let s3: S3Config;
let storage: S3Storage;
/** A second client straight on the bucket, to see what the app wrote. */
let client: S3Client;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'atrium-s3rver-'));
  ({ server, s3 } = await startS3rver(BUCKET, directory));
  storage = new S3Storage(s3);
  client = bucketClient(s3);
});

afterAll(async () => {
  storage?.close();
  client?.destroy();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function objectExists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe('S3 configuration', () => {
  it('is off without S3_BUCKET; path style defaults on with an endpoint, off without', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(s3).toMatchObject({ region: 'us-east-1', bucket: BUCKET, forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'b' }).s3).toMatchObject({ endpoint: null, forcePathStyle: false });
    expect(
      loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://x', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses half a key pair and a bad endpoint, without echoing the secret', () => {
    const half = () => loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'very-secret' });
    expect(half).toThrow(/must be set together/);
    expect(half).not.toThrow(/very-secret/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('S3Storage against a local S3 server', () => {
  const tenantA = randomUUID();
  const tenantB = randomUUID();

  it('puts, gets and removes an object keyed {tenantId}/{key}', async () => {
    const key = randomUUID();
    await storage.put(tenantA, key, PNG);
    expect(await objectExists(`${tenantA}/${key}`)).toBe(true);
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${tenantA}/${key}` }));
    expect(head.ContentType).toBe('image/png');
    expect((await storage.get(tenantA, key))?.equals(PNG)).toBe(true);
    await storage.remove(tenantA, key);
    expect(await objectExists(`${tenantA}/${key}`)).toBe(false);
    expect(await storage.get(tenantA, key)).toBeNull();
  });

  it('streams an object as it is read; a missing key streams null', async () => {
    const key = randomUUID();
    await storage.put(tenantA, key, PNG);
    const stream = await storage.stream(tenantA, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
    expect(await storage.stream(tenantA, randomUUID())).toBeNull();
    expect(await storage.stream(tenantB, key)).toBeNull();
    await storage.remove(tenantA, key);
  });

  it('answers null for a missing key; removing a missing key succeeds', async () => {
    expect(await storage.get(tenantA, randomUUID())).toBeNull();
    await expect(storage.remove(tenantA, randomUUID())).resolves.toBeUndefined();
  });

  it('rejects unsafe tenant ids and keys before any request', async () => {
    const key = randomUUID();
    await expect(storage.put(tenantA, '../escape', PNG)).rejects.toThrow('unsafe storage key');
    await expect(storage.put('../x', key, PNG)).rejects.toThrow('unsafe storage key');
    await expect(storage.get(tenantA, `${key}/x`)).rejects.toThrow('unsafe storage key');
    await expect(storage.remove(`${tenantA}/..`, key)).rejects.toThrow('unsafe storage key');
  });

  it('sends its credentials: an unknown access key is refused by the server', async () => {
    // s3rver knows the key pair S3RVER/S3RVER; it checks the key id but does not verify SigV4 signatures.
    const stranger = new S3Storage({ ...s3, accessKeyId: 'NOT-A-KEY' });
    try {
      await expect(stranger.put(tenantA, randomUUID(), PNG)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    } finally {
      stranger.close();
    }
  });

  it('keeps tenants apart by prefix', async () => {
    const key = randomUUID();
    await storage.put(tenantA, key, PNG);
    expect(await storage.get(tenantB, key)).toBeNull();
    await storage.remove(tenantB, key);
    expect((await storage.get(tenantA, key))?.equals(PNG)).toBe(true);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${tenantB}/` }));
    expect(listed.KeyCount ?? 0).toBe(0);
  });
});

describe('media uploads through the app on S3', () => {
  let app: App;
  let tenant: TestTenant;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp({ s3 });
    tenant = await newTenant(app);
    admin = (await loginAs(app, tenant, 'admin')).access_token;
  });

  it('stores the upload in the bucket, serves it, and deletes the object', async () => {
    expect(app.platform.media).toBeInstanceOf(S3Storage);
    const response = await app.inject({
      method: 'POST',
      url: '/media',
      headers: { ...bearer(admin, tenant.host), 'content-type': 'image/png', 'x-file-name': 'logo.png' },
      payload: PNG,
    });
    expect(response.statusCode).toBe(201);
    const item = json<{ id: string; url: string }>(response);
    const objectKey = `${tenant.tenantId}/${item.id}`;
    expect(await objectExists(objectKey)).toBe(true);

    const file = await app.inject({ url: item.url, headers: { host: tenant.host } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const del = await app.inject({ method: 'DELETE', url: item.url, headers: bearer(admin, tenant.host) });
    expect(del.statusCode).toBe(200);
    expect(await objectExists(objectKey)).toBe(false);
    expect((await app.inject({ url: item.url, headers: { host: tenant.host } })).statusCode).toBe(404);
  });
});
