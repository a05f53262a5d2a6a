import type { ChapterProgress, CourseDetail, LearnCourse, MyCourseList, StudentProgress } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, loginAs, newTenant } from '../../../test/helpers.ts';
import { insertVideoAsset } from '../video/video.repo.ts';
import { courseStudios, errorOf, ok } from './course-fixtures.ts';

// The public course pages and the learner's side on the real server: drafts and another studio's
// courses are 404s, not enrolled is 403 (the preview open), progress resumes on another "device".

const { ctx, call, newCourse, publishedCourse } = courseStudios();

describe('public course pages', () => {
  it('lists published courses only and serves a course page by id, address and /snode/pcourse', async () => {
    const { course } = await publishedCourse(ctx.a, { name: 'Pilates für Anfänger', teacherId: ctx.a.users.admin.id });
    const draft = await newCourse(ctx.a, { name: 'Secret draft' });
    const list = ok<{ data: { guId: string }[] }>(await call(ctx.a, null, 'GET', '/public/course'));
    expect(list.data.map((c) => c.guId)).toContain(course.guId);
    expect(list.data.map((c) => c.guId)).not.toContain(draft.guId);
    const page = ok<{
      slug: string;
      sections: unknown[];
      previewChapter: { html: string } | null;
      teacherName: string;
    }>(await call(ctx.a, null, 'GET', `/stemplate/public/course/${course.guId}`));
    expect(page.slug).toMatch(/^pilates-fur-anfanger/);
    expect(page.sections).toHaveLength(2);
    expect(page.previewChapter?.html).toBe('<p>Welcome</p>');
    expect(page.teacherName).toBe(`admin ${ctx.a.orgId}`);
    expect((await call(ctx.a, null, 'GET', `/stemplate/public/program/${page.slug}`)).statusCode).toBe(200);
    expect((await call(ctx.a, null, 'GET', `/snode/pcourse/${ctx.a.orgId}/${page.slug}`)).statusCode).toBe(200);
    expect((await call(ctx.a, null, 'GET', `/snode/pcourse/${ctx.b.orgId}/${page.slug}`)).statusCode).toBe(404);
    expect((await call(ctx.b, null, 'GET', `/stemplate/public/course/${course.guId}`)).statusCode).toBe(404);
    expect((await call(ctx.a, null, 'GET', `/stemplate/public/course/${draft.guId}`)).statusCode).toBe(404);
  });

  it('is absent when the studio shows no courses', async () => {
    const off = await newTenant(ctx.app, { settings: { isShowCourses: false } });
    expect((await call(off, null, 'GET', '/public/course')).statusCode).toBe(404);
    expect((await call(off, 'student', 'GET', '/snode/course/my')).statusCode).toBe(404);
    expect((await call(off, 'admin', 'GET', '/stemplate/program')).statusCode).toBe(404);
  });
});

describe('learners', () => {
  it("enrols in a free course with the spec's texts; a paid course's chapters are 403 until bought, the preview open", async () => {
    const free = await publishedCourse(ctx.a, { name: 'Free flow' });
    const enrolled = ok<{ message: string; toast: string }>(
      await call(ctx.a, 'student', 'POST', `/snode/course/${free.course.guId}/enrol`),
    );
    expect(enrolled).toMatchObject({
      message: 'Free flow enrolled successfully',
      toast: 'Course enrolled successfully',
    });
    const paid = await publishedCourse(ctx.a, { name: 'Paid flow', pricing: 'paid', priceMinor: 3000 });
    const refuse = await call(ctx.a, 'student', 'POST', `/snode/course/${paid.course.guId}/enrol`);
    expect(refuse.statusCode).toBe(403);
    const [preview, locked] = paid.chapters;
    const content = await call(ctx.a, 'student', 'GET', `/snode/course/${paid.course.guId}/chapter/${locked?.guId}`);
    expect(content.statusCode).toBe(403);
    expect(errorOf(content).message).toBe('Enrol in this course to open this chapter.');
    expect(content.body).not.toContain('Breathing</p>');
    expect(
      (await call(ctx.a, 'student', 'GET', `/snode/course/${paid.course.guId}/chapter/${preview?.guId}`)).statusCode,
    ).toBe(200);
    const save = await call(
      ctx.a,
      'student',
      'PUT',
      `/snode/course/${paid.course.guId}/chapter/${locked?.guId}/progress`,
      {
        positionSeconds: 3,
      },
    );
    expect(save.statusCode).toBe(403);
    const outline = ok<LearnCourse>(await call(ctx.a, 'student', 'GET', `/snode/course/${paid.course.guId}/learn`));
    expect(outline.sections.flatMap((s) => s.chapters).map((c) => c.isLocked)).toEqual([false, true, true]);
    // another studio's learner: the course does not exist there
    expect((await call(ctx.b, 'student', 'GET', `/snode/course/${free.course.guId}/learn`)).statusCode).toBe(404);
    const catalogue = ok<{ data: { guId: string; isEnrolled: boolean; canEnrol: boolean }[] }>(
      await call(ctx.a, 'student', 'GET', '/snode/course/catalogue'),
    );
    expect(catalogue.data.find((c) => c.guId === free.course.guId)).toMatchObject({
      isEnrolled: true,
      canEnrol: false,
    });
    expect(catalogue.data.find((c) => c.guId === paid.course.guId)).toMatchObject({
      isEnrolled: false,
      canEnrol: false,
    });
  });

  it('resumes on another device from the newest reading; a late old reading changes nothing; 90 % completes', async () => {
    const course = await newCourse(ctx.a, { name: 'Video course' });
    const base = `/stemplate/program/${course.guId}`;
    const section = ok<CourseDetail>(await call(ctx.a, 'admin', 'POST', `${base}/section`, { title: 'S' }), 201)
      .sections[0]?.guId;
    const asset = await insertVideoAsset(ctx.app.platform.db, ctx.a.tenantId, {
      title: 'v',
      originalName: 'v.mp4',
      sizeBytes: 10,
      durationMs: 100_000,
      createdBy: ctx.a.users.admin.id,
    });
    await call(ctx.a, 'admin', 'POST', `${base}/section/${section}/chapter`, {
      title: 'Watch',
      type: 'video',
      videoAssetId: asset.id,
    });
    const detail = ok<CourseDetail>(
      await call(ctx.a, 'admin', 'POST', `${base}/section/${section}/chapter`, {
        title: 'Read',
        type: 'text',
        html: '<p>r</p>',
      }),
      201,
    );
    await call(ctx.a, 'admin', 'PUT', `${base}/status`, { status: 'published' });
    const [watch, read] = detail.sections[0]?.chapters.map((c) => c.guId) ?? [];
    await ok(await call(ctx.a, 'admin', 'POST', `${base}/attendee`, { contactId: ctx.a.users.student.id }), 201);

    const phone = (await loginAs(ctx.app, ctx.a, 'student')).access_token;
    const laptop = (await loginAs(ctx.app, ctx.a, 'student')).access_token;
    const put = (tokenValue: string, body: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/snode/course/${course.guId}/chapter/${watch}/progress`,
        headers: bearer(tokenValue, ctx.a.host),
        payload: body,
      });
    const t = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
    await ok(await put(phone, { positionSeconds: 30, durationSeconds: 100, sentAt: t(1) }));
    const again = ok<ChapterProgress>(await put(phone, { positionSeconds: 30, durationSeconds: 100, sentAt: t(1) }));
    expect(again.positionSeconds).toBe(30);
    await ok(await put(laptop, { positionSeconds: 50, durationSeconds: 100, sentAt: t(20) }));
    const late = ok<ChapterProgress>(await put(phone, { positionSeconds: 35, durationSeconds: 100, sentAt: t(6) }));
    expect(late).toMatchObject({
      positionSeconds: 50,
      furthestSeconds: 50,
      completedAt: null,
      courseProgressPercent: 0,
    });

    const mine = ok<MyCourseList>(
      await ctx.app.inject({ url: '/snode/course/my', headers: bearer(phone, ctx.a.host) }),
    );
    const entry = mine.data.find((c) => c.course.guId === course.guId);
    expect(entry?.resume).toMatchObject({ chapterId: watch, chapterTitle: 'Watch', positionSeconds: 50 });
    expect(entry?.source).toBe('staff');

    // the player says 400 s long: the asset's own 100 s wins; 90 s completes the chapter
    const done = ok<ChapterProgress>(await put(laptop, { positionSeconds: 90, durationSeconds: 400, sentAt: t(40) }));
    expect(done).toMatchObject({ durationSeconds: 100, courseProgressPercent: 50 });
    expect(done.completedAt).not.toBeNull();
    const resumed = ok<MyCourseList>(
      await ctx.app.inject({ url: '/snode/course/my', headers: bearer(laptop, ctx.a.host) }),
    );
    expect(resumed.data.find((c) => c.course.guId === course.guId)?.resume).toMatchObject({
      chapterId: read,
      positionSeconds: 0,
    });

    const notYet = await call(ctx.a, 'student', 'GET', `/snode/course/${course.guId}/certificate`);
    expect(notYet.statusCode).toBe(409);
    expect(errorOf(notYet).message).toBe('Finish every chapter to get your certificate.');
    const text = ok<ChapterProgress>(
      await call(ctx.a, 'student', 'PUT', `/snode/course/${course.guId}/chapter/${read}/progress`, {
        positionSeconds: 0,
        completed: true,
      }),
    );
    expect(text).toMatchObject({ courseProgressPercent: 100 });
    expect(text.courseCompletedAt).not.toBeNull();

    // staff see the student's progress; a student sees only their own
    const progress = ok<StudentProgress>(
      await call(ctx.a, 'frontdesk', 'GET', `/rest/courseAttendee/${ctx.a.users.student.id}/studentProgress`),
    );
    const row = progress.courses.find((c) => c.courseId === course.guId);
    expect(row).toMatchObject({ completedChapters: 2, totalChapters: 2, progressPercent: 100 });
    expect(row?.chapters[0]).toMatchObject({ chapterId: watch, positionSeconds: 90 });
    expect(
      (await call(ctx.a, 'student', 'GET', `/rest/courseAttendee/${ctx.a.users.student.id}/studentProgress`))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(ctx.a, 'student', 'GET', `/rest/courseAttendee/${ctx.a.users.admin.id}/studentProgress`)).statusCode,
    ).toBe(403);
    expect(
      (await call(ctx.a, 'admin', 'GET', `/rest/courseAttendee/${ctx.b.users.student.id}/studentProgress`)).statusCode,
    ).toBe(404);
    const students = ok<{ data: { contactId: string; progressPercent: number }[] }>(
      await call(ctx.a, 'admin', 'GET', `${base}/attendee`),
    );
    expect(students.data).toEqual([
      expect.objectContaining({ contactId: ctx.a.users.student.id, progressPercent: 100 }),
    ]);
    expect((await call(ctx.b, 'admin', 'GET', `${base}/attendee`)).statusCode).toBe(404);

    const bad = await call(ctx.a, 'student', 'PUT', `/snode/course/${course.guId}/chapter/${read}/progress`, {
      positionSeconds: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('positionSeconds');
  });
});
