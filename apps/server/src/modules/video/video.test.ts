import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VIDEO_TEXTS, type VideoAsset, type VideoPlayback } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { makeTestVideo, send, tusMetadata } from '../../../test/video-kit.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { registerVideoAccessPolicy } from './video-access.ts';
import { VideoFiles } from './video-files.ts';
import { playbackWithMaster } from './video-fixtures.ts';
import { TRANSCODE_QUEUE } from './video-transcode.job.ts';

const LIMIT = 3 * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'atrium-video-test-'));
let app: App;
let port: number;
let studio: TestTenant;
let otherStudio: TestTenant;
const tokens: Record<string, string> = {};
let tiny: Buffer;

beforeAll(async () => {
  app = await startTestApp({ video: { ...loadConfig({}).video, maxUploadBytes: LIMIT } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  studio = await newTenant(app);
  otherStudio = await newTenant(app);
  for (const role of ['admin', 'staff', 'student'] as const)
    tokens[role] = (await loginAs(app, studio, role)).access_token;
  tokens.otherAdmin = (await loginAs(app, otherStudio, 'admin')).access_token;
  tiny = readFileSync(makeTestVideo(dir, 'tiny.mp4', { seconds: 2, width: 320, height: 240 }));
}, 60_000);

const tusHeaders = (token: string, tenant = studio) => ({ ...bearer(token, tenant.host), 'tus-resumable': '1.0.0' });

async function createUpload(token: string, length: number, name = 'Lesson one.mp4', tenant = studio) {
  const answer = await send(port, 'POST', '/rest/video/upload', {
    ...tusHeaders(token, tenant),
    'upload-length': String(length),
    'upload-metadata': tusMetadata({ filename: name, title: 'Lesson one' }),
  });
  return { ...answer, location: String(answer.headers.location ?? '') };
}

function patch(token: string, location: string, offset: number, bytes: Buffer, dropAfter?: number) {
  return send(
    port,
    'PATCH',
    location,
    { ...tusHeaders(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
    dropAfter,
  );
}

async function asset(id: string, token = tokens.admin as string): Promise<VideoAsset> {
  const response = await app.inject({ method: 'GET', url: `/rest/video/${id}`, headers: bearer(token, studio.host) });
  expect(response.statusCode).toBe(200);
  return json<VideoAsset>(response);
}

/** Uploads a whole file in one PATCH and answers the asset id. */
async function upload(bytes: Buffer, name = 'clip.mp4') {
  const created = await createUpload(tokens.admin as string, bytes.length, name);
  expect(created.status).toBe(201);
  const done = await patch(tokens.admin as string, created.location, 0, bytes);
  return { id: created.location.split('/').pop() as string, done };
}

const media = (url: string, host = studio.host) => app.inject({ method: 'GET', url, headers: { host } });

describe('video uploads (tus)', () => {
  let readyId = '';

  it('takes an upload in chunks, survives a dropped connection, resumes and transcodes it to HLS with a poster', async () => {
    const created = await createUpload(tokens.admin as string, tiny.length);
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/rest\/video\/upload\/[0-9a-f-]{36}$/);
    const id = created.location.split('/').pop() as string;
    expect((await asset(id)).status).toBe('uploading');

    const first = await patch(tokens.admin as string, created.location, 0, tiny.subarray(0, 16_384));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe('16384');
    // The connection drops halfway through the next chunk.
    await patch(tokens.admin as string, created.location, 16_384, tiny.subarray(16_384), 20_000);
    const head = await send(port, 'HEAD', created.location, tusHeaders(tokens.admin as string));
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(16_384);
    expect(offset).toBeLessThan(tiny.length);
    const rest = await patch(tokens.admin as string, created.location, offset, tiny.subarray(offset));
    expect(rest.status).toBe(204);

    const processing = await asset(id);
    expect(processing).toMatchObject({ status: 'processing', mimeType: 'video/mp4', width: 320, height: 240 });
    expect(processing.durationSeconds).toBeCloseTo(2, 0);
    await app.platform.jobs.drain(TRANSCODE_QUEUE);
    const ready = await asset(id);
    expect(ready).toMatchObject({ status: 'ready', progressPercent: 100, failureReason: null, renditions: [240] });
    readyId = id;

    const { descriptor, master } = await playbackWithMaster(app, studio, tokens.admin as string, id);
    expect(master.body).toContain('#EXT-X-STREAM-INF:BANDWIDTH=');
    expect(master.body).toContain('RESOLUTION=320x240');
    const base = descriptor.masterUrl.slice(0, descriptor.masterUrl.lastIndexOf('/'));
    const variant = await media(`${base}/r0.m3u8`);
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    const segments = variant.body.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(0);
    const segment = await media(`${base}/${segments[0]}`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const poster = await media(descriptor.posterUrl as string);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect([...poster.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  }, 60_000);

  it('refuses a file that is not a video, whatever its name says', async () => {
    const text = Buffer.from('This is a lesson plan, not a video.\n'.repeat(200));
    const { id, done } = await upload(text, 'lesson.mp4');
    expect(done.status).toBe(415);
    expect(done.body.trim()).toBe(VIDEO_TEXTS.notAVideo);
    expect(await asset(id)).toMatchObject({ status: 'failed', failureReason: VIDEO_TEXTS.notAVideo, mimeType: null });
    const retry = await app.inject({
      method: 'POST',
      url: `/rest/video/${id}/retry`,
      headers: bearer(tokens.admin as string, studio.host),
    });
    expect(retry.statusCode).toBe(409);
    // A picture is not a video either.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await upload(png, 'still.mov')).done.status).toBe(415);
  });

  it('refuses an upload over the limit with the limit in the message', async () => {
    const created = await createUpload(tokens.admin as string, LIMIT + 1);
    expect(created.status).toBe(413);
    expect(created.body.trim()).toBe(VIDEO_TEXTS.tooLarge('3 MB'));
  });

  it('lets only the person who started an upload resume it; another studio does not find it; students cannot upload', async () => {
    const created = await createUpload(tokens.admin as string, tiny.length);
    const head = await send(port, 'HEAD', created.location, tusHeaders(tokens.staff as string));
    expect(head.status).toBe(403);
    const resumed = await patch(tokens.staff as string, created.location, 0, tiny);
    expect(resumed.status).toBe(403);
    expect(json<{ errors: { message: string } }>({ body: resumed.body } as never).errors.message).toBe(
      VIDEO_TEXTS.notYours,
    );
    const foreign = await send(port, 'HEAD', created.location, tusHeaders(tokens.otherAdmin as string, otherStudio));
    expect(foreign.status).toBe(404);
    expect((await createUpload(tokens.student as string, tiny.length)).status).toBe(403);
    const id = created.location.split('/').pop() as string;
    expect((await asset(id)).status).toBe('uploading');
  });

  it('records why a transcode failed and succeeds on retry', async () => {
    const { id, done } = await upload(tiny);
    expect(done.status).toBe(204);
    const files = new VideoFiles(app.platform.config);
    // The source is damaged between the upload and the job: the job fails and says why.
    writeFileSync(files.sourcePath(id), tiny.subarray(0, 600));
    await app.platform.jobs.drain(TRANSCODE_QUEUE);
    const failed = await asset(id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/could not be read as a video/);
    writeFileSync(files.sourcePath(id), tiny);
    const retry = await app.inject({
      method: 'POST',
      url: `/rest/video/${id}/retry`,
      headers: bearer(tokens.staff as string, studio.host),
    });
    expect(retry.statusCode).toBe(200);
    expect(json<VideoAsset>(retry)).toMatchObject({ status: 'processing', failureReason: null });
    await app.platform.jobs.drain(TRANSCODE_QUEUE);
    expect(await asset(id)).toMatchObject({ status: 'ready', progressPercent: 100 });
  }, 60_000);

  describe('signed playback', () => {
    const descriptorOf = async (token: string, id = readyId, host = studio.host) =>
      app.inject({ method: 'GET', url: `/rest/video/${id}/playback`, headers: bearer(token, host) });

    it('stops a copied link at its expiry', async () => {
      const descriptor = json<VideoPlayback>(await descriptorOf(tokens.admin as string));
      expect(new Date(descriptor.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(600_000);
      expect((await media(descriptor.masterUrl)).statusCode).toBe(200);
      app.platform.clock.advance(601_000);
      try {
        const late = await media(descriptor.masterUrl);
        expect(late.statusCode).toBe(403);
        expect(json(late)).toMatchObject({ errors: { message: 'This video link has expired.' } });
      } finally {
        app.platform.clock.reset();
      }
    });

    it('refuses a tampered token, another asset with the same token, and the link on another studio', async () => {
      const { masterUrl } = json<VideoPlayback>(await descriptorOf(tokens.admin as string));
      const parts = masterUrl.split('/');
      const token = parts[4] as string;
      const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect((await media(masterUrl.replace(token, flipped))).statusCode).toBe(403);
      const later = token.replace(/^\d+/, (s) => String(Number(s) + 3600));
      expect((await media(masterUrl.replace(token, later))).statusCode).toBe(403);
      const { id: otherId } = await upload(tiny);
      await app.platform.jobs.drain(TRANSCODE_QUEUE);
      expect((await media(masterUrl.replace(readyId, otherId))).statusCode).toBe(403);
      expect((await media(masterUrl, otherStudio.host)).statusCode).toBe(403);
      expect((await media(masterUrl.replace('master.m3u8', '../../x'))).statusCode).toBe(404);
    }, 30_000);

    it('is 404 for another studio and a visitor, 403 for a student no policy admits, 200 once a policy does', async () => {
      expect((await descriptorOf(tokens.otherAdmin as string, readyId, otherStudio.host)).statusCode).toBe(404);
      const denied = await descriptorOf(tokens.student as string);
      expect(denied.statusCode).toBe(403);
      // a signed-out visitor: no public page shows this video, so it does not exist for them
      expect(
        (await app.inject({ method: 'GET', url: `/rest/video/${readyId}/playback`, headers: { host: studio.host } }))
          .statusCode,
      ).toBe(404);
      const studentId = studio.users.student.id;
      registerVideoAccessPolicy({
        name: 'video-test-one-student',
        mayWatch: async ({ claims, asset: watched }) => claims.sub === studentId && watched.id === readyId,
      });
      expect((await descriptorOf(tokens.student as string)).statusCode).toBe(200);
      // Staff calls stay staff-only.
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/rest/video/${readyId}`,
            headers: bearer(tokens.student as string, studio.host),
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});
