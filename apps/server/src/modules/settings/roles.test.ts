import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

let app: App;
let studio: TestTenant;
let other: TestTenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  studio = await newTenant(app);
  other = await newTenant(app);
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, studio, role)).access_token;
  }
  tokens.otherAdmin = (await loginAs(app, other, 'admin')).access_token;
});

const call = (token: string, tenant: TestTenant, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });

const entry = (role: 'ROLE_STAFF' | 'ROLE_FRONTDESK', on: boolean, patch: Record<string, unknown> = {}) => ({
  role,
  isAllowCreateClasses: on,
  isShowCourse: on,
  isShowContactsList: on,
  isShowOffers: on,
  ...patch,
});

describe('GET /rest/settings/roles', () => {
  it('answers both configurable roles with the defaults to every staff role', async () => {
    for (const role of ['admin', 'staff', 'frontdesk']) {
      const response = await call(tokens[role] as string, studio, 'GET', '/rest/settings/roles');
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({
        tenantRoles: [entry('ROLE_STAFF', true), entry('ROLE_FRONTDESK', false, { isShowContactsList: true })],
      });
    }
    expect((await call(tokens.student as string, studio, 'GET', '/rest/settings/roles')).statusCode).toBe(403);
    expect((await app.inject({ url: '/rest/settings/roles', headers: { host: studio.host } })).statusCode).toBe(401);
  });
});

describe('PUT /rest/settings/roles', () => {
  it('is for admins only, refused before the body is read', async () => {
    for (const role of ['staff', 'frontdesk', 'student']) {
      const response = await call(tokens[role] as string, studio, 'PUT', '/rest/settings/roles', { nonsense: 1 });
      expect(response.statusCode).toBe(403);
    }
  });

  it('names the bad field and writes nothing', async () => {
    const cases: [object, string][] = [
      [{}, 'tenantRoles'],
      [{ tenantRoles: [] }, 'tenantRoles'],
      [{ tenantRoles: [entry('ROLE_ADMIN' as never, true)] }, 'tenantRoles.0.role'],
      [{ tenantRoles: [entry('ROLE_STAFF', true, { isShowOffers: 'yes' })] }, 'tenantRoles.0.isShowOffers'],
      [{ tenantRoles: [entry('ROLE_STAFF', true), entry('ROLE_STAFF', false)] }, 'tenantRoles'],
      [{ tenantRoles: [{ ...entry('ROLE_STAFF', true), extra: true }] }, 'tenantRoles.0'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(tokens.admin as string, studio, 'PUT', '/rest/settings/roles', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(json(response))).toContain(field);
    }
    const after = json<any>(await call(tokens.admin as string, studio, 'GET', '/rest/settings/roles'));
    expect(after.tenantRoles[0]).toEqual(entry('ROLE_STAFF', true));
  });

  it("changes only the given role, only in the admin's tenant, and the account detail follows at once", async () => {
    const response = await call(tokens.admin as string, studio, 'PUT', '/rest/settings/roles', {
      tenantRoles: [entry('ROLE_STAFF', false, { isShowCourse: true })],
    });
    expect(response.statusCode).toBe(200);
    expect(json<any>(response).tenantRoles).toEqual([
      entry('ROLE_STAFF', false, { isShowCourse: true }),
      entry('ROLE_FRONTDESK', false, { isShowContactsList: true }),
    ]);
    const detail = json<any>(await call(tokens.staff as string, studio, 'GET', '/rest/account/detail'));
    expect(detail.permissions).toEqual({
      isAllowCreateClasses: false,
      isShowCourse: true,
      isShowContactsList: false,
      isShowOffers: false,
    });
    const admin = json<any>(await call(tokens.admin as string, studio, 'GET', '/rest/account/detail'));
    expect(Object.values(admin.permissions)).toEqual([true, true, true, true]);
    // another tenant keeps its defaults
    const untouched = json<any>(await call(tokens.otherAdmin as string, other, 'GET', '/rest/settings/roles'));
    expect(untouched.tenantRoles[0]).toEqual(entry('ROLE_STAFF', true));
    // an admin token of another tenant cannot write here
    const foreign = await call(tokens.otherAdmin as string, studio, 'PUT', '/rest/settings/roles', {
      tenantRoles: [entry('ROLE_STAFF', true)],
    });
    expect(foreign.statusCode).toBe(401);
    // restore
    await call(tokens.admin as string, studio, 'PUT', '/rest/settings/roles', {
      tenantRoles: [entry('ROLE_STAFF', true)],
    });
  });
});

describe('the "manage contacts" permission is enforced by the server', () => {
  it('a front desk without it is refused every contacts call but the autocomplete and the walk-in', async () => {
    const contact = await call(tokens.admin as string, studio, 'POST', '/snode/contact', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
    });
    expect(contact.statusCode).toBe(201);
    const id = json<any>(contact).guId as string;
    const desk = tokens.frontdesk as string;
    // allowed by default
    expect((await call(desk, studio, 'GET', '/snode/contact')).statusCode).toBe(200);

    const off = await call(tokens.admin as string, studio, 'PUT', '/rest/settings/roles', {
      tenantRoles: [entry('ROLE_FRONTDESK', false)],
    });
    expect(off.statusCode).toBe(200);
    const refused: [string, string, object?][] = [
      ['GET', '/snode/contact'],
      ['GET', '/snode/contact/stats'],
      ['GET', `/snode/contact/${id}`],
      ['GET', `/rest/contact/${id}/notes`],
      ['GET', `/rest/contact/${id}/activity`],
      ['GET', `/rest/contact/${id}/children`],
      ['POST', '/snode/contact', { firstName: 'B', lastName: 'C', email: 'bc@example.test' }],
      ['POST', '/snode/contact/delete', { contacts: [id] }],
    ];
    for (const [method, url, payload] of refused) {
      const response = await call(desk, studio, method as 'GET', url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(json<any>(response).errors.message).toBe("Your role does not have the 'Manage Contacts' permission.");
    }
    expect((await call(desk, studio, 'GET', '/rest/contact?autoComplete=true&q=ada')).statusCode).toBe(200);
    expect((await call(desk, studio, 'GET', '/snode/contact?userType=walkin')).statusCode).toBe(200);
    // staff keep theirs, and the admin always may
    expect((await call(tokens.staff as string, studio, 'GET', '/snode/contact')).statusCode).toBe(200);
    expect((await call(tokens.admin as string, studio, 'GET', `/snode/contact/${id}`)).statusCode).toBe(200);

    await call(tokens.admin as string, studio, 'PUT', '/rest/settings/roles', {
      tenantRoles: [entry('ROLE_FRONTDESK', false, { isShowContactsList: true })],
    });
    expect((await call(desk, studio, 'GET', `/snode/contact/${id}`)).statusCode).toBe(200);
  });
});
