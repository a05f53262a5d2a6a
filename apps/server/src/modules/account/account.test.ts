import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

let app: App;
let master: TestTenant;
let franchise: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  master = await newTenant(app, { settings: { isShowCampaignsMenu: false, isShowAssessment: true } });
  franchise = await newTenant(app, { masterOrgId: master.orgId });
});

describe('GET /rest/account/detail', () => {
  it("answers the tenant's menu flags and org ids to staff", async () => {
    for (const role of ['admin', 'staff', 'frontdesk'] as const) {
      const { access_token } = await loginAs(app, master, role);
      const response = await app.inject({ url: '/rest/account/detail', headers: bearer(access_token, master.host) });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({
        isShowEventsMenu: true,
        isShowAssessment: true,
        isShowFormsMenu: true,
        isShowMerchandiseMenu: true,
        isShowDonationMenu: true,
        isShowCampaignsMenu: false,
        orgId: master.orgId,
        masterOrgId: master.orgId,
        permissions: {
          isAllowCreateClasses: role !== 'frontdesk',
          isShowCourse: role !== 'frontdesk',
          isShowContactsList: true,
          isShowOffers: role !== 'frontdesk',
        },
      });
    }
  });

  it('answers a franchise with its master', async () => {
    const { access_token } = await loginAs(app, franchise, 'admin');
    const body = json<any>(
      await app.inject({ url: '/rest/account/detail', headers: bearer(access_token, franchise.host) }),
    );
    expect(body).toMatchObject({ orgId: franchise.orgId, masterOrgId: master.orgId, isShowAssessment: false });
  });

  it("is refused to students, visitors and another tenant's token", async () => {
    const student = await loginAs(app, master, 'student');
    expect(
      (await app.inject({ url: '/rest/account/detail', headers: bearer(student.access_token, master.host) }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/rest/account/detail', headers: { host: master.host } })).statusCode).toBe(401);
    const other = await loginAs(app, franchise, 'admin');
    expect(
      (await app.inject({ url: '/rest/account/detail', headers: bearer(other.access_token, master.host) })).statusCode,
    ).toBe(401);
  });
});
