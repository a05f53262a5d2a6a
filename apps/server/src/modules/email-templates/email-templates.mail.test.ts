import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, type TestTenant } from '../../../test/helpers.ts';
import { type SmtpTestServer, startAppWithSmtp } from '../../../test/mail-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contactCustomValues, customFields } from '../../db/schema/index.ts';

/** "The templates are used when the platform sends that email": the password reset, over real SMTP. */
let app: App;
let smtp: SmtpTestServer;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithSmtp());
});
afterAll(() => smtp.close());

const post = (url: string, host: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { host }, payload });

async function saveResetTemplate(
  tenant: TestTenant,
  template: string,
  subject = 'Hi {{firstname}}: {{orgname}} reset',
) {
  const token = (await loginAs(app, tenant, 'admin')).access_token;
  const response = await app.inject({
    method: 'POST',
    url: '/esend/etemplate',
    headers: bearer(token, tenant.host),
    payload: { name: 'Reset', subject, template, systemKey: 'password_reset' },
  });
  expect(response.statusCode).toBe(201);
  return json<any>(response).data.id as string;
}

async function requestReset(tenant: TestTenant, email: string) {
  expect((await post('/public/user/forgotPassword', tenant.host, { email })).statusCode).toBe(200);
  await app.platform.outbox.kick();
  return smtp.waitFor(email);
}

function resetToken(text: string): string {
  return decodeURIComponent(text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1] ?? '');
}

describe('password reset email shaped by the tenant template', () => {
  it('uses the subject and body with the standard and custom-field tags, and the link works', async () => {
    const tenant = await newTenant(app, { name: 'Lotus & Co' });
    const student = tenant.users.student;
    await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
      const [field] = await tx
        .insert(customFields)
        .values({ tenantId: tenant.tenantId, type: 'text', name: 'Belt', tag: 'belt' })
        .returning();
      await tx
        .insert(contactCustomValues)
        .values({ tenantId: tenant.tenantId, contactId: student.id, customFieldId: field?.id ?? '', value: '<Blue>' });
    });
    await saveResetTemplate(
      tenant,
      '<p>Dear {{firstname}} {{lastname}} ({{belt}}), {{unknowntag}}from {{orgname}}:</p><p><a href="{{resetlink}}">Pick a new password</a> within {{resetminutes}} minutes.</p>',
    );

    const mail = await requestReset(tenant, student.email);
    expect(mail.text).toMatch(/^Subject: Hi student: Lotus & Co reset$/m);
    // HTML part: values escaped, unknown tag empty, the link in the anchor
    expect(mail.text).toContain(`Dear student ${tenant.orgId} (&lt;Blue&gt;), from Lotus &amp; Co:`);
    expect(mail.text).toMatch(/<a href=3D"http:\/\/|<a href="http:\/\//);
    expect(mail.text).toContain('within 60 minutes');
    expect(mail.text).not.toContain('{{');
    // the plain-text part carries the link as text too
    expect(mail.text).toContain(`Pick a new password (http://${tenant.host}/reset-password?token=`);

    const token = resetToken(mail.text);
    expect(token).not.toBe('');
    const reset = await post('/public/user/resetPassword', tenant.host, { token, password: 'brand-new-password' });
    expect(reset.statusCode).toBe(200);
    const login = await post('/login', tenant.host, { userId: student.email, password: 'brand-new-password' });
    expect(login.statusCode).toBe(200);
  });

  it('appends the reset link when the template leaves it out', async () => {
    const tenant = await newTenant(app);
    await saveResetTemplate(tenant, '<p>Hello {{firstname}}, here is your link.</p>', 'Your link');
    const mail = await requestReset(tenant, tenant.users.staff.email);
    expect(mail.text).toMatch(/^Subject: Your link$/m);
    expect(mail.text).toContain('Hello staff, here is your link.');
    const token = resetToken(mail.text);
    const reset = await post('/public/user/resetPassword', tenant.host, { token, password: 'another-new-password' });
    expect(reset.statusCode).toBe(200);
  });

  it("a tenant without a template, or with another tenant's, gets the platform's email", async () => {
    const withTemplate = await newTenant(app);
    await saveResetTemplate(withTemplate, '<p>Custom body {{resetlink}}</p>', 'Custom subject');
    const plain = await newTenant(app);
    const mail = await requestReset(plain, plain.users.admin.email);
    expect(mail.text).toMatch(new RegExp(`^Subject: Reset your Studio ${plain.orgId} password$`, 'm'));
    expect(mail.text).not.toContain('Custom');
    const token = resetToken(mail.text);
    expect((await post('/public/user/resetPassword', plain.host, { token, password: PASSWORD })).statusCode).toBe(200);
  });
});
