import { randomUUID } from 'node:crypto';
import type { ChapterContent, CourseDetail, PublicCourse } from '@atrium/contracts';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { zoomConfig } from '../../../test/provider-config.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { callAs, errorOf, newCourse, newStudent, ok } from './course-fixtures.ts';

// Chapters whose content lives elsewhere: a live session gets its meeting from the studio's Zoom
// connection (the scheduling code's client, on the Zoom stand-in), its join link only for learners
// and staff; a file chapter's document (a staff file of /files) downloads only for those who may
// open the chapter.

let app: App;
let stub: ProviderStub;
let t: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  stub = await startProviderStub({
    oauth: {
      clients: { zoom: ['zoom-client', 'zoom-secret-courses'] },
      codes: {
        zoom_courses: { accessToken: 'zoom-at-courses', refreshToken: 'zoom-rt-courses', email: 'host@studio.test' },
      },
    },
  });
  app = await startTestApp(zoomConfig(stub.url, 'zoom-secret-courses'));
  t = await newTenant(app);
  other = await newTenant(app);
  const started = await callAs(app, t, 'admin', 'GET', '/authmgr/oauth/connect/zoom');
  const state = new URL(json<{ url: string }>(started).url).searchParams.get('state') ?? '';
  const landed = await app.inject({
    url: `/authmgr/oauth/callback/zoom?${new URLSearchParams({ code: 'zoom_courses', state }).toString()}`,
    headers: { host: t.host, cookie: `atrium_connect_state=${state}` },
  });
  expect(String(landed.headers.location)).toContain('result=success');
});

afterAll(async () => {
  await stub?.close();
});

describe('live-session chapters', () => {
  it('makes a Zoom meeting, shows its link to learners and staff only, and ends it with the chapter', async () => {
    const call = (method: string, url: string, payload?: object) => callAs(app, t, 'admin', method, url, payload);
    let course = await newCourse(app, t, { name: 'Live course' });
    const base = `/stemplate/program/${course.guId}`;
    course = ok<CourseDetail>(await call('POST', `${base}/section`, { title: 'Live' }), 201);
    const section = course.sections[0]?.guId;
    course = ok<CourseDetail>(
      await call('POST', `${base}/section/${section}/chapter`, {
        title: 'Live Q&A',
        type: 'live',
        startsAt: '2027-03-10T17:00:00Z',
        durationMinutes: 45,
      }),
      201,
    );
    const chapter = course.sections[0]?.chapters[0];
    expect(chapter).toMatchObject({ type: 'live', startsAt: '2027-03-10T17:00:00.000Z', durationMinutes: 45 });
    const meeting = [...stub.zoom.meetings.values()].find((m) => m.join_url === chapter?.joinUrl);
    expect(meeting, 'a meeting on the studio’s Zoom').toBeDefined();
    expect(String(meeting?.topic)).toBe('Live course: Live Q&A');

    ok(await call('PUT', base, { previewChapterId: chapter?.guId }));
    ok(await call('PUT', `${base}/status`, { status: 'published' }));
    const page = ok<PublicCourse>(await callAs(app, t, null, 'GET', `/stemplate/public/course/${course.guId}`));
    expect(page.previewChapter?.live).toMatchObject({ durationMinutes: 45, joinUrl: null });
    const visitor = ok<ChapterContent>(
      await callAs(app, t, 'student', 'GET', `/snode/course/${course.guId}/chapter/${chapter?.guId}`),
    );
    expect(visitor.live?.joinUrl).toBeNull();
    ok(await callAs(app, t, 'student', 'POST', `/snode/course/${course.guId}/enrol`));
    const learner = ok<ChapterContent>(
      await callAs(app, t, 'student', 'GET', `/snode/course/${course.guId}/chapter/${chapter?.guId}`),
    );
    expect(learner.live?.joinUrl).toBe(chapter?.joinUrl);

    ok(await call('DELETE', `${base}/chapter/${chapter?.guId}`));
    expect(stub.zoom.deleted).toContain(String(meeting?.id));
  });

  it("downloads a file chapter's document for learners only, named in any script", async () => {
    const call = (method: string, url: string, payload?: object) => callAs(app, t, 'admin', method, url, payload);
    const bytes = Buffer.from('%PDF-1.4\n% worksheet\n');
    const storageKey = randomUUID();
    await app.platform.media.put(t.tenantId, storageKey, bytes);
    const [file] = await withTenant(app.platform.db, t.tenantId, (tx) =>
      tx
        .insert(files)
        .values({
          tenantId: t.tenantId,
          fileName: 'Ćwiczenia ✓.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
          storageKey,
          source: 'staff',
          uploadedBy: t.users.admin.id,
        })
        .returning(),
    );
    let course = await newCourse(app, t, { name: 'Worksheets', pricing: 'paid', priceMinor: 500 });
    const base = `/stemplate/program/${course.guId}`;
    course = ok<CourseDetail>(await call('POST', `${base}/section`, { title: 'Files' }), 201);
    course = ok<CourseDetail>(
      await call('POST', `${base}/section/${course.sections[0]?.guId}/chapter`, {
        title: 'Worksheet',
        type: 'file',
        fileId: file?.id,
      }),
      201,
    );
    const chapter = course.sections[0]?.chapters[0];
    expect(chapter).toMatchObject({ fileName: 'Ćwiczenia ✓.pdf' });
    ok(await call('PUT', `${base}/status`, { status: 'published' }));
    const url = chapter?.fileUrl as string;
    const learner = await newStudent(app, t);
    const get = (token: string | null, host = t.host) =>
      app.inject({ url, headers: token ? { host, authorization: `Bearer ${token}` } : { host } });
    const refused = await get(learner.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('Enrol in this course to open this chapter.');
    expect(refused.body).not.toContain('worksheet');
    expect((await get(null)).statusCode).toBe(403);
    expect((await get(null, other.host)).statusCode).toBe(404);
    ok(await call('POST', `${base}/attendee`, { contactId: learner.id }), 201);
    const download = await get(learner.token);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('Ćwiczenia ✓.pdf')}`,
    );
  });
});
