import { type ContactDetail, OTP_EXPIRED, OTP_NOT_ACCEPTED, OTP_WRONG } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { contactOtps } from '../../db/schema/index.ts';
import { createContactVia, errorOf, studiosWithMail } from './contact-fixtures.ts';
import { STAFF_LOGIN_ADMIN_ONLY } from './contact-permission.ts';

const s = studiosWithMail();
const { tokens } = s;

const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@otp.test`;
let nextIp = 1;
/** Each test guesses from its own address, so the per-IP limit is only met where a test wants it. */
const newIp = () => `10.0.0.${nextIp++}`;

const sendOtp = (id: string, token = tokens.admin as string, tenant = s.a) =>
  s.app.inject({ method: 'PUT', url: `/rest/contact/${id}/otp`, headers: bearer(token, tenant.host) });

const verify = (email: string, code: string, remoteAddress: string, tenant = s.a) =>
  s.app.inject({
    method: 'POST',
    url: '/public/user/verifyOtp',
    headers: { host: tenant.host },
    remoteAddress,
    payload: { email, code },
  });

/** The codes mailed to `email`, oldest first. */
async function codesTo(email: string, count = 1): Promise<string[]> {
  await s.app.platform.outbox.kick();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = s.smtp.received.filter((mail) => mail.to.includes(email));
    if (mails.length >= count) return mails.map((mail) => mail.text.match(/\n(\d{6})\r?\n/)?.[1] ?? '');
    if (Date.now() > deadline) throw new Error(`fewer than ${count} emails to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await s.app.platform.outbox.kick();
  }
}

const otpRows = (tenant: TestTenant, contactId: string) =>
  withTenant(s.app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(contactOtps)
      .where(and(eq(contactOtps.tenantId, tenant.tenantId), eq(contactOtps.contactId, contactId))),
  );

const isVerified = async (id: string) =>
  json<ContactDetail>(
    await s.app.inject({
      method: 'GET',
      url: `/rest/contact/${id}`,
      headers: bearer(tokens.admin as string, s.a.host),
    }),
  ).isEmailVerified;

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('PUT /rest/contact/{id}/otp and POST /public/user/verifyOtp', () => {
  it('emails a 6-digit code that verifies the address once; only its hash is stored', async () => {
    const email = unique('once');
    const member = await createContactVia(s.app, s.a, tokens.frontdesk as string, { firstName: 'Olga', email });
    const sent = await sendOtp(member.guId, tokens.frontdesk);
    expect(sent.statusCode).toBe(200);
    expect(json(sent)).toEqual({ message: `Sent a verification code to ${email}.` });
    const [code] = await codesTo(email);
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await otpRows(s.a, member.guId);
    expect(row?.purpose).toBe('verify_email');
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    expect(await isVerified(member.guId)).toBe(false);
    const ip = newIp();
    const ok = await verify(email.toUpperCase(), ` ${code} `, ip);
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ message: 'Your email address is verified.' });
    expect(await isVerified(member.guId)).toBe(true);
    const again = await verify(email, code as string, ip);
    expect({ status: again.statusCode, error: errorOf(again.body) }).toEqual({
      status: 400,
      error: { code: 'invalid_input', field: 'code', message: OTP_NOT_ACCEPTED },
    });
  });

  it('counts wrong codes: after 5 tries the code is dead, even the right one', async () => {
    const email = unique('tries');
    const member = await createContactVia(s.app, s.a, tokens.admin as string, { firstName: 'Tim', email });
    expect((await sendOtp(member.guId)).statusCode).toBe(200);
    const [code = ''] = await codesTo(email);
    const ip = newIp();
    for (let i = 1; i <= 5; i++) {
      const wrong = await verify(email, wrongOf(code), ip);
      expect(wrong.statusCode).toBe(400);
      expect((await otpRows(s.a, member.guId))[0]?.attempts).toBe(i);
    }
    const sixth = await verify(email, code, ip);
    expect({ status: sixth.statusCode, message: errorOf(sixth.body).message }).toEqual({
      status: 400,
      message: OTP_NOT_ACCEPTED,
    });
    expect(await isVerified(member.guId)).toBe(false);

    // Four wrong tries leave the fifth one to the right code.
    expect((await sendOtp(member.guId)).statusCode).toBe(200);
    const [, fresh = ''] = await codesTo(email, 2);
    for (let i = 0; i < 4; i++) expect((await verify(email, wrongOf(fresh), ip)).statusCode).toBe(400);
    expect((await verify(email, fresh, ip)).statusCode).toBe(200);
    expect(await isVerified(member.guId)).toBe(true);
  });

  it('refuses an expired code, and a newer code kills the older one', async () => {
    const email = unique('expiry');
    const member = await createContactVia(s.app, s.a, tokens.admin as string, { firstName: 'Eve', email });
    expect((await sendOtp(member.guId)).statusCode).toBe(200);
    const [code = ''] = await codesTo(email);
    await withTenant(s.app.platform.db, s.a.tenantId, (tx) =>
      tx
        .update(contactOtps)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(contactOtps.tenantId, s.a.tenantId), eq(contactOtps.contactId, member.guId))),
    );
    const ip = newIp();
    expect((await verify(email, code, ip)).statusCode).toBe(400);
    expect(await isVerified(member.guId)).toBe(false);

    expect((await sendOtp(member.guId)).statusCode).toBe(200);
    expect((await sendOtp(member.guId)).statusCode).toBe(200);
    const [, older = '', newer = ''] = await codesTo(email, 3);
    if (older !== newer) expect((await verify(email, older, ip)).statusCode).toBe(400);
    const rows = await otpRows(s.a, member.guId);
    expect(rows.filter((row) => row.usedAt === null)).toHaveLength(1);
    expect((await verify(email, newer, ip)).statusCode).toBe(200);
  });

  it('gives one answer for an unknown address, a wrong code and another tenant, and limits guesses per IP', async () => {
    const email = unique('enum');
    const member = await createContactVia(s.app, s.a, tokens.admin as string, { firstName: 'Nina', email });
    expect((await sendOtp(member.guId)).statusCode).toBe(200);
    const [code = ''] = await codesTo(email);
    const ip = newIp();
    const unknown = await verify(unique('nobody'), code, ip);
    const wrong = await verify(email, wrongOf(code), ip);
    const otherTenant = await verify(email, code, ip, s.b);
    const noCode = await verify(s.a.users.student.email, code, ip);
    for (const answer of [unknown, wrong, otherTenant, noCode]) {
      // The same answer, but for each request's own id.
      const body = (text: string) => ({ ...JSON.parse(text), requestId: 0 });
      expect({ status: answer.statusCode, body: body(answer.body) }).toEqual({
        status: wrong.statusCode,
        body: body(wrong.body),
      });
    }
    expect(errorOf(wrong.body).message).toBe(OTP_NOT_ACCEPTED);
    expect(await isVerified(member.guId)).toBe(false);

    const limit = s.app.platform.config.loginMaxAttemptsPerIp;
    const busyIp = newIp();
    for (let i = 0; i < limit; i++) expect((await verify(unique(`guess${i}`), '000000', busyIp)).statusCode).toBe(400);
    const blocked = await verify(email, code, busyIp);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked.body).message).toMatch(/^Too many attempts/);
    // Another address is not held back by it.
    expect((await verify(email, code, newIp())).statusCode).toBe(200);
  });

  it('needs "manage contacts", a staff contact needs an admin, another tenant is a 404, and the usual refusals', async () => {
    const member = await createContactVia(s.app, s.a, tokens.admin as string, { firstName: 'Rita' });
    expect((await sendOtp(member.guId, tokens.student)).statusCode).toBe(403);
    expect((await sendOtp(member.guId, tokens.adminB, s.b)).statusCode).toBe(404);
    const theirs = await createContactVia(s.app, s.b, tokens.adminB as string, { firstName: 'Theo' });
    expect((await sendOtp(theirs.guId, tokens.frontdeskB, s.b)).statusCode).toBe(403);
    expect((await sendOtp(theirs.guId)).statusCode).toBe(404);
    const staff = await sendOtp(s.a.users.admin.id, tokens.frontdesk);
    expect({ status: staff.statusCode, message: errorOf(staff.body).message }).toEqual({
      status: 403,
      message: STAFF_LOGIN_ADMIN_ONLY,
    });
    expect((await sendOtp(s.a.users.staff.id)).statusCode).toBe(200);
    expect((await sendOtp('x')).statusCode).toBe(400);
    const walkin = json<ContactDetail>(
      await s.app.inject({
        method: 'GET',
        url: '/snode/contact?userType=walkin',
        headers: bearer(tokens.admin as string, s.a.host),
      }),
    );
    expect((await sendOtp(walkin.guId)).statusCode).toBe(400);

    // Codes share the account emails' limit (5 per contact per 10 minutes).
    const busy = await createContactVia(s.app, s.a, tokens.admin as string, { firstName: 'Busy' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await sendOtp(busy.guId)).statusCode);
    for (let i = 0; i < 3; i++) {
      const response = await s.app.inject({
        method: 'PUT',
        url: `/rest/contact/${busy.guId}/verification`,
        headers: bearer(tokens.admin as string, s.a.host),
        payload: { redirectUrl: '/login' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /rest/user/verifyOtp', () => {
  it("verifies the signed-in member's own address, with the precise answers", async () => {
    const t = await newTenant(s.app);
    const admin = (await loginAs(s.app, t, 'admin')).access_token;
    const student = (await loginAs(s.app, t, 'student')).access_token;
    const own = (code: string, token = student) =>
      s.app.inject({
        method: 'POST',
        url: '/rest/user/verifyOtp',
        headers: bearer(token, t.host),
        remoteAddress: '10.1.0.1',
        payload: { code },
      });
    expect((await sendOtp(t.users.student.id, admin, t)).statusCode).toBe(200);
    const [code = ''] = await codesTo(t.users.student.email);
    expect((await own(code, 'not-a-token')).statusCode).toBe(401);
    expect((await own('12345')).statusCode).toBe(400);
    const wrong = await own(wrongOf(code));
    expect(errorOf(wrong.body).message).toBe(OTP_WRONG);
    for (let i = 0; i < 4; i++) await own(wrongOf(code));
    const dead = await own(code);
    expect({ status: dead.statusCode, message: errorOf(dead.body).message }).toEqual({
      status: 400,
      message: OTP_EXPIRED,
    });

    expect((await sendOtp(t.users.student.id, admin, t)).statusCode).toBe(200);
    const [, fresh = ''] = await codesTo(t.users.student.email, 2);
    // The admin's token cannot use the member's code (it checks the admin's own codes).
    expect(errorOf((await own(fresh, admin)).body).message).toBe(OTP_WRONG);
    const ok = await own(fresh);
    expect(ok.statusCode).toBe(200);
    const detail = await s.app.inject({
      method: 'GET',
      url: `/rest/contact/${t.users.student.id}`,
      headers: bearer(admin, t.host),
    });
    expect(json<ContactDetail>(detail).isEmailVerified).toBe(true);
  });
});

describe('POST /rest/user/otp (the verification wait)', () => {
  it('emails the signed-in member a code to their own address, which then verifies it', async () => {
    const t = await newTenant(s.app);
    const student = (await loginAs(s.app, t, 'student')).access_token;
    const ask = (token: string) =>
      s.app.inject({
        method: 'POST',
        url: '/rest/user/otp',
        headers: bearer(token, t.host),
        remoteAddress: '10.2.0.1',
      });
    expect((await ask('not-a-token')).statusCode).toBe(401);
    const sent = await ask(student);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<any>(sent).message).toBe(`Sent a verification code to ${t.users.student.email}.`);
    const [code = ''] = await codesTo(t.users.student.email);
    const ok = await s.app.inject({
      method: 'POST',
      url: '/rest/user/verifyOtp',
      headers: bearer(student, t.host),
      remoteAddress: '10.2.0.1',
      payload: { code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // another tenant's token is not a session on this host
    const other = (await loginAs(s.app, s.b, 'student')).access_token;
    expect((await ask(other)).statusCode).toBe(401);
  });
});
