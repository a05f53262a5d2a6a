import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { CourseDetail, Role } from '@atrium/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createUsers } from '../../seed/tenants.ts';
import { insertVideoAsset, updateVideoAsset } from '../video/video.repo.ts';
import { VideoFiles } from '../video/video-files.ts';

// What the courses tests share: calls as a role (one login per tenant and role), answers read with
// their status checked, and courses made the way staff make them.

const tokens = new WeakMap<App, Map<string, string>>();

export async function tokenFor(app: App, tenant: TestTenant, role: Role): Promise<string> {
  const cache = tokens.get(app) ?? new Map<string, string>();
  tokens.set(app, cache);
  const key = `${tenant.orgId}:${role}`;
  if (!cache.has(key)) cache.set(key, (await loginAs(app, tenant, role)).access_token);
  return cache.get(key) as string;
}

export async function callAs(
  app: App,
  tenant: TestTenant,
  role: Role | null,
  method: string,
  url: string,
  payload?: object,
) {
  const headers = role ? bearer(await tokenFor(app, tenant, role), tenant.host) : { host: tenant.host };
  return app.inject({ method: method as 'GET', url, headers, payload });
}

export function ok<T>(response: { statusCode: number; body: string }, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

export const errorOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { errors: { message: string; code: string; field?: string } }).errors;

export async function newCourse(app: App, tenant: TestTenant, body: object = {}): Promise<CourseDetail> {
  const response = await callAs(app, tenant, 'admin', 'POST', '/stemplate/program', { name: 'Yoga Basics', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return json<CourseDetail>(response);
}

/** Two sections, three text chapters (the "Done when" shape), the first the preview; published. */
export async function publishedCourse(app: App, tenant: TestTenant, body: object = {}) {
  const call = (method: string, url: string, payload?: object) => callAs(app, tenant, 'admin', method, url, payload);
  let course = await newCourse(app, tenant, body);
  const base = `/stemplate/program/${course.guId}`;
  course = ok<CourseDetail>(await call('POST', `${base}/section`, { title: 'Start' }), 201);
  course = ok<CourseDetail>(await call('POST', `${base}/section`, { title: 'Go further' }), 201);
  const [s1, s2] = course.sections.map((s) => s.guId);
  for (const [section, title] of [
    [s1, 'Welcome'],
    [s1, 'Breathing'],
    [s2, 'Standing poses'],
  ] as const) {
    course = ok<CourseDetail>(
      await call('POST', `${base}/section/${section}/chapter`, { title, type: 'text', html: `<p>${title}</p>` }),
      201,
    );
  }
  const chapters = course.sections.flatMap((s) => s.chapters);
  course = ok<CourseDetail>(await call('PUT', base, { previewChapterId: chapters[0]?.guId }));
  course = ok<CourseDetail>(await call('PUT', `${base}/status`, { status: 'published' }));
  return { course, chapters: course.sections.flatMap((s) => s.chapters) };
}

/** A published course: one section, text chapters ('Demo' is a demo chapter). */
export async function courseWithChapters(app: App, tenant: TestTenant, body: object, titles = ['Demo', 'Deep dive']) {
  const call = (method: string, url: string, payload?: object) => callAs(app, tenant, 'admin', method, url, payload);
  let detail = ok<CourseDetail>(await call('POST', '/stemplate/program', body), 201);
  const base = `/stemplate/program/${detail.guId}`;
  detail = ok<CourseDetail>(await call('POST', `${base}/section`, { title: 'One' }), 201);
  const section = detail.sections[0]?.guId;
  for (const title of titles) {
    detail = ok<CourseDetail>(
      await call('POST', `${base}/section/${section}/chapter`, {
        title,
        type: 'text',
        html: `<p>${title}</p>`,
        isDemo: title === 'Demo',
      }),
      201,
    );
  }
  detail = ok<CourseDetail>(await call('PUT', `${base}/status`, { status: 'published' }));
  return { detail, chapters: detail.sections.flatMap((s) => s.chapters) };
}

/** A student of their own, signed in (the tenant's own student is enrolled elsewhere). */
export async function newStudent(app: App, tenant: TestTenant): Promise<{ id: string; token: string }> {
  const email = `member-${randomUUID().slice(0, 8)}@example.test`;
  await createUsers(app.platform.db, tenant.tenantId, [
    { email, password: PASSWORD, name: 'Mia', lastName: 'Member', role: 'student' },
  ]);
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { host: tenant.host },
    payload: { userId: email, password: PASSWORD },
  });
  const body = json<{ access_token: string; contact: { guId: string } }>(login);
  return { id: body.contact.guId, token: body.access_token };
}

/** A video as the transcode leaves it: ready, with a master playlist and a poster on disk. */
export async function readyVideo(app: App, tenant: TestTenant, title: string, durationMs: number) {
  const row = await insertVideoAsset(app.platform.db, tenant.tenantId, {
    title,
    originalName: `${title}.mp4`,
    sizeBytes: 10,
    createdBy: tenant.users.admin.id,
  });
  await updateVideoAsset(app.platform.db, tenant.tenantId, row.id, {
    status: 'ready',
    hlsPrefix: 'hls-1',
    hlsMasterKey: 'master.m3u8',
    posterKey: 'poster.jpg',
    durationMs,
  });
  const dir = new VideoFiles(app.platform.config).versionDir(tenant.tenantId, row.id, 'hls-1');
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/master.m3u8`, '#EXTM3U\n');
  await writeFile(`${dir}/poster.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  return row;
}

/**
 * The file's app and two studios, `a` and `b` (set before the tests run, the app closed after), with
 * the fixtures above bound to that app.
 */
export function courseStudios() {
  const ctx = {} as { app: App; a: TestTenant; b: TestTenant };
  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.a = await newTenant(ctx.app);
    ctx.b = await newTenant(ctx.app);
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  return {
    ctx,
    call: (tenant: TestTenant, role: Role | null, method: string, url: string, payload?: object) =>
      callAs(ctx.app, tenant, role, method, url, payload),
    newCourse: (tenant: TestTenant, body: object = {}) => newCourse(ctx.app, tenant, body),
    publishedCourse: (tenant: TestTenant, body: object = {}) => publishedCourse(ctx.app, tenant, body),
    course: (tenant: TestTenant, body: object, titles?: string[]) => courseWithChapters(ctx.app, tenant, body, titles),
    newTenantStudent: (tenant: TestTenant) => newStudent(ctx.app, tenant),
  };
}
