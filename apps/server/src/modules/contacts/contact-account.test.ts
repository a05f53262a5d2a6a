import type { ContactDetail } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, type TestTenant } from '../../../test/helpers.ts';
import { createContactVia, errorOf, studiosWithMail } from './contact-fixtures.ts';

const s = studiosWithMail();
const { tokens } = s;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, token = tokens.admin, tenant = s.a) =>
  s.app.inject({ method, url, headers: bearer(token as string, tenant.host), payload });

async function mailTo(email: string) {
  await s.app.platform.outbox.kick();
  return s.smtp.waitFor(email);
}

const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@acct.test`;

async function signIn(tenant: TestTenant, email: string, password: string) {
  return s.app.inject({
    method: 'POST',
    url: '/login',
    headers: { host: tenant.host },
    payload: { userId: email, password },
  });
}

describe('POST /rest/message/sendCredentials', () => {
  it('emails a one-time link that sets the password (never a password), then the member signs in', async () => {
    const email = unique('cred');
    const member = await createContactVia(s.app, s.a, tokens.frontdesk as string, { firstName: 'Cora', email });
    const sent = await call('POST', '/rest/message/sendCredentials', { contactId: member.guId }, tokens.frontdesk);
    expect(sent.statusCode).toBe(200);
    expect(json(sent)).toEqual({ message: `Sent login credentials to ${email}.` });
    const mail = await mailTo(email);
    expect(mail.text).toContain('choose your password');
    expect(mail.text).not.toMatch(/password:\s*\S/i);
    const token = decodeURIComponent(mail.text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1] ?? '');
    expect(mail.text).toContain(`http://${s.a.host}/reset-password?token=`);
    const set = await s.app.inject({
      method: 'POST',
      url: '/public/user/resetPassword',
      headers: { host: s.a.host },
      payload: { token, password: 'cora-password-1' },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(s.a, email, 'cora-password-1')).statusCode).toBe(200);
    expect(json<ContactDetail>(await call('GET', `/rest/contact/${member.guId}`)).claim).toBe(true);
  });

  it('refuses the walk-in, names a bad id, 404s another tenant, needs the permission, and limits repeats', async () => {
    const walkin = json<ContactDetail>(await call('GET', '/snode/contact?userType=walkin'));
    const refused = await call('POST', '/rest/message/sendCredentials', { contactId: walkin.guId });
    expect({ status: refused.statusCode, field: errorOf(refused.body).field }).toEqual({
      status: 400,
      field: 'contactId',
    });
    const bad = await call('POST', '/rest/message/sendCredentials', { contactId: 'x' });
    expect({ status: bad.statusCode, field: errorOf(bad.body).field }).toEqual({ status: 400, field: 'contactId' });
    const theirs = await createContactVia(s.app, s.b, tokens.adminB as string, { firstName: 'Theo' });
    expect((await call('POST', '/rest/message/sendCredentials', { contactId: theirs.guId })).statusCode).toBe(404);
    expect(
      (await call('POST', '/rest/message/sendCredentials', { contactId: theirs.guId }, tokens.student)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/rest/message/sendCredentials', { contactId: theirs.guId }, tokens.frontdeskB, s.b))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', '/rest/message/sendCredentials', {}, tokens.student)).statusCode).toBe(403);

    const busy = await createContactVia(s.app, s.a, tokens.admin as string, { firstName: 'Busy' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call('POST', '/rest/message/sendCredentials', { contactId: busy.guId })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('PUT /rest/contact/reset', () => {
  it('emails the contact the forgot-password link, which resets the password and ends their sessions', async () => {
    const t = await newTenant(s.app);
    const session = await loginAs(s.app, t, 'student');
    const admin = (await loginAs(s.app, t, 'admin')).access_token;
    const sent = await call('PUT', '/rest/contact/reset', { contactId: t.users.student.id }, admin, t);
    expect(sent.statusCode).toBe(200);
    expect(json(sent)).toEqual({ message: `Sent a password reset email to ${t.users.student.email}.` });
    const mail = await mailTo(t.users.student.email);
    expect(mail.text).toContain('reset the password');
    const token = decodeURIComponent(mail.text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1] ?? '');
    const reset = await s.app.inject({
      method: 'POST',
      url: '/public/user/resetPassword',
      headers: { host: t.host },
      payload: { token, password: 'student-new-1' },
    });
    expect(reset.statusCode).toBe(200);
    const refresh = await s.app.inject({
      method: 'POST',
      url: '/public/auth/refresh',
      headers: { host: t.host },
      payload: { token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await signIn(t, t.users.student.email, 'student-new-1')).statusCode).toBe(200);
  });

  it("is a 404 for another tenant's contact, 400 naming contactId, 403 without the permission", async () => {
    expect((await call('PUT', '/rest/contact/reset', { contactId: s.b.users.student.id })).statusCode).toBe(404);
    const bad = await call('PUT', '/rest/contact/reset', { contactId: 12 });
    expect(errorOf(bad.body).field).toBe('contactId');
    expect(
      (await call('PUT', '/rest/contact/reset', { contactId: s.b.users.student.id }, tokens.frontdeskB, s.b))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/rest/contact/reset', { contactId: s.a.users.admin.id }, tokens.student)).statusCode,
    ).toBe(403);
  });
});

describe('PUT /rest/contact/{id}/verification', () => {
  it("emails a link that verifies the address and leads to the tenant's own page", async () => {
    const email = unique('verify');
    const member = await createContactVia(s.app, s.a, tokens.frontdesk as string, { firstName: 'Vera', email });
    expect(member.isEmailVerified).toBe(false);
    const sent = await call(
      'PUT',
      `/rest/contact/${member.guId}/verification`,
      { redirectUrl: `http://${s.a.host}/classes` },
      tokens.frontdesk,
    );
    expect(sent.statusCode).toBe(200);
    expect(json(sent)).toEqual({ message: 'Sent verification email' });
    const mail = await mailTo(email);
    const link = mail.text.match(/http:\/\/[^\s]+\/public\/user\/verifyEmail\?[^\s]+/)?.[0] ?? '';
    expect(link.startsWith(`http://${s.a.host}/public/user/verifyEmail?token=`)).toBe(true);
    const path = link.slice(`http://${s.a.host}`.length);
    // the token does not set a password
    const token = new URL(link).searchParams.get('token');
    const asReset = await s.app.inject({
      method: 'POST',
      url: '/public/user/resetPassword',
      headers: { host: s.a.host },
      payload: { token, password: 'sneaky-password' },
    });
    expect(asReset.statusCode).toBe(400);
    // on another tenant's host it verifies nothing
    const onB = await s.app.inject({ url: path, headers: { host: s.b.host } });
    expect(onB.headers.location).toContain('verified=0');
    const opened = await s.app.inject({ url: path, headers: { host: s.a.host } });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`http://${s.a.host}/classes?verified=1`);
    expect(json<ContactDetail>(await call('GET', `/rest/contact/${member.guId}`)).isEmailVerified).toBe(true);
    const again = await s.app.inject({ url: path, headers: { host: s.a.host } });
    expect(again.headers.location).toBe(`http://${s.a.host}/classes?verified=0`);
    // a link whose redirectUrl was changed to another site goes to the tenant's home instead
    const tampered = await s.app.inject({
      url: `/public/user/verifyEmail?token=x&redirectUrl=${encodeURIComponent('https://evil.example/')}`,
      headers: { host: s.a.host },
    });
    expect(tampered.headers.location).toBe(`http://${s.a.host}/?verified=0`);
  });

  it('takes a path or an address of its own site only: 400 on redirectUrl otherwise', async () => {
    const member = await createContactVia(s.app, s.a, tokens.admin as string, { firstName: 'Vic' });
    const url = `/rest/contact/${member.guId}/verification`;
    for (const redirectUrl of ['/onboarding', `http://${s.a.orgId}.atrium.test/x`, `http://${s.a.host}:3000/y`]) {
      expect((await call('PUT', url, { redirectUrl })).statusCode, redirectUrl).toBe(200);
    }
    for (const redirectUrl of [
      'https://evil.example/',
      `http://${s.b.host}/classes`,
      '//evil.example/x',
      'javascript:alert(1)',
      `http://user@${s.a.host}/`,
      '',
    ]) {
      const response = await call('PUT', url, { redirectUrl });
      expect(response.statusCode, redirectUrl).toBe(400);
      expect(errorOf(response.body).field).toBe('redirectUrl');
    }
    expect((await call('PUT', url, {})).statusCode).toBe(400);
  });

  it("is a 404 for another tenant's contact and needs the manage-contacts permission", async () => {
    const theirs = await createContactVia(s.app, s.b, tokens.adminB as string, { firstName: 'Bree' });
    const url = `/rest/contact/${theirs.guId}/verification`;
    expect((await call('PUT', url, { redirectUrl: '/x' })).statusCode).toBe(404);
    expect((await call('PUT', url, { redirectUrl: '/x' }, tokens.frontdeskB, s.b)).statusCode).toBe(403);
    expect((await call('PUT', url, { redirectUrl: '/x' }, tokens.student)).statusCode).toBe(403);
    expect((await call('PUT', '/rest/contact/nope/verification', { redirectUrl: '/x' })).statusCode).toBe(400);
  });
});

describe('POST /rest/user/changePassword', () => {
  it('changes the own password with the current one and ends the other sessions, not this one', async () => {
    const tenant = await newTenant(s.app);
    const other = await loginAs(s.app, tenant, 'staff');
    const me = await loginAs(s.app, tenant, 'staff');
    const changed = await call(
      'POST',
      '/rest/user/changePassword',
      { currentPassword: PASSWORD, newPassword: 'staff-new-password' },
      me.access_token,
      tenant,
    );
    expect(changed.statusCode).toBe(200);
    expect(json(changed)).toEqual({ message: 'Your password has been changed.' });
    const refresh = (token: string) =>
      s.app.inject({ method: 'POST', url: '/public/auth/refresh', headers: { host: tenant.host }, payload: { token } });
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(me.refresh_token)).statusCode).toBe(200);
    expect((await signIn(tenant, tenant.users.staff.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(tenant, tenant.users.staff.email, 'staff-new-password')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a short or unchanged new one (400 naming the field); visitors 401', async () => {
    const tenant = await newTenant(s.app);
    const { access_token } = await loginAs(s.app, tenant, 'student');
    const post = (payload: object) => call('POST', '/rest/user/changePassword', payload, access_token, tenant);
    const cases: [object, string, string?][] = [
      [
        { currentPassword: 'wrong-password', newPassword: 'long-enough-1' },
        'currentPassword',
        'Your current password is not correct.',
      ],
      [{ currentPassword: PASSWORD, newPassword: 'short' }, 'newPassword', 'password must be at least 8 characters'],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 'newPassword'],
      [{ newPassword: 'long-enough-1' }, 'currentPassword'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
      if (message) expect(errorOf(response.body).message).toBe(message);
    }
    expect((await signIn(tenant, tenant.users.student.email, PASSWORD)).statusCode).toBe(200);
    const visitor = await s.app.inject({
      method: 'POST',
      url: '/rest/user/changePassword',
      headers: { host: tenant.host },
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
  });

  it("refuses Student Preview and acting as a member: not the caller's own account", async () => {
    const tenant = await newTenant(s.app);
    const admin = await loginAs(s.app, tenant, 'admin');
    const preview = json<{ access_token: string }>(
      await call('GET', '/rest/reInitInfo?preview=true', undefined, admin.access_token, tenant),
    );
    const acting = json<{ access_token: string }>(
      await call('GET', `/rest/contact/${tenant.users.student.id}/token`, undefined, admin.access_token, tenant),
    );
    for (const token of [preview.access_token, acting.access_token]) {
      const response = await call(
        'POST',
        '/rest/user/changePassword',
        { currentPassword: PASSWORD, newPassword: 'taken-over-1' },
        token,
        tenant,
      );
      expect(response.statusCode).toBe(403);
    }
  });
});

describe("a staff member's login is an admin's to manage", () => {
  it("front desk cannot change an admin's email nor send them account emails; an admin can", async () => {
    const adminId = s.a.users.admin.id;
    const desk = tokens.frontdesk as string;
    const takeover = await call('PUT', `/rest/contact/${adminId}`, { email: unique('thief') }, desk);
    expect(takeover.statusCode).toBe(403);
    expect(errorOf(takeover.body).message).toBe("Only an administrator can change a staff member's login details.");
    const reset = await call('PUT', '/rest/contact/reset', { contactId: adminId }, desk);
    expect(reset.statusCode).toBe(403);
    const credentials = await call('POST', '/rest/message/sendCredentials', { contactId: s.a.users.staff.id }, desk);
    expect(credentials.statusCode).toBe(403);
    const verify = await call('PUT', `/rest/contact/${adminId}/verification`, { redirectUrl: '/login' }, desk);
    expect(verify.statusCode).toBe(403);
    // nothing changed: the admin still signs in with the old address
    expect((await signIn(s.a, s.a.users.admin.email, PASSWORD)).statusCode).toBe(200);
    // other fields of a staff contact stay editable, and an admin may change the email
    expect((await call('PUT', `/rest/contact/${s.a.users.staff.id}`, { phone: '+1 555 0199' }, desk)).statusCode).toBe(
      200,
    );
    const byAdmin = await call('PUT', `/rest/contact/${s.a.users.staff.id}`, { email: unique('staff') });
    expect(byAdmin.statusCode).toBe(200);
  });

  it("front desk may change a member's email, which then counts as unverified", async () => {
    const member = await createContactVia(s.app, s.a, tokens.frontdesk as string, {
      firstName: 'Vera',
      email: unique('v'),
    });
    await s.app.inject({
      method: 'PUT',
      url: `/rest/contact/${member.guId}`,
      headers: bearer(tokens.admin as string, s.a.host),
      payload: { email: unique('v2') },
    });
    const changed = await call('PUT', `/rest/contact/${member.guId}`, { email: unique('v3') }, tokens.frontdesk);
    expect(changed.statusCode).toBe(200);
    expect(json<ContactDetail>(changed).isEmailVerified).toBe(false);
  });
});

describe('the contact edit checks the caller before the body', () => {
  it('a front desk without "manage contacts" gets 403 even for a malformed edit, and a student too', async () => {
    const target = s.b.users.student.id;
    const bad = { email: 'not an email', phone: 12 };
    const desk = await call('PUT', `/rest/contact/${target}`, bad, tokens.frontdeskB, s.b);
    expect(desk.statusCode).toBe(403);
    const student = await call('PUT', `/rest/contact/${s.a.users.student.id}`, bad, tokens.student, s.a);
    expect(student.statusCode).toBe(403);
  });
});

describe("a member's account detail on the Users screens", () => {
  it('is hidden (404) from a front desk without "manage contacts"; staff users stay readable', async () => {
    const member = await call('GET', `/rest/contact/${s.b.users.student.id}/roles`, undefined, tokens.frontdeskB, s.b);
    expect(member.statusCode).toBe(404);
    const colleague = await call('GET', `/rest/contact/${s.b.users.staff.id}/roles`, undefined, tokens.frontdeskB, s.b);
    expect(colleague.statusCode).toBe(200);
    const byAdmin = await call('GET', `/rest/contact/${s.b.users.student.id}/roles`, undefined, tokens.adminB, s.b);
    expect(byAdmin.statusCode).toBe(200);
  });
});
