import type { ContactCreate, ContactDetail } from '@atrium/contracts';
import { afterAll, beforeAll } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { App } from '../../app.ts';

/** Creates a contact through the API as the given staff token; fails the test on anything but 201. */
export async function createContactVia(
  app: App,
  tenant: TestTenant,
  token: string,
  body: Partial<ContactCreate> & { firstName: string },
): Promise<ContactDetail> {
  const response = await app.inject({
    method: 'POST',
    url: '/snode/contact',
    headers: bearer(token, tenant.host),
    payload: {
      lastName: 'Tester',
      email: `${body.firstName.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@x.test`,
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create contact: ${response.statusCode} ${response.body}`);
  return json<ContactDetail>(response);
}

export function errorOf(body: string): { message: string; code: string; field?: string } {
  return (JSON.parse(body) as { errors: { message: string; code: string; field?: string } }).errors;
}

/** Takes the "manage contacts" permission away from the tenant's front desk (Roles screen). */
export async function denyFrontDeskContacts(app: App, tenant: TestTenant, adminToken: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/rest/settings/roles',
    headers: bearer(adminToken, tenant.host),
    payload: {
      tenantRoles: [
        {
          role: 'ROLE_FRONTDESK',
          isAllowCreateClasses: false,
          isShowCourse: false,
          isShowContactsList: false,
          isShowOffers: false,
        },
      ],
    },
  });
  if (response.statusCode !== 200) throw new Error(`roles: ${response.statusCode} ${response.body}`);
}

/**
 * The file's app with a real SMTP server, studio `a` (tokens admin, frontdesk, student) and studio `b`
 * (tokens adminB, frontdeskB) whose front desk may not manage contacts; all set before the tests run.
 */
export function studiosWithMail() {
  const s = { tokens: {} as Record<string, string> } as {
    app: App;
    smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    a: TestTenant;
    b: TestTenant;
    tokens: Record<string, string>;
  };
  beforeAll(async () => {
    s.smtp = await startSmtpServer();
    s.app = await startTestApp({ smtpUrl: s.smtp.url });
    [s.a, s.b] = await Promise.all([newTenant(s.app), newTenant(s.app)]);
    for (const role of ['admin', 'frontdesk', 'student'] as const) {
      s.tokens[role] = (await loginAs(s.app, s.a, role)).access_token;
    }
    s.tokens.adminB = (await loginAs(s.app, s.b, 'admin')).access_token;
    s.tokens.frontdeskB = (await loginAs(s.app, s.b, 'frontdesk')).access_token;
    await denyFrontDeskContacts(s.app, s.b, s.tokens.adminB);
  });
  afterAll(() => s.smtp.close());
  return s;
}
