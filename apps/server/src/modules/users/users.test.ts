import type { Role } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { createUsers } from '../../seed/tenants.ts';
import { KEEP_ONE_ADMIN, OWN_LOCK, OWN_ROLE, OWNER_LOCK, OWNER_ROLE } from './users.service.ts';

let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: TestTenant;
let b: TestTenant;
const tokens: Partial<Record<Role, string>> = {};
let adminB: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
  a = await newTenant(app);
  b = await newTenant(app);
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as Role[]) {
    tokens[role] = (await loginAs(app, a, role)).access_token;
  }
  adminB = (await loginAs(app, b, 'admin')).access_token;
});
afterAll(() => smtp.close());

type Method = 'GET' | 'PUT' | 'POST';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload: payload as object });
const asAdmin = (method: Method, url: string, payload?: unknown) => call(tokens.admin ?? '', a, method, url, payload);
const userUpdate = (id: string, body: Record<string, unknown>, token = tokens.admin ?? '', tenant = a) =>
  call(token, tenant, 'PUT', `/rest/contact/${id}`, { isUpdateRole: true, ...body });
const login = (tenant: TestTenant, email: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/login', headers: { host: tenant.host }, payload: { userId: email, password } });
const refreshWith = (tenant: TestTenant, token: string) =>
  app.inject({ method: 'POST', url: '/refresh-access-token', headers: { host: tenant.host }, payload: { token } });

/** A fresh tenant with an extra user, so each guard-rail test starts from a known admin count. */
async function tenantWith(extra: { role: Role; email: string }[] = []) {
  const tenant = await newTenant(app);
  const rows = await createUsers(
    app.platform.db,
    tenant.tenantId,
    extra.map((user) => ({ ...user, password: PASSWORD, name: user.role, lastName: 'Extra' })),
  );
  const admin = (await loginAs(app, tenant, 'admin')).access_token;
  return { tenant, admin, extra: rows };
}

describe('GET /rest/contact?userType=staff (Users list)', () => {
  it('lists admin, staff and front desk with role strings and last login in seconds', async () => {
    const response = await asAdmin('GET', '/rest/contact?userType=staff');
    expect(response.statusCode).toBe(200);
    const rows = json<any[]>(response);
    expect(rows.map((row) => row.roles).sort()).toEqual(['ROLE_ADMIN', 'ROLE_FRONTDESK', 'ROLE_STAFF']);
    const admin = rows.find((row) => row.roles === 'ROLE_ADMIN');
    expect(admin).toMatchObject({
      id: a.users.admin.id,
      guId: a.users.admin.id,
      email: a.users.admin.email,
      roleName: 'ADMIN',
      fullName: `admin ${a.orgId}`,
      isTeacher: false,
      accountLocked: false,
      picture: null,
    });
    expect(Number.isInteger(admin.lastLoginTime)).toBe(true);
    expect(Math.abs(admin.lastLoginTime - Date.now() / 1000)).toBeLessThan(600);
    expect(rows.some((row) => row.email === a.users.student.email)).toBe(false);
  });

  it('gives null for a user who never signed in, and only the host tenant’s users', async () => {
    const { tenant, admin } = await tenantWith([{ role: 'staff', email: 'never@x.test' }]);
    const rows = json<any[]>(await call(admin, tenant, 'GET', '/rest/contact?userType=staff'));
    expect(rows.find((row) => row.email === 'never@x.test').lastLoginTime).toBeNull();
    expect(rows.some((row) => row.email === a.users.admin.email)).toBe(false);
  });

  it('is for staff (read), not students (403) or visitors (401); a bad userType is a 400', async () => {
    expect((await call(tokens.frontdesk ?? '', a, 'GET', '/rest/contact?userType=staff')).statusCode).toBe(200);
    expect((await call(tokens.student ?? '', a, 'GET', '/rest/contact?userType=staff')).statusCode).toBe(403);
    expect((await app.inject({ url: '/rest/contact?userType=staff', headers: { host: a.host } })).statusCode).toBe(401);
    const bad = await asAdmin('GET', '/rest/contact?userType=teacher');
    expect(bad.statusCode).toBe(400);
    expect(json<any>(bad).errors.field).toBe('querystring.userType');
  });
});

describe('GET /rest/contact/{id}/roles (User detail)', () => {
  it('answers the form with notification switches off when there is no record', async () => {
    const response = await asAdmin('GET', `/rest/contact/${a.users.staff.id}/roles`);
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      guId: a.users.staff.id,
      name: 'staff',
      email: a.users.staff.email,
      roles: ['ROLE_STAFF'],
      isNotifyContacts: false,
      isNotifyPrograms: false,
      isNotifySales: false,
      accountLocked: false,
      isTeacher: false,
      isAccountOwner: false,
    });
    const student = json<any>(await asAdmin('GET', `/rest/contact/${a.users.student.id}/roles`));
    expect(student.roles).toEqual(['ROLE_STUDENT']);
  });

  it("is a 404 for another tenant's user and a 400 for a malformed id", async () => {
    expect((await asAdmin('GET', `/rest/contact/${b.users.staff.id}/roles`)).statusCode).toBe(404);
    const bad = await asAdmin('GET', '/rest/contact/not-an-id/roles');
    expect(bad.statusCode).toBe(400);
    expect(json<any>(bad).errors.field).toBe('params.id');
  });
});

describe('PUT /rest/contact/{id} with isUpdateRole (User Details form)', () => {
  it('saves role, teacher and notification switches; GET and the list reflect them', async () => {
    const { tenant, admin, extra } = await tenantWith([{ role: 'frontdesk', email: 'desk2@x.test' }]);
    const id = extra[0]?.id ?? '';
    const response = await userUpdate(
      id,
      {
        roles: ['ROLE_STAFF'],
        isTeacher: true,
        isNotifySales: true,
        isNotifyContacts: false,
        isNotifyPrograms: true,
        accountLocked: false,
      },
      admin,
      tenant,
    );
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      roles: ['ROLE_STAFF'],
      isTeacher: true,
      isNotifySales: true,
      isNotifyContacts: false,
      isNotifyPrograms: true,
    });
    expect(json<any>(await call(admin, tenant, 'GET', `/rest/contact/${id}/roles`))).toMatchObject({
      roles: ['ROLE_STAFF'],
      isTeacher: true,
      isNotifySales: true,
    });
    const row = json<any[]>(await call(admin, tenant, 'GET', '/rest/contact?userType=staff')).find(
      (user) => user.id === id,
    );
    expect(row).toMatchObject({ roles: 'ROLE_STAFF', roleName: 'STAFF', isTeacher: true });
    // A subset changes only what it names.
    const partial = json<any>(await userUpdate(id, { isNotifyContacts: true }, admin, tenant));
    expect(partial).toMatchObject({ isNotifySales: true, isNotifyContacts: true, isNotifyPrograms: true });
    // The contact detail agrees on the teacher flag.
    expect(json<any>(await call(admin, tenant, 'GET', `/rest/contact/${id}`)).isTeacher).toBe(true);
  });

  it('validation: one role at a time, known roles, no contact fields mixed in (400 naming the field)', async () => {
    const id = a.users.staff.id;
    const two = await userUpdate(id, { roles: ['ROLE_STAFF', 'ROLE_ADMIN'] });
    expect(two.statusCode).toBe(400);
    expect(json<any>(two).errors).toMatchObject({ field: 'roles', message: 'roles must hold exactly one role' });
    const unknown = await userUpdate(id, { roles: ['ROLE_OWNER'] });
    expect(json<any>(unknown).errors.field).toBe('roles.0');
    const notBool = await userUpdate(id, { accountLocked: 'yes' });
    expect(json<any>(notBool).errors.field).toBe('accountLocked');
    const mixed = await userUpdate(id, { firstName: 'Sneaky' });
    expect(mixed.statusCode).toBe(400);
    expect(json<any>(mixed).errors.message).toMatch(/firstName/);
    const student = await userUpdate(a.users.student.id, { isTeacher: true });
    expect(json<any>(student).errors).toMatchObject({ field: 'isTeacher', message: 'Only staff can be teachers.' });
  });

  it('leaves the contact edit as it was', async () => {
    const id = a.users.student.id;
    const response = await asAdmin('PUT', `/rest/contact/${id}`, { company: 'Acme' });
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({ guId: id, company: 'Acme' });
    const flagged = await asAdmin('PUT', `/rest/contact/${id}`, { isUpdateRole: false, company: 'Acme 2' });
    expect(json<any>(flagged).company).toBe('Acme 2');
    const invalid = await asAdmin('PUT', `/rest/contact/${id}`, { email: 'nope' });
    expect(json<any>(invalid).errors.field).toBe('email');
  });

  it('is for admins: staff and front desk get 403 even with a bad body; students 403', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as Role[]) {
      const response = await userUpdate(a.users.frontdesk.id, { roles: ['ROLE_ADMIN'] }, tokens[role]);
      expect(response.statusCode).toBe(403);
      expect((await userUpdate(a.users.frontdesk.id, { roles: 'x' }, tokens[role])).statusCode).toBe(403);
    }
    expect(json<any>(await asAdmin('GET', `/rest/contact/${a.users.frontdesk.id}/roles`)).roles).toEqual([
      'ROLE_FRONTDESK',
    ]);
  });

  it("is a 404 for another tenant's user, and nothing changes there", async () => {
    const response = await userUpdate(b.users.staff.id, { roles: ['ROLE_ADMIN'], accountLocked: true });
    expect(response.statusCode).toBe(404);
    const there = json<any>(await call(adminB, b, 'GET', `/rest/contact/${b.users.staff.id}/roles`));
    expect(there).toMatchObject({ roles: ['ROLE_STAFF'], accountLocked: false });
  });

  it('suspends: the user cannot log in, their refresh token stops working; lifting it lets them in again', async () => {
    const { tenant, admin, extra } = await tenantWith([{ role: 'staff', email: 'suspend-me@x.test' }]);
    const id = extra[0]?.id ?? '';
    const session = json<any>(await login(tenant, 'suspend-me@x.test'));
    expect(session.refresh_token).toBeTruthy();

    const locked = await userUpdate(id, { accountLocked: true }, admin, tenant);
    expect(locked.statusCode).toBe(200);
    expect(json<any>(locked).accountLocked).toBe(true);
    const refused = await login(tenant, 'suspend-me@x.test');
    expect(refused.statusCode).toBe(403);
    expect(json<any>(refused).errors.code).toBe('account_suspended');
    const refresh = await refreshWith(tenant, session.refresh_token);
    expect(refresh.statusCode).toBe(401);
    const listed = json<any[]>(await call(admin, tenant, 'GET', '/rest/contact?userType=staff'));
    expect(listed.find((user) => user.id === id).accountLocked).toBe(true);

    expect((await userUpdate(id, { accountLocked: false }, admin, tenant)).statusCode).toBe(200);
    expect((await login(tenant, 'suspend-me@x.test')).statusCode).toBe(200);
  });

  it('a role change ends the user’s sessions (their next refresh signs in again with the new role)', async () => {
    const { tenant, admin, extra } = await tenantWith([{ role: 'staff', email: 'promote-me@x.test' }]);
    const session = json<any>(await login(tenant, 'promote-me@x.test'));
    expect((await userUpdate(extra[0]?.id ?? '', { roles: ['ROLE_FRONTDESK'] }, admin, tenant)).statusCode).toBe(200);
    const refresh = await refreshWith(tenant, session.refresh_token);
    expect(refresh.statusCode).toBe(401);
    expect(json<any>(await login(tenant, 'promote-me@x.test')).contact.role).toBe('frontdesk');
  });

  it('guard rails: an admin cannot demote or suspend themselves', async () => {
    const { tenant, admin } = await tenantWith([{ role: 'admin', email: 'second-admin@x.test' }]);
    const self = tenant.users.admin.id;
    const demote = await userUpdate(self, { roles: ['ROLE_STAFF'] }, admin, tenant);
    expect(demote.statusCode).toBe(400);
    expect(json<any>(demote).errors).toMatchObject({ field: 'roles', message: OWN_ROLE });
    const lock = await userUpdate(self, { accountLocked: true }, admin, tenant);
    expect(json<any>(lock).errors).toMatchObject({ field: 'accountLocked', message: OWN_LOCK });
    // Saving the own form unchanged (notifications) is fine.
    const same = await userUpdate(
      self,
      { roles: ['ROLE_ADMIN'], accountLocked: false, isNotifySales: true },
      admin,
      tenant,
    );
    expect(same.statusCode).toBe(200);
  });

  it('guard rails: with two active admins, one may demote the other', async () => {
    const { tenant, admin, extra } = await tenantWith([{ role: 'admin', email: 'other-admin@x.test' }]);
    const response = await userUpdate(extra[0]?.id ?? '', { roles: ['ROLE_STAFF'] }, admin, tenant);
    expect(response.statusCode).toBe(200);
    expect(json<any>(response).roles).toEqual(['ROLE_STAFF']);
  });

  it('guard rails: the last active admin cannot be demoted or suspended by another admin either', async () => {
    // Two admins: A (the test's admin) and Z, suspended. A promotes nobody; Z is not active, so A is the last one.
    const { tenant, admin, extra } = await tenantWith([{ role: 'admin', email: 'z-admin@x.test' }]);
    const z = extra[0]?.id ?? '';
    const zToken = json<any>(await login(tenant, 'z-admin@x.test')).access_token;
    // Suspended through the API, Z's sessions end at once: its access token acts no more.
    expect((await userUpdate(z, { accountLocked: true }, admin, tenant)).statusCode).toBe(200);
    expect((await userUpdate(tenant.users.admin.id, { roles: ['ROLE_STAFF'] }, zToken, tenant)).statusCode).toBe(401);
    // The rule itself, for a suspension whose sessions were not ended (another process's stale
    // view, a suspension written outside this API): Z signs in again before the flag is set.
    await userUpdate(z, { accountLocked: false }, admin, tenant);
    const zToken2 = json<any>(await login(tenant, 'z-admin@x.test')).access_token;
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.update(contacts).set({ isSuspended: true }).where(eq(contacts.id, z)),
    );
    const demote = await userUpdate(tenant.users.admin.id, { roles: ['ROLE_STAFF'] }, zToken2, tenant);
    expect(demote.statusCode).toBe(400);
    expect(json<any>(demote).errors).toMatchObject({ field: 'roles', message: KEEP_ONE_ADMIN });
    const lock = await userUpdate(tenant.users.admin.id, { accountLocked: true }, zToken2, tenant);
    expect(json<any>(lock).errors).toMatchObject({ field: 'accountLocked', message: KEEP_ONE_ADMIN });
  });

  it('guard rails: the account owner cannot be demoted or suspended', async () => {
    const { tenant, admin, extra } = await tenantWith([{ role: 'admin', email: 'owner@x.test' }]);
    const owner = extra[0]?.id ?? '';
    const form = {
      name: 'Owner Studio',
      accountOwner: owner,
      fromEmailName: 'Desk',
      fromEmail: 'desk@x.test',
      phone: '+1 555 010 0000',
      address: { line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', zip: '73301', country: { name: 'USA' } },
      timezone: 'America/Chicago',
      dateFormat: 'MM/dd/YYYY',
      itemExpiresAfter: 12,
      aboutOrg: '',
    };
    expect((await call(admin, tenant, 'PUT', '/snode/tenant', form)).statusCode).toBe(200);
    expect(json<any>(await call(admin, tenant, 'GET', `/rest/contact/${owner}/roles`)).isAccountOwner).toBe(true);
    const demote = await userUpdate(owner, { roles: ['ROLE_STAFF'] }, admin, tenant);
    expect(json<any>(demote).errors).toMatchObject({ field: 'roles', message: OWNER_ROLE });
    const lock = await userUpdate(owner, { accountLocked: true }, admin, tenant);
    expect(json<any>(lock).errors).toMatchObject({ field: 'accountLocked', message: OWNER_LOCK });
    expect((await userUpdate(owner, { isTeacher: true }, admin, tenant)).statusCode).toBe(200);
  });
});

describe('GET and PUT /rest/notification/', () => {
  it('upserts records; GET answers them; a user without one is absent', async () => {
    const { tenant, admin } = await tenantWith();
    expect(json<any[]>(await call(admin, tenant, 'GET', '/rest/notification/'))).toEqual([]);
    const record = {
      contactGuId: tenant.users.staff.id,
      isNotifyContacts: true,
      isNotifyPrograms: false,
      isNotifySales: true,
    };
    const saved = await call(admin, tenant, 'PUT', '/rest/notification/', [record]);
    expect(saved.statusCode).toBe(200);
    expect(json<any[]>(saved)).toEqual([record]);
    const again = await call(admin, tenant, 'PUT', '/rest/notification', [{ ...record, isNotifySales: false }]);
    expect(json<any[]>(again)[0].isNotifySales).toBe(false);
    const listed = json<any[]>(await call(admin, tenant, 'GET', '/rest/notification/'));
    expect(listed).toEqual([{ ...record, isNotifySales: false }]);
    expect(json<any>(await call(admin, tenant, 'GET', `/rest/contact/${tenant.users.staff.id}/roles`))).toMatchObject({
      isNotifyContacts: true,
      isNotifySales: false,
    });
  });

  it("another tenant's id is a 404 and nothing is written, not even the valid records", async () => {
    const { tenant, admin } = await tenantWith();
    const mine = {
      contactGuId: tenant.users.staff.id,
      isNotifyContacts: true,
      isNotifyPrograms: true,
      isNotifySales: true,
    };
    const theirs = { ...mine, contactGuId: b.users.staff.id };
    expect((await call(admin, tenant, 'PUT', '/rest/notification/', [mine, theirs])).statusCode).toBe(404);
    expect(json<any[]>(await call(admin, tenant, 'GET', '/rest/notification/'))).toEqual([]);
    expect(json<any[]>(await call(adminB, b, 'GET', '/rest/notification/'))).toEqual([]);
  });

  it('validation and roles', async () => {
    const bad = await asAdmin('PUT', '/rest/notification/', [{ contactGuId: 'x', isNotifyContacts: true }]);
    expect(bad.statusCode).toBe(400);
    expect(json<any>(bad).errors.field).toBe('0.contactGuId');
    const missing = await asAdmin('PUT', '/rest/notification/', [
      { contactGuId: a.users.staff.id, isNotifyContacts: true, isNotifyPrograms: true },
    ]);
    expect(json<any>(missing).errors).toMatchObject({ field: '0.isNotifySales' });
    const record = {
      contactGuId: a.users.staff.id,
      isNotifyContacts: true,
      isNotifyPrograms: true,
      isNotifySales: true,
    };
    const twice = await asAdmin('PUT', '/rest/notification/', [record, record]);
    expect(json<any>(twice).errors.field).toBe('1.contactGuId');
    expect(json<any>(await asAdmin('PUT', '/rest/notification/', [])).errors.field).toBe('body');
    for (const role of ['staff', 'frontdesk', 'student'] as Role[]) {
      expect((await call(tokens[role] ?? '', a, 'PUT', '/rest/notification/', [record])).statusCode).toBe(403);
    }
    expect((await call(tokens.staff ?? '', a, 'GET', '/rest/notification/')).statusCode).toBe(200);
    expect((await call(tokens.student ?? '', a, 'GET', '/rest/notification/')).statusCode).toBe(403);
  });
});

describe('POST /rest/users/invite (add from the Users screen)', () => {
  it('creates a staff user and emails a link that sets the password', async () => {
    const { tenant, admin } = await tenantWith();
    const response = await call(admin, tenant, 'POST', '/rest/users/invite', {
      firstName: 'Ivy',
      lastName: 'Invited',
      email: 'Ivy@X.test',
      role: 'ROLE_FRONTDESK',
    });
    expect(response.statusCode).toBe(201);
    expect(json<any>(response)).toMatchObject({
      fullName: 'Ivy Invited',
      email: 'ivy@x.test',
      roles: 'ROLE_FRONTDESK',
      lastLoginTime: null,
    });
    const listed = json<any[]>(await call(admin, tenant, 'GET', '/rest/contact?userType=staff'));
    expect(listed.some((user) => user.email === 'ivy@x.test')).toBe(true);

    await app.platform.outbox.kick();
    const mail = await smtp.waitFor('ivy@x.test');
    const link = mail.text.match(/http:\/\/[^\s]+\/reset-password\?token=([A-Za-z0-9_%-]+)/);
    expect(link?.[0]).toContain(`http://${tenant.host}/reset-password?token=`);
    const token = decodeURIComponent(link?.[1] ?? '');
    const reset = await app.inject({
      method: 'POST',
      url: '/public/user/resetPassword',
      headers: { host: tenant.host },
      payload: { token, password: 'ivy-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    const session = json<any>(await login(tenant, 'ivy@x.test', 'ivy-new-password'));
    expect(session.contact.role).toBe('frontdesk');
  });

  it('refuses a taken email, a student role and bad fields (400 naming the field); admins only', async () => {
    const taken = await asAdmin('POST', '/rest/users/invite', {
      firstName: 'A',
      lastName: 'B',
      email: a.users.student.email,
      role: 'ROLE_STAFF',
    });
    expect(json<any>(taken).errors).toMatchObject({
      field: 'email',
      message: 'A contact with this email already exists.',
    });
    const student = await asAdmin('POST', '/rest/users/invite', {
      firstName: 'A',
      lastName: 'B',
      email: 'new@x.test',
      role: 'ROLE_STUDENT',
    });
    expect(json<any>(student).errors.field).toBe('role');
    const noName = await asAdmin('POST', '/rest/users/invite', {
      lastName: 'B',
      email: 'n@x.test',
      role: 'ROLE_STAFF',
    });
    expect(json<any>(noName).errors.field).toBe('firstName');
    const body = { firstName: 'A', lastName: 'B', email: 'staffer@x.test', role: 'ROLE_STAFF' };
    expect((await call(tokens.staff ?? '', a, 'POST', '/rest/users/invite', body)).statusCode).toBe(403);
    expect((await call(tokens.frontdesk ?? '', a, 'POST', '/rest/users/invite', {})).statusCode).toBe(403);
  });
});

describe('GET /rest/contact/{id}/token (acting as a member)', () => {
  it('answers a student-role token for the member, marked with the acting admin, that reads as the member', async () => {
    const response = await asAdmin('GET', `/rest/contact/${a.users.student.id}/token`);
    expect(response.statusCode).toBe(200);
    const token = json<any>(response).access_token as string;
    const claims = await app.platform.accessTokens.verify(token);
    expect(claims).toMatchObject({ sub: a.users.student.id, role: 'student', act: { sub: a.users.admin.id } });
    const info = await call(token, a, 'GET', '/rest/reInitInfo');
    expect(info.statusCode).toBe(200);
    expect(json<any>(info).contact).toMatchObject({ guId: a.users.student.id, role: 'student' });
    // The restored token stays an impersonation.
    const restored = await app.platform.accessTokens.verify(json<any>(info).access_token);
    expect(restored?.act).toEqual({ sub: a.users.admin.id });
    // It carries no staff rights.
    expect((await call(token, a, 'GET', '/rest/contact?userType=staff')).statusCode).toBe(403);
    expect((await call(token, a, 'GET', `/rest/contact/${a.users.student.id}/token`)).statusCode).toBe(403);
  });

  it('is only for a student of this tenant (404 otherwise) and only for admins (403)', async () => {
    expect((await asAdmin('GET', `/rest/contact/${a.users.staff.id}/token`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/rest/contact/${b.users.student.id}/token`)).statusCode).toBe(404);
    expect((await asAdmin('GET', '/rest/contact/00000000-0000-4000-8000-000000000000/token')).statusCode).toBe(404);
    for (const role of ['staff', 'frontdesk', 'student'] as Role[]) {
      expect((await call(tokens[role] ?? '', a, 'GET', `/rest/contact/${a.users.student.id}/token`)).statusCode).toBe(
        403,
      );
    }
  });

  it('refuses a suspended member', async () => {
    const { tenant, admin } = await tenantWith();
    const student = tenant.users.student.id;
    expect((await userUpdate(student, { accountLocked: true }, admin, tenant)).statusCode).toBe(200);
    const response = await call(admin, tenant, 'GET', `/rest/contact/${student}/token`);
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors.field).toBe('id');
  });
});
