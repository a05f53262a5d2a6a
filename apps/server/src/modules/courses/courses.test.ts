import type { CourseDetail } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { rolesForm } from '../contacts/contact-fixtures.ts';
import { insertVideoAsset } from '../video/video.repo.ts';
import { courseStudios, errorOf, ok } from './course-fixtures.ts';

// Staff's courses on the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): roles, another
// studio's 404, fields named, ordering and moves, chapter content checks, publishing and deleting.

const { ctx, call, newCourse, publishedCourse } = courseStudios();

describe('staff courses', () => {
  it('admins and staff manage courses; the front desk without Manage Courses, students and visitors do not', async () => {
    const course = await newCourse(ctx.a, { description: '<p>Hi</p><script>alert(1)</script>' });
    expect(course).toMatchObject({
      name: 'Yoga Basics',
      status: 'draft',
      pricing: 'free',
      priceMinor: 0,
      sections: [],
    });
    expect(course.description).toBe('<p>Hi</p>');
    expect(course.slug).toMatch(/^yoga-basics(-\d+)?$/);
    expect((await call(ctx.a, 'staff', 'GET', `/stemplate/program/${course.guId}`)).statusCode).toBe(200);
    for (const role of ['frontdesk', 'student'] as const) {
      const response = await call(ctx.a, role, 'POST', '/stemplate/program', { name: 'Nope' });
      expect(response.statusCode, role).toBe(403);
      expect((await call(ctx.a, role, 'GET', '/stemplate/program')).statusCode, role).toBe(403);
    }
    expect((await call(ctx.a, null, 'GET', '/stemplate/program')).statusCode).toBe(401);
    const list = ok<{ recordsTotal: number; data: { guId: string }[] }>(
      await call(ctx.a, 'admin', 'GET', '/stemplate/program?search=yoga'),
    );
    expect(list.data.map((c) => c.guId)).toContain(course.guId);
  });

  it("names the field of bad input in the spec's words, and another studio's course is a 404", async () => {
    const noName = await call(ctx.a, 'admin', 'POST', '/stemplate/program', { name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(errorOf(noName)).toMatchObject({ field: 'name', message: 'Course name is required!' });
    const noPrice = await call(ctx.a, 'admin', 'POST', '/stemplate/program', { name: 'Paid', pricing: 'paid' });
    expect(noPrice.statusCode).toBe(400);
    expect(errorOf(noPrice).field).toBe('priceMinor');
    const badTeacher = await call(ctx.a, 'admin', 'POST', '/stemplate/program', {
      name: 'T',
      teacherId: ctx.a.users.student.id,
    });
    expect(badTeacher.statusCode).toBe(404);
    expect(errorOf(badTeacher).field).toBe('teacherId');
    const withTeacher = await newCourse(ctx.a, { name: 'Taught', teacherId: ctx.a.users.staff.id });
    expect(withTeacher.teacher?.guId).toBe(ctx.a.users.staff.id);

    const theirs = await newCourse(ctx.b);
    for (const [method, url, payload] of [
      ['GET', `/stemplate/program/${theirs.guId}`],
      ['PUT', `/stemplate/program/${theirs.guId}`, { name: 'Mine now' }],
      ['DELETE', `/stemplate/program/${theirs.guId}`],
      ['POST', `/stemplate/program/${theirs.guId}/section`, { title: 'x' }],
      ['GET', '/stemplate/program/not-an-id'],
    ] as const) {
      expect((await call(ctx.a, 'admin', method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const taken = await call(ctx.a, 'admin', 'PUT', `/stemplate/program/${withTeacher.guId}`, {
      slug: (await newCourse(ctx.a)).slug,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).field).toBe('slug');
  });

  it('keeps sections and chapters in order, reorders them, and moves a chapter between sections', async () => {
    const { course, chapters } = await publishedCourse(ctx.a);
    const base = `/stemplate/program/${course.guId}`;
    const [s1, s2] = course.sections.map((s) => s.guId);
    expect(course.sections.map((s) => s.title)).toEqual(['Start', 'Go further']);
    expect(course.sections[0]?.chapters.map((c) => c.title)).toEqual(['Welcome', 'Breathing']);

    let detail = ok<CourseDetail>(
      await call(ctx.a, 'staff', 'PUT', `${base}/section/sequence`, { sections: [s2, s1] }),
    );
    expect(detail.sections.map((s) => s.title)).toEqual(['Go further', 'Start']);
    const [welcome, breathing, standing] = chapters.map((c) => c.guId);
    detail = ok<CourseDetail>(
      await call(ctx.a, 'staff', 'PUT', `${base}/section/${s1}/chapter/sequence`, { chapters: [breathing, welcome] }),
    );
    expect(detail.sections[1]?.chapters.map((c) => c.title)).toEqual(['Breathing', 'Welcome']);

    const missing = await call(ctx.a, 'staff', 'PUT', `${base}/section/${s1}/chapter/sequence`, {
      chapters: [breathing],
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      field: 'chapters',
      message: 'The order must list every item exactly once.',
    });
    const foreign = await call(ctx.a, 'staff', 'PUT', `${base}/section/sequence`, { sections: [s1, standing] });
    expect(errorOf(foreign).field).toBe('sections');

    detail = ok<CourseDetail>(await call(ctx.a, 'staff', 'PUT', `${base}/chapter/${welcome}`, { sectionId: s2 }));
    expect(detail.sections[0]?.chapters.map((c) => c.title)).toEqual(['Standing poses', 'Welcome']);
    expect(detail.sections[1]?.chapters.map((c) => c.title)).toEqual(['Breathing']);

    // another studio's chapter and section are 404s, in their course or ours
    const theirs = await publishedCourse(ctx.b);
    const theirChapter = theirs.chapters[0]?.guId;
    expect((await call(ctx.a, 'admin', 'PUT', `${base}/chapter/${theirChapter}`, { title: 'x' })).statusCode).toBe(404);
    expect(
      (await call(ctx.a, 'admin', 'DELETE', `/stemplate/program/${theirs.course.guId}/chapter/${theirChapter}`))
        .statusCode,
    ).toBe(404);
    const moveAway = await call(ctx.a, 'admin', 'PUT', `${base}/chapter/${welcome}`, {
      sectionId: theirs.course.sections[0]?.guId,
    });
    expect(moveAway.statusCode).toBe(404);
    expect(errorOf(moveAway).field).toBe('sectionId');

    // deleting the preview chapter clears the course's preview
    detail = ok<CourseDetail>(await call(ctx.a, 'admin', 'DELETE', `${base}/chapter/${welcome}`));
    expect(detail.previewChapterId).toBeNull();
    detail = ok<CourseDetail>(await call(ctx.a, 'admin', 'DELETE', `${base}/section/${s2}`));
    expect(detail.sections.map((s) => s.title)).toEqual(['Start']);
  });

  it("checks a chapter's content: a video of this studio, a file, a live session through Zoom", async () => {
    const course = await newCourse(ctx.a);
    const base = `/stemplate/program/${course.guId}`;
    const section = ok<CourseDetail>(await call(ctx.a, 'admin', 'POST', `${base}/section`, { title: 'S' }), 201)
      .sections[0]?.guId;
    const chapterUrl = `${base}/section/${section}/chapter`;
    const noVideo = await call(ctx.a, 'admin', 'POST', chapterUrl, { title: 'V', type: 'video' });
    expect(errorOf(noVideo).field).toBe('videoAssetId');
    const theirAsset = await insertVideoAsset(ctx.app.platform.db, ctx.b.tenantId, {
      title: 'x',
      originalName: 'x.mp4',
      sizeBytes: 10,
      createdBy: ctx.b.users.admin.id,
    });
    const foreign = await call(ctx.a, 'admin', 'POST', chapterUrl, {
      title: 'V',
      type: 'video',
      videoAssetId: theirAsset.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).field).toBe('videoAssetId');
    const ours = await insertVideoAsset(ctx.app.platform.db, ctx.a.tenantId, {
      title: 'Intro',
      originalName: 'intro.mp4',
      sizeBytes: 10,
      durationMs: 120_000,
      createdBy: ctx.a.users.admin.id,
    });
    const video = ok<CourseDetail>(
      await call(ctx.a, 'admin', 'POST', chapterUrl, {
        title: 'V',
        type: 'video',
        videoAssetId: ours.id,
        joinIntro: true,
      }),
      201,
    );
    expect(video.sections[0]?.chapters[0]).toMatchObject({
      type: 'video',
      videoAssetId: ours.id,
      durationSeconds: 120,
      joinIntro: true,
    });
    const noFile = await call(ctx.a, 'admin', 'POST', chapterUrl, { title: 'F', type: 'file', fileId: theirAsset.id });
    expect(noFile.statusCode).toBe(404);
    expect(errorOf(noFile).field).toBe('fileId');
    const live = await call(ctx.a, 'admin', 'POST', chapterUrl, {
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
    const badType = await call(ctx.a, 'admin', 'POST', chapterUrl, { title: 'X', type: 'podcast' });
    expect(errorOf(badType).field).toBe('type');
  });

  it('publishes only a course with a chapter, and deletes only a course without students', async () => {
    const empty = await newCourse(ctx.a);
    const publish = await call(ctx.a, 'admin', 'PUT', `/stemplate/program/${empty.guId}/status`, {
      status: 'published',
    });
    expect(publish.statusCode).toBe(400);
    expect(errorOf(publish)).toMatchObject({
      field: 'status',
      message: 'Add at least one chapter before publishing the course.',
    });
    const { course } = await publishedCourse(ctx.a);
    const enrol = await call(ctx.a, 'staff', 'POST', `/stemplate/program/${course.guId}/attendee`, {
      contactId: ctx.a.users.student.id,
    });
    expect(enrol.statusCode).toBe(201);
    expect(
      (
        await call(ctx.a, 'staff', 'POST', `/stemplate/program/${course.guId}/attendee`, {
          contactId: ctx.a.users.student.id,
        })
      ).statusCode,
    ).toBe(200);
    const enrolForeign = await call(ctx.a, 'staff', 'POST', `/stemplate/program/${course.guId}/attendee`, {
      contactId: ctx.b.users.student.id,
    });
    expect(enrolForeign.statusCode).toBe(404);
    expect(errorOf(enrolForeign).field).toBe('contactId');
    const refused = await call(ctx.a, 'admin', 'DELETE', `/stemplate/program/${course.guId}`);
    expect(refused.statusCode).toBe(409);
    expect((await call(ctx.a, 'admin', 'DELETE', `/stemplate/program/${empty.guId}`)).statusCode).toBe(204);
    expect((await call(ctx.a, 'admin', 'GET', `/stemplate/program/${empty.guId}`)).statusCode).toBe(404);

    // taking the student out: gone from the list, their course no longer theirs; then the course can go
    const attendee = `/stemplate/program/${course.guId}/attendee/${ctx.a.users.student.id}`;
    expect((await call(ctx.a, 'student', 'DELETE', attendee)).statusCode).toBe(403);
    expect((await call(ctx.b, 'admin', 'DELETE', attendee)).statusCode).toBe(404);
    expect((await call(ctx.a, 'staff', 'DELETE', attendee)).statusCode).toBe(204);
    expect((await call(ctx.a, 'staff', 'DELETE', attendee)).statusCode).toBe(404);
    const students = ok<{ recordsTotal: number }>(
      await call(ctx.a, 'staff', 'GET', `/stemplate/program/${course.guId}/attendee`),
    );
    expect(students.recordsTotal).toBe(0);
    expect((await call(ctx.a, 'admin', 'DELETE', `/stemplate/program/${course.guId}`)).statusCode).toBe(204);
  });

  it('renames a section; outline writes need Manage Courses and stay within the studio', async () => {
    const { course } = await publishedCourse(ctx.a);
    const section = course.sections[0]?.guId;
    const url = `/stemplate/program/${course.guId}/section/${section}`;
    const renamed = ok<CourseDetail>(await call(ctx.a, 'staff', 'PUT', url, { title: 'Begin here' }));
    expect(renamed.sections.map((s) => s.title)).toEqual(['Begin here', 'Go further']);
    const empty = await call(ctx.a, 'staff', 'PUT', url, { title: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toMatchObject({ field: 'title', message: 'Title is required!' });
    for (const role of ['frontdesk', 'student'] as const) {
      expect((await call(ctx.a, role, 'PUT', url, { title: 'x' })).statusCode, role).toBe(403);
      expect(
        (await call(ctx.a, role, 'POST', `/stemplate/program/${course.guId}/section`, { title: 'x' })).statusCode,
      ).toBe(403);
    }
    expect((await call(ctx.b, 'admin', 'PUT', url, { title: 'x' })).statusCode).toBe(404);
    const theirs = await publishedCourse(ctx.b);
    const crossed = `/stemplate/program/${course.guId}/section/${theirs.course.sections[0]?.guId}`;
    expect((await call(ctx.a, 'admin', 'PUT', crossed, { title: 'x' })).statusCode).toBe(404);
    // the front desk gets the permission on the Roles screen: now it may
    const roles = await call(
      ctx.a,
      'admin',
      'PUT',
      '/rest/settings/roles',
      rolesForm({ isShowCourse: true, isShowContactsList: true }),
    );
    expect(roles.statusCode, roles.body).toBe(200);
    ctx.app.platform.tenants.clearCache();
    expect((await call(ctx.a, 'frontdesk', 'PUT', url, { title: 'Desk renamed' })).statusCode).toBe(200);
  });
});
