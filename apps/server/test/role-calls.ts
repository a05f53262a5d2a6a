import type { Role } from '@atrium/contracts';
import type { App } from '../src/app.ts';
import { bearer, loginAs, type TestTenant } from './helpers.ts';

/**
 * Calls on a tenant's host as one of its roles (each role's login made once and kept), or as a
 * visitor (`null`). `app` is read at each call: test files assign it in their beforeAll.
 */
export function roleCaller(app: () => App) {
  const tokens = new Map<string, string>();
  async function token(tenant: TestTenant, role: Role): Promise<string> {
    const key = `${tenant.orgId}:${role}`;
    if (!tokens.has(key)) tokens.set(key, (await loginAs(app(), tenant, role)).access_token);
    return tokens.get(key) as string;
  }
  return async (tenant: TestTenant, role: Role | null, url: string, payload?: object, method = 'POST') => {
    const headers = role ? bearer(await token(tenant, role), tenant.host) : { host: tenant.host };
    return app().inject({ method: method as 'POST', url, headers, payload });
  };
}

/** The `errors` object of a failed answer. */
export const errorsOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { message: string; code: string; field?: string } }).errors;
