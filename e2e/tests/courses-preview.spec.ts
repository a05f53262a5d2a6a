import { expect, test } from '@playwright/test';
import { apiLogin, apiUrl, DEMO_HOST, expectAccessible, hostUrl } from './helpers';
import { apiCall, uploadTestVideo } from './video-fixtures';

// A signed-out visitor plays a published course's preview video on the server-rendered course page:
// the page carries a native <video> with its poster and a Play button; Play asks for signed links and
// only then loads hls.js (docs/decisions/courses.md "Signed-out preview video").

const COURSE = `Preview Flow ${Date.now().toString(36)}`;

let course: { slug: string; lessonAssetId: string };

test.describe('a course preview video for signed-out visitors', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(200_000);
    const token = (await apiLogin(request, 'admin@demo.test')).access_token;
    const teaser = await uploadTestVideo(request, token, { seconds: 6, title: 'Teaser', fileName: 'teaser.mp4' });
    const lesson = await uploadTestVideo(request, token, { seconds: 6, title: 'Lesson', fileName: 'teaser.mp4' });
    type Detail = { guId: string; slug: string; sections: { guId: string; chapters: { guId: string }[] }[] };
    let detail = await apiCall<Detail>(request, token, 'POST', '/stemplate/program', {
      name: COURSE,
      pricing: 'paid',
      priceMinor: 2500,
    });
    const base = `/stemplate/program/${detail.guId}`;
    detail = await apiCall<Detail>(request, token, 'POST', `${base}/section`, { title: 'Start' });
    const section = detail.sections[0]?.guId;
    for (const [title, videoAssetId] of [
      ['Meet the teacher', teaser],
      ['The full flow', lesson],
    ]) {
      detail = await apiCall<Detail>(request, token, 'POST', `${base}/section/${section}/chapter`, {
        title,
        type: 'video',
        videoAssetId,
      });
    }
    await apiCall(request, token, 'PUT', base, { previewChapterId: detail.sections[0]?.chapters[0]?.guId });
    await apiCall(request, token, 'PUT', `${base}/status`, { status: 'published' });
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
    const closed = await request.get(apiUrl(`/rest/video/${course.lessonAssetId}/playback`), { headers: DEMO_HOST });
    expect(closed.status()).toBe(403);
  });
});
