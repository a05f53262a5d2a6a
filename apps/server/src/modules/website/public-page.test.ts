import { beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  const pages = (who: string) => [
    {
      name: 'home',
      title: 'Home',
      url: 'home',
      header: `${who} home`,
      subHeader: 'Sub',
      unhtml: `<p>${who}</p>`,
      isPublished: true,
    },
    { name: 'about', title: 'About', url: 'about', unhtml: '<p>draft</p>', isPublished: false },
  ];
  a = await newTenant(app, { pages: pages('A') });
  b = await newTenant(app, { pages: pages('B') });
});

describe('GET /stemplate/public/web/{tenantId}/{pageName}', () => {
  it('serves a published page with header, sub-header and body', async () => {
    const response = await app.inject({ url: `/stemplate/public/web/${a.tenantId}/home`, headers: { host: a.host } });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ header: 'A home', subHeader: 'Sub', unhtml: '<p>A</p>' });
  });

  it('sanitises the page HTML it hands out', async () => {
    const admin = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: a.host },
      payload: { userId: a.users.admin.email, password: 'Correct-horse-1' },
    });
    const token = JSON.parse(admin.body).access_token;
    const list = JSON.parse(
      (await app.inject({ url: '/stemplate/webpage', headers: { host: a.host, authorization: `Bearer ${token}` } }))
        .body,
    );
    const home = list.find((p: { name: string }) => p.name === 'home');
    await app.inject({
      method: 'PUT',
      url: `/stemplate/webpage/${home.id}`,
      headers: { host: a.host, authorization: `Bearer ${token}` },
      payload: { unhtml: '<p>A</p><img src="x.png" onerror="alert(1)"><script>alert(2)</script>' },
    });
    const page = json<any>(
      await app.inject({ url: `/stemplate/public/web/${a.tenantId}/home`, headers: { host: a.host } }),
    );
    expect(page.unhtml).toBe('<p>A</p><img src="x.png" />');
  });

  it('hides unpublished and missing pages', async () => {
    for (const name of ['about', 'nosuch']) {
      const response = await app.inject({
        url: `/stemplate/public/web/${a.tenantId}/${name}`,
        headers: { host: a.host },
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it("tenant B's host never serves tenant A's page", async () => {
    const response = await app.inject({ url: `/stemplate/public/web/${a.tenantId}/home`, headers: { host: b.host } });
    expect(response.statusCode).toBe(404);
    const own = json<any>(
      await app.inject({ url: `/stemplate/public/web/${b.orgId}/home`, headers: { host: b.host } }),
    );
    expect(own.unhtml).toBe('<p>B</p>');
  });
});
