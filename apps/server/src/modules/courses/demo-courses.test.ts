import type { PublicCourse } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { addDemoVideoChapter, DEMO_COURSE_SLUG, seedDemoCourses } from '../../seed/demo-courses.ts';
import { insertVideoAsset } from '../video/video.repo.ts';

// The demo seed's course (spec 2 §9 'Introductory Session') and the hook the video seed uses.

let app: App;
let t: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  t = await newTenant(app);
});

afterAll(async () => {
  await app?.close();
});

describe('demo course', () => {
  it("publishes 'Introductory Session' with its sections, text chapters, demo chapters and preview; the video seed adds a chapter", async () => {
    await seedDemoCourses(app.platform.db, t.tenantId, t.users.staff.email);
    const read = async () => {
      const response = await app.inject({
        url: `/stemplate/public/program/${DEMO_COURSE_SLUG}`,
        headers: { host: t.host },
      });
      expect(response.statusCode, response.body).toBe(200);
      return json<PublicCourse>(response);
    };
    const page = await read();
    expect(page).toMatchObject({
      name: 'Introductory Session',
      pricing: 'free',
      allowsDemo: true,
      teacherName: `staff ${t.orgId}`,
    });
    expect(page.sections.map((s) => [s.title, s.chapters.map((c) => c.title)])).toEqual([
      ['Welcome', ['Welcome to Demo Studio', 'What to bring']],
      ['Your first practice', ['Breathing basics', 'A gentle flow']],
    ]);
    expect(page.previewChapter?.title).toBe('Welcome to Demo Studio');

    const asset = await insertVideoAsset(app.platform.db, t.tenantId, {
      title: 'Sun salutation',
      originalName: 'sun.mp4',
      sizeBytes: 10,
      createdBy: t.users.admin.id,
    });
    const added = await addDemoVideoChapter(app.platform.db, t.tenantId, {
      sectionTitle: 'Your first practice',
      title: 'Sun salutation',
      videoAssetId: asset.id,
    });
    expect(added).toBe(true);
    const after = await read();
    expect(after.sections[1]?.chapters.at(-1)).toMatchObject({ title: 'Sun salutation', type: 'video' });
    const other = await newTenant(app);
    expect(
      await addDemoVideoChapter(app.platform.db, other.tenantId, {
        sectionTitle: 'x',
        title: 'x',
        videoAssetId: asset.id,
      }),
    ).toBe(false);
  });
});
