import type { ProfileResponse } from '@atrium/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;

const upload = (token: string, tenant: TestTenant, payload: Buffer, contentType = 'image/png') =>
  app.inject({
    method: 'PUT',
    url: '/rest/user/profile/photo',
    headers: { ...bearer(token, tenant.host), 'content-type': contentType },
    payload,
  });

/** A 600x400 photo with a bright right half, as a camera might send it. */
const photo = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
    .composite([
      { input: { create: { width: 300, height: 400, channels: 3, background: '#ffcc00' } }, left: 300, top: 0 },
    ])
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
});

describe('PUT and DELETE /rest/user/profile/photo', () => {
  it('keeps a 256 px WebP square at an unguessable address on the tenant host, replacing the old one', async () => {
    const { access_token } = await loginAs(app, a, 'student');
    const first = await upload(access_token, a, await photo(), 'image/jpeg');
    expect(first.statusCode, first.body).toBe(200);
    const picture = json<ProfileResponse>(first).contact.picture ?? '';
    expect(picture).toMatch(/^\/profile-photo\/[0-9a-f-]{36}$/);

    const served = await app.inject({ url: picture, headers: { host: a.host } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    // the session shows it, and it is not in the studio's public media gallery
    expect(
      json<any>(await app.inject({ url: '/rest/reInitInfo', headers: bearer(access_token, a.host) })).contact.picture,
    ).toBe(picture);
    const gallery = json<any[]>(await app.inject({ url: '/media', headers: { host: a.host } }));
    expect(gallery.some((item) => picture.endsWith(item.id))).toBe(false);
    // another tenant's host does not serve it
    expect((await app.inject({ url: picture, headers: { host: b.host } })).statusCode).toBe(404);

    const second = await upload(access_token, a, await photo(), 'image/jpeg');
    const next = json<ProfileResponse>(second).contact.picture ?? '';
    expect(next).not.toBe(picture);
    expect((await app.inject({ url: picture, headers: { host: a.host } })).statusCode).toBe(404);
    expect((await app.inject({ url: next, headers: { host: a.host } })).statusCode).toBe(200);

    const removed = await app.inject({
      method: 'DELETE',
      url: '/rest/user/profile/photo',
      headers: bearer(access_token, a.host),
    });
    expect(removed.statusCode).toBe(200);
    expect(json<ProfileResponse>(removed).contact.picture).toBeNull();
    expect((await app.inject({ url: next, headers: { host: a.host } })).statusCode).toBe(404);
  });

  it('refuses what is not a photo, naming the file, and keeps the photo there was', async () => {
    const { access_token } = await loginAs(app, a, 'staff');
    const kept = json<ProfileResponse>(await upload(access_token, a, await photo(), 'image/jpeg')).contact.picture;
    const cases: Array<[Buffer, string]> = [
      [Buffer.alloc(0), 'Choose a photo to upload.'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'A photo must be a PNG, JPEG, GIF or WebP image.',
      ],
      [
        Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]),
        'A photo must be a PNG, JPEG, GIF or WebP image.',
      ],
      [
        Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(64)]),
        'This image could not be read. Try another photo.',
      ],
    ];
    for (const [bytes, message] of cases) {
      const response = await upload(access_token, a, bytes);
      expect(response.statusCode, message).toBe(400);
      expect(json<any>(response).errors).toMatchObject({ field: 'file', message });
    }
    const tooBig = await upload(access_token, a, Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(tooBig.statusCode).toBe(413);
    const now = json<ProfileResponse>(
      await app.inject({ url: '/rest/user/profile', headers: bearer(access_token, a.host) }),
    );
    expect(now.contact.picture).toBe(kept);
    expect((await app.inject({ url: kept ?? '', headers: { host: a.host } })).statusCode).toBe(200);
  });

  it('needs a signed-in person', async () => {
    expect((await upload('not-a-token', a, await photo())).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'DELETE', url: '/rest/user/profile/photo', headers: { host: a.host } })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/profile-photo/not-an-id', headers: { host: a.host } })).statusCode).toBe(400);
  });
});
