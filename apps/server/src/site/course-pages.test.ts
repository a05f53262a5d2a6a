import { gzipSync } from 'node:zlib';
import type { CourseDetail } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { readyVideo as readyVideoOn } from '../modules/courses/course-fixtures.ts';
import { insertVideoAsset } from '../modules/video/video.repo.ts';
import { demoPages } from '../seed/demo-pages.ts';

// The server-rendered /courses and /courses/{course} (docs/decisions/courses.md "Course pages").

let app: App;
let a: TestTenant;
let b: TestTenant;
let paid: CourseDetail;
let free: CourseDetail;
let draft: CourseDetail;

async function call(tenant: TestTenant, method: string, url: string, payload?: object) {
  const { access_token } = await loginAs(app, tenant, 'admin');
  const response = await app.inject({
    method: method as 'POST',
    url,
    headers: bearer(access_token, tenant.host),
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return JSON.parse(response.body) as CourseDetail;
}

async function course(tenant: TestTenant, body: object, publish = true): Promise<CourseDetail> {
  let made = await call(tenant, 'POST', '/stemplate/program', body);
  const base = `/stemplate/program/${made.guId}`;
  made = await call(tenant, 'POST', `${base}/section`, { title: 'Start here' });
  const section = made.sections[0]?.guId;
  made = await call(tenant, 'POST', `${base}/section/${section}/chapter`, {
    title: 'Welcome & breathing',
    type: 'text',
    html: '<p>Breathe <strong>in</strong></p><script>alert(1)</script>',
  });
  made = await call(tenant, 'POST', `${base}/section/${section}/chapter`, {
    title: 'Şavasana',
    type: 'text',
    html: '<p>Rest</p>',
  });
  made = await call(tenant, 'PUT', base, { previewChapterId: made.sections[0]?.chapters[0]?.guId });
  if (publish) made = await call(tenant, 'PUT', `${base}/status`, { status: 'published' });
  return made;
}

const get = (host: string, url: string) => app.inject({ url, headers: { host } });

/** A minute and a half of video as the transcode leaves it. */
const readyVideo = (tenant: TestTenant, title: string) => readyVideoOn(app, tenant, title, 90_000);

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  a = await newTenant(app, { settings: { seoDescription: 'Yoga in A town' }, pages: demoPages('Studio A') });
  b = await newTenant(app, { pages: demoPages('Studio B') });
  paid = await course(a, {
    name: 'Yoga <Basics>',
    pricing: 'paid',
    priceMinor: 3000,
    description: '<p>Learn the basics.</p>',
  });
  free = await course(a, { name: 'Free Flow', pricing: 'free' });
  draft = await course(a, { name: 'Secret Draft' }, false);
});

describe('the courses pages from the server', () => {
  it('lists the published courses with price and link, in the studio brand, with no platform name', async () => {
    const response = await get(a.host, '/courses');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Courses | ');
    expect(html).toContain(`href="/courses/${paid.slug}">Yoga &lt;Basics&gt;</a>`);
    expect(html).toContain('$30.00');
    expect(html).toContain(`href="/courses/${free.slug}"`);
    expect(html).toContain('Free');
    expect(html).not.toContain('Secret Draft');
    expect(html).toContain('aria-label="Site menu"');
    expect(html).not.toMatch(/atrium/i);
    // Only the site's boot script: a listing needs no island.
    expect(html.match(/<script src=/g)).toHaveLength(1);
  });

  it("renders a course's page: outline, price, Buy with the cart item, its SEO description and Course data", async () => {
    const response = await get(a.host, `/courses/${paid.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>Yoga &lt;Basics&gt;</h1>');
    expect(html).toContain(`data-item="${paid.itemId}"`);
    expect(html).toContain('Buy for $30.00');
    expect(html).toContain('<meta name="description" content="Learn the basics.">');
    expect(html).toContain(`<link rel="canonical" href="http://${a.host}/courses/${paid.slug}">`);
    expect(html).toContain('"@type":"Course"');
    expect(html).toContain('"price":"30.00"');
    expect(html).toContain('Welcome &amp; breathing');
    expect(html).toContain('Şavasana');
    // the preview chapter's text, sanitised
    expect(html).toContain('Breathe <strong>in</strong>');
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('<script src="/site/course.js" defer>');
    expect(html).not.toContain('data-course-enrol');
  });

  it('offers a free course the enrol form with the registration call', async () => {
    const html = (await get(a.host, `/courses/${free.slug}`)).body;
    expect(html).toContain(`data-course="${free.guId}"`);
    expect(html).toContain('Enrol for free');
    expect(html).not.toContain('data-course-buy');
  });

  it('sends an id to the one address, and answers drafts, unknown and other studios’ courses with the 404 page', async () => {
    const moved = await get(a.host, `/courses/${paid.guId}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/courses/${paid.slug}`);
    for (const [host, path] of [
      [a.host, `/courses/${draft.slug}`],
      [a.host, '/courses/no-such-course'],
      [b.host, `/courses/${paid.slug}`],
      [b.host, `/courses/${paid.guId}`],
    ] as const) {
      const response = await get(host, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('404 Page Not Found');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('is a 404 page when the studio does not show courses', async () => {
    const off = await newTenant(app, { settings: { isShowCourses: false }, pages: demoPages('Studio Off') });
    expect((await get(off.host, '/courses')).statusCode).toBe(404);
  });

  it('serves the island small', async () => {
    const response = await get(a.host, '/site/course.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    // Buy, the enrol form and the preview video's Play (2.3 KB gzip measured)
    expect(gzipSync(response.body).length).toBeLessThan(2_500);
    // it is valid script (an escape lost in the template would break every button of the page)
    expect(() => new Function(response.body)).not.toThrow();
    // the preview's link refresh puts a fresh token into a later file's address
    const fresh = /function fresh\(url\) \{ return url\.replace\((\/.+?\/), /.exec(response.body)?.[1] ?? '';
    const pattern = new Function(`return ${fresh}`)() as RegExp;
    expect('http://x/video-media/a/hls-1/1.old/r0_001.ts'.replace(pattern, '/video-media/a/hls-1/2.new/')).toBe(
      'http://x/video-media/a/hls-1/2.new/r0_001.ts',
    );
  });

  it('plays a video preview for visitors: a native video with its signed poster, hls.js only on Play', async () => {
    const ready = await readyVideo(a, 'Teaser');
    const processing = await insertVideoAsset(app.platform.db, a.tenantId, {
      title: 'Still processing',
      originalName: 'late.mp4',
      sizeBytes: 10,
      createdBy: a.users.admin.id,
    });
    const withVideo = async (name: string, videoAssetId: string) => {
      let made = await call(a, 'POST', '/stemplate/program', { name, pricing: 'paid', priceMinor: 1500 });
      const base = `/stemplate/program/${made.guId}`;
      made = await call(a, 'POST', `${base}/section`, { title: 'Start' });
      made = await call(a, 'POST', `${base}/section/${made.sections[0]?.guId}/chapter`, {
        title: 'Teaser',
        type: 'video',
        videoAssetId,
      });
      made = await call(a, 'PUT', base, { previewChapterId: made.sections[0]?.chapters[0]?.guId });
      return call(a, 'PUT', `${base}/status`, { status: 'published' });
    };
    const playable = await withVideo('Video Preview', ready.id);
    const html = (await get(a.host, `/courses/${playable.slug}`)).body;
    expect(html).toContain(`data-course-video="${ready.id}"`);
    expect(html).toContain('<button class="course-button course-video__play" type="button">');
    expect(html).toContain('Play the preview');
    expect(html).not.toContain('to watch the free preview');
    // the poster is the video's own, signed and short-lived like every media link; it answers a visitor
    const poster = /<video preload="none" playsinline poster="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(poster).toMatch(new RegExp(`^/video-media/${ready.id}/hls-1/\\d+\\.[\\w-]{32}/poster\\.jpg$`));
    expect((await get(a.host, poster)).statusCode).toBe(200);
    // no hls.js on the page itself: only its address, fetched on Play, kept a year (versioned)
    expect(html).not.toMatch(/<script[^>]+hls/);
    const hlsUrl = /data-hls="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(hlsUrl).toMatch(/^\/site\/hls-\d+\.\d+\.\d+\.js$/);
    const hls = await get(a.host, hlsUrl);
    expect(hls.statusCode).toBe(200);
    expect(hls.headers['content-type']).toContain('javascript');
    expect(hls.headers['cache-control']).toContain('immutable');
    expect(hls.body).toContain('.Hls=');
    expect(hls.body).not.toContain('sourceMappingURL');
    // a preview video still processing is left out rather than shown unfinished
    const late = await withVideo('Late Preview', processing.id);
    const lateHtml = (await get(a.host, `/courses/${late.slug}`)).body;
    expect(lateHtml).not.toContain('data-course-video');
    expect(lateHtml).not.toContain('Free preview:');
  });
});
