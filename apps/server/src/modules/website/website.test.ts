import { describe, expect, it } from 'vitest';
import { franchiseStudios } from '../../../test/franchise-studios.ts';
import { json, loginAs, type TestTenant } from '../../../test/helpers.ts';
import { demoPages } from '../../seed/demo-pages.ts';

const { ctx, call } = franchiseStudios(demoPages);

async function pageId(token: string, tenant: TestTenant, name: string): Promise<string> {
  const list = json<{ id: string; name: string }[]>(await call(token, tenant, 'GET', '/stemplate/webpage'));
  const page = list.find((p) => p.name === name);
  if (!page) throw new Error(`no page ${name}`);
  return page.id;
}

describe('website pages', () => {
  it('lists the pages in sequence with the list entry fields', async () => {
    const response = await call(ctx.adminM, ctx.master, 'GET', '/stemplate/webpage');
    expect(response.statusCode).toBe(200);
    const list = json<any[]>(response);
    expect(list[0]).toEqual({
      id: expect.any(String),
      name: 'home',
      title: 'Home',
      sequence: 1,
      isPublished: true,
      isExternalLink: false,
    });
    expect(list.map((p) => p.sequence)).toEqual([...list.map((p) => p.sequence)].sort((a, b) => a - b));
  });

  it('creates a page, which appears on the public site and in ping once published', async () => {
    const created = await call(ctx.adminM, ctx.master, 'POST', '/stemplate/webpage/4821', {
      title: 'Retreats',
      url: 'retreats',
      header: 'Retreats 2027',
      unhtml: '<p>Lisbon in May</p>',
      style: 'p{color:teal}',
    });
    expect(created.statusCode).toBe(201);
    const page = json<any>(created);
    expect(page).toMatchObject({
      name: '4821',
      title: 'Retreats',
      url: 'retreats',
      css: 'p{color:teal}',
      isPublished: false,
    });

    const hidden = await ctx.app.inject({
      url: `/stemplate/public/web/${ctx.master.orgId}/4821`,
      headers: { host: ctx.master.host },
    });
    expect(hidden.statusCode).toBe(404);
    const published = await call(ctx.adminM, ctx.master, 'PUT', `/stemplate/webpage/${page.id}`, { isPublished: true });
    expect(json<any>(published).isPublished).toBe(true);
    const visible = await ctx.app.inject({
      url: `/stemplate/public/web/${ctx.master.orgId}/4821`,
      headers: { host: ctx.master.host },
    });
    expect(json<any>(visible).unhtml).toBe('<p>Lisbon in May</p>');
    const ping = json<any>(await ctx.app.inject({ url: '/ping', headers: { host: ctx.master.host } }));
    expect(ping.web.pages.map((p: any) => p.name)).toContain('4821');

    const again = await call(ctx.adminM, ctx.master, 'POST', '/stemplate/webpage/4821', { title: 'Twice' });
    expect(again.statusCode).toBe(409);
  });

  it('reads one page by name, published or not, for staff only', async () => {
    const response = await call(ctx.adminM, ctx.master, 'GET', '/stemplate/webpage/calendar');
    expect(json<any>(response)).toMatchObject({ name: 'calendar', isPublished: false });
    const frontdesk = (await loginAs(ctx.app, ctx.master, 'frontdesk')).access_token;
    expect((await call(frontdesk, ctx.master, 'GET', '/stemplate/webpage/calendar')).statusCode).toBe(403);
    const student = (await loginAs(ctx.app, ctx.master, 'student')).access_token;
    expect((await call(student, ctx.master, 'GET', '/stemplate/webpage')).statusCode).toBe(403);
  });

  it('switches the navigation and footer flags alone, and the external link with its URL rule', async () => {
    const id = await pageId(ctx.adminM, ctx.master, 'about');
    const flags = await call(ctx.adminM, ctx.master, 'PUT', `/stemplate/webpage/${id}`, {
      isShowNavigation: false,
      isShowFooter: false,
    });
    expect(json<any>(flags)).toMatchObject({ isShowNavigation: false, isShowFooter: false, title: 'About' });

    const noUrl = await call(ctx.adminM, ctx.master, 'PUT', `/stemplate/webpage/${id}`, {
      isExternalLink: true,
      externalLink: '',
    });
    expect(noUrl.statusCode).toBe(400);
    expect(json<any>(noUrl).errors).toMatchObject({ field: 'externalLink', message: 'URL is required!' });
    const badUrl = await call(ctx.adminM, ctx.master, 'PUT', `/stemplate/webpage/${id}`, {
      isExternalLink: true,
      externalLink: 'not a url',
    });
    expect(json<any>(badUrl).errors.field).toBe('externalLink');
    const ok = await call(ctx.adminM, ctx.master, 'PUT', `/stemplate/webpage/${id}`, {
      isExternalLink: true,
      externalLink: 'blog.example.com/about',
    });
    expect(json<any>(ok)).toMatchObject({ isExternalLink: true, externalLink: 'blog.example.com/about' });
    await call(ctx.adminM, ctx.master, 'PUT', `/stemplate/webpage/${id}`, {
      isExternalLink: false,
      isShowNavigation: true,
      isShowFooter: true,
    });
  });

  it('reorders pages with sequences 1..n, all or nothing', async () => {
    const list = json<{ id: string; name: string }[]>(await call(ctx.adminM, ctx.master, 'GET', '/stemplate/webpage'));
    const reversed = [...list].reverse().map((p, i) => ({ id: p.id, name: p.name, sequence: i + 1 }));
    const response = await call(ctx.adminM, ctx.master, 'PUT', '/stemplate/webpage/all/sequence', { pages: reversed });
    expect(json(response)).toEqual({ message: 'Sequence updated.' });
    const after = json<{ name: string }[]>(await call(ctx.adminM, ctx.master, 'GET', '/stemplate/webpage'));
    expect(after.map((p) => p.name)).toEqual(reversed.map((p) => p.name));

    const foreignId = await pageId(ctx.adminO, ctx.other, 'home');
    const mixed = await call(ctx.adminM, ctx.master, 'PUT', '/stemplate/webpage/all/sequence', {
      pages: [
        { ...reversed[0], sequence: 99 },
        { id: foreignId, name: 'home', sequence: 1 },
      ],
    });
    expect(mixed.statusCode).toBe(404);
    const unchanged = json<{ name: string }[]>(await call(ctx.adminM, ctx.master, 'GET', '/stemplate/webpage'));
    expect(unchanged.map((p) => p.name)).toEqual(reversed.map((p) => p.name));
  });

  it('refuses to delete the standard pages, deletes a custom one', async () => {
    for (const name of ['home', 'about', 'privacypolicy', 'calendar']) {
      const response = await call(
        ctx.adminM,
        ctx.master,
        'DELETE',
        `/stemplate/webpage/${await pageId(ctx.adminM, ctx.master, name)}`,
      );
      expect(response.statusCode).toBe(400);
      expect(json<any>(response).errors.code).toBe('page_undeletable');
    }
    const created = json<any>(
      await call(ctx.adminM, ctx.master, 'POST', '/stemplate/webpage/7310', { title: 'Temporary' }),
    );
    const deleted = await call(ctx.adminM, ctx.master, 'DELETE', `/stemplate/webpage/${created.id}`);
    expect(json(deleted)).toEqual({ message: 'Temporary is deleted successfully.' });
    expect((await call(ctx.adminM, ctx.master, 'GET', '/stemplate/webpage/7310')).statusCode).toBe(404);
  });

  it("never reads, changes or deletes another tenant's page (404)", async () => {
    const foreignId = await pageId(ctx.adminO, ctx.other, 'about');
    expect(
      (await call(ctx.adminM, ctx.master, 'PUT', `/stemplate/webpage/${foreignId}`, { title: 'Hacked' })).statusCode,
    ).toBe(404);
    expect((await call(ctx.adminM, ctx.master, 'DELETE', `/stemplate/webpage/${foreignId}`)).statusCode).toBe(404);
    const theirs = json<any>(await call(ctx.adminO, ctx.other, 'GET', '/stemplate/webpage/about'));
    expect(theirs.title).toBe('About');
  });

  it('rejects bad input naming the field', async () => {
    const badName = await call(ctx.adminM, ctx.master, 'POST', '/stemplate/webpage/Bad Name!', { title: 'x' });
    expect(json<any>(badName).errors.field).toBe('name');
    const reserved = await call(ctx.adminM, ctx.master, 'POST', '/stemplate/webpage/login', { title: 'x' });
    expect(json<any>(reserved).errors.field).toBe('name');
    const blankTitle = await call(ctx.adminM, ctx.master, 'POST', '/stemplate/webpage/5555', { title: '  ' });
    expect(json<any>(blankTitle).errors).toMatchObject({ field: 'title', message: 'Page Name is required!' });
    const badId = await call(ctx.adminM, ctx.master, 'PUT', '/stemplate/webpage/not-a-uuid', { title: 'x' });
    expect(json<any>(badId).errors.field).toBe('params.pageId');
    const badSeq = await call(ctx.adminM, ctx.master, 'PUT', '/stemplate/webpage/all/sequence', { pages: [] });
    expect(json<any>(badSeq).errors.field).toBe('pages');
  });
});

describe('website templates', () => {
  it("lists own and the master's templates; only the owner deletes", async () => {
    const mine = await call(ctx.adminM, ctx.master, 'POST', '/stemplate/wtemplate', {
      name: 'Bright hero',
      pageType: 'home',
      unhtml: '<h1>Hi</h1>',
    });
    expect(mine.statusCode).toBe(201);
    const masterTemplate = json<any>(mine);
    expect(masterTemplate).toMatchObject({ name: 'Bright hero', orgId: ctx.master.orgId });
    await call(ctx.adminF, ctx.franchise, 'POST', '/stemplate/wtemplate', {
      name: 'Franchise promo',
      pageType: 'others',
    });
    await call(ctx.adminO, ctx.other, 'POST', '/stemplate/wtemplate', { name: 'Outsider', pageType: 'home' });

    const seen = json<any>(await call(ctx.adminF, ctx.franchise, 'GET', '/stemplate/wtemplate?start=0&max=5'));
    expect(seen.total).toBe(2);
    expect(seen.data.map((t: any) => t.name).sort()).toEqual(['Bright hero', 'Franchise promo']);
    const homeOnly = json<any>(await call(ctx.adminF, ctx.franchise, 'GET', '/stemplate/wtemplate?pageType=home'));
    expect(homeOnly.data.map((t: any) => t.name)).toEqual(['Bright hero']);
    const searched = json<any>(await call(ctx.adminF, ctx.franchise, 'GET', '/stemplate/wtemplate?search=promo'));
    expect(searched.data.map((t: any) => t.name)).toEqual(['Franchise promo']);

    // the franchise cannot delete its master's template; the master can
    expect(
      (await call(ctx.adminF, ctx.franchise, 'DELETE', `/stemplate/wtemplate/${masterTemplate._id}`)).statusCode,
    ).toBe(404);
    const deleted = await call(ctx.adminM, ctx.master, 'DELETE', `/stemplate/wtemplate/${masterTemplate._id}`);
    expect(json(deleted)).toEqual({ message: 'Template deleted successfully' });
  });

  it('pages 5 by default and validates the name', async () => {
    for (let i = 0; i < 6; i++) await call(ctx.adminO, ctx.other, 'POST', '/stemplate/wtemplate', { name: `T${i}` });
    const first = json<any>(await call(ctx.adminO, ctx.other, 'GET', '/stemplate/wtemplate'));
    expect(first.data.length).toBe(5);
    expect(first.total).toBeGreaterThanOrEqual(7);
    const blank = await call(ctx.adminO, ctx.other, 'POST', '/stemplate/wtemplate', { name: ' ' });
    expect(json<any>(blank).errors).toMatchObject({ field: 'name', message: 'Template name is required' });
  });
});
