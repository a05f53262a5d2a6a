import { COURSE_MESSAGES, FORM_MESSAGES } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { readTenant } from '../../db/client.ts';
import { courseEnrolments, formSubmissions, outboxEmails } from '../../db/schema/index.ts';
import { studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { courseWithChapters, newCourse } from '../courses/course-fixtures.ts';
import { solveChallenge } from './human-check.ts';

// A registration form tied to a course (spec 3 §2.3 / §4 "Demo-course flow", §9 "Demo-course list"):
// the builder's link and its checks, and a submission that enrols (demo or free) or sends to buy.

const { ctx } = studiosWithCaller(['admin', 'staff', 'student']);
let free: { guId: string; name: string; slug: string };
let demoable: { guId: string; name: string; slug: string };
let paidOnly: { guId: string; name: string };
let draft: { guId: string };
let foreign: { guId: string };

beforeAll(async () => {
  free = (await courseWithChapters(ctx.app, ctx.tenant, { name: 'Free Flow', pricing: 'free' }, ['Intro'])).detail;
  demoable = (await courseWithChapters(ctx.app, ctx.tenant, { name: 'Deep Yoga', pricing: 'paid', priceMinor: 4000 }))
    .detail;
  paidOnly = (
    await courseWithChapters(ctx.app, ctx.tenant, { name: 'Paid Only', pricing: 'paid', priceMinor: 4000 }, ['Lesson'])
  ).detail;
  draft = await newCourse(ctx.app, ctx.tenant, { name: 'Not yet' });
  foreign = (await courseWithChapters(ctx.app, ctx.other, { name: 'Elsewhere', pricing: 'free' }, ['Intro'])).detail;
});

afterAll(async () => {
  await ctx.app?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string | null, t: TestTenant, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token, t.host) : { host: t.host, 'user-agent': 'FormsCoursesTest/1.0' },
    payload: payload as object,
  });
const errorOf = (body: string) => JSON.parse(body).errors as { message: string; field?: string };

const formBody = (courseGuId: string | null | undefined, patch: Record<string, unknown> = {}) => ({
  name: 'Course sign-up',
  formType: 'CUSTOM',
  isPublished: true,
  ...(courseGuId === undefined ? {} : { courseGuId }),
  customFields: [{ name: 'Goals', type: 'text' }],
  ...patch,
});

async function newForm(courseGuId: string | null) {
  const response = await call(ctx.admin, ctx.tenant, 'POST', '/rest/customForm', formBody(courseGuId));
  expect(response.statusCode, response.body).toBe(201);
  return json<{ guId: string; course: { guId: string; name: string } | null }>(response);
}

let emails = 0;
async function submit(formId: string, patch: Record<string, unknown> = {}) {
  emails += 1;
  const challenge = await call(null, ctx.tenant, 'GET', '/public/humanCheck?action=custom_form_checkout');
  return call(null, ctx.tenant, 'POST', '/cform/regform/public', {
    formId,
    rToken: solveChallenge(json<any>(challenge)),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `learner${emails}-${ctx.tenant.orgId}@example.com`,
    phone: '5551234567',
    ...patch,
  });
}

const enrolmentsOf = (courseId: string) =>
  readTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
    tx
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.tenantId, ctx.tenant.tenantId), eq(courseEnrolments.courseId, courseId))),
  );

const mailTo = (email: string) =>
  readTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
    tx
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, ctx.tenant.tenantId), eq(outboxEmails.toAddress, email))),
  );

describe('a form tied to a course (the builder)', () => {
  it('lists the demo-course list (published, free or with a demo chapter) for staff, not students', async () => {
    const list = await call(ctx.staff, ctx.tenant, 'GET', '/rest/customForm/courses');
    expect(list.statusCode, list.body).toBe(200);
    const names = json<{ name: string; allowsDemo: boolean; pricing: string }[]>(list).map((c) => c.name);
    expect(names).toEqual(['Deep Yoga', 'Free Flow']);
    expect((await call(ctx.student, ctx.tenant, 'GET', '/rest/customForm/courses')).statusCode).toBe(403);
    expect((await call(null, ctx.tenant, 'GET', '/rest/customForm/courses')).statusCode).toBe(401);
  });

  it('saves the course, shows it to staff and on the public form, and clears it', async () => {
    const form = await newForm(demoable.guId);
    expect(form.course).toEqual({ guId: demoable.guId, name: 'Deep Yoga' });
    const listed = json<any[]>(await call(ctx.staff, ctx.tenant, 'GET', '/rest/customForm'));
    expect(listed.find((f) => f.guId === form.guId)?.course).toEqual({ guId: demoable.guId, name: 'Deep Yoga' });
    const shown = json<any>(await call(null, ctx.tenant, 'GET', `/public/customForm/${form.guId}`));
    expect(shown.course).toEqual({ guId: demoable.guId, name: 'Deep Yoga' });

    const cleared = await call(ctx.admin, ctx.tenant, 'PUT', `/rest/customForm/${form.guId}`, formBody(null));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(json<any>(cleared).course).toBeNull();
    // a whole save that leaves the course out has none either
    await call(ctx.admin, ctx.tenant, 'PUT', `/rest/customForm/${form.guId}`, formBody(free.guId));
    const omitted = await call(ctx.admin, ctx.tenant, 'PUT', `/rest/customForm/${form.guId}`, formBody(undefined));
    expect(json<any>(omitted).course).toBeNull();
  });

  it('is an admin write; another studio neither sees the form nor can name its course', async () => {
    const form = await newForm(free.guId);
    expect(
      (await call(ctx.staff, ctx.tenant, 'PUT', `/rest/customForm/${form.guId}`, formBody(free.guId))).statusCode,
    ).toBe(403);
    expect((await call(ctx.student, ctx.tenant, 'POST', '/rest/customForm', formBody(free.guId))).statusCode).toBe(403);
    expect((await call(ctx.otherAdmin, ctx.other, 'GET', `/rest/customForm/${form.guId}`)).statusCode).toBe(404);
    expect(
      (await call(ctx.otherAdmin, ctx.other, 'PUT', `/rest/customForm/${form.guId}`, formBody(foreign.guId)))
        .statusCode,
    ).toBe(404);

    // another studio's course, a course that does not exist: 404 on courseGuId
    for (const id of [foreign.guId, '5f0c1c36-7d1b-4c52-9a55-6f9f4f3b7a10']) {
      const response = await call(ctx.admin, ctx.tenant, 'PUT', `/rest/customForm/${form.guId}`, formBody(id));
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response.body)).toMatchObject({ field: 'courseGuId', message: COURSE_MESSAGES.notFound });
    }
    const mine = json<any>(await call(ctx.admin, ctx.tenant, 'GET', `/rest/customForm/${form.guId}`));
    expect(mine.course?.guId).toBe(free.guId);
  });

  it('refuses a bad value, a draft and a paid course without demo chapters (400 naming courseGuId)', async () => {
    const cases: [unknown, string][] = [
      ['nope', 'courseGuId must be a course id'],
      [draft.guId, FORM_MESSAGES.courseNotPublished],
      [paidOnly.guId, FORM_MESSAGES.courseNotDemo],
    ];
    for (const [value, message] of cases) {
      const response = await call(ctx.admin, ctx.tenant, 'POST', '/rest/customForm', formBody(value as string));
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ field: 'courseGuId', message });
    }
  });

  it('with courses off: the list is absent and no course can be named', async () => {
    const off = await newTenant(ctx.app, { settings: { isShowCourses: false } });
    const { access_token } = await loginAs(ctx.app, off, 'admin');
    expect((await call(access_token, off, 'GET', '/rest/customForm/courses')).statusCode).toBe(404);
  });
});

describe('submitting a form tied to a course', () => {
  it('with isDemo enrols the signer in the demo once, however often the form is sent', async () => {
    const form = await newForm(demoable.guId);
    const email = `twice-${ctx.tenant.orgId}@example.com`;
    for (let i = 0; i < 2; i += 1) {
      const response = await submit(form.guId, { email, isDemo: true });
      expect(response.statusCode, response.body).toBe(201);
      expect(json<any>(response)).toMatchObject({
        status: 'IN_PROGRESS',
        formName: 'Course sign-up',
        course: {
          status: 'enrolled',
          message: 'Deep Yoga enrolled successfully',
          toast: 'Course enrolled successfully',
          courseUrl: `/courses/${demoable.slug}`,
        },
      });
    }
    const rows = (await enrolmentsOf(demoable.guId)).filter((row) => row.source === 'demo');
    expect(rows).toHaveLength(1);
    // both submissions are kept; the course's welcome went once
    const submissions = await readTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
      tx
        .select()
        .from(formSubmissions)
        .where(and(eq(formSubmissions.tenantId, ctx.tenant.tenantId), eq(formSubmissions.formId, form.guId))),
    );
    expect(submissions).toHaveLength(2);
    expect((await mailTo(email)).map((m) => m.subject)).toEqual(['Deep Yoga enrolled successfully']);
  });

  it('enrols in a free course without the flag, and with it (the course has no demo chapters)', async () => {
    const form = await newForm(free.guId);
    const before = (await enrolmentsOf(free.guId)).length;
    for (const patch of [{}, { isDemo: true }]) {
      const response = await submit(form.guId, patch);
      expect(response.statusCode, response.body).toBe(201);
      expect(json<any>(response).course).toMatchObject({
        status: 'enrolled',
        message: 'Free Flow enrolled successfully',
      });
    }
    const after = await enrolmentsOf(free.guId);
    expect(after).toHaveLength(before + 2);
    expect(after.filter((row) => row.source === 'free')).toHaveLength(after.length);
  });

  it('a paid course without the flag enrols nobody and answers the course address to buy it', async () => {
    const form = await newForm(demoable.guId);
    const before = (await enrolmentsOf(demoable.guId)).length;
    const email = `buyer-${ctx.tenant.orgId}@example.com`;
    const response = await submit(form.guId, { email });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response)).toMatchObject({
      status: 'IN_PROGRESS',
      course: { status: 'purchase', courseUrl: `/courses/${demoable.slug}`, toast: null },
    });
    expect(await enrolmentsOf(demoable.guId)).toHaveLength(before);
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('a form without a course, or whose course was unpublished, is a plain form', async () => {
    const plain = await newForm(null);
    const response = await submit(plain.guId, { isDemo: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response).course).toBeUndefined();

    const later = (await courseWithChapters(ctx.app, ctx.tenant, { name: 'Soon gone', pricing: 'free' }, ['Intro']))
      .detail;
    const form = await newForm(later.guId);
    const unpublish = await call(ctx.admin, ctx.tenant, 'PUT', `/stemplate/program/${later.guId}/status`, {
      status: 'draft',
    });
    expect(unpublish.statusCode, unpublish.body).toBe(200);
    const sent = await submit(form.guId);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(json<any>(sent).course).toBeUndefined();
    expect(await enrolmentsOf(later.guId)).toHaveLength(0);
    expect(json<any>(await call(null, ctx.tenant, 'GET', `/public/customForm/${form.guId}`)).course).toBeNull();
    // the staff still see the link, and a save that keeps it is not refused
    const kept = await call(ctx.admin, ctx.tenant, 'PUT', `/rest/customForm/${form.guId}`, formBody(later.guId));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json<any>(kept).course).toEqual({ guId: later.guId, name: 'Soon gone' });
  });
});
