import type {
  ChapterProgress,
  CourseDetail,
  LearnCourse,
  MyCourseList,
  Role,
  StudentProgress,
} from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { insertVideoAsset } from '../video/video.repo.ts';

// Staff's courses, the public pages and the learner's side, on the real server (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): roles, another studio's 404, not enrolled 403, ordering,
// progress resumed on another "device".

let app: App;
let a: TestTenant;
let b: TestTenant;
const tokens = new Map<string, string>();

async function token(tenant: TestTenant, role: Role): Promise<string> {
  const key = `${tenant.orgId}:${role}`;
  if (!tokens.has(key)) tokens.set(key, (await loginAs(app, tenant, role)).access_token);
  return tokens.get(key) as string;
}

async function call(tenant: TestTenant, role: Role | null, method: string, url: string, payload?: object) {
  const headers = role ? bearer(await token(tenant, role), tenant.host) : { host: tenant.host };
  return app.inject({ method: method as 'GET', url, headers, payload });
}

const errorOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { errors: { message: string; code: string; field?: string } }).errors;

async function newCourse(tenant: TestTenant, body: object = {}): Promise<CourseDetail> {
  const response = await call(tenant, 'admin', 'POST', '/stemplate/program', { name: 'Yoga Basics', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return json<CourseDetail>(response);
}

async function ok<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

/** Two sections, three text chapters (the "Done when" shape), published. */
async function publishedCourse(tenant: TestTenant, body: object = {}) {
  let course = await newCourse(tenant, body);
  const base = `/stemplate/program/${course.guId}`;
  course = await ok<CourseDetail>(await call(tenant, 'admin', 'POST', `${base}/section`, { title: 'Start' }), 201);
  course = await ok<CourseDetail>(await call(tenant, 'admin', 'POST', `${base}/section`, { title: 'Go further' }), 201);
  const [s1, s2] = course.sections.map((s) => s.guId);
  for (const [section, title] of [
    [s1, 'Welcome'],
    [s1, 'Breathing'],
    [s2, 'Standing poses'],
  ] as const) {
    course = await ok<CourseDetail>(
      await call(tenant, 'admin', 'POST', `${base}/section/${section}/chapter`, {
        title,
        type: 'text',
        html: `<p>${title}</p>`,
      }),
      201,
    );
  }
  const chapters = course.sections.flatMap((s) => s.chapters);
  course = await ok<CourseDetail>(await call(tenant, 'admin', 'PUT', base, { previewChapterId: chapters[0]?.guId }));
  course = await ok<CourseDetail>(await call(tenant, 'admin', 'PUT', `${base}/status`, { status: 'published' }));
  return { course, chapters: course.sections.flatMap((s) => s.chapters) };
}

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
    const list = await ok<{ recordsTotal: number; data: { guId: string }[] }>(
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

    let detail = await ok<CourseDetail>(
      await call(a, 'staff', 'PUT', `${base}/section/sequence`, { sections: [s2, s1] }),
    );
    expect(detail.sections.map((s) => s.title)).toEqual(['Go further', 'Start']);
    const [welcome, breathing, standing] = chapters.map((c) => c.guId);
    detail = await ok<CourseDetail>(
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

    detail = await ok<CourseDetail>(await call(a, 'staff', 'PUT', `${base}/chapter/${welcome}`, { sectionId: s2 }));
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
    detail = await ok<CourseDetail>(await call(a, 'admin', 'DELETE', `${base}/chapter/${welcome}`));
    expect(detail.previewChapterId).toBeNull();
    detail = await ok<CourseDetail>(await call(a, 'admin', 'DELETE', `${base}/section/${s2}`));
    expect(detail.sections.map((s) => s.title)).toEqual(['Start']);
  });

  it("checks a chapter's content: a video of this studio, a file, a live session through Zoom", async () => {
    const course = await newCourse(a);
    const base = `/stemplate/program/${course.guId}`;
    const section = (await ok<CourseDetail>(await call(a, 'admin', 'POST', `${base}/section`, { title: 'S' }), 201))
      .sections[0]?.guId;
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
    const video = await ok<CourseDetail>(
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
  });
});

describe('public course pages', () => {
  it('lists published courses only and serves a course page by id, address and /snode/pcourse', async () => {
    const { course } = await publishedCourse(a, { name: 'Pilates für Anfänger', teacherId: a.users.admin.id });
    const draft = await newCourse(a, { name: 'Secret draft' });
    const list = await ok<{ data: { guId: string }[] }>(await call(a, null, 'GET', '/public/course'));
    expect(list.data.map((c) => c.guId)).toContain(course.guId);
    expect(list.data.map((c) => c.guId)).not.toContain(draft.guId);
    const page = await ok<{
      slug: string;
      sections: unknown[];
      previewChapter: { html: string } | null;
      teacherName: string;
    }>(await call(a, null, 'GET', `/stemplate/public/course/${course.guId}`));
    expect(page.slug).toMatch(/^pilates-fur-anfanger/);
    expect(page.sections).toHaveLength(2);
    expect(page.previewChapter?.html).toBe('<p>Welcome</p>');
    expect(page.teacherName).toBe(`admin ${a.orgId}`);
    expect((await call(a, null, 'GET', `/stemplate/public/program/${page.slug}`)).statusCode).toBe(200);
    expect((await call(a, null, 'GET', `/snode/pcourse/${a.orgId}/${page.slug}`)).statusCode).toBe(200);
    expect((await call(a, null, 'GET', `/snode/pcourse/${b.orgId}/${page.slug}`)).statusCode).toBe(404);
    expect((await call(b, null, 'GET', `/stemplate/public/course/${course.guId}`)).statusCode).toBe(404);
    expect((await call(a, null, 'GET', `/stemplate/public/course/${draft.guId}`)).statusCode).toBe(404);
  });

  it('is absent when the studio shows no courses', async () => {
    const off = await newTenant(app, { settings: { isShowCourses: false } });
    expect((await call(off, null, 'GET', '/public/course')).statusCode).toBe(404);
    expect((await call(off, 'student', 'GET', '/snode/course/my')).statusCode).toBe(404);
    expect((await call(off, 'admin', 'GET', '/stemplate/program')).statusCode).toBe(404);
  });
});

describe('learners', () => {
  it("enrols in a free course with the spec's texts; a paid course's chapters are 403 until bought, the preview open", async () => {
    const free = await publishedCourse(a, { name: 'Free flow' });
    const enrolled = await ok<{ message: string; toast: string }>(
      await call(a, 'student', 'POST', `/snode/course/${free.course.guId}/enrol`),
    );
    expect(enrolled).toMatchObject({
      message: 'Free flow enrolled successfully',
      toast: 'Course enrolled successfully',
    });
    const paid = await publishedCourse(a, { name: 'Paid flow', pricing: 'paid', priceMinor: 3000 });
    const refuse = await call(a, 'student', 'POST', `/snode/course/${paid.course.guId}/enrol`);
    expect(refuse.statusCode).toBe(403);
    const [preview, locked] = paid.chapters;
    const content = await call(a, 'student', 'GET', `/snode/course/${paid.course.guId}/chapter/${locked?.guId}`);
    expect(content.statusCode).toBe(403);
    expect(errorOf(content).message).toBe('Enrol in this course to open this chapter.');
    expect(content.body).not.toContain('Breathing</p>');
    expect(
      (await call(a, 'student', 'GET', `/snode/course/${paid.course.guId}/chapter/${preview?.guId}`)).statusCode,
    ).toBe(200);
    const save = await call(a, 'student', 'PUT', `/snode/course/${paid.course.guId}/chapter/${locked?.guId}/progress`, {
      positionSeconds: 3,
    });
    expect(save.statusCode).toBe(403);
    const outline = await ok<LearnCourse>(await call(a, 'student', 'GET', `/snode/course/${paid.course.guId}/learn`));
    expect(outline.sections.flatMap((s) => s.chapters).map((c) => c.isLocked)).toEqual([false, true, true]);
    // another studio's learner: the course does not exist there
    expect((await call(b, 'student', 'GET', `/snode/course/${free.course.guId}/learn`)).statusCode).toBe(404);
    const catalogue = await ok<{ data: { guId: string; isEnrolled: boolean; canEnrol: boolean }[] }>(
      await call(a, 'student', 'GET', '/snode/course/catalogue'),
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
    const course = await newCourse(a, { name: 'Video course' });
    const base = `/stemplate/program/${course.guId}`;
    const section = (await ok<CourseDetail>(await call(a, 'admin', 'POST', `${base}/section`, { title: 'S' }), 201))
      .sections[0]?.guId;
    const asset = await insertVideoAsset(app.platform.db, a.tenantId, {
      title: 'v',
      originalName: 'v.mp4',
      sizeBytes: 10,
      durationMs: 100_000,
      createdBy: a.users.admin.id,
    });
    await call(a, 'admin', 'POST', `${base}/section/${section}/chapter`, {
      title: 'Watch',
      type: 'video',
      videoAssetId: asset.id,
    });
    const detail = await ok<CourseDetail>(
      await call(a, 'admin', 'POST', `${base}/section/${section}/chapter`, {
        title: 'Read',
        type: 'text',
        html: '<p>r</p>',
      }),
      201,
    );
    await call(a, 'admin', 'PUT', `${base}/status`, { status: 'published' });
    const [watch, read] = detail.sections[0]?.chapters.map((c) => c.guId) ?? [];
    await ok(await call(a, 'admin', 'POST', `${base}/attendee`, { contactId: a.users.student.id }), 201);

    const phone = (await loginAs(app, a, 'student')).access_token;
    const laptop = (await loginAs(app, a, 'student')).access_token;
    const put = (tokenValue: string, body: object) =>
      app.inject({
        method: 'PUT',
        url: `/snode/course/${course.guId}/chapter/${watch}/progress`,
        headers: bearer(tokenValue, a.host),
        payload: body,
      });
    const t = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
    await ok(await put(phone, { positionSeconds: 30, durationSeconds: 100, sentAt: t(1) }));
    const again = await ok<ChapterProgress>(
      await put(phone, { positionSeconds: 30, durationSeconds: 100, sentAt: t(1) }),
    );
    expect(again.positionSeconds).toBe(30);
    await ok(await put(laptop, { positionSeconds: 50, durationSeconds: 100, sentAt: t(20) }));
    const late = await ok<ChapterProgress>(
      await put(phone, { positionSeconds: 35, durationSeconds: 100, sentAt: t(6) }),
    );
    expect(late).toMatchObject({
      positionSeconds: 50,
      furthestSeconds: 50,
      completedAt: null,
      courseProgressPercent: 0,
    });

    const mine = await ok<MyCourseList>(await app.inject({ url: '/snode/course/my', headers: bearer(phone, a.host) }));
    const entry = mine.data.find((c) => c.course.guId === course.guId);
    expect(entry?.resume).toMatchObject({ chapterId: watch, chapterTitle: 'Watch', positionSeconds: 50 });
    expect(entry?.source).toBe('staff');

    // the player says 400 s long: the asset's own 100 s wins; 90 s completes the chapter
    const done = await ok<ChapterProgress>(
      await put(laptop, { positionSeconds: 90, durationSeconds: 400, sentAt: t(40) }),
    );
    expect(done).toMatchObject({ durationSeconds: 100, courseProgressPercent: 50 });
    expect(done.completedAt).not.toBeNull();
    const resumed = await ok<MyCourseList>(
      await app.inject({ url: '/snode/course/my', headers: bearer(laptop, a.host) }),
    );
    expect(resumed.data.find((c) => c.course.guId === course.guId)?.resume).toMatchObject({
      chapterId: read,
      positionSeconds: 0,
    });

    const notYet = await call(a, 'student', 'GET', `/snode/course/${course.guId}/certificate`);
    expect(notYet.statusCode).toBe(409);
    expect(errorOf(notYet).message).toBe('Finish every chapter to get your certificate.');
    const text = await ok<ChapterProgress>(
      await call(a, 'student', 'PUT', `/snode/course/${course.guId}/chapter/${read}/progress`, {
        positionSeconds: 0,
        completed: true,
      }),
    );
    expect(text).toMatchObject({ courseProgressPercent: 100 });
    expect(text.courseCompletedAt).not.toBeNull();

    // staff see the student's progress; a student sees only their own
    const progress = await ok<StudentProgress>(
      await call(a, 'frontdesk', 'GET', `/rest/courseAttendee/${a.users.student.id}/studentProgress`),
    );
    const row = progress.courses.find((c) => c.courseId === course.guId);
    expect(row).toMatchObject({ completedChapters: 2, totalChapters: 2, progressPercent: 100 });
    expect(row?.chapters[0]).toMatchObject({ chapterId: watch, positionSeconds: 90 });
    expect(
      (await call(a, 'student', 'GET', `/rest/courseAttendee/${a.users.student.id}/studentProgress`)).statusCode,
    ).toBe(200);
    expect(
      (await call(a, 'student', 'GET', `/rest/courseAttendee/${a.users.admin.id}/studentProgress`)).statusCode,
    ).toBe(403);
    expect(
      (await call(a, 'admin', 'GET', `/rest/courseAttendee/${b.users.student.id}/studentProgress`)).statusCode,
    ).toBe(404);
    const students = await ok<{ data: { contactId: string; progressPercent: number }[] }>(
      await call(a, 'admin', 'GET', `${base}/attendee`),
    );
    expect(students.data).toEqual([expect.objectContaining({ contactId: a.users.student.id, progressPercent: 100 })]);
    expect((await call(b, 'admin', 'GET', `${base}/attendee`)).statusCode).toBe(404);

    const bad = await call(a, 'student', 'PUT', `/snode/course/${course.guId}/chapter/${read}/progress`, {
      positionSeconds: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('positionSeconds');
  });
});
