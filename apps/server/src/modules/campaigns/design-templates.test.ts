import type { DesignCategory, DesignCategoryList, DesignTemplate, DesignTemplateList } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, newTenant, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { checkMjml, widgetDocument } from './campaign-render.ts';
import { MASTER_PROGRAM_EMAILS, MASTER_TEMPLATES, MASTER_WIDGETS } from './design-starters.ts';

// The template service at the spec's paths (spec 3 §7.2; docs/decisions/campaigns.md "Template service").

let app: App;
let studio: Awaited<ReturnType<typeof twoStudios<'admin' | 'staff' | 'frontdesk' | 'student'>>>;

beforeAll(async () => {
  app = await startTestApp();
  studio = await twoStudios(app, ['admin', 'staff', 'frontdesk', 'student']);
});
afterAll(async () => {});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const errorOf = (body: string) => (JSON.parse(body) as { errors: { message: string; field?: string } }).errors;

const SAVED = `<mjml lang="en"><mj-body><mj-section background-color="{{studioColor}}"><mj-column>
<mj-text color="{{studioColorText}}">Changed headline for {{firstName}}</mj-text></mj-column></mj-section></mj-body></mjml>`;

async function list(token: string, tenant: TestTenant, url: string): Promise<DesignTemplateList> {
  const response = await call(token, tenant, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return json<DesignTemplateList>(response);
}

async function save(token: string, tenant: TestTenant, url: string, body: object): Promise<DesignTemplate> {
  const response = await call(token, tenant, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<DesignTemplate>(response);
}

describe('the platform defaults (master)', () => {
  it('every starter, widget and program email is valid MJML under strict validation', async () => {
    const tenant = await newTenant(app, { name: 'Check Studio' });
    const context = (await app.platform.tenants.byId(tenant.tenantId)) as NonNullable<
      Awaited<ReturnType<typeof app.platform.tenants.byId>>
    >;
    for (const design of [...MASTER_TEMPLATES, ...MASTER_WIDGETS, ...MASTER_PROGRAM_EMAILS]) {
      const html = await checkMjml(app.platform, context, widgetDocument(design.mjml), 'mjml');
      expect(html, design.name).toMatch(/<!doctype html>/i);
    }
  });

  it('offers four starter emails with their categories, in the studio’s brand', async () => {
    const { tenant, admin } = studio;
    const starters = await list(admin, tenant, '/unlayertemplate/untemplates?orgId=master&type=email');
    expect(starters.total).toBe(4);
    expect(starters.data.map((t) => t.name)).toEqual([
      'Monthly newsletter',
      'New timetable',
      'Workshop announcement',
      'We miss you offer',
    ]);
    const categories = json<DesignCategoryList>(
      await call(admin, tenant, 'GET', '/unlayertemplate/categories?default=true&orgid=master&type=email'),
    );
    expect(categories.data.map((c) => c.name)).toEqual(['Newsletters', 'Timetable', 'Workshops and events', 'Offers']);
    for (const starter of starters.data) {
      expect(starter).toMatchObject({ orgId: 'master', isDefault: true, type: 'email', unjson: null });
      expect(categories.data.map((c) => c._id)).toContain(starter.category);
      expect(starter.mjml).toMatch(/^<mjml/);
      // The brand is in the rendered HTML; the recipient's own fields stay for sending.
      expect(starter.unhtml).toMatch(/<!doctype html>/i);
      expect(starter.unhtml).not.toMatch(/\{\{studio/);
      expect(starter.unhtml).toContain('{{firstName}}');
    }
    // Nothing but the spec's filters: another type has none, paging pages.
    expect((await list(admin, tenant, '/unlayertemplate/untemplates?orgId=master&type=sms')).total).toBe(0);
    const paged = await list(admin, tenant, '/stemplate/untemplate?orgId=master&type=email&offset=1&max=2');
    expect(paged.total).toBe(4);
    expect(paged.data.map((t) => t.name)).toEqual(['New timetable', 'Workshop announcement']);
  });

  it('widgets and program emails by the spec’s default queries', async () => {
    const { tenant, staff } = studio;
    const widgets = await list(staff, tenant, '/unlayertemplate/widgets?default=true&orgid=master&type=email');
    expect(widgets.data.map((w) => w.name)).toEqual(['Studio header', 'Call to action', 'Class highlight']);
    const programs = await list(staff, tenant, '/unlayertemplate/programemails?default=true&orgid=master&type=program');
    expect(programs.data.map((p) => p.name)).toEqual(['Welcome to the program', 'Program completed']);
    expect(programs.data.every((p) => p.isDefault && p.unhtml.includes('<!doctype html>'))).toBe(true);
  });

  it('the defaults are read-only', async () => {
    const { tenant, admin } = studio;
    const [starter] = (await list(admin, tenant, '/unlayertemplate/untemplates?orgId=master')).data;
    const id = starter?._id as string;
    const put = await call(admin, tenant, 'PUT', `/unlayertemplate/untemplates/${id}`, { name: 'Mine', mjml: SAVED });
    expect(put.statusCode).toBe(409);
    expect((await call(admin, tenant, 'DELETE', `/stemplate/untemplate/${id}`)).statusCode).toBe(409);
  });
});

describe('a studio’s own templates', () => {
  it('saves a changed starter as a template, renders it, changes, pages and deletes it', async () => {
    const { tenant, admin, staff } = studio;
    const categories = json<DesignCategoryList>(
      await call(admin, tenant, 'GET', '/unlayertemplate/categories?default=true&orgid=master&type=email'),
    );
    const saved = await save(admin, tenant, '/unlayertemplate/untemplates', {
      name: 'Spring newsletter',
      type: 'email',
      category: categories.data[0]?._id,
      mjml: SAVED,
      unjson: { pages: [] },
      unhtml: '<p>ignored: the server renders the MJML</p>',
    });
    expect(saved).toMatchObject({ name: 'Spring newsletter', orgId: tenant.orgId, isDefault: false, mjml: SAVED });
    expect(saved.unhtml).toContain('Changed headline for {{firstName}}');
    expect(saved.unhtml).not.toContain('ignored');
    const own = await list(staff, tenant, `/unlayertemplate/untemplates?orgId=${tenant.orgId}&type=email`);
    expect(own.data.map((t) => t._id)).toContain(saved._id);
    expect(own.data.every((t) => !t.isDefault)).toBe(true);
    const both = await list(staff, tenant, '/unlayertemplate/untemplates?default=true&type=email');
    expect(both.data.map((t) => t.name)).toEqual(expect.arrayContaining(['Monthly newsletter', 'Spring newsletter']));

    const changed = await call(staff, tenant, 'PUT', `/unlayertemplate/untemplates/${saved._id}`, {
      name: 'Summer newsletter',
      mjml: SAVED.replace('Changed', 'Sunny'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<DesignTemplate>(changed).unhtml).toContain('Sunny headline');

    const viaStemplate = await save(admin, tenant, '/stemplate/untemplate', { name: 'Second', mjml: SAVED });
    const listed = await list(admin, tenant, `/stemplate/untemplate?orgId=${tenant.orgId}&offset=0&max=100`);
    expect(listed.data.map((t) => t._id)).toEqual(expect.arrayContaining([saved._id, viaStemplate._id]));
    const deleted = await call(admin, tenant, 'DELETE', `/stemplate/untemplate/${viaStemplate._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(admin, tenant, 'DELETE', `/stemplate/untemplate/${viaStemplate._id}`)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const { tenant, admin } = studio;
    const cases: Array<[object, string, RegExp]> = [
      [{ name: '', mjml: SAVED }, 'name', /name/],
      [{ name: 'Bad', mjml: '<mjml><mj-body><mj-text>x</mj-text></mj-body></mjml>' }, 'mjml', /mj-text/],
      [{ name: 'Bad', mjml: SAVED.replace('{{firstName}}', '{{first}}') }, 'mjml', /\{\{first\}\}/],
      [{ name: 'Bad', mjml: SAVED.replace('</mj-text>', '<script>x</script></mj-text>') }, 'mjml', /scripts/],
      [{ name: 'Bad' }, 'mjml', /required/],
      [{ name: 'Bad', mjml: SAVED, category: 'not-a-category' }, 'category', /category/],
      [{ name: 'Bad', mjml: SAVED, type: 'Email!' }, 'type', /type/],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(admin, tenant, 'POST', '/unlayertemplate/untemplates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ field });
      expect(errorOf(response.body).message).toMatch(message);
    }
  });

  it('categories of the studio’s own beside the platform’s', async () => {
    const { tenant, admin } = studio;
    const created = await call(admin, tenant, 'POST', '/unlayertemplate/categories', {
      name: 'Retreats',
      type: 'email',
    });
    expect(created.statusCode, created.body).toBe(201);
    const category = json<DesignCategory>(created);
    const renamed = await call(admin, tenant, 'PUT', `/unlayertemplate/categories/${category._id}`, {
      name: 'Retreats and trips',
      type: 'email',
      sequence: 9,
    });
    expect(json<DesignCategory>(renamed)).toMatchObject({ name: 'Retreats and trips', sequence: 9, isDefault: false });
    const own = json<DesignCategoryList>(await call(admin, tenant, 'GET', '/unlayertemplate/categories?type=email'));
    expect(own.data.map((c) => c.name)).toContain('Retreats and trips');
    expect(own.data.every((c) => !c.isDefault)).toBe(true);
    const template = await save(admin, tenant, '/unlayertemplate/untemplates', {
      name: 'Retreat',
      mjml: SAVED,
      category: category._id,
    });
    expect(template.category).toBe(category._id);
  });

  it('widgets: saved blocks, one by guid', async () => {
    const { tenant, admin } = studio;
    const widget = await save(admin, tenant, '/unlayertemplate/widgets', {
      name: 'Our teachers',
      mjml: '<mj-section><mj-column><mj-text>Meet the teachers</mj-text></mj-column></mj-section>',
    });
    expect(widget.unhtml).toContain('Meet the teachers');
    const one = await list(admin, tenant, `/unlayertemplate/widgets?guid=${widget._id}`);
    expect(one.data.map((w) => w._id)).toEqual([widget._id]);
    const changed = await call(admin, tenant, 'PUT', `/unlayertemplate/widgets/${widget._id}`, {
      name: 'Teachers',
      mjml: '<mj-section><mj-column><mj-text>Our teachers</mj-text></mj-column></mj-section>',
    });
    expect(json<DesignTemplate>(changed).name).toBe('Teachers');
  });

  it('web page designs: saved sanitised, read by id, changed and deleted', async () => {
    const { tenant, admin } = studio;
    const page = await save(admin, tenant, '/unlayertemplate/webpages', {
      name: 'Retreat landing',
      type: 'others',
      unhtml: '<h1 onclick="x()">Retreat</h1><script>alert(1)</script>',
      unjson: { pages: [] },
    });
    expect(page.unhtml).toContain('Retreat');
    expect(page.unhtml).not.toMatch(/script|onclick/);
    expect(json<DesignTemplate>(await call(admin, tenant, 'GET', `/unlayertemplate/webpages/${page._id}`)).name).toBe(
      'Retreat landing',
    );
    expect((await list(admin, tenant, `/unlayertemplate/webpages?id=${page._id}`)).total).toBe(1);
    expect((await list(admin, tenant, `/unlayertemplate/webpages?orgId=${tenant.orgId}&type=others`)).total).toBe(1);
    const put = await call(admin, tenant, 'PUT', `/unlayertemplate/webpages/${page._id}`, {
      name: 'Retreat page',
      type: 'others',
      unhtml: '<h1>Retreat 2</h1>',
    });
    expect(json<DesignTemplate>(put).unhtml).toContain('Retreat 2');
    expect((await call(admin, tenant, 'DELETE', `/unlayertemplate/webpages/${page._id}`)).statusCode).toBe(200);
    expect((await call(admin, tenant, 'GET', `/unlayertemplate/webpages/${page._id}`)).statusCode).toBe(404);
  });
});

describe('who may, and another studio', () => {
  it('admin and staff only; the front desk and students 403; signed out 401', async () => {
    const { tenant, frontdesk, student } = studio;
    for (const token of [frontdesk, student]) {
      expect((await call(token, tenant, 'GET', '/unlayertemplate/untemplates?orgId=master')).statusCode).toBe(403);
      expect(
        (await call(token, tenant, 'POST', '/unlayertemplate/untemplates', { name: 'x', mjml: SAVED })).statusCode,
      ).toBe(403);
    }
    const anonymous = await app.inject({
      method: 'GET',
      url: '/unlayertemplate/untemplates?orgId=master',
      headers: { host: tenant.host },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("another studio's template, widget, page and org are a 404", async () => {
    const { tenant, other, admin, otherAdmin } = studio;
    const template = await save(admin, tenant, '/unlayertemplate/untemplates', { name: 'Private', mjml: SAVED });
    const widget = await save(admin, tenant, '/unlayertemplate/widgets', {
      name: 'Private block',
      mjml: '<mj-section><mj-column><mj-text>Private</mj-text></mj-column></mj-section>',
    });
    const page = await save(admin, tenant, '/unlayertemplate/webpages', {
      name: 'Private page',
      type: 'others',
      unhtml: '<p>x</p>',
    });
    for (const [method, url, payload] of [
      ['PUT', `/unlayertemplate/untemplates/${template._id}`, { name: 'Stolen', mjml: SAVED }],
      ['DELETE', `/stemplate/untemplate/${template._id}`],
      ['GET', `/unlayertemplate/widgets?guid=${widget._id}`],
      ['PUT', `/unlayertemplate/widgets/${widget._id}`, { name: 'Stolen', mjml: SAVED }],
      ['GET', `/unlayertemplate/webpages/${page._id}`],
      ['GET', `/unlayertemplate/webpages?id=${page._id}`],
      ['DELETE', `/unlayertemplate/webpages/${page._id}`],
      ['GET', `/unlayertemplate/untemplates?orgId=${tenant.orgId}`],
      ['GET', `/stemplate/untemplate?orgId=${tenant.orgId}`],
    ] as Array<[Method, string, object?]>) {
      const response = await call(otherAdmin, other, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await list(otherAdmin, other, '/unlayertemplate/untemplates?default=true');
    expect(theirs.data.map((t) => t._id)).not.toContain(template._id);
    expect(theirs.data.filter((t) => t.isDefault)).toHaveLength(4);
    // Still there for its owner.
    expect((await list(admin, tenant, `/unlayertemplate/widgets?guid=${widget._id}`)).total).toBe(1);
  });
});
