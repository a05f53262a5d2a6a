import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiUrl, DEMO_HOST } from './helpers';

/** A demo API call with a bearer token; anything but a 2xx fails the test with the answer's text. */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(apiUrl(path), {
    method,
    headers: { ...DEMO_HOST, authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * A short 320x180 test-pattern video made with the ffmpeg of node_modules, uploaded to the demo studio by tus
 * in one PATCH and waited for until transcoded; its asset id.
 */
export async function uploadTestVideo(
  request: APIRequestContext,
  token: string,
  { seconds, title, fileName }: { seconds: number; title: string; fileName: string },
): Promise<string> {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = join(mkdtempSync(join(tmpdir(), 'atrium-video-')), fileName);
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x180:rate=15`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  const bytes = readFileSync(file);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = { ...DEMO_HOST, authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await request.post(apiUrl('/rest/video/upload'), {
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(fileName)},title ${b64(title)}`,
    },
  });
  expect(created.status()).toBe(201);
  const location = new URL(created.headers().location ?? '', apiUrl('/')).pathname;
  const patched = await request.patch(apiUrl(location), {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status()).toBe(204);
  const id = location.split('/').pop() as string;
  await expect
    .poll(async () => (await apiCall<{ status: string }>(request, token, 'GET', `/rest/video/${id}`)).status, {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe('ready');
  return id;
}
