import type { ContactCreate, ContactDetail, Role } from '@atrium/contracts';
import { afterAll, beforeAll } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { type SmtpTestServer, startAppWithSmtp } from '../../../test/mail-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

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

/** Students written straight into the tenant's contacts (no password, no API call), `person(i)` for each; their ids. */
export async function insertStudents(
  app: App,
  t: TestTenant,
  count: number,
  person: (i: number) => { email: string; name: string },
): Promise<string[]> {
  return withTenant(app.platform.db, t.tenantId, async (tx) => {
    const rows = await tx
      .insert(contacts)
      .values(
        Array.from({ length: count }, (_, i) => ({ tenantId: t.tenantId, ...person(i), role: 'student' as const })),
      )
      .returning({ id: contacts.id });
    return rows.map((r) => r.id);
  });
}

export function errorOf(body: string): { message: string; code: string; field?: string } {
  return (JSON.parse(body) as { errors: { message: string; code: string; field?: string } }).errors;
}

/**
 * The Roles screen's form (PUT /rest/settings/roles): staff may do everything; the front desk may not
 * make classes or see offers, and sees courses and the contacts list as `frontdesk` says.
 */
export function rolesForm(frontdesk: { isShowCourse: boolean; isShowContactsList: boolean }) {
  return {
    tenantRoles: [
      {
        role: 'ROLE_STAFF',
        isAllowCreateClasses: true,
        isShowCourse: true,
        isShowContactsList: true,
        isShowOffers: true,
      },
      { role: 'ROLE_FRONTDESK', isAllowCreateClasses: false, ...frontdesk, isShowOffers: false },
    ],
  };
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
 * Studio `a`, with a token for each of `roles`, and studio `b` (tokens adminB, frontdeskB) whose front
 * desk may not manage contacts.
 */
export async function contactStudios(
  app: App,
  roles: readonly Role[],
): Promise<{ a: TestTenant; b: TestTenant; tokens: Record<string, string> }> {
  const [a, b] = await Promise.all([newTenant(app), newTenant(app)]);
  const tokens: Record<string, string> = {};
  for (const role of roles) {
    tokens[role] = (await loginAs(app, a, role)).access_token;
  }
  tokens.adminB = (await loginAs(app, b, 'admin')).access_token;
  tokens.frontdeskB = (await loginAs(app, b, 'frontdesk')).access_token;
  await denyFrontDeskContacts(app, b, tokens.adminB);
  return { a, b, tokens };
}

/** A test app and contactStudios' two studios on it. */
export async function startContactStudios(roles: readonly Role[]) {
  const app = await startTestApp();
  return { app, ...(await contactStudios(app, roles)) };
}

/**
 * The file's app with a real SMTP server, studio `a` (tokens admin, frontdesk, student) and studio `b`
 * (tokens adminB, frontdeskB) whose front desk may not manage contacts; all set before the tests run.
 */
export function studiosWithMail() {
  const s = { tokens: {} as Record<string, string> } as {
    app: App;
    smtp: SmtpTestServer;
    a: TestTenant;
    b: TestTenant;
    tokens: Record<string, string>;
  };
  beforeAll(async () => {
    ({ app: s.app, smtp: s.smtp } = await startAppWithSmtp());
    const studios = await contactStudios(s.app, ['admin', 'frontdesk', 'student']);
    ({ a: s.a, b: s.b } = studios);
    // (the files read `s.tokens` into a constant before the tests run: the same object, filled here)
    Object.assign(s.tokens, studios.tokens);
  });
  afterAll(() => s.smtp.close());
  return s;
}
