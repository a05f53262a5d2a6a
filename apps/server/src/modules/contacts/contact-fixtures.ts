import type { ContactCreate, ContactDetail } from '@atrium/contracts';
import { bearer, json, type TestTenant } from '../../../test/helpers.ts';
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
