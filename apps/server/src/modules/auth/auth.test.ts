import { REGISTRATION_ADDRESS_TAKEN, REGISTRATION_CONFIRMED, REGISTRATION_LINK_INVALID } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { App } from '../../app.ts';
import { createUsers } from '../../seed/tenants.ts';
import { FORGOT_PASSWORD_SENT } from './auth.service.ts';
import { REGISTRATION_SENT } from './registration.ts';

let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url, loginMaxAttemptsPerAccount: 3, loginMaxAttemptsPerIp: 6 });
  a = await newTenant(app);
  b = await newTenant(app);
});
afterAll(() => smtp.close());

function post(url: string, host: string, payload: unknown, remoteAddress = '10.0.0.1') {
  return app.inject({ method: 'POST', url, headers: { host }, payload: payload as object, remoteAddress });
}

describe('login', () => {
  it.each(['/login', '/public/user/signin'])('answers tokens, tenant and contact at %s', async (url) => {
    const response = await post(url, a.host, { tid: a.orgId, userId: a.users.admin.email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = json<Record<string, any>>(response);
    expect(body.access_token).toMatch(/^ey/);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(body.tenant.orgId).toBe(a.orgId);
    expect(body.contact).toMatchObject({ email: a.users.admin.email, role: 'admin', orgId: a.orgId });
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
  });

  it('logs in every role and carries the role in the contact', async () => {
    for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
      const body = await loginAs(app, a, role, `10.1.0.${role.length}`);
      expect(body.contact.role).toBe(role);
    }
  });

  it('answers unknown user and wrong password alike', async () => {
    const unknown = await post('/login', a.host, { userId: 'nobody@x.test', password: PASSWORD }, '10.2.0.1');
    const wrong = await post('/login', a.host, { userId: a.users.staff.email, password: 'wrong-password' }, '10.2.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    // Alike but for each answer's own request id.
    expect({ ...json(unknown), requestId: 0 }).toEqual({ ...json(wrong), requestId: 0 });
    expect(json(unknown)).toMatchObject({
      errors: { message: 'Invalid email or password.', code: 'invalid_credentials' },
    });
  });

  it("never logs a user into another tenant: tenant B's host or tid does not accept tenant A's user", async () => {
    const otherHost = await post('/login', b.host, { userId: a.users.admin.email, password: PASSWORD }, '10.3.0.1');
    expect(otherHost.statusCode).toBe(401);
    const otherTid = await post(
      '/login',
      a.host,
      { tid: b.orgId, userId: a.users.admin.email, password: PASSWORD },
      '10.3.0.2',
    );
    expect(otherTid.statusCode).toBe(401);
  });

  it('rejects bad input with a 400 naming the field', async () => {
    const missing = await post('/login', a.host, { userId: a.users.admin.email }, '10.4.0.1');
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({
      errors: { message: 'password is required', code: 'invalid_input', field: 'password' },
    });
    const notJson = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: a.host, 'content-type': 'application/json' },
      payload: '{"userId":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(json<any>(notJson).errors.message).toBeTruthy();
    expect(notJson.body).not.toMatch(/at .*\.ts/);
  });

  it("slows one account's guesses from one IP with a clear 429, and never locks the owner out from another IP", async () => {
    const email = a.users.frontdesk.email;
    for (let i = 0; i < 3; i++) {
      expect((await post('/login', a.host, { userId: email, password: 'nope-nope' }, '10.5.0.1')).statusCode).toBe(401);
    }
    const blocked = await post('/login', a.host, { userId: email, password: PASSWORD }, '10.5.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(json<any>(blocked).errors.message).toBe('Too many login attempts. Please try again in 1 minute.');
    // the same failures spread over other IPs do not add up to a lockout either
    for (let i = 2; i < 5; i++) await post('/login', a.host, { userId: email, password: 'nope-nope' }, `10.5.0.${i}`);
    // the owner, from their own IP, signs in
    expect((await post('/login', a.host, { userId: email, password: PASSWORD }, '10.5.0.9')).statusCode).toBe(200);
  });

  it('over the account-wide ceiling, only IPs the account signed in from before may try it', async () => {
    const t = await newTenant(app);
    const email = t.users.staff.email;
    expect((await post('/login', t.host, { userId: email, password: PASSWORD }, '10.5.1.1')).statusCode).toBe(200);
    // ten times the per-(account, IP) number, each from its own IP: a distributed guess
    for (let i = 0; i < 30; i++) {
      const guess = await post('/login', t.host, { userId: email, password: 'nope-nope' }, `10.5.2.${i}`);
      expect(guess.statusCode).toBe(401);
    }
    const fresh = await post('/login', t.host, { userId: email, password: PASSWORD }, '10.5.3.1');
    expect(fresh.statusCode).toBe(429);
    expect((await post('/login', t.host, { userId: email, password: PASSWORD }, '10.5.1.1')).statusCode).toBe(200);
  });

  it('counts each guess before its password check: 10 at once from one IP, only 3 are checked', async () => {
    const t = await newTenant(app);
    const email = t.users.staff.email;
    // the owner signed in from home before
    expect((await post('/login', t.host, { userId: email, password: PASSWORD }, '10.5.4.1')).statusCode).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => post('/login', t.host, { userId: email, password: 'nope-nope' }, '10.5.4.2')),
    );
    const statuses = guesses.map((guess) => guess.statusCode);
    // a 401 is a guess that reached the password check; the rest got the limit's answer
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // the right password waits too from the guessing IP, and works from the owner's known one
    expect((await post('/login', t.host, { userId: email, password: PASSWORD }, '10.5.4.2')).statusCode).toBe(429);
    expect((await post('/login', t.host, { userId: email, password: PASSWORD }, '10.5.4.1')).statusCode).toBe(200);
  });

  it('never counts a right password as a failure, one after another or suspended', async () => {
    const t = await newTenant(app);
    for (let i = 0; i < 5; i++) {
      const ok = await post('/login', t.host, { userId: t.users.admin.email, password: PASSWORD }, '10.5.5.1');
      expect(ok.statusCode).toBe(200);
    }
    await createUsers(app.platform.db, t.tenantId, [
      { email: `away@${t.orgId}.test`, password: PASSWORD, name: 'Away', role: 'staff', isSuspended: true },
    ]);
    for (let i = 0; i < 5; i++) {
      const away = await post('/login', t.host, { userId: `away@${t.orgId}.test`, password: PASSWORD }, '10.5.5.2');
      expect(away.statusCode).toBe(403);
    }
    const failures = await app.platform.database.sql.query(
      `select count(*)::int as n from auth_attempts where tenant_id = '${t.tenantId}' and action = 'login_failed'`,
    );
    expect(failures.rows[0]).toEqual({ n: 0 });
  });

  it('limits failed attempts per IP across accounts', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < 6; i++) {
      await post('/login', a.host, { userId: `guess${i}@x.test`, password: 'nope-nope' }, ip);
    }
    const blocked = await post('/login', a.host, { userId: a.users.admin.email, password: PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
  });

  it('refuses a suspended account', async () => {
    await createUsers(app.platform.db, a.tenantId, [
      { email: 'gone@x.test', password: PASSWORD, name: 'Gone', role: 'staff', isSuspended: true },
    ]);
    const response = await post('/login', a.host, { userId: 'gone@x.test', password: PASSWORD }, '10.7.0.1');
    expect(response.statusCode).toBe(403);
    expect(json<any>(response).errors.code).toBe('account_suspended');
  });
});

describe('refresh tokens', () => {
  it.each(['/refresh-access-token', '/public/auth/refresh'])('rotate at %s', async (url) => {
    const session = await loginAs(app, a, 'staff', '10.8.0.1');
    const rotated = await post(url, a.host, { token: session.refresh_token });
    expect(rotated.statusCode).toBe(200);
    const next = json<{ access_token: string; refresh_token: string }>(rotated);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    const again = await post(url, a.host, { token: next.refresh_token });
    expect(again.statusCode).toBe(200);
  });

  it('reuse of a used token revokes the whole family', async () => {
    const session = await loginAs(app, a, 'student', '10.9.0.1');
    const first = json<{ refresh_token: string }>(
      await post('/refresh-access-token', a.host, { token: session.refresh_token }),
    );
    const reuse = await post('/refresh-access-token', a.host, { token: session.refresh_token });
    expect(reuse.statusCode).toBe(401);
    // the thief's reuse also kills the legitimate newer token
    const legit = await post('/refresh-access-token', a.host, { token: first.refresh_token });
    expect(legit.statusCode).toBe(401);
  });

  it('a token of tenant A is worthless on tenant B', async () => {
    const session = await loginAs(app, a, 'admin', '10.10.0.1');
    const refresh = await post('/refresh-access-token', b.host, { token: session.refresh_token });
    expect(refresh.statusCode).toBe(401);
    const reinit = await app.inject({ url: '/rest/reInitInfo', headers: bearer(session.access_token, b.host) });
    expect(reinit.statusCode).toBe(401);
  });

  it('rejects an empty token with a 400', async () => {
    const response = await post('/refresh-access-token', a.host, { token: '' });
    expect(response.statusCode).toBe(400);
    expect(json<any>(response).errors.field).toBe('token');
  });
});

describe('session', () => {
  it('reInitInfo restores the session at both paths', async () => {
    const session = await loginAs(app, a, 'staff', '10.11.0.1');
    for (const url of ['/rest/reInitInfo?preview=false', '/rest/reinitinfo/token/validate']) {
      const response = await app.inject({ url, headers: bearer(session.access_token, a.host) });
      expect(response.statusCode).toBe(200);
      const body = json<any>(response);
      expect(body.contact.role).toBe('staff');
      expect(body.tenant.orgId).toBe(a.orgId);
      expect(body.access_token).toMatch(/^ey/);
    }
  });

  it('gives staff a student token for Student Preview, and refuses students', async () => {
    const staff = await loginAs(app, a, 'admin', '10.12.0.1');
    const preview = await app.inject({
      url: '/rest/reInitInfo?preview=true',
      headers: bearer(staff.access_token, a.host),
    });
    expect(preview.statusCode).toBe(200);
    const body = json<any>(preview);
    expect(body.contact.role).toBe('student');
    expect(body.refresh_token).toBeNull();
    // the preview token is a student token: staff calls refuse it
    const staffCall = await app.inject({
      url: '/rest/contact?userType=admin',
      headers: bearer(body.access_token, a.host),
    });
    expect(staffCall.statusCode).toBe(403);

    const student = await loginAs(app, a, 'student', '10.12.0.2');
    const refused = await app.inject({
      url: '/rest/reInitInfo?preview=true',
      headers: bearer(student.access_token, a.host),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('needs a token, and a valid one', async () => {
    expect((await app.inject({ url: '/rest/reInitInfo', headers: { host: a.host } })).statusCode).toBe(401);
    const forged = await app.inject({ url: '/rest/reInitInfo', headers: bearer('eyJhbGciOiJub25lIn0.e30.', a.host) });
    expect(forged.statusCode).toBe(401);
  });

  it.each(['/app/logout', '/public/user/logout'])(
    '%s ends the session: its refresh token stops working',
    async (url) => {
      const session = await loginAs(app, a, 'staff', '10.13.0.1');
      const out = await app.inject({ method: 'POST', url, headers: bearer(session.access_token, a.host) });
      expect(out.statusCode).toBe(200);
      const refresh = await post('/refresh-access-token', a.host, { token: session.refresh_token });
      expect(refresh.statusCode).toBe(401);
    },
  );
});

describe('registration', () => {
  const register = (host: string, payload: object, ip = '10.14.9.9') =>
    post('/public/user/registration', host, payload, ip);
  const confirm = (host: string, payload: object, ip = '10.14.8.8') =>
    post('/public/user/registration/confirm', host, payload, ip);
  const tokenIn = (text: string, host: string) =>
    new URL(
      text.match(new RegExp(`http://${host}/register/confirm\\?token=[A-Za-z0-9_%-]+`))?.[0] ?? 'http://x/',
    ).searchParams.get('token') ?? '';

  it('emails a link to a page where the mailbox owner chooses the password: opening it creates nothing, the page’s POST creates the student once', async () => {
    const response = await register(a.host, {
      orgId: a.orgId,
      email: 'New.Member@Example.test',
      password: 'typed-by-whoever',
      name: 'Nia',
      lastName: 'Member',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: REGISTRATION_SENT });
    const mail = await smtp.waitFor('new.member@example.test');
    expect(mail.text).toContain('choose your password');
    const token = tokenIn(mail.text, a.host);
    expect(token).not.toBe('');

    // What a mail scanner or a click does: the link (and the older link form) creates nothing.
    const older = await app.inject({
      url: `/public/user/registration/confirm?token=${encodeURIComponent(token)}`,
      headers: { host: a.host },
    });
    expect({ status: older.statusCode, location: older.headers.location }).toEqual({
      status: 302,
      location: `/register/confirm?token=${encodeURIComponent(token)}`,
    });
    const typed = { userId: 'new.member@example.test', password: 'typed-by-whoever' };
    expect((await post('/login', a.host, typed, '10.14.0.1')).statusCode).toBe(401);

    const confirmed = await confirm(a.host, { token, password: 'chosen-by-owner' });
    expect(confirmed.statusCode).toBe(200);
    // the new member is signed in at once (issue 29), with no class picked
    expect(json<any>(confirmed)).toMatchObject({
      message: REGISTRATION_CONFIRMED,
      pendingEvent: null,
      contact: { email: 'new.member@example.test', role: 'student', isEmailVerified: true },
    });
    const signedIn = await app.inject({
      url: '/rest/user/profile',
      headers: bearer(json<any>(confirmed).access_token, a.host),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The password typed at registration never opens the account; the one chosen on the page does.
    expect((await post('/login', a.host, typed, '10.14.0.2')).statusCode).toBe(401);
    const login = await post(
      '/login',
      a.host,
      { userId: 'new.member@example.test', password: 'chosen-by-owner' },
      '10.14.0.1',
    );
    expect(login.statusCode).toBe(200);
    expect(json<any>(login).contact).toMatchObject({
      email: 'new.member@example.test',
      role: 'student',
      fullName: 'Nia Member',
      isEmailVerified: true,
    });
    const again = await confirm(a.host, { token, password: 'chosen-again-1' });
    expect(again.statusCode).toBe(400);
    expect(json<any>(again).errors).toMatchObject({ field: 'token', message: REGISTRATION_LINK_INVALID });
  });

  it('keeps the class the visitor picked through the email and hands it back, signed in, at the confirmation', async () => {
    const pick = { classId: 'class-1', clsStartTime: '2026-12-02T09:00', scheduleId: 'session-1' };
    const response = await register(a.host, { email: 'picker@example.test', name: 'Pia', pendingEvent: pick });
    expect(response.statusCode, response.body).toBe(200);
    const token = tokenIn((await smtp.waitFor('picker@example.test')).text, a.host);
    const confirmed = await confirm(a.host, { token, password: 'chosen-by-pia' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = json<any>(confirmed);
    expect(body.pendingEvent).toEqual(pick);
    expect(body.contact).toMatchObject({ email: 'picker@example.test', role: 'student' });
    expect(typeof body.refresh_token).toBe('string');
    // a malformed pick is refused, naming the field
    const bad = await register(a.host, { email: 'bad-pick@example.test', name: 'B', pendingEvent: { classId: '' } });
    expect(bad.statusCode).toBe(400);
    expect(json<any>(bad).errors.field).toMatch(/^pendingEvent/);
  });

  it('answers a taken email exactly as a free one, and emails the owner instead of creating anything', async () => {
    const free = await register(a.host, { email: `free.${a.orgId}@x.test`, password: 'a-long-password', name: 'X' });
    const taken = await register(a.host, { email: a.users.admin.email, password: 'a-long-password', name: 'X' });
    expect({ status: taken.statusCode, body: taken.body }).toEqual({ status: free.statusCode, body: free.body });
    const mail = await smtp.waitFor(a.users.admin.email);
    expect(mail.text).toContain('tried to register');
    expect(mail.text).toContain(`http://${a.host}/forgot-password`);
    expect(mail.text).not.toContain('register/confirm');
    expect((await loginAs(app, a, 'admin', '10.14.0.4')).contact.role).toBe('admin');
  });

  it('refuses a bad email and no name, naming the field; needs no password; the page refuses a short one and keeps the link', async () => {
    const bad = await register(a.host, { email: 'not-an-email', name: 'X' });
    expect(json<any>(bad).errors.field).toBe('email');
    const noName = await register(a.host, { email: 'noname@x.test' });
    expect(json<any>(noName).errors).toMatchObject({ field: 'name', message: 'name is required' });
    expect((await register(a.host, { email: 'nopassword@x.test', name: 'N' })).statusCode).toBe(200);
    const token = tokenIn((await smtp.waitFor('nopassword@x.test')).text, a.host);
    const short = await confirm(a.host, { token, password: 'short' });
    expect(json<any>(short).errors).toMatchObject({
      field: 'password',
      message: 'password must be at least 8 characters',
    });
    expect((await confirm(a.host, { token, password: 'long-enough-1' })).statusCode).toBe(200);
  });

  it('creates nothing when the address got an account meanwhile', async () => {
    await register(a.host, { email: 'meanwhile@x.test', name: 'M' });
    const token = tokenIn((await smtp.waitFor('meanwhile@x.test')).text, a.host);
    await createUsers(app.platform.db, a.tenantId, [
      { email: 'meanwhile@x.test', password: PASSWORD, name: 'Staff-made', role: 'student' },
    ]);
    const late = await confirm(a.host, { token, password: 'chosen-by-owner' });
    expect(late.statusCode).toBe(400);
    expect(json<any>(late).errors).toMatchObject({ field: 'token', message: REGISTRATION_ADDRESS_TAKEN });
    const login = await post('/login', a.host, { userId: 'meanwhile@x.test', password: PASSWORD }, '10.14.0.5');
    expect(json<any>(login).contact.name).toBe('Staff-made');
  });

  it('a registration link of tenant B creates nothing on tenant A, and still works on B', async () => {
    await register(b.host, { email: 'only-b@x.test', name: 'B' });
    const token = tokenIn((await smtp.waitFor('only-b@x.test')).text, b.host);
    const onA = await confirm(a.host, { token, password: 'a-long-password' });
    expect(json<any>(onA).errors).toMatchObject({ field: 'token', message: REGISTRATION_LINK_INVALID });
    const credentials = { userId: 'only-b@x.test', password: 'a-long-password' };
    expect((await post('/login', a.host, credentials, '10.14.0.3')).statusCode).toBe(401);
    expect((await confirm(b.host, { token, password: 'a-long-password' })).statusCode).toBe(200);
    expect((await post('/login', b.host, credentials, '10.14.0.3')).statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('emails a working reset link over SMTP, which works once', async () => {
    const email = a.users.student.email;
    for (const url of ['/rest/user/forgotPassword', '/public/user/forgotPassword']) {
      const response = await post(url, a.host, { orgId: a.orgId, email });
      expect(response.statusCode).toBe(200);
    }
    await app.platform.outbox.kick();
    const mail = await smtp.waitFor(email);
    const link = mail.text.match(/http:\/\/[^\s]+\/reset-password\?token=([A-Za-z0-9_%-]+)/);
    expect(link?.[0]).toContain(`http://${a.host}/reset-password?token=`);
    const token = decodeURIComponent(link?.[1] ?? '');

    const reset = await post('/public/user/resetPassword', a.host, { token, password: 'brand-new-password' });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/login', a.host, { userId: email, password: 'brand-new-password' }, '10.15.0.1')).statusCode,
    ).toBe(200);
    expect((await post('/login', a.host, { userId: email, password: PASSWORD }, '10.15.0.2')).statusCode).toBe(401);

    const again = await post('/public/user/resetPassword', a.host, { token, password: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(json<any>(again).errors).toMatchObject({
      field: 'token',
      message: 'This password reset link is invalid or has expired.',
    });
  });

  it('sends at most three emails to one address per window, however many times it is asked, from however many IPs', async () => {
    const t = await newTenant(app);
    const email = t.users.student.email;
    for (let i = 0; i < 20; i++) {
      const response = await post('/public/user/forgotPassword', t.host, { email }, `10.16.0.${i}`);
      expect(json(response)).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    await vi.waitFor(() => expect(smtp.received.filter((mail) => mail.to.includes(email)).length).toBe(3), {
      timeout: 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.platform.outbox.kick();
    expect(smtp.received.filter((mail) => mail.to.includes(email)).length).toBe(3);
  });

  it('counts every address asked for from one IP, known or not, and then sends nothing', async () => {
    const t = await newTenant(app);
    const ip = '10.16.1.1';
    for (let i = 0; i < 6; i++) await post('/public/user/forgotPassword', t.host, { email: `nobody${i}@x.test` }, ip);
    const known = await post('/public/user/forgotPassword', t.host, { email: t.users.staff.email }, ip);
    expect(json(known)).toEqual({ message: FORGOT_PASSWORD_SENT });
    // another IP still gets its email through
    await post('/public/user/forgotPassword', t.host, { email: t.users.admin.email }, '10.16.1.2');
    await smtp.waitFor(t.users.admin.email);
    await app.platform.outbox.kick();
    expect(smtp.received.some((mail) => mail.to.includes(t.users.staff.email))).toBe(false);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const known = await post('/rest/user/forgotPassword', b.host, { email: b.users.admin.email });
    const unknown = await post('/rest/user/forgotPassword', b.host, { email: 'nobody@nowhere.test' });
    expect(unknown.statusCode).toBe(200);
    expect(json(unknown)).toEqual(json(known));
    await app.platform.outbox.kick();
    expect(smtp.received.some((mail) => mail.to.includes('nobody@nowhere.test'))).toBe(false);
  });

  it('a reset token of tenant A does nothing on tenant B', async () => {
    await post('/rest/user/forgotPassword', a.host, { email: a.users.staff.email });
    await app.platform.outbox.kick();
    const mail = await smtp.waitFor(a.users.staff.email);
    const token = decodeURIComponent(mail.text.match(/token=([A-Za-z0-9_%-]+)/)?.[1] ?? '');
    const onB = await post('/public/user/resetPassword', b.host, { token, password: 'brand-new-password' });
    expect(onB.statusCode).toBe(400);
  });
});

describe('POST /fauth/fauth/resetpwd (the spec’s path on the same handler)', () => {
  it('sets the new password with a reset token, once; names the field; another tenant’s token or host does nothing', async () => {
    const t = await newTenant(app);
    const email = t.users.frontdesk.email;
    await post('/rest/user/forgotPassword', t.host, { email });
    await app.platform.outbox.kick();
    const mail = await smtp.waitFor(email);
    const token = decodeURIComponent(mail.text.match(/token=([A-Za-z0-9_%-]+)/)?.[1] ?? '');

    const missing = await post('/fauth/fauth/resetpwd', t.host, { token });
    expect(missing.statusCode).toBe(400);
    expect(json<any>(missing).errors).toMatchObject({ field: 'password' });
    expect((await post('/fauth/fauth/resetpwd', b.host, { token, password: 'fauth-new-password' })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/fauth/fauth/resetpwd', 'nosuch.localhost', { token, password: 'fauth-new-password' })).statusCode,
    ).toBe(404);

    const reset = await post('/fauth/fauth/resetpwd', t.host, { token, password: 'fauth-new-password' });
    expect(reset.statusCode).toBe(200);
    expect(json(reset)).toEqual({ message: 'Your password has been changed. Please log in.' });
    expect(
      (await post('/login', t.host, { userId: email, password: 'fauth-new-password' }, '10.15.9.9')).statusCode,
    ).toBe(200);
    const again = await post('/fauth/fauth/resetpwd', t.host, { token, password: 'another-password' });
    expect(json<any>(again).errors).toMatchObject({ field: 'token' });
  });
});

describe('unknown tenant', () => {
  it('answers 404 with the spec message for calls that need a tenant', async () => {
    const response = await post('/login', 'nosuch.localhost', { userId: 'a@b.test', password: 'x' });
    expect(response.statusCode).toBe(404);
    expect(json<any>(response).errors.message).toBe('no valid orgId found for account');
  });
});
