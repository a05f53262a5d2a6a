import {
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGED,
  emailChangeSent,
  type ProfileResponse,
  SAME_EMAIL,
} from '@atrium/contracts';
import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { NOT_YOUR_PROFILE } from './profile.service.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;

type Method = 'GET' | 'PUT' | 'POST';
const call = (token: string, tenant: TestTenant, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token, tenant.host), payload });
const field = (response: LightMyRequestResponse) => json<any>(response).errors;

/** The link of the newest email to an address, as its owner would open it. */
const linkTo = (tenant: TestTenant, email: string) =>
  vi.waitFor(
    async () => {
      const mails = await app.platform.db
        .select({ text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.tenantId, tenant.tenantId),
            eq(outboxEmails.toAddress, email),
            like(outboxEmails.textBody, '%/email/confirm?token=%'),
          ),
        );
      const found = mails.at(-1)?.text.match(/https?:\/\/\S+\/email\/confirm\?token=\S+/)?.[0];
      if (!found) throw new Error(`no link to ${email}`);
      return new URL(found);
    },
    { timeout: 10_000, interval: 50 },
  );

const mailsTo = async (tenant: TestTenant, email: string) =>
  (
    await app.platform.db
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, tenant.tenantId), eq(outboxEmails.toAddress, email)))
  ).map((mail) => mail.subject);

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
});

describe('GET and PUT /rest/user/profile', () => {
  it('every role reads and changes its own name and phone, which the session then shows', async () => {
    for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
      const { access_token } = await loginAs(app, a, role);
      const read = await call(access_token, a, 'GET', '/rest/user/profile');
      expect(read.statusCode).toBe(200);
      expect(json<ProfileResponse>(read).contact).toMatchObject({ guId: a.users[role].id, email: a.users[role].email });
      const saved = await call(access_token, a, 'PUT', '/rest/user/profile', {
        name: ` Rae ${role} `,
        lastName: 'Okafor',
        phone: '+1 (555) 010-2030',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json<ProfileResponse>(saved).contact).toMatchObject({
        name: `Rae ${role}`,
        lastName: 'Okafor',
        fullName: `Rae ${role} Okafor`,
        phone: '+1 (555) 010-2030',
        role,
      });
      const info = await call(access_token, a, 'GET', '/rest/reInitInfo');
      expect(json<any>(info).contact).toMatchObject({ name: `Rae ${role}`, phone: '+1 (555) 010-2030' });
    }
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const { access_token } = await loginAs(app, a, 'student');
    const cases: Array<[object, string, string]> = [
      [{ name: ' ', lastName: 'O', phone: '' }, 'name', 'First name is required'],
      [{ name: 'R', lastName: '', phone: '' }, 'lastName', 'Last name is required'],
      [{ name: 'R', lastName: 'O', phone: 'call me' }, 'phone', 'Phone may hold only digits, spaces and + ( ) - .'],
      [{ name: 'x'.repeat(101), lastName: 'O', phone: '' }, 'name', 'First name must be at most 100 characters'],
      [{ name: 'R', lastName: 'O' }, 'phone', ''],
    ];
    const before = json<ProfileResponse>(await call(access_token, a, 'GET', '/rest/user/profile')).contact;
    for (const [body, name, message] of cases) {
      const response = await call(access_token, a, 'PUT', '/rest/user/profile', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(field(response).field).toBe(name);
      if (message) expect(field(response).message).toBe(message);
    }
    expect(json<ProfileResponse>(await call(access_token, a, 'GET', '/rest/user/profile')).contact).toEqual(before);
  });

  it('is refused to a visitor, to another tenant’s token, and to an admin acting as a member', async () => {
    expect((await app.inject({ url: '/rest/user/profile', headers: { host: a.host } })).statusCode).toBe(401);
    const other = await loginAs(app, b, 'admin');
    expect((await call(other.access_token, a, 'GET', '/rest/user/profile')).statusCode).toBe(401);
    const admin = await loginAs(app, a, 'admin');
    const acting = json<any>(await call(admin.access_token, a, 'GET', `/rest/contact/${a.users.student.id}/token`));
    const refused = await call(acting.access_token, a, 'PUT', '/rest/user/profile', {
      name: 'Not',
      lastName: 'Me',
      phone: '',
    });
    expect(refused.statusCode).toBe(403);
    expect(field(refused).message).toBe(NOT_YOUR_PROFILE);
  });
});

describe('changing one’s email address', () => {
  it('takes the current password, mails the new address, and changes only when its link is opened, once', async () => {
    const t = await newTenant(app);
    const { access_token } = await loginAs(app, t, 'staff');
    const wrong = await call(access_token, t, 'POST', '/rest/user/profile/email', {
      email: 'new.staff@x.test',
      currentPassword: 'not-it',
    });
    expect(wrong.statusCode).toBe(400);
    expect(field(wrong).field).toBe('currentPassword');
    const same = await call(access_token, t, 'POST', '/rest/user/profile/email', {
      email: t.users.staff.email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(field(same)).toMatchObject({ field: 'email', message: SAME_EMAIL });
    const bad = await call(access_token, t, 'POST', '/rest/user/profile/email', {
      email: 'nope',
      currentPassword: PASSWORD,
    });
    expect(field(bad)).toMatchObject({ field: 'email', message: 'Enter a valid email address' });

    const asked = await call(access_token, t, 'POST', '/rest/user/profile/email', {
      email: ' New.Staff@X.test ',
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(json<any>(asked).message).toBe(emailChangeSent('new.staff@x.test'));
    // nothing changes until the link is opened
    expect(json<ProfileResponse>(await call(access_token, t, 'GET', '/rest/user/profile')).contact.email).toBe(
      t.users.staff.email,
    );
    const link = await linkTo(t, 'new.staff@x.test');
    expect(link.origin).toBe(`http://${t.orgId}.localhost`);
    const token = link.searchParams.get('token');

    // another tenant's host does not know the link
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/public/user/email/confirm',
      headers: { host: b.host },
      payload: { token },
    });
    expect(field(elsewhere)).toMatchObject({ field: 'token', message: EMAIL_CHANGE_LINK_INVALID });

    const confirm = () =>
      app.inject({ method: 'POST', url: '/public/user/email/confirm', headers: { host: t.host }, payload: { token } });
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json<any>(confirmed).message).toBe(EMAIL_CHANGED);
    expect(field(await confirm())).toMatchObject({ field: 'token', message: EMAIL_CHANGE_LINK_INVALID });

    const login = (userId: string) =>
      app.inject({ method: 'POST', url: '/login', headers: { host: t.host }, payload: { userId, password: PASSWORD } });
    expect((await login('new.staff@x.test')).statusCode).toBe(200);
    expect((await login(t.users.staff.email)).statusCode).toBe(401);
    // the old address is told
    await vi.waitFor(
      async () =>
        expect(await mailsTo(t, t.users.staff.email)).toContain(`Your Studio ${t.orgId} email address was changed`),
      {
        timeout: 10_000,
      },
    );
  });

  it('answers the same for an address another account uses, and mails it nothing', async () => {
    const t = await newTenant(app);
    const { access_token } = await loginAs(app, t, 'student');
    const taken = t.users.staff.email;
    const asked = await call(access_token, t, 'POST', '/rest/user/profile/email', {
      email: taken,
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(json<any>(asked).message).toBe(emailChangeSent(taken));
    await app.platform.outbox.kick();
    expect(await mailsTo(t, taken)).toEqual([]);
  });
});
