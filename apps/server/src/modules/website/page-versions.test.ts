import { describe, expect, it } from 'vitest';
import { json, loginAs } from '../../../test/helpers.ts';
import { studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';

const { ctx, call } = studiosWithCaller(['admin', 'staff']);

const visitorSees = async (url: string) =>
  (await ctx.app.inject({ url: `/${url}`, headers: { host: ctx.tenant.host } })).body;

async function newPage(name: string, html: string): Promise<string> {
  const created = await call(ctx.admin, ctx.tenant, 'POST', `/stemplate/webpage/${name}`, {
    title: name,
    url: name,
    unhtml: html,
  });
  expect(created.statusCode).toBe(201);
  return json<{ id: string }>(created).id;
}

describe('drafts, Publish and the last 20 versions', () => {
  it('a draft is not what visitors see; Publish makes it live and keeps a version with date and author', async () => {
    const id = await newPage('classes-info', '<p>First words</p>');
    await call(ctx.admin, ctx.tenant, 'PUT', `/stemplate/webpage/${id}`, { isPublished: true });

    const draft = await call(ctx.admin, ctx.tenant, 'PUT', `/stemplate/webpage/${id}/draft`, {
      unhtml: '<p>Second words</p>',
      style: 'p{color:teal}',
      unjson: { pages: [] },
      header: 'Our classes',
    });
    expect(draft.statusCode).toBe(200);
    expect(json<any>(draft)).toMatchObject({
      unhtml: '<p>First words</p>',
      draft: { unhtml: '<p>Second words</p>', css: 'p{color:teal}', header: 'Our classes', unjson: { pages: [] } },
    });
    expect(await visitorSees('classes-info')).toContain('First words');
    expect(await visitorSees('classes-info')).not.toContain('Second words');

    const published = await call(ctx.staff, ctx.tenant, 'POST', `/stemplate/webpage/${id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(json<any>(published)).toMatchObject({ unhtml: '<p>Second words</p>', header: 'Our classes', draft: null });
    const page = await visitorSees('classes-info');
    expect(page).toContain('Second words');
    expect(page).toContain('Our classes');

    const versions = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', `/stemplate/webpage/${id}/versions`));
    expect(versions[0]).toEqual({
      id: expect.any(String),
      publishedAt: expect.any(String),
      publishedBy: expect.any(String),
    });
    expect(versions[0].publishedBy).toBe(`staff ${ctx.tenant.orgId}`);
  });

  it('Restore brings a version back as the draft; visitors see it only after Publish', async () => {
    const id = await newPage('timetable', '<p>Version A</p>');
    await call(ctx.admin, ctx.tenant, 'POST', `/stemplate/webpage/${id}/publish`);
    await call(ctx.admin, ctx.tenant, 'POST', `/stemplate/webpage/${id}/publish`, { unhtml: '<p>Version B</p>' });
    const [newest, older] = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', `/stemplate/webpage/${id}/versions`));
    expect(newest.publishedBy).toBe(`admin ${ctx.tenant.orgId}`);

    const restored = await call(ctx.admin, ctx.tenant, 'POST', `/stemplate/webpage/${id}/versions/${older.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(json<any>(restored)).toMatchObject({ unhtml: '<p>Version B</p>', draft: { unhtml: '<p>Version A</p>' } });
    expect(await visitorSees('timetable')).toContain('Version B');

    await call(ctx.admin, ctx.tenant, 'POST', `/stemplate/webpage/${id}/publish`);
    expect(await visitorSees('timetable')).toContain('Version A');
  });

  it('keeps the last 20: the 21st publish drops the oldest', async () => {
    const id = await newPage('news', '<p>v0</p>');
    for (let n = 1; n <= 21; n++) {
      const response = await call(ctx.admin, ctx.tenant, 'POST', `/stemplate/webpage/${id}/publish`, {
        unhtml: `<p>v${n}</p>`,
      });
      expect(response.statusCode).toBe(200);
    }
    const versions = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', `/stemplate/webpage/${id}/versions`));
    expect(versions).toHaveLength(20);
    const oldest = versions.at(-1);
    const restored = await call(
      ctx.admin,
      ctx.tenant,
      'POST',
      `/stemplate/webpage/${id}/versions/${oldest.id}/restore`,
    );
    expect(json<any>(restored).draft.unhtml).toBe('<p>v2</p>');
  });

  it('front desk and students are refused; another studio gets 404; bad input names the field', async () => {
    const id = await newPage('pricing', '<p>Prices</p>');
    await call(ctx.admin, ctx.tenant, 'POST', `/stemplate/webpage/${id}/publish`);
    const [version] = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', `/stemplate/webpage/${id}/versions`));
    for (const role of ['frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.tenant, role)).access_token;
      expect((await call(token, ctx.tenant, 'PUT', `/stemplate/webpage/${id}/draft`, { unhtml: 'x' })).statusCode).toBe(
        403,
      );
      expect((await call(token, ctx.tenant, 'POST', `/stemplate/webpage/${id}/publish`)).statusCode).toBe(403);
      expect((await call(token, ctx.tenant, 'GET', `/stemplate/webpage/${id}/versions`)).statusCode).toBe(403);
    }
    const elsewhere = [
      await call(ctx.otherAdmin, ctx.other, 'PUT', `/stemplate/webpage/${id}/draft`, { unhtml: 'x' }),
      await call(ctx.otherAdmin, ctx.other, 'POST', `/stemplate/webpage/${id}/publish`),
      await call(ctx.otherAdmin, ctx.other, 'GET', `/stemplate/webpage/${id}/versions`),
      await call(ctx.otherAdmin, ctx.other, 'POST', `/stemplate/webpage/${id}/versions/${version.id}/restore`),
    ];
    expect(elsewhere.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    expect(await visitorSees('pricing')).toContain('Prices');

    const bad = await call(ctx.admin, ctx.tenant, 'PUT', `/stemplate/webpage/${id}/draft`, { style: 'p{}' });
    expect(bad.statusCode).toBe(400);
    expect(json<any>(bad).errors.field).toBe('unhtml');
  });
});
