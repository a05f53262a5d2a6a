import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { sniffMediaType } from './media-types.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let adminA: string;

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
  adminA = (await loginAs(app, a, 'admin')).access_token;
});

const upload = (token: string, tenant: TestTenant, body: Buffer | string, type = 'image/png', name = 'logo.png') =>
  app.inject({
    method: 'POST',
    url: '/media',
    headers: { ...bearer(token, tenant.host), 'content-type': type, 'x-file-name': name },
    payload: body,
  });

describe('media uploads', () => {
  it('stores an image and serves it from the tenant host, listed in the gallery', async () => {
    const response = await upload(adminA, a, PNG);
    expect(response.statusCode).toBe(201);
    const item = json<any>(response);
    expect(item).toMatchObject({ fileName: 'logo.png', contentType: 'image/png', size: PNG.length });
    const file = await app.inject({ url: item.url, headers: { host: a.host } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const gallery = json<any[]>(await app.inject({ url: '/media', headers: { host: a.host } }));
    expect(gallery.map((m) => m.id)).toContain(item.id);
  });

  it('judges the file by its bytes: a script named .png is refused, naming the field', async () => {
    const response = await upload(adminA, a, '<svg onload="alert(1)"></svg>', 'image/png', 'evil.png');
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors.field).toBe('file');
    const text = await upload(adminA, a, 'hello', 'text/plain', 'x.txt');
    expect(text.statusCode).toBe(400);
  });

  it('refuses files over 10 MB with a clear message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10_485_761)]);
    const response = await upload(adminA, a, big);
    expect(response.statusCode).toBe(413);
    expect(json<any>(response).errors).toMatchObject({ field: 'file', message: 'The file is larger than 10 MB.' });
  });

  it("is for staff; another tenant's file is a 404", async () => {
    const student = (await loginAs(app, a, 'student')).access_token;
    expect((await upload(student, a, PNG)).statusCode).toBe(403);
    const item = json<any>(await upload(adminA, a, PNG));
    expect((await app.inject({ url: item.url, headers: { host: b.host } })).statusCode).toBe(404);
    const adminB = (await loginAs(app, b, 'admin')).access_token;
    const del = await app.inject({ method: 'DELETE', url: item.url, headers: bearer(adminB, b.host) });
    expect(del.statusCode).toBe(404);
    expect(json<any[]>(await app.inject({ url: '/media', headers: { host: b.host } }))).toEqual([]);
  });

  it('deletes a file and its bytes', async () => {
    const item = json<any>(await upload(adminA, a, PNG));
    const del = await app.inject({ method: 'DELETE', url: item.url, headers: bearer(adminA, a.host) });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ url: item.url, headers: { host: a.host } })).statusCode).toBe(404);
  });
});

describe('sniffMediaType', () => {
  it('recognises images and videos by their first bytes', () => {
    expect(sniffMediaType(PNG)).toBe('image/png');
    expect(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('image/jpeg');
    expect(sniffMediaType(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffMediaType(Buffer.from('....ftypisom....'))).toBe('video/mp4');
    expect(sniffMediaType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
