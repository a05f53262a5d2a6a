import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { seedDemoWidgets } from '../../seed/demo-widgets.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let adminA: string;
let adminB: string;
let widgetsA: any[];

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
  await seedDemoWidgets(app.platform.db, a.tenantId, `http://${a.host}`);
  await seedDemoWidgets(app.platform.db, b.tenantId, `http://${b.host}`);
  adminA = (await loginAs(app, a, 'admin')).access_token;
  adminB = (await loginAs(app, b, 'admin')).access_token;
  widgetsA = json<any[]>(await call(adminA, a, 'GET', '/rest/widget'));
});

const call = (token: string, tenant: TestTenant, method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });

const byType = (type: string) => widgetsA.find((w) => w.type === type);

describe('widgets: the calls', () => {
  it('lists the seeded widgets (one of each type, by name) with the spec fields', async () => {
    expect(widgetsA.map((w) => w.type).sort()).toEqual(
      ['Announcement', 'Event List', 'Event Sidebar', 'Link', 'Past Event List'].sort(),
    );
    expect(widgetsA.map((w) => w.name)).toEqual([...widgetsA.map((w) => w.name)].sort());
    expect(byType('Announcement')).toEqual({
      guId: expect.any(String),
      name: 'Welcome announcement',
      type: 'Announcement',
      height: 120,
      width: 600,
      misc: `http://${a.host}/`,
      isPublished: true,
      publishedDateStr: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      dateUpdatedStr: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(byType('Past Event List')).toMatchObject({ width: null, height: null, publishedDateStr: null });
  });

  it('reads one and saves an edit (name, url, size); the same type may be sent', async () => {
    const widget = byType('Link');
    const one = await call(adminA, a, 'GET', `/rest/widget/${widget.guId}`);
    expect(one.statusCode).toBe(200);
    expect(json(one)).toEqual(widget);

    const put = await call(adminA, a, 'PUT', `/rest/widget/${widget.guId}`, {
      name: '  Book now  ',
      type: 'Link',
      misc: 'https://example.com/book',
      width: 250,
      height: 60,
    });
    expect(put.statusCode).toBe(200);
    const saved = json<any>(put);
    expect(saved).toMatchObject({
      guId: widget.guId,
      name: 'Book now',
      type: 'Link',
      misc: 'https://example.com/book',
    });
    expect(saved).toMatchObject({ width: 250, height: 60 });
    expect(Date.parse(saved.dateUpdatedStr)).toBeGreaterThan(Date.parse(widget.dateUpdatedStr));
    expect(json<any[]>(await call(adminA, a, 'GET', '/rest/widget')).find((w) => w.guId === widget.guId).name).toBe(
      'Book now',
    );

    const noSize = await call(adminA, a, 'PUT', `/rest/widget/${widget.guId}`, {
      name: 'Book now',
      misc: 'http://example.com/book',
      width: null,
    });
    expect(noSize.statusCode).toBe(200);
    expect(json<any>(noSize)).toMatchObject({ width: null, height: null, type: 'Link' });
  });
});

describe('widgets: validation', () => {
  const base = { name: 'Widget', type: 'Event List', misc: 'https://example.com/x', width: 100, height: 100 };
  it.each([
    ['name', { name: '' }, 'Name is required!'],
    ['name', { name: undefined }, 'Name is required!'],
    ['misc', { misc: '' }, 'Url is required!'],
    ['misc', { misc: undefined }, 'Url is required!'],
    ['misc', { misc: 'javascript:alert(1)' }, 'Url must start with http:// or https://'],
    ['misc', { misc: 'example.com' }, 'Url must start with http:// or https://'],
    ['width', { width: 0 }, 'Width must be at least 1 px'],
    ['height', { height: 12.5 }, 'Height must be a whole number of pixels'],
    ['width', { width: '100' }, 'Width must be a number of pixels'],
    ['type', { type: 'Link' }, 'The type of a widget cannot change.'],
    ['type', { type: 'Carousel' }, 'Type must be one of the widget types'],
  ])('400 on %s for %j', async (field, patch, message) => {
    const widget = byType('Event List');
    const response = await call(adminA, a, 'PUT', `/rest/widget/${widget.guId}`, { ...base, ...patch });
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors).toMatchObject({ field, message });
    expect(json(await call(adminA, a, 'GET', `/rest/widget/${widget.guId}`))).toEqual(widget);
  });
});

describe('widgets: roles', () => {
  it('staff and front desk read; only admins edit; students 403; visitors 401', async () => {
    const widget = byType('Announcement');
    const body = { name: 'X', misc: 'https://example.com' };
    for (const role of ['staff', 'frontdesk'] as const) {
      const token = (await loginAs(app, a, role)).access_token;
      expect((await call(token, a, 'GET', '/rest/widget')).statusCode).toBe(200);
      expect((await call(token, a, 'GET', `/rest/widget/${widget.guId}`)).statusCode).toBe(200);
      expect((await call(token, a, 'PUT', `/rest/widget/${widget.guId}`, body)).statusCode).toBe(403);
      expect((await call(token, a, 'PUT', `/rest/widget/${widget.guId}`, {})).statusCode).toBe(403);
    }
    const student = (await loginAs(app, a, 'student')).access_token;
    expect((await call(student, a, 'GET', '/rest/widget')).statusCode).toBe(403);
    expect((await call(student, a, 'PUT', `/rest/widget/${widget.guId}`, body)).statusCode).toBe(403);
    expect((await app.inject({ url: '/rest/widget', headers: { host: a.host } })).statusCode).toBe(401);
  });
});

describe('widgets: tenant isolation', () => {
  it("another tenant's widget is a 404 and stays as it was", async () => {
    const widget = byType('Event Sidebar');
    expect((await call(adminB, b, 'GET', `/rest/widget/${widget.guId}`)).statusCode).toBe(404);
    const put = await call(adminB, b, 'PUT', `/rest/widget/${widget.guId}`, {
      name: 'Hijacked',
      misc: 'https://evil.example',
    });
    expect(put.statusCode).toBe(404);
    expect(json<any[]>(await call(adminB, b, 'GET', '/rest/widget')).some((w) => w.guId === widget.guId)).toBe(false);
    expect(json<any>(await call(adminA, a, 'GET', `/rest/widget/${widget.guId}`)).name).toBe(widget.name);
  });
});
