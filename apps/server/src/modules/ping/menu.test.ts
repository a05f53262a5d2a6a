import { TenantMenu } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { navigationPages } from './navigation-fixtures.ts';

let app: App;
let studio: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  app = await startTestApp({ defaultOrgId: null });
  studio = await newTenant(app, {
    pages: navigationPages({ isShowFooter: true }),
  });
  other = await newTenant(app, {
    pages: [{ name: 'home', title: 'Welcome', url: 'home', sequence: 1, isPublished: true }],
  });
});

const menu = (host: string, name: string) =>
  app.inject({ url: `/edtest/tenant/settings/menu?name=${encodeURIComponent(name)}`, headers: { host } });

describe('GET /edtest/tenant/settings/menu', () => {
  it("answers the host tenant's public navigation without a sign-in, published pages only", async () => {
    const response = await menu(studio.host, 'public');
    expect(response.statusCode).toBe(200);
    const body = TenantMenu.parse(json(response));
    expect(body.name).toBe('public');
    // Published, non-legal pages by sequence (spec 1 §2); the unpublished calendar is left out.
    expect(body.items.map((item) => item.title)).toEqual(['Home', 'About', 'Blog']);
    expect(body.items.find((item) => item.title === 'Blog')).toMatchObject({
      type: 'item',
      url: 'http://blog.example.com',
      external: true,
    });
  });

  it('answers the footer and the legal links', async () => {
    const footer = TenantMenu.parse(json(await menu(studio.host, 'footer')));
    expect(footer.items.map((item) => item.title)).toContain('About');
    expect(footer.items.map((item) => item.title)).not.toContain('Privacy Policy');
    const legal = TenantMenu.parse(json(await menu(studio.host, 'legal')));
    expect(legal.items).toContainEqual(
      expect.objectContaining({ type: 'item', title: 'Privacy Policy', url: '/privacypolicy', external: false }),
    );
  });

  it("answers each tenant's own menu by host", async () => {
    const body = TenantMenu.parse(json(await menu(other.host, 'public')));
    expect(body.items.map((item) => item.title)).toContain('Welcome');
    expect(body.items.map((item) => item.title)).not.toContain('About');
  });

  it('shows the published standard pages whose screens are built (calendar, courses, events, shop, donations) while their modules are on', async () => {
    const pages = ['calendar', 'courses', 'events', 'merchandise', 'donations'].map((name, index) => ({
      name,
      title: name[0]?.toUpperCase() + name.slice(1),
      url: name,
      sequence: index + 1,
      isPublished: true,
    }));
    const on = await newTenant(app, { pages });
    const body = TenantMenu.parse(json(await menu(on.host, 'public')));
    expect(body.items.map((item) => item.title)).toEqual(['Calendar', 'Courses', 'Events', 'Merchandise', 'Donations']);
    expect(body.items.map((item) => (item.type === 'item' ? item.url : null))).toEqual([
      '/calendar',
      '/courses',
      '/events',
      '/merchandise',
      '/donations',
    ]);
    // The same pages with the schedule, courses and donations switched off.
    const off = await newTenant(app, {
      pages,
      settings: { isShowSchedule: false, isShowCourses: false, isShowDonation: false },
    });
    const titles = TenantMenu.parse(json(await menu(off.host, 'public'))).items.map((item) => item.title);
    expect(titles).toEqual(['Events', 'Merchandise']);
  });

  it('refuses an unknown or missing name with a 400 naming the field', async () => {
    for (const url of ['/edtest/tenant/settings/menu?name=admin', '/edtest/tenant/settings/menu']) {
      const response = await app.inject({ url, headers: { host: studio.host } });
      expect(response.statusCode).toBe(400);
      expect(json<{ errors: { field?: string; message: string } }>(response).errors.field).toBe('querystring.name');
    }
  });

  it('is a 404 on a host that is no tenant', async () => {
    const response = await menu('nobody-here.localhost', 'public');
    expect(response.statusCode).toBe(404);
  });
});
