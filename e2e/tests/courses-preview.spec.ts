import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, PASSWORD } from './helpers';

// A signed-out visitor plays a published course's preview video on the server-rendered course page:
// the page carries a native <video> with its poster and a Play button; Play asks for signed links and
// only then loads hls.js (docs/decisions/courses.md "Signed-out preview video").

const api = (path: string) => `http://127.0.0.1:${process.env.E2E_PORT}${path}`;
const HOST = { host: `demo.localhost:${process.env.E2E_PORT}` };
const COURSE = `Preview Flow ${Date.now().toString(36)}`;

let course: { slug: string; lessonAssetId: string };

async function call<T>(request: APIRequestContext, token: string, method: string, path: string, data?: object) {
  const response = await request.fetch(api(path), {
    method,
    headers: { ...HOST, authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A short 320x180 video made with the ffmpeg of node_modules, uploaded by tus and transcoded. */
async function uploadVideo(request: APIRequestContext, token: string, title: string): Promise<string> {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = join(mkdtempSync(join(tmpdir(), 'atrium-preview-')), 'teaser.mp4');
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=6:size=320x180:rate=15'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  const bytes = readFileSync(file);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = { ...HOST, authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await request.post(api('/rest/video/upload'), {
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64('teaser.mp4')},title ${b64(title)}`,
    },
  });
  expect(created.status()).toBe(201);
  const location = new URL(created.headers().location ?? '', api('/')).pathname;
  const patched = await request.patch(api(location), {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status()).toBe(204);
  const id = location.split('/').pop() as string;
  await expect
    .poll(async () => (await call<{ status: string }>(request, token, 'GET', `/rest/video/${id}`)).status, {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe('ready');
  return id;
}

test.describe('a course preview video for signed-out visitors', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(200_000);
    const login = await request.post(api('/login'), {
      headers: HOST,
      data: { userId: 'admin@demo.test', password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    const token = (await login.json()).access_token as string;
    const teaser = await uploadVideo(request, token, 'Teaser');
    const lesson = await uploadVideo(request, token, 'Lesson');
    type Detail = { guId: string; slug: string; sections: { guId: string; chapters: { guId: string }[] }[] };
    let detail = await call<Detail>(request, token, 'POST', '/stemplate/program', {
      name: COURSE,
      pricing: 'paid',
      priceMinor: 2500,
    });
    const base = `/stemplate/program/${detail.guId}`;
    detail = await call<Detail>(request, token, 'POST', `${base}/section`, { title: 'Start' });
    const section = detail.sections[0]?.guId;
    for (const [title, videoAssetId] of [
      ['Meet the teacher', teaser],
      ['The full flow', lesson],
    ]) {
      detail = await call<Detail>(request, token, 'POST', `${base}/section/${section}/chapter`, {
        title,
        type: 'video',
        videoAssetId,
      });
    }
    await call(request, token, 'PUT', base, { previewChapterId: detail.sections[0]?.chapters[0]?.guId });
    await call(request, token, 'PUT', `${base}/status`, { status: 'published' });
    course = { slug: detail.slug, lessonAssetId: lesson };
  });

  test('plays the preview without signing in, loading hls.js only on Play', async ({ page, request }) => {
    test.setTimeout(90_000);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(hostUrl('demo', `/courses/${course.slug}`));
    const preview = page.getByRole('region', { name: 'Free preview: Meet the teacher' });
    await expect(preview).toBeVisible();
    const video = preview.locator('video');
    await expect(video).toHaveAttribute('poster', /\/video-media\/.+\/poster\.jpg$/);
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible(); // the page is a visitor's
    await expectAccessible(page);
    expect(scripts.filter((path) => path.includes('hls'))).toEqual([]);

    const master = page.waitForResponse((response) => /\/video-media\/.+\/master\.m3u8$/.test(response.url()));
    const segment = page.waitForResponse((response) => /\/video-media\/.+\.ts$/.test(response.url()));
    await preview.getByRole('button', { name: /^Play the preview/ }).click();
    expect((await master).status()).toBe(200);
    expect((await segment).status()).toBe(200);
    expect(scripts.some((path) => /^\/site\/hls-[\d.]+\.js$/.test(path))).toBe(true);
    await expect(video).toHaveJSProperty('controls', true);
    await page.evaluate(() => {
      const element = document.querySelector('video') as HTMLVideoElement;
      element.muted = true;
      return element.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 1, undefined, {
      timeout: 30_000,
    });
    await expectAccessible(page);

    // the course's other chapter stays closed to a visitor: no links
    const closed = await request.get(api(`/rest/video/${course.lessonAssetId}/playback`), { headers: HOST });
    expect(closed.status()).toBe(403);
  });
});
