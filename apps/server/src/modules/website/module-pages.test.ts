import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { franchisePages } from '../franchise/franchise-pages.ts';

let app: App;
beforeAll(async () => {
  app = await startTestApp();
});

/** A studio as sign-up makes one: a published home and the standard pages unpublished. */
async function studio(settings: Record<string, unknown> = {}) {
  const tenant = await newTenant(app, { pages: franchisePages('Lotus'), settings });
  const admin = (await loginAs(app, tenant, 'admin')).access_token;
  return { tenant, admin };
}

const menuTitles = async (tenant: TestTenant) => {
  const response = await app.inject({
    url: '/edtest/tenant/settings/menu?name=public',
    headers: { host: tenant.host },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ items: { title: string }[] }>(response).items.map((item) => item.title);
};

const display = (tenant: TestTenant, token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/rest/settings/display', headers: bearer(token, tenant.host), payload });

const pages = async (tenant: TestTenant, token: string) =>
  json<{ name: string; id: string; isPublished: boolean }[]>(
    await app.inject({ url: '/stemplate/webpage', headers: bearer(token, tenant.host) }),
  );

const setPage = (tenant: TestTenant, token: string, id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/stemplate/webpage/${id}`, headers: bearer(token, tenant.host), payload });

describe('turning a module on publishes its standard page into the public menu', () => {
  it('each module switch publishes its page; turning it off takes back only that page', async () => {
    const { tenant, admin } = await studio({
      isShowScheduleMenu: false,
      isShowSchedule: false,
      isShowEventsMenu: false,
      isShowMerchandiseMenu: false,
      isShowDonationMenu: false,
      isShowDonation: false,
    });
    expect(await menuTitles(tenant)).toEqual(['Home']);

    for (const flag of ['isShowScheduleMenu', 'isShowEventsMenu', 'isShowMerchandiseMenu', 'isShowDonationMenu']) {
      const on = await display(tenant, admin, { [flag]: true });
      expect(on.statusCode, on.body).toBe(200);
    }
    expect(await menuTitles(tenant)).toEqual(['Home', 'Calendar', 'Events', 'Merchandise', 'Donations']);

    // saving a switch that is already on is not a turn: the owner's own unpublish stays
    const events = (await pages(tenant, admin)).find((page) => page.name === 'events');
    expect(events?.isPublished).toBe(true);
    expect((await setPage(tenant, admin, events?.id as string, { isPublished: false })).statusCode).toBe(200);
    await display(tenant, admin, { isShowEventsMenu: true });
    expect(await menuTitles(tenant)).toEqual(['Home', 'Calendar', 'Merchandise', 'Donations']);

    // off: the page the module published goes
    await display(tenant, admin, { isShowMerchandiseMenu: false });
    expect(await menuTitles(tenant)).toEqual(['Home', 'Calendar', 'Donations']);
    const merchandise = (await pages(tenant, admin)).find((page) => page.name === 'merchandise');
    expect(merchandise?.isPublished).toBe(false);

    // a page the owner published themselves stays published when its module goes off
    const calendar = (await pages(tenant, admin)).find((page) => page.name === 'calendar');
    await setPage(tenant, admin, calendar?.id as string, { isPublished: true });
    await display(tenant, admin, { isShowEventsMenu: false, isShowScheduleMenu: false });
    expect((await pages(tenant, admin)).find((page) => page.name === 'calendar')?.isPublished).toBe(true);
    // (the calendar leaves the menu anyway: the public calendar follows the schedule switch)
    expect(await menuTitles(tenant)).toEqual(['Home', 'Donations']);
    await display(tenant, admin, { isShowScheduleMenu: true });
    expect(await menuTitles(tenant)).toEqual(['Home', 'Calendar', 'Donations']);
  });

  it('a deleted standard page is made again, published, when its module is turned on', async () => {
    const { tenant, admin } = await studio({ isShowMerchandiseMenu: false });
    const merchandise = (await pages(tenant, admin)).find((page) => page.name === 'merchandise');
    const removed = await app.inject({
      method: 'DELETE',
      url: `/stemplate/webpage/${merchandise?.id}`,
      headers: bearer(admin, tenant.host),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await display(tenant, admin, { isShowMerchandiseMenu: true });
    expect(await menuTitles(tenant)).toEqual(['Home', 'Merchandise']);
  });

  it('only the studio’s own pages change, and only an admin turns modules', async () => {
    const { tenant, admin } = await studio({ isShowEventsMenu: false });
    const other = await studio({ isShowEventsMenu: false });
    const staff = (await loginAs(app, tenant, 'staff')).access_token;
    expect((await display(tenant, staff, { isShowEventsMenu: true })).statusCode).toBe(403);
    expect(await menuTitles(tenant)).toEqual(['Home']);
    await display(tenant, admin, { isShowEventsMenu: true });
    expect(await menuTitles(tenant)).toEqual(['Home', 'Events']);
    expect(await menuTitles(other.tenant)).toEqual(['Home']);
  });
});
