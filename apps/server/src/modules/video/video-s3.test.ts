import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VIDEO_TEXTS, type VideoAsset } from '@atrium/contracts';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { bucketClient, startS3rver } from '../../../test/s3rver.ts';
import { addS3rverMultipartListing } from '../../../test/s3rver-multipart.ts';
import { makeTestVideo, send, tusMetadata } from '../../../test/video-kit.ts';
import type { App } from '../../app.ts';
import { loadConfig, type S3Config } from '../../config.ts';
import { playbackWithMaster } from './video-fixtures.ts';
import { S3VideoFiles, videoSegmentOrigin } from './video-s3-files.ts';
import { TRANSCODE_QUEUE } from './video-transcode.job.ts';

const BUCKET = 'atrium-video-test';
const LIMIT = 3 * 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'atrium-video-s3-test-'));
let server: S3rver;
let s3: S3Config;
/** A client straight on the bucket, to see what the app wrote. */
let client: S3Client;
let app: App;
let port: number;
let studio: TestTenant;
const tokens: Record<string, string> = {};
let tiny: Buffer;

beforeAll(async () => {
  const started = await startS3rver(BUCKET, join(dir, 's3'), addS3rverMultipartListing);
  ({ server, s3 } = started);
  const { config } = started;
  client = bucketClient(s3);
  app = await startTestApp({ s3, video: { ...config.video, maxUploadBytes: LIMIT } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  studio = await newTenant(app);
  for (const role of ['admin', 'staff', 'student'] as const)
    tokens[role] = (await loginAs(app, studio, role)).access_token;
  tiny = readFileSync(makeTestVideo(dir, 'tiny.mp4', { seconds: 2, width: 320, height: 240 }));
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function keys(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length)).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

const tusHeaders = (token: string) => ({ ...bearer(token, studio.host), 'tus-resumable': '1.0.0' });

async function createUpload(length: number, metadata: Record<string, string> = {}) {
  const answer = await send(port, 'POST', '/rest/video/upload', {
    ...tusHeaders(tokens.admin as string),
    'upload-length': String(length),
    'upload-metadata': tusMetadata({ filename: 'Lesson.mp4', title: 'Lesson', ...metadata }),
  });
  expect(answer.status).toBe(201);
  const location = String(answer.headers.location ?? '');
  expect(location).toMatch(/^\/rest\/video\/upload\/[0-9a-f-]{36}$/);
  return { location, id: location.split('/').pop() as string };
}

const patch = (location: string, offset: number, bytes: Buffer, token = tokens.admin as string) =>
  send(
    port,
    'PATCH',
    location,
    { ...tusHeaders(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

async function asset(id: string): Promise<VideoAsset> {
  const response = await app.inject({
    method: 'GET',
    url: `/rest/video/${id}`,
    headers: bearer(tokens.admin as string, studio.host),
  });
  expect(response.statusCode).toBe(200);
  return json<VideoAsset>(response);
}

const media = (url: string) => app.inject({ method: 'GET', url, headers: { host: studio.host } });
const workDir = () => join(app.platform.config.dataDir, 'video', 'work');

describe('videos in the S3 bucket', () => {
  it('uploads in two tus PATCHes (resumed), transcodes into the bucket, plays through signed links, and deletes every object', async () => {
    const { location, id } = await createUpload(tiny.length);
    const prefix = `${studio.tenantId}/video/${id}/`;
    expect(await keys(prefix)).toEqual(['source.info']);

    // The first chunk is smaller than a part: it waits in the bucket as source.part.
    const first = await patch(location, 0, tiny.subarray(0, 16_384));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe('16384');
    expect(await keys(prefix)).toEqual(['source.info', 'source.part']);
    // Only the starter resumes; the starter learns the offset from the bucket.
    expect((await send(port, 'HEAD', location, tusHeaders(tokens.staff as string))).status).toBe(403);
    const head = await send(port, 'HEAD', location, tusHeaders(tokens.admin as string));
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe('16384');
    const rest = await patch(location, 16_384, tiny.subarray(16_384));
    expect(rest.status).toBe(204);

    expect(await asset(id)).toMatchObject({ status: 'processing', mimeType: 'video/mp4', width: 320, height: 240 });
    expect((await objectBytes(`${prefix}source`)).equals(tiny)).toBe(true);
    expect(existsSync(join(app.platform.config.dataDir, 'video', 'uploads', id))).toBe(false);

    await app.platform.jobs.drain(TRANSCODE_QUEUE);
    expect(await asset(id)).toMatchObject({ status: 'ready', progressPercent: 100, renditions: [240] });
    const stored = await keys(prefix);
    expect(stored).toEqual(expect.arrayContaining(['hls-1/master.m3u8', 'hls-1/r0.m3u8', 'hls-1/poster.jpg']));
    expect(stored.some((key) => /^hls-1\/r0_\d{3}\.ts$/.test(key))).toBe(true);
    // The download and ffmpeg's folder are gone.
    expect(readdirSync(workDir())).toEqual([]);

    const captioned = await app.inject({
      method: 'POST',
      url: `/rest/video/${id}/captions`,
      headers: bearer(tokens.admin as string, studio.host),
      payload: { language: 'en', label: 'English', isDefault: true, vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n' },
    });
    expect(captioned.statusCode).toBe(200);
    const captionId = json<VideoAsset>(captioned).captions[0]?.id;
    expect(await keys(`${prefix}captions/`)).toEqual([`${captionId}.vtt`]);

    const { descriptor, master } = await playbackWithMaster(app, studio, tokens.admin as string, id);
    expect(master.body).toContain('RESOLUTION=320x240');
    const base = descriptor.masterUrl.slice(0, descriptor.masterUrl.lastIndexOf('/'));
    const variant = await media(`${base}/r0.m3u8`);
    expect(variant.statusCode).toBe(200);
    const segmentName = variant.body.split('\n').find((line) => line.endsWith('.ts')) as string;

    // A segment is a redirect to the bucket, through a presigned URL that dies with the link.
    const segment = await media(`${base}/${segmentName}`);
    expect(segment.statusCode).toBe(302);
    const target = new URL(String(segment.headers.location));
    expect(target.origin).toBe(s3.endpoint);
    expect(target.pathname).toBe(`/${BUCKET}/${prefix}hls-1/${segmentName}`);
    expect(Number(target.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(590);
    expect(Number(target.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);
    // The pages let the player fetch from there.
    expect(await videoSegmentOrigin(app.platform.config)).toBe(target.origin);
    expect(segment.headers['content-security-policy']).toMatch(new RegExp(`connect-src [^;]* ${target.origin}`));
    const bytes = Buffer.from(await (await fetch(target)).arrayBuffer());
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    expect(bytes.equals(await objectBytes(`${prefix}hls-1/${segmentName}`))).toBe(true);
    const poster = await media(descriptor.posterUrl as string);
    expect([...poster.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const captions = await media(descriptor.captions[0]?.url as string);
    expect(captions.body).toContain('Hello');

    // A copied link stops at its expiry; a student no policy admits gets no links.
    app.platform.clock.advance(601_000);
    try {
      expect((await media(descriptor.masterUrl)).statusCode).toBe(403);
      expect((await media(`${base}/${segmentName}`)).statusCode).toBe(403);
    } finally {
      app.platform.clock.reset();
    }
    const student = await app.inject({
      method: 'GET',
      url: `/rest/video/${id}/playback`,
      headers: bearer(tokens.student as string, studio.host),
    });
    expect(student.statusCode).toBe(403);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/rest/video/${id}`,
      headers: bearer(tokens.admin as string, studio.host),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await keys(prefix)).toEqual([]);
  }, 60_000);

  it('refuses a file that is not a video and removes it from the bucket; a playlist never makes ffprobe fetch what it names', async () => {
    let fetched = 0;
    const lure = createServer((_request, response) => {
      fetched += 1;
      response.end();
    });
    await new Promise<void>((done) => lure.listen(0, '127.0.0.1', done));
    const lurePort = (lure.address() as AddressInfo).port;
    const text = Buffer.from(
      `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nhttp://127.0.0.1:${lurePort}/internal.ts\n#EXT-X-ENDLIST\n`,
    );
    // The uploader names the playlist's type, which tus's S3 store would give the object.
    const { location, id } = await createUpload(text.length, {
      filename: 'lesson.m3u8',
      contentType: 'application/vnd.apple.mpegurl',
    });
    const done = await patch(location, 0, text);
    expect(done.status).toBe(415);
    expect(done.body.trim()).toBe(VIDEO_TEXTS.notAVideo);
    expect(await asset(id)).toMatchObject({ status: 'failed', failureReason: VIDEO_TEXTS.notAVideo });
    expect(await keys(`${studio.tenantId}/video/${id}/`)).toEqual([]);
    await new Promise((done) => lure.close(done));
    expect(fetched).toBe(0);
  });

  it('deletes an unfinished upload with its waiting chunk', async () => {
    const { location, id } = await createUpload(tiny.length);
    expect((await patch(location, 0, tiny.subarray(0, 10_000))).status).toBe(204);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/rest/video/${id}`,
      headers: bearer(tokens.admin as string, studio.host),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await keys(`${studio.tenantId}/video/${id}/`)).toEqual([]);
  });

  it('streams segments through the server when VIDEO_S3_SEGMENTS=stream', async () => {
    expect(loadConfig({ VIDEO_S3_SEGMENTS: 'stream' }).video.s3Segments).toBe('stream');
    expect(
      await videoSegmentOrigin({
        ...app.platform.config,
        video: { ...app.platform.config.video, s3Segments: 'stream' },
      }),
    ).toBeNull();
    expect(() => loadConfig({ VIDEO_S3_SEGMENTS: 'cdn' })).toThrow(/VIDEO_S3_SEGMENTS/);
    const config = { ...app.platform.config, video: { ...app.platform.config.video, s3Segments: 'stream' as const } };
    const files = new S3VideoFiles(s3, config);
    try {
      const { location, id } = await createUpload(tiny.length);
      expect((await patch(location, 0, tiny)).status).toBe(204);
      await app.platform.jobs.drain(TRANSCODE_QUEUE);
      const answer = await files.mediaFile(studio.tenantId, id, 'hls-1', 'r0_000.ts', 60);
      if (!answer || !('stream' in answer)) throw new Error('a stream expected');
      const chunks: Buffer[] = [];
      for await (const chunk of answer.stream) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).length).toBe(answer.size);
      expect(chunks[0]?.[0]).toBe(0x47);
      expect(await files.mediaFile(studio.tenantId, id, 'hls-2', 'r0_000.ts', 60)).toBeNull();
      expect(await files.mediaFile(studio.tenantId, id, 'hls-1', '../source', 60)).toBeNull();
      // What a stopped process left in the work folder goes at the next start; fresh work stays.
      mkdirSync(join(files.workDir, 'source-left'), { recursive: true });
      mkdirSync(join(files.workDir, 'hls-running'), { recursive: true });
      const eightHoursAgo = new Date(Date.now() - 8 * 3600_000);
      utimesSync(join(files.workDir, 'source-left'), eightHoursAgo, eightHoursAgo);
      await files.ensure();
      expect(readdirSync(files.workDir)).toEqual(['hls-running']);
      rmSync(join(files.workDir, 'hls-running'), { recursive: true });
    } finally {
      files.close();
    }
  }, 60_000);
});
