import type { CourseDetail } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asRead, pdfText, squash } from '../../../test/pdf-text.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { insertVideoAsset } from '../video/video.repo.ts';
import { mayWatchVideo } from '../video/video-access.ts';
import { courseStudios, ok } from './course-fixtures.ts';

// The completion certificate read back (names in any script) and the video access policy the
// courses module registers with the video module.

const { ctx, call, course, newTenantStudent } = courseStudios();

describe('certificate and video access', () => {
  it("prints the learner's name in any script on the certificate", async () => {
    const name = 'İstanbul Işık प्रिया';
    await withTenant(ctx.app.platform.db, ctx.a.tenantId, (tx) =>
      tx
        .update(contacts)
        .set({ name, lastName: 'Ελληνικά' })
        .where(and(eq(contacts.tenantId, ctx.a.tenantId), eq(contacts.id, ctx.a.users.frontdesk.id))),
    );
    const { detail, chapters } = await course(ctx.a, { name: 'Кириллица 101' }, ['Only']);
    ok(await call(ctx.a, 'frontdesk', 'POST', `/snode/course/${detail.guId}/enrol`));
    ok(
      await call(ctx.a, 'frontdesk', 'PUT', `/snode/course/${detail.guId}/chapter/${chapters[0]?.guId}/progress`, {
        positionSeconds: 0,
        completed: true,
      }),
    );
    const response = await call(ctx.a, 'frontdesk', 'GET', `/snode/course/${detail.guId}/certificate`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = squash(await pdfText(response.rawPayload));
    expect(text).toContain(asRead(`${name} Ελληνικά`));
    expect(text).toContain(asRead('Кириллица 101'));
    expect(text).toContain(squash('Certificate of Completion'));
    expect((await call(ctx.a, 'student', 'GET', `/snode/course/${detail.guId}/certificate`)).statusCode).toBe(403);
  });

  it('lets enrolled learners and anyone signed in on the preview chapter watch, and nobody else', async () => {
    const asset = await insertVideoAsset(ctx.app.platform.db, ctx.a.tenantId, {
      title: 'Lesson',
      originalName: 'lesson.mp4',
      sizeBytes: 10,
      createdBy: ctx.a.users.admin.id,
    });
    const preview = await insertVideoAsset(ctx.app.platform.db, ctx.a.tenantId, {
      title: 'Teaser',
      originalName: 'teaser.mp4',
      sizeBytes: 10,
      createdBy: ctx.a.users.admin.id,
    });
    let detail = ok<CourseDetail>(
      await call(ctx.a, 'admin', 'POST', '/stemplate/program', { name: 'Watched', pricing: 'paid', priceMinor: 1000 }),
      201,
    );
    const base = `/stemplate/program/${detail.guId}`;
    detail = ok<CourseDetail>(await call(ctx.a, 'admin', 'POST', `${base}/section`, { title: 'S' }), 201);
    const section = detail.sections[0]?.guId;
    for (const [title, id] of [
      ['Teaser', preview.id],
      ['Lesson', asset.id],
    ]) {
      detail = ok<CourseDetail>(
        await call(ctx.a, 'admin', 'POST', `${base}/section/${section}/chapter`, {
          title,
          type: 'video',
          videoAssetId: id,
        }),
        201,
      );
    }
    const teaserChapter = detail.sections[0]?.chapters[0]?.guId;
    ok(await call(ctx.a, 'admin', 'PUT', base, { previewChapterId: teaserChapter }));
    ok(await call(ctx.a, 'admin', 'PUT', `${base}/status`, { status: 'published' }));

    const tenant = await ctx.app.platform.tenants.byId(ctx.a.tenantId);
    if (!tenant) throw new Error('tenant');
    const may = (sub: string, assetRow: typeof asset) =>
      mayWatchVideo({
        platform: ctx.app.platform,
        tenant,
        claims: { sub, tid: ctx.a.tenantId, role: 'student', sid: 'test' },
        asset: assetRow,
      });
    const learner = await newTenantStudent(ctx.a);
    expect(await may(learner.id, asset)).toBe(false);
    expect(await may(learner.id, preview)).toBe(true);
    ok(await call(ctx.a, 'admin', 'POST', `${base}/attendee`, { contactId: learner.id }), 201);
    expect(await may(learner.id, asset)).toBe(true);
    // another studio's learner asking about this studio's asset through their own tenant: no chapter shows it there
    const other = await ctx.app.platform.tenants.byId(ctx.b.tenantId);
    if (!other) throw new Error('tenant');
    expect(
      await mayWatchVideo({
        platform: ctx.app.platform,
        tenant: other,
        claims: { sub: ctx.b.users.student.id, tid: ctx.b.tenantId, role: 'student', sid: 'test' },
        asset,
      }),
    ).toBe(false);
  });
});
