import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, homePage, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { withTenant } from '../db/client.ts';
import { notices } from '../db/schema/index.ts';

// Notices on the public site (issue 27): the builder's "Notices" section is filled per request with
// the studio's active, unexpired notices (not quotes), on PGlite and PostgreSQL.

/** What the designer's "Notices" block saves (apps/web designer-blocks.ts noticesSection). */
const BLOCK = `<section class="sb-section sb-notices" data-site-notices-section=""><div class="sb-inner"><h2>Notices</h2><div class="sb-notices__list" data-site-notices="3"><article class="sb-notice"><p>Sample notice</p></article></div></div></section>`;
const home = homePage(`<h1>Welcome</h1>${BLOCK}<p>After the notices</p>`);

let app: App;
let a: TestTenant;
let b: TestTenant;
let empty: TestTenant;

const get = (host: string) => app.inject({ url: '/', headers: { host } });
const listOf = (html: string) => html.match(/data-site-notices="3">(.*?)<\/div><\/div><\/section>/s)?.[1] ?? null;

type Row = {
  message: string;
  isActive?: boolean;
  type?: 'notice' | 'quote';
  expiryDate?: string | null;
  minutesAgo: number;
};
async function add(tenant: TestTenant, rows: Row[]) {
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.insert(notices).values(
      rows.map((row) => ({
        tenantId: tenant.tenantId,
        message: row.message,
        isActive: row.isActive ?? true,
        type: row.type ?? 'notice',
        expiryDate: row.expiryDate ?? null,
        createdAt: new Date(Date.now() - row.minutesAgo * 60_000),
      })),
    ),
  );
}

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app, { pages: [home] });
  b = await newTenant(app, { pages: [home] });
  empty = await newTenant(app, { pages: [home] });
  await add(a, [
    { message: '<p>Closed on Monday</p>', minutesAgo: 5 },
    { message: '<p>New timetable from <strong>June</strong></p>', expiryDate: '2999-12-31', minutesAgo: 10 },
    { message: '<p>Private draft notice</p>', isActive: false, minutesAgo: 1 },
    { message: '<p>Last winter’s notice</p>', expiryDate: '2000-01-01', minutesAgo: 2 },
    { message: '<p>A quote for members</p>', type: 'quote', minutesAgo: 3 },
    { message: '<p>Hostile<script>alert(1)</script><img src="x.png" onerror="alert(2)"></p>', minutesAgo: 20 },
    { message: '<p>The fourth one, past the three</p>', minutesAgo: 30 },
  ]);
  await add(b, [{ message: '<p>Studio B news</p>', minutesAgo: 0 }]);
  await add(empty, [
    { message: '<p>Only a quote</p>', type: 'quote', minutesAgo: 0 },
    { message: '<p>Only private</p>', isActive: false, minutesAgo: 0 },
  ]);
});

describe('notices on the public site', () => {
  it('shows up to three active, unexpired notices of the studio, newest first; never private, expired, quotes or another studio’s', async () => {
    const response = await get(a.host);
    expect(response.statusCode).toBe(200);
    const list = listOf(response.body);
    if (list === null) throw new Error('no notices section');
    expect(list).not.toContain('Sample notice');
    expect(list.match(/<article class="sb-notice">/g)).toHaveLength(3);
    expect(list).toContain('<article class="sb-notice"><p>Closed on Monday</p></article>');
    expect(list.indexOf('Closed on Monday')).toBeLessThan(list.indexOf('New timetable from <strong>June</strong>'));
    expect(list.indexOf('New timetable')).toBeLessThan(list.indexOf('Hostile'));
    expect(list).not.toContain('The fourth one');
    for (const hidden of ['Private draft notice', 'Last winter', 'A quote for members', 'Studio B news'])
      expect(response.body).not.toContain(hidden);
    // the message is sanitised again on the way out
    expect(list).not.toContain('<script');
    expect(list).not.toContain('onerror');
    expect(response.body).toContain('<p>After the notices</p>');
  });

  it('leaves the whole section out when the studio shows no notice', async () => {
    const html = (await get(empty.host)).body;
    expect(html).not.toContain('data-site-notices');
    expect(html).not.toContain('<h2>Notices</h2>');
    expect(html).toContain('<h1>Welcome</h1><p>After the notices</p>');
  });

  it('shows a notice staff publish at once, and drops it when they make it private', async () => {
    expect((await get(b.host)).body).toContain('Studio B news');
    const token = (await loginAs(app, b, 'admin')).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/edtest/noticeboard',
      headers: bearer(token, b.host),
      payload: { message: '<p>Fresh from the manager</p>', type: 'notice' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(listOf((await get(b.host)).body)).toContain('Fresh from the manager');
    const id = (JSON.parse(created.body) as { _id: string })._id;
    const changed = await app.inject({
      method: 'PUT',
      url: `/edtest/noticeboard/${id}`,
      headers: bearer(token, b.host),
      payload: { isActive: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(b.host)).body).not.toContain('Fresh from the manager');
  });
});
