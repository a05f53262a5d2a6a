import { TIMEZONE_UNKNOWN } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { franchiseStudios } from '../../../test/franchise-studios.ts';
import { json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';

const { ctx, call } = franchiseStudios();

const ping = async (tenant: TestTenant) =>
  json<any>(await ctx.app.inject({ url: '/ping', headers: { host: tenant.host } }));

function accountForm(tenant: TestTenant, patch: Record<string, unknown> = {}) {
  return {
    name: 'Lotus Studio',
    accountOwner: tenant.users.admin.id,
    fromEmailName: 'Lotus Front Desk',
    fromEmail: 'hello@lotus.test',
    phone: '+91 98765 43210',
    address: { line1: '4 MG Road', line2: '', city: 'Pune', state: 'MH', zip: '411001', country: { name: 'India' } },
    timezone: 'Asia/Kolkata',
    dateFormat: 'dd/MM/YYYY',
    itemExpiresAfter: 12,
    aboutOrg: 'Yoga by the river.',
    ...patch,
  };
}

describe('GET /snode/tenant (account detail)', () => {
  it('answers the host tenant with defaults, to every staff role', async () => {
    const response = await call(ctx.adminM, ctx.master, 'GET', '/snode/tenant');
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      orgId: ctx.master.orgId,
      tenantId: ctx.master.tenantId,
      name: `Studio ${ctx.master.orgId}`,
      isMasterFranchise: true,
      accountOwner: null,
      address: { country: { name: 'USA' } },
      timezone: 'America/New_York',
      dateFormat: 'MM/dd/YYYY',
    });
    const staff = (await loginAs(ctx.app, ctx.master, 'staff')).access_token;
    expect((await call(staff, ctx.master, 'GET', '/snode/tenant')).statusCode).toBe(200);
    expect(json<any>(await call(ctx.adminF, ctx.franchise, 'GET', '/snode/tenant')).isMasterFranchise).toBe(false);
  });

  it('is refused to students (403) and to visitors (401)', async () => {
    const student = (await loginAs(ctx.app, ctx.master, 'student')).access_token;
    expect((await call(student, ctx.master, 'GET', '/snode/tenant')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/snode/tenant', headers: { host: ctx.master.host } })).statusCode).toBe(401);
  });
});

describe('PUT /snode/tenant (Account Settings)', () => {
  it('keeps the class booking settings: reminders, the cancel cutoff and the holds (left out: unchanged)', async () => {
    const tenant = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, tenant, 'admin')).access_token;
    expect(json<any>(await call(token, tenant, 'GET', '/snode/tenant'))).toMatchObject({
      isSendReminder: true,
      isSendSmsReminder: false,
      reminderTime: 2,
      cancelCutoffHours: 12,
      waitlistHoldMinutes: 120,
      paymentHoldMinutes: 15,
    });
    const classes = {
      isSendReminder: false,
      isSendSmsReminder: true,
      reminderTime: 24,
      cancelCutoffHours: 6,
      waitlistHoldMinutes: 30,
    };
    const saved = await call(token, tenant, 'PUT', '/snode/tenant', accountForm(tenant, classes));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<any>(saved)).toMatchObject({ ...classes, paymentHoldMinutes: 15 });
    const again = await call(token, tenant, 'PUT', '/snode/tenant', accountForm(tenant));
    expect(json<any>(again)).toMatchObject(classes);
    for (const [field, value] of [
      ['reminderTime', 0],
      ['cancelCutoffHours', 1.5],
      ['waitlistHoldMinutes', 3000],
      ['paymentHoldMinutes', 'soon'],
      ['isSendReminder', 'yes'],
      ['isSendSmsReminder', 'no'],
    ] as const) {
      const refused = await call(token, tenant, 'PUT', '/snode/tenant', accountForm(tenant, { [field]: value }));
      expect(refused.statusCode).toBe(400);
      expect(json<any>(refused).errors.field).toBe(field);
    }
  });

  it('saves the form, and ping and the account detail reflect it at once', async () => {
    const tenant = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, tenant, 'admin')).access_token;
    await ping(tenant); // warm the caches
    await call(token, tenant, 'GET', '/snode/tenant');
    const response = await call(token, tenant, 'PUT', '/snode/tenant', accountForm(tenant));
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      name: 'Lotus Studio',
      fromEmail: 'hello@lotus.test',
      accountOwner: tenant.users.admin.id,
      address: { city: 'Pune', zip: '411001', country: { name: 'India' } },
      timezone: 'Asia/Kolkata',
      itemExpiresAfter: 12,
      introMembershipPeriod: 0,
    });
    const intro = await call(token, tenant, 'PUT', '/snode/tenant', accountForm(tenant, { introMembershipPeriod: 14 }));
    expect(json<any>(intro).introMembershipPeriod).toBe(14);
    // left out, it stays as it is
    const kept = await call(token, tenant, 'PUT', '/snode/tenant', accountForm(tenant));
    expect(json<any>(kept).introMembershipPeriod).toBe(14);
    expect(await ping(tenant)).toMatchObject({
      name: 'Lotus Studio',
      email: 'hello@lotus.test',
      phone: '+91 98765 43210',
      timezone: 'Asia/Kolkata',
      country: 'India',
      address: { line1: '4 MG Road' },
    });
    expect(json<any>(await call(token, tenant, 'GET', '/snode/tenant')).aboutOrg).toBe('Yoga by the river.');
  });

  it.each([
    [{ name: '  ' }, 'name', 'Organization Name is required!'],
    [{ name: undefined }, 'name', 'Organization Name is required!'],
    [{ timezone: '' }, 'timezone', 'TimeZone is required!'],
    [{ accountOwner: '' }, 'accountOwner', 'Account Owner is required!'],
    [{ fromEmailName: '' }, 'fromEmailName', 'Email Name is required!'],
    [{ fromEmail: '' }, 'fromEmail', 'Email Address is required!'],
    [{ itemExpiresAfter: undefined }, 'itemExpiresAfter', 'Membership Expiry Period is required!'],
    [{ phone: '' }, 'phone', 'Phone is required!'],
    [{ introMembershipPeriod: -1 }, 'introMembershipPeriod', 'Intro Membership Period must be between 0 and 365 days'],
    [{ introMembershipPeriod: 1.5 }, 'introMembershipPeriod', 'Intro Membership Period must be whole days'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone', TIMEZONE_UNKNOWN],
    [{ timezone: '+05:30' }, 'timezone', TIMEZONE_UNKNOWN],
  ])('refuses %j with 400 on the field', async (patch, field, message) => {
    const response = await call(ctx.adminM, ctx.master, 'PUT', '/snode/tenant', accountForm(ctx.master, patch));
    expect(response.statusCode).toBe(400);
    const error = json<any>(response).errors;
    expect(error.field).toBe(field);
    if (message) expect(error.message).toBe(message);
  });

  it('takes any named IANA zone, not only its country list: a London studio is set up in London', async () => {
    for (const timezone of ['Europe/London', 'America/Chicago', 'Australia/Lord_Howe', 'UTC']) {
      const response = await call(
        ctx.adminM,
        ctx.master,
        'PUT',
        '/snode/tenant',
        accountForm(ctx.master, { timezone }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(json<any>(response).timezone).toBe(timezone);
    }
  });

  it('needs an active admin of this tenant as Account Owner', async () => {
    for (const owner of [ctx.master.users.staff.id, ctx.other.users.admin.id, 'not-an-id']) {
      const response = await call(
        ctx.adminM,
        ctx.master,
        'PUT',
        '/snode/tenant',
        accountForm(ctx.master, { accountOwner: owner }),
      );
      expect(response.statusCode).toBe(400);
      expect(json<any>(response).errors.field).toBe('accountOwner');
    }
  });

  it('is for admins only: staff, front desk and students get 403, even with a bad body', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.master, role)).access_token;
      expect((await call(token, ctx.master, 'PUT', '/snode/tenant', accountForm(ctx.master))).statusCode).toBe(403);
      expect((await call(token, ctx.master, 'PUT', '/snode/tenant', {})).statusCode).toBe(403);
    }
  });

  it("never writes another tenant: ids in the body are ignored, another tenant's token is 401", async () => {
    const before = await ping(ctx.other);
    const response = await call(
      ctx.adminM,
      ctx.master,
      'PUT',
      '/snode/tenant',
      accountForm(ctx.master, { name: 'Master Renamed', tenantId: ctx.other.tenantId, orgId: ctx.other.orgId }),
    );
    expect(response.statusCode).toBe(200);
    expect(json<any>(response).tenantId).toBe(ctx.master.tenantId);
    expect((await ping(ctx.master)).name).toBe('Master Renamed');
    expect((await ping(ctx.other)).name).toBe(before.name);

    const crossHost = await call(
      ctx.adminM,
      ctx.other,
      'PUT',
      '/snode/tenant',
      accountForm(ctx.other, { name: 'Hijacked' }),
    );
    expect(crossHost.statusCode).toBe(401);
    expect((await ping(ctx.other)).name).toBe(before.name);
    expect(json<any>(await call(ctx.adminO, ctx.other, 'GET', '/snode/tenant')).name).toBe(before.name);
  });
});

describe('module settings', () => {
  it('reads the display flags', async () => {
    const response = await call(ctx.adminM, ctx.master, 'GET', '/rest/settings/display');
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      isShowCampaignsMenu: true,
      isWaiverFormToBeSigned: false,
      registerButtonLabel: 'Register',
    });
  });

  it('saves one toggle at a time; the account detail and ping reflect it at once', async () => {
    const tenant = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, tenant, 'admin')).access_token;
    expect(json<any>(await call(token, tenant, 'GET', '/rest/account/detail')).isShowCampaignsMenu).toBe(true);
    expect((await ping(tenant)).isShowStoreMenu).toBe(true);

    const off = await call(token, tenant, 'PUT', '/rest/settings/display', { isShowCampaignsMenu: false });
    expect(off.statusCode).toBe(200);
    expect(json<any>(off)).toMatchObject({ isShowCampaignsMenu: false, isShowStoreMenu: true });
    expect(json<any>(await call(token, tenant, 'GET', '/rest/account/detail')).isShowCampaignsMenu).toBe(false);

    await call(token, tenant, 'PUT', '/rest/settings/display', { isShowStoreMenu: false });
    await call(token, tenant, 'PUT', '/rest/settings/display', { isShowScheduleMenu: false });
    const after = await ping(tenant);
    expect(after).toMatchObject({ isShowStoreMenu: false, isShowScheduleMenu: false, isShowSchedule: false });
    // the earlier toggle is kept: each write merges one flag
    expect(json<any>(await call(token, tenant, 'GET', '/rest/settings/display'))).toMatchObject({
      isShowCampaignsMenu: false,
      isShowStoreMenu: false,
    });
  });

  it('needs a waiver link only while the waiver toggle is on', async () => {
    const tenant = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, tenant, 'admin')).access_token;
    const noLink = await call(token, tenant, 'PUT', '/rest/settings/display', { isWaiverFormToBeSigned: true });
    expect(noLink.statusCode).toBe(400);
    expect(json<any>(noLink).errors).toMatchObject({
      field: 'waiverFormLink',
      message: 'Waiver Form Link is required!',
    });
    const badLink = await call(token, tenant, 'PUT', '/rest/settings/display', {
      isWaiverFormToBeSigned: true,
      waiverFormLink: 'waiver.pdf',
    });
    expect(json<any>(badLink).errors.field).toBe('waiverFormLink');

    const on = await call(token, tenant, 'PUT', '/rest/settings/display', {
      isWaiverFormToBeSigned: true,
      waiverFormLink: 'https://example.com/waiver.pdf',
    });
    expect(json<any>(on)).toMatchObject({
      isWaiverFormToBeSigned: true,
      waiverFormLink: 'https://example.com/waiver.pdf',
    });
    expect((await ping(tenant)).waiverFormLink).toBe('https://example.com/waiver.pdf');
    // with the toggle on, the link cannot be emptied; once off it can
    const emptied = await call(token, tenant, 'PUT', '/rest/settings/display', { waiverFormLink: '' });
    expect(json<any>(emptied).errors.field).toBe('waiverFormLink');
    const offed = await call(token, tenant, 'PUT', '/rest/settings/display', { isWaiverFormToBeSigned: false });
    expect(json<any>(offed).isWaiverFormToBeSigned).toBe(false);
    const cleared = await call(token, tenant, 'PUT', '/rest/settings/display', { waiverFormLink: '' });
    expect(json<any>(cleared).waiverFormLink).toBeNull();
  });

  it('needs a register button label, and at least one known setting', async () => {
    const label = await call(ctx.adminM, ctx.master, 'PUT', '/rest/settings/display', { registerButtonLabel: ' ' });
    expect(json<any>(label).errors).toMatchObject({
      field: 'registerButtonLabel',
      message: 'Register Button Label is required!',
    });
    const renamed = await call(ctx.adminM, ctx.master, 'PUT', '/rest/settings/display', {
      registerButtonLabel: 'Book now',
    });
    expect((await ping(ctx.master)).registerButtonLabel).toBe('Book now');
    expect(renamed.statusCode).toBe(200);
    expect((await call(ctx.adminM, ctx.master, 'PUT', '/rest/settings/display', {})).statusCode).toBe(400);
    const unknown = await call(ctx.adminM, ctx.master, 'PUT', '/rest/settings/display', {
      tenantId: ctx.other.tenantId,
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await call(ctx.adminM, ctx.master, 'PUT', '/rest/settings/display', { isShowStoreMenu: 'no' })).statusCode,
    ).toBe(400);
  });

  it('is for admins only, and stays within the host tenant', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(ctx.app, ctx.master, role)).access_token;
      const response = await call(token, ctx.master, 'PUT', '/rest/settings/display', { isShowStoreMenu: false });
      expect(response.statusCode).toBe(403);
    }
    expect((await ping(ctx.master)).isShowStoreMenu).toBe(true);
    const cross = await call(ctx.adminF, ctx.other, 'PUT', '/rest/settings/display', { isShowStoreMenu: false });
    expect(cross.statusCode).toBe(401);
    expect((await ping(ctx.other)).isShowStoreMenu).toBe(true);
    const student = (await loginAs(ctx.app, ctx.master, 'student')).access_token;
    expect((await call(student, ctx.master, 'GET', '/rest/settings/display')).statusCode).toBe(403);
  });
});

describe('Account Settings: the sales email list (spec 2 §3 salesEmailList)', () => {
  it('keeps each address once (trimmed, any case), leaves the list alone when the form leaves it out', async () => {
    const saved = await call(
      ctx.adminO,
      ctx.other,
      'PUT',
      '/snode/tenant',
      accountForm(ctx.other, { salesEmailList: [' sales@lotus.test', 'Owner@Lotus.test', 'SALES@lotus.test'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<any>(saved).salesEmailList).toEqual(['sales@lotus.test', 'Owner@Lotus.test']);
    expect(json<any>(await call(ctx.adminO, ctx.other, 'GET', '/snode/tenant')).salesEmailList).toEqual([
      'sales@lotus.test',
      'Owner@Lotus.test',
    ]);
    const without = await call(ctx.adminO, ctx.other, 'PUT', '/snode/tenant', accountForm(ctx.other));
    expect(json<any>(without).salesEmailList).toEqual(['sales@lotus.test', 'Owner@Lotus.test']);
    const emptied = await call(
      ctx.adminO,
      ctx.other,
      'PUT',
      '/snode/tenant',
      accountForm(ctx.other, { salesEmailList: [] }),
    );
    expect(json<any>(emptied).salesEmailList).toEqual([]);
    // another tenant's list is its own
    expect(json<any>(await call(ctx.adminM, ctx.master, 'GET', '/snode/tenant')).salesEmailList).toEqual([]);
  });

  it.each([
    [['ok@lotus.test', 'not-an-email'], 'salesEmailList.1', 'Each sales email must be a valid email address'],
    [[42], 'salesEmailList.0', 'Each sales email must be a valid email address'],
    ['sales@lotus.test', 'salesEmailList', 'Each sales email must be a valid email address'],
    [
      Array.from({ length: 11 }, (_, i) => `sales${i}@lotus.test`),
      'salesEmailList',
      'Add at most 10 sales email addresses',
    ],
  ])('refuses %j with 400 naming the field', async (list, field, message) => {
    const response = await call(
      ctx.adminO,
      ctx.other,
      'PUT',
      '/snode/tenant',
      accountForm(ctx.other, { salesEmailList: list }),
    );
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors).toMatchObject({ field, message });
  });

  it('is for admins only, like the rest of the form', async () => {
    const staff = (await loginAs(ctx.app, ctx.other, 'staff')).access_token;
    const response = await call(
      staff,
      ctx.other,
      'PUT',
      '/snode/tenant',
      accountForm(ctx.other, { salesEmailList: [] }),
    );
    expect(response.statusCode).toBe(403);
  });
});
