import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoAsset, VideoPlayback } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { makeTestVideo, send, tusMetadata } from '../../../test/video-kit.ts';
import type { App } from '../../app.ts';
import { TRANSCODE_QUEUE } from './video-transcode.job.ts';
import { masterPlaylist, planRenditions } from './video-transcode.ts';

const dir = mkdtempSync(join(tmpdir(), 'atrium-video-library-'));
let app: App;
let port: number;
let studio: TestTenant;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  studio = await newTenant(app);
  admin = (await loginAs(app, studio, 'admin')).access_token;
}, 60_000);

async function uploadVideo(bytes: Buffer, meta: Record<string, string>): Promise<string> {
  const headers = { ...bearer(admin, studio.host), 'tus-resumable': '1.0.0' };
  const created = await send(port, 'POST', '/rest/video/upload', {
    ...headers,
    'upload-length': String(bytes.length),
    'upload-metadata': tusMetadata({ filename: 'clip.mp4', ...meta }),
  });
  expect(created.status).toBe(201);
  const location = String(created.headers.location);
  const done = await send(
    port,
    'PATCH',
    location,
    { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
  expect(done.status).toBe(204);
  await app.platform.jobs.drain(TRANSCODE_QUEUE);
  return location.split('/').pop() as string;
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(admin, studio.host), payload });

describe('the rendition ladder', () => {
  it('has 360p always, 720p and 1080p when the source has them, and the source size between rungs', () => {
    const heights = (w: number, h: number) => planRenditions(w, h).map((r) => `${r.width}x${r.height}`);
    expect(heights(1920, 1080)).toEqual(['640x360', '1280x720', '1920x1080']);
    expect(heights(3840, 2160)).toEqual(['640x360', '1280x720', '1920x1080']);
    expect(heights(1280, 720)).toEqual(['640x360', '1280x720']);
    expect(heights(854, 480)).toEqual(['640x360', '854x480']);
    expect(heights(320, 240)).toEqual(['320x240']);
    // A phone's portrait video: the ladder counts the shorter side.
    expect(heights(1080, 1920)).toEqual(['360x640', '720x1280', '1080x1920']);
    const master = masterPlaylist(planRenditions(1280, 720), true);
    expect(master).toContain('RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"');
  });
});

describe('the video library', () => {
  it("joins the studio's intro when a video asks for it, and keeps one intro per studio", async () => {
    const introBytes = readFileSync(
      makeTestVideo(dir, 'intro.mp4', { seconds: 1, width: 320, height: 180, audio: false }),
    );
    const mainBytes = readFileSync(makeTestVideo(dir, 'main.mp4', { seconds: 2, width: 320, height: 240 }));
    const intro = await uploadVideo(introBytes, { title: 'Studio intro' });
    expect((await call('GET', '/rest/video/tenant/introTenant')).statusCode).toBe(404);
    const made = await call('PUT', `/rest/video/${intro}/tenant-role`, { tenantRole: 'introTenant' });
    expect(json<VideoAsset>(made).tenantRole).toBe('introTenant');
    expect(json<VideoAsset>(await call('GET', '/rest/video/tenant/introTenant')).id).toBe(intro);

    const joined = await uploadVideo(mainBytes, { title: 'With intro', joinIntro: 'true' });
    const asset = json<VideoAsset>(await call('GET', `/rest/video/${joined}`));
    expect(asset).toMatchObject({ status: 'ready', joinIntro: true });
    // One second of intro (no sound of its own) before two seconds of the lesson.
    expect(asset.durationSeconds).toBeGreaterThan(2.8);
    const plain = await uploadVideo(mainBytes, { title: 'Without intro' });
    expect(json<VideoAsset>(await call('GET', `/rest/video/${plain}`)).durationSeconds).toBeLessThan(2.3);

    // Another video becomes the intro: the first stops being it.
    await call('PUT', `/rest/video/${plain}/tenant-role`, { tenantRole: 'introTenant' });
    expect(json<VideoAsset>(await call('GET', `/rest/video/${intro}`)).tenantRole).toBeNull();
    const list = json<VideoAsset[]>(await call('GET', '/rest/video'));
    expect(list.filter((v) => v.tenantRole === 'introTenant').map((v) => v.id)).toEqual([plain]);
  }, 90_000);

  it('takes WebVTT captions, refuses other text naming the field, and serves them by a signed link', async () => {
    const id = json<VideoAsset[]>(await call('GET', '/rest/video'))[0]?.id as string;
    const bad = await call('POST', `/rest/video/${id}/captions`, { language: 'en', label: 'English', vtt: 'hello' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ errors: { field: 'vtt' } });
    const badLanguage = await call('POST', `/rest/video/${id}/captions`, {
      language: 'english!',
      label: 'English',
      vtt: 'WEBVTT\n',
    });
    expect(badLanguage.statusCode).toBe(400);
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.500\nBreathe in — inspirez\n';
    const added = await call('POST', `/rest/video/${id}/captions`, {
      language: 'fr',
      label: 'Français',
      isDefault: true,
      vtt,
    });
    expect(added.statusCode).toBe(200);
    expect(json<VideoAsset>(added).captions).toEqual([
      expect.objectContaining({ language: 'fr', label: 'Français', isDefault: true }),
    ]);
    const descriptor = json<VideoPlayback>(await call('GET', `/rest/video/${id}/playback`));
    const track = descriptor.captions[0];
    expect(track?.url).toMatch(/^\/video-media\/.+\/captions\/[0-9a-f-]{36}\.vtt$/);
    const served = await app.inject({ method: 'GET', url: track?.url as string, headers: { host: studio.host } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.body).toBe(vtt);
    const removed = await call('DELETE', `/rest/video/${id}/captions/${track?.id}`);
    expect(json<VideoAsset>(removed).captions).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: track?.url as string, headers: { host: studio.host } })).statusCode,
    ).toBe(404);
  });

  it('deletes a video with its files', async () => {
    const id = json<VideoAsset[]>(await call('GET', '/rest/video'))[0]?.id as string;
    const { masterUrl } = json<VideoPlayback>(await call('GET', `/rest/video/${id}/playback`));
    expect((await call('DELETE', `/rest/video/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/rest/video/${id}`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: masterUrl, headers: { host: studio.host } })).statusCode).toBe(404);
  });
});
