import type { CourseDetail } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { insertVideoAsset } from '../video/video.repo.ts';
import { callAs, errorOf, newCourse as makeCourse, publishedCourse as makePublished, ok } from './course-fixtures.ts';

// Staff's courses on the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): roles, another
// studio's 404, fields named, ordering and moves, chapter content checks, publishing and deleting.

let app: App;
let a: TestTenant;
let b: TestTenant;

const call = (tenant: TestTenant, role: Parameters<typeof callAs>[2], method: string, url: string, payload?: object) =>
  callAs(app, tenant, role, method, url, payload);
const newCourse = (tenant: TestTenant, body: object = {}) => makeCourse(app, tenant, body);
const publishedCourse = (tenant: TestTenant, body: object = {}) => makePublished(app, tenant, body);

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
});

afterAll(async () => {
  await app?.close();
});

describe('staff courses', () => {
  it('admins and staff manage courses; the front desk without Manage Courses, students and visitors do not', async () => {
    const course = await newCourse(a, { description: '<p>Hi</p><script>alert(1)</script>' });
    expect(course).toMatchObject({
      name: 'Yoga Basics',
      status: 'draft',
      pricing: 'free',
      priceMinor: 0,
      sections: [],
    });
    expect(course.description).toBe('<p>Hi</p>');
    expect(course.slug).toMatch(/^yoga-basics(-\d+)?$/);
    expect((await call(a, 'staff', 'GET', `/stemplate/program/${course.guId}`)).statusCode).toBe(200);
    for (const role of ['frontdesk', 'student'] as const) {
      const response = await call(a, role, 'POST', '/stemplate/program', { name: 'Nope' });
      expect(response.statusCode, role).toBe(403);
      expect((await call(a, role, 'GET', '/stemplate/program')).statusCode, role).toBe(403);
    }
    expect((await call(a, null, 'GET', '/stemplate/program')).statusCode).toBe(401);
    const list = ok<{ recordsTotal: number; data: { guId: string }[] }>(
      await call(a, 'admin', 'GET', '/stemplate/program?search=yoga'),
    );
    expect(list.data.map((c) => c.guId)).toContain(course.guId);
  });

  it("names the field of bad input in the spec's words, and another studio's course is a 404", async () => {
    const noName = await call(a, 'admin', 'POST', '/stemplate/program', { name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(errorOf(noName)).toMatchObject({ field: 'name', message: 'Course name is required!' });
    const noPrice = await call(a, 'admin', 'POST', '/stemplate/program', { name: 'Paid', pricing: 'paid' });
    expect(noPrice.statusCode).toBe(400);
    expect(errorOf(noPrice).field).toBe('priceMinor');
    const badTeacher = await call(a, 'admin', 'POST', '/stemplate/program', {
      name: 'T',
      teacherId: a.users.student.id,
    });
    expect(badTeacher.statusCode).toBe(404);
    expect(errorOf(badTeacher).field).toBe('teacherId');
    const withTeacher = await newCourse(a, { name: 'Taught', teacherId: a.users.staff.id });
    expect(withTeacher.teacher?.guId).toBe(a.users.staff.id);

    const theirs = await newCourse(b);
    for (const [method, url, payload] of [
      ['GET', `/stemplate/program/${theirs.guId}`],
      ['PUT', `/stemplate/program/${theirs.guId}`, { name: 'Mine now' }],
      ['DELETE', `/stemplate/program/${theirs.guId}`],
      ['POST', `/stemplate/program/${theirs.guId}/section`, { title: 'x' }],
      ['GET', '/stemplate/program/not-an-id'],
    ] as const) {
      expect((await call(a, 'admin', method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const taken = await call(a, 'admin', 'PUT', `/stemplate/program/${withTeacher.guId}`, {
      slug: (await newCourse(a)).slug,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).field).toBe('slug');
  });

  it('keeps sections and chapters in order, reorders them, and moves a chapter between sections', async () => {
    const { course, chapters } = await publishedCourse(a);
    const base = `/stemplate/program/${course.guId}`;
    const [s1, s2] = course.sections.map((s) => s.guId);
    expect(course.sections.map((s) => s.title)).toEqual(['Start', 'Go further']);
    expect(course.sections[0]?.chapters.map((c) => c.title)).toEqual(['Welcome', 'Breathing']);

    let detail = ok<CourseDetail>(await call(a, 'staff', 'PUT', `${base}/section/sequence`, { sections: [s2, s1] }));
    expect(detail.sections.map((s) => s.title)).toEqual(['Go further', 'Start']);
    const [welcome, breathing, standing] = chapters.map((c) => c.guId);
    detail = ok<CourseDetail>(
      await call(a, 'staff', 'PUT', `${base}/section/${s1}/chapter/sequence`, { chapters: [breathing, welcome] }),
    );
    expect(detail.sections[1]?.chapters.map((c) => c.title)).toEqual(['Breathing', 'Welcome']);

    const missing = await call(a, 'staff', 'PUT', `${base}/section/${s1}/chapter/sequence`, { chapters: [breathing] });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      field: 'chapters',
      message: 'The order must list every item exactly once.',
    });
    const foreign = await call(a, 'staff', 'PUT', `${base}/section/sequence`, { sections: [s1, standing] });
    expect(errorOf(foreign).field).toBe('sections');

    detail = ok<CourseDetail>(await call(a, 'staff', 'PUT', `${base}/chapter/${welcome}`, { sectionId: s2 }));
    expect(detail.sections[0]?.chapters.map((c) => c.title)).toEqual(['Standing poses', 'Welcome']);
    expect(detail.sections[1]?.chapters.map((c) => c.title)).toEqual(['Breathing']);

    // another studio's chapter and section are 404s, in their course or ours
    const theirs = await publishedCourse(b);
    const theirChapter = theirs.chapters[0]?.guId;
    expect((await call(a, 'admin', 'PUT', `${base}/chapter/${theirChapter}`, { title: 'x' })).statusCode).toBe(404);
    expect(
      (await call(a, 'admin', 'DELETE', `/stemplate/program/${theirs.course.guId}/chapter/${theirChapter}`)).statusCode,
    ).toBe(404);
    const moveAway = await call(a, 'admin', 'PUT', `${base}/chapter/${welcome}`, {
      sectionId: theirs.course.sections[0]?.guId,
    });
    expect(moveAway.statusCode).toBe(404);
    expect(errorOf(moveAway).field).toBe('sectionId');

    // deleting the preview chapter clears the course's preview
    detail = ok<CourseDetail>(await call(a, 'admin', 'DELETE', `${base}/chapter/${welcome}`));
    expect(detail.previewChapterId).toBeNull();
    detail = ok<CourseDetail>(await call(a, 'admin', 'DELETE', `${base}/section/${s2}`));
    expect(detail.sections.map((s) => s.title)).toEqual(['Start']);
  });

  it("checks a chapter's content: a video of this studio, a file, a live session through Zoom", async () => {
    const course = await newCourse(a);
    const base = `/stemplate/program/${course.guId}`;
    const section = ok<CourseDetail>(await call(a, 'admin', 'POST', `${base}/section`, { title: 'S' }), 201).sections[0]
      ?.guId;
    const chapterUrl = `${base}/section/${section}/chapter`;
    const noVideo = await call(a, 'admin', 'POST', chapterUrl, { title: 'V', type: 'video' });
    expect(errorOf(noVideo).field).toBe('videoAssetId');
    const theirAsset = await insertVideoAsset(app.platform.db, b.tenantId, {
      title: 'x',
      originalName: 'x.mp4',
      sizeBytes: 10,
      createdBy: b.users.admin.id,
    });
    const foreign = await call(a, 'admin', 'POST', chapterUrl, {
      title: 'V',
      type: 'video',
      videoAssetId: theirAsset.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).field).toBe('videoAssetId');
    const ours = await insertVideoAsset(app.platform.db, a.tenantId, {
      title: 'Intro',
      originalName: 'intro.mp4',
      sizeBytes: 10,
      durationMs: 120_000,
      createdBy: a.users.admin.id,
    });
    const video = ok<CourseDetail>(
      await call(a, 'admin', 'POST', chapterUrl, { title: 'V', type: 'video', videoAssetId: ours.id, joinIntro: true }),
      201,
    );
    expect(video.sections[0]?.chapters[0]).toMatchObject({
      type: 'video',
      videoAssetId: ours.id,
      durationSeconds: 120,
      joinIntro: true,
    });
    const noFile = await call(a, 'admin', 'POST', chapterUrl, { title: 'F', type: 'file', fileId: theirAsset.id });
    expect(noFile.statusCode).toBe(404);
    expect(errorOf(noFile).field).toBe('fileId');
    const live = await call(a, 'admin', 'POST', chapterUrl, {
      title: 'Live Q&A',
      type: 'live',
      startsAt: '2027-01-05T18:00:00Z',
      durationMinutes: 45,
    });
    expect(live.statusCode).toBe(400);
    expect(errorOf(live)).toMatchObject({
      field: 'type',
      message: 'Connect Zoom in Settings > Integrations (Online Meeting) to hold online classes.',
    });
    const badType = await call(a, 'admin', 'POST', chapterUrl, { title: 'X', type: 'podcast' });
    expect(errorOf(badType).field).toBe('type');
  });

  it('publishes only a course with a chapter, and deletes only a course without students', async () => {
    const empty = await newCourse(a);
    const publish = await call(a, 'admin', 'PUT', `/stemplate/program/${empty.guId}/status`, { status: 'published' });
    expect(publish.statusCode).toBe(400);
    expect(errorOf(publish)).toMatchObject({
      field: 'status',
      message: 'Add at least one chapter before publishing the course.',
    });
    const { course } = await publishedCourse(a);
    const enrol = await call(a, 'staff', 'POST', `/stemplate/program/${course.guId}/attendee`, {
      contactId: a.users.student.id,
    });
    expect(enrol.statusCode).toBe(201);
    expect(
      (await call(a, 'staff', 'POST', `/stemplate/program/${course.guId}/attendee`, { contactId: a.users.student.id }))
        .statusCode,
    ).toBe(200);
    const enrolForeign = await call(a, 'staff', 'POST', `/stemplate/program/${course.guId}/attendee`, {
      contactId: b.users.student.id,
    });
    expect(enrolForeign.statusCode).toBe(404);
    expect(errorOf(enrolForeign).field).toBe('contactId');
    const refused = await call(a, 'admin', 'DELETE', `/stemplate/program/${course.guId}`);
    expect(refused.statusCode).toBe(409);
    expect((await call(a, 'admin', 'DELETE', `/stemplate/program/${empty.guId}`)).statusCode).toBe(204);
    expect((await call(a, 'admin', 'GET', `/stemplate/program/${empty.guId}`)).statusCode).toBe(404);

    // taking the student out: gone from the list, their course no longer theirs; then the course can go
    const attendee = `/stemplate/program/${course.guId}/attendee/${a.users.student.id}`;
    expect((await call(a, 'student', 'DELETE', attendee)).statusCode).toBe(403);
    expect((await call(b, 'admin', 'DELETE', attendee)).statusCode).toBe(404);
    expect((await call(a, 'staff', 'DELETE', attendee)).statusCode).toBe(204);
    expect((await call(a, 'staff', 'DELETE', attendee)).statusCode).toBe(404);
    const students = ok<{ recordsTotal: number }>(
      await call(a, 'staff', 'GET', `/stemplate/program/${course.guId}/attendee`),
    );
    expect(students.recordsTotal).toBe(0);
    expect((await call(a, 'admin', 'DELETE', `/stemplate/program/${course.guId}`)).statusCode).toBe(204);
  });

  it('renames a section; outline writes need Manage Courses and stay within the studio', async () => {
    const { course } = await publishedCourse(a);
    const section = course.sections[0]?.guId;
    const url = `/stemplate/program/${course.guId}/section/${section}`;
    const renamed = ok<CourseDetail>(await call(a, 'staff', 'PUT', url, { title: 'Begin here' }));
    expect(renamed.sections.map((s) => s.title)).toEqual(['Begin here', 'Go further']);
    const empty = await call(a, 'staff', 'PUT', url, { title: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toMatchObject({ field: 'title', message: 'Title is required!' });
    for (const role of ['frontdesk', 'student'] as const) {
      expect((await call(a, role, 'PUT', url, { title: 'x' })).statusCode, role).toBe(403);
      expect(
        (await call(a, role, 'POST', `/stemplate/program/${course.guId}/section`, { title: 'x' })).statusCode,
      ).toBe(403);
    }
    expect((await call(b, 'admin', 'PUT', url, { title: 'x' })).statusCode).toBe(404);
    const theirs = await publishedCourse(b);
    const crossed = `/stemplate/program/${course.guId}/section/${theirs.course.sections[0]?.guId}`;
    expect((await call(a, 'admin', 'PUT', crossed, { title: 'x' })).statusCode).toBe(404);
    // the front desk gets the permission on the Roles screen: now it may
    const roles = await call(a, 'admin', 'PUT', '/rest/settings/roles', {
      tenantRoles: [
        {
          role: 'ROLE_STAFF',
          isAllowCreateClasses: true,
          isShowCourse: true,
          isShowContactsList: true,
          isShowOffers: true,
        },
        {
          role: 'ROLE_FRONTDESK',
          isAllowCreateClasses: false,
          isShowCourse: true,
          isShowContactsList: true,
          isShowOffers: false,
        },
      ],
    });
    expect(roles.statusCode, roles.body).toBe(200);
    app.platform.tenants.clearCache();
    expect((await call(a, 'frontdesk', 'PUT', url, { title: 'Desk renamed' })).statusCode).toBe(200);
  });
});
