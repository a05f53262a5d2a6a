import type { CourseDetail, VideoPlayback } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { callAs, errorOf, newStudent, ok, readyVideo as readyVideoOn } from './course-fixtures.ts';

// A published course's preview chapter is public, its video included: a signed-out visitor gets a
// short-lived signed descriptor for that video only (docs/decisions/courses.md "Signed-out preview").

let app: App;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
});

afterAll(async () => {
  await app?.close();
});

/** A two-second video as the transcode leaves it. */
const readyVideo = (tenant: TestTenant, title: string) => readyVideoOn(app, tenant, title, 2000);

/** A course of two video chapters, the first its preview; published unless told not to. */
async function videoCourse(tenant: TestTenant, name: string, publish = true) {
  const call = (method: string, url: string, payload?: object) => callAs(app, tenant, 'admin', method, url, payload);
  const teaser = await readyVideo(tenant, 'Teaser');
  const lesson = await readyVideo(tenant, 'Lesson');
  let detail = ok<CourseDetail>(
    await call('POST', '/stemplate/program', { name, pricing: 'paid', priceMinor: 2500 }),
    201,
  );
  const base = `/stemplate/program/${detail.guId}`;
  detail = ok<CourseDetail>(await call('POST', `${base}/section`, { title: 'Start' }), 201);
  const section = detail.sections[0]?.guId;
  for (const [title, videoAssetId] of [
    ['Teaser', teaser.id],
    ['Lesson', lesson.id],
  ]) {
    detail = ok<CourseDetail>(
      await call('POST', `${base}/section/${section}/chapter`, { title, type: 'video', videoAssetId }),
      201,
    );
  }
  ok(await call('PUT', base, { previewChapterId: detail.sections[0]?.chapters[0]?.guId }));
  if (publish) ok(await call('PUT', `${base}/status`, { status: 'published' }));
  return { detail, teaser, lesson };
}

const visitor = (tenant: TestTenant, url: string) => app.inject({ method: 'GET', url, headers: { host: tenant.host } });
const playbackOf = (tenant: TestTenant, assetId: string) => visitor(tenant, `/rest/video/${assetId}/playback`);

describe('the preview chapter’s video for a signed-out visitor', () => {
  it('plays the preview of a published course: a signed descriptor whose files answer', async () => {
    const { teaser } = await videoCourse(a, 'Open preview');
    const response = await playbackOf(a, teaser.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const descriptor = JSON.parse(response.body) as VideoPlayback;
    expect(descriptor.assetId).toBe(teaser.id);
    // as short-lived as a member's (VIDEO_URL_TTL_SECONDS, 600 by default)
    const left = new Date(descriptor.expiresAt).getTime() - app.platform.clock.now().getTime();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(app.platform.config.video.urlTtlSeconds * 1000);
    const master = await visitor(a, descriptor.masterUrl);
    expect(master.statusCode, master.body).toBe(200);
    expect(master.body).toContain('#EXTM3U');
    expect((await visitor(a, descriptor.posterUrl as string)).statusCode).toBe(200);
  });

  it('refuses another chapter of the same course with 403, never a link', async () => {
    const { lesson } = await videoCourse(a, 'Closed lesson');
    const response = await playbackOf(a, lesson.id);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('/video-media/');
    // and a signed-in member who did not enrol is refused it as before, while the preview plays for them
    const member = await newStudent(app, a);
    const asMember = await app.inject({
      method: 'GET',
      url: `/rest/video/${lesson.id}/playback`,
      headers: { host: a.host, authorization: `Bearer ${member.token}` },
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('is a 404 for a draft course’s preview, for a video in no course, and for another studio’s preview', async () => {
    const draft = await videoCourse(a, 'Still a draft', false);
    const draftAnswer = await playbackOf(a, draft.teaser.id);
    expect(draftAnswer.statusCode).toBe(404);
    expect(errorOf(draftAnswer).message).not.toContain('/video-media/');
    const loose = await readyVideo(a, 'Loose');
    expect((await playbackOf(a, loose.id)).statusCode).toBe(404);
    const { teaser: theirs } = await videoCourse(b, 'Their preview');
    expect((await playbackOf(b, theirs.id)).statusCode).toBe(200);
    expect((await playbackOf(a, theirs.id)).statusCode).toBe(404);
  });

  it('stops the visitor’s link at its expiry like every other link', async () => {
    const { teaser } = await videoCourse(a, 'Expiring preview');
    const descriptor = JSON.parse((await playbackOf(a, teaser.id)).body) as VideoPlayback;
    expect((await visitor(a, descriptor.masterUrl)).statusCode).toBe(200);
    app.platform.clock.advance((app.platform.config.video.urlTtlSeconds + 1) * 1000);
    try {
      const late = await visitor(a, descriptor.masterUrl);
      expect(late.statusCode).toBe(403);
      expect(errorOf(late).message).toBe('This video link has expired.');
      // a fresh descriptor plays again
      const fresh = JSON.parse((await playbackOf(a, teaser.id)).body) as VideoPlayback;
      expect((await visitor(a, fresh.masterUrl)).statusCode).toBe(200);
    } finally {
      app.platform.clock.reset();
    }
  });

  it('answers a stale token with 401 (the app refreshes it) rather than as a visitor', async () => {
    const { lesson } = await videoCourse(a, 'Stale token');
    const response = await app.inject({
      method: 'GET',
      url: `/rest/video/${lesson.id}/playback`,
      headers: { host: a.host, authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
  });
});
