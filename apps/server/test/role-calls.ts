import type { InvoiceDetail, Role } from '@atrium/contracts';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { bearer, json, loginAs, type TestTenant } from './helpers.ts';

/**
 * A role's access token on a tenant, its login made once and kept. `app` is read at each call: test
 * files assign it in their beforeAll.
 */
export function roleTokens(app: () => App) {
  const tokens = new Map<string, string>();
  return async function token(tenant: TestTenant, role: Role): Promise<string> {
    const key = `${tenant.orgId}:${role}`;
    if (!tokens.has(key)) tokens.set(key, (await loginAs(app(), tenant, role)).access_token);
    return tokens.get(key) as string;
  };
}

/**
 * Calls on a tenant's host as one of its roles (each role's login made once and kept), or as a
 * visitor (`null`). `app` is read at each call: test files assign it in their beforeAll.
 */
export function roleCaller(app: () => App) {
  const token = roleTokens(app);
  return async (tenant: TestTenant, role: Role | null, url: string, payload?: object, method = 'POST') => {
    const headers = role ? bearer(await token(tenant, role), tenant.host) : { host: tenant.host };
    return app().inject({ method: method as 'POST', url, headers, payload });
  };
}

/** The `errors` object of a failed answer. */
export const errorsOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { message: string; code: string; field?: string } }).errors;

/**
 * Each form is refused with a 400 whose answer names the field and, where one is given, says the
 * message (`put` sends one form).
 */
export async function expectEachRefused(
  cases: Array<[payload: object, field: string, message?: string]>,
  put: (payload: object) => Promise<{ statusCode: number; body: string }>,
): Promise<void> {
  for (const [payload, field, message] of cases) {
    const response = await put(payload);
    expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    const body = JSON.stringify(JSON.parse(response.body));
    expect(body).toContain(field);
    if (message) expect(body).toContain(message);
  }
}

/** A manual invoice for the tenant's demo student (one 'Yoga mat' line), and reading one back, by staff. */
export function invoiceCalls(call: ReturnType<typeof roleCaller>) {
  return {
    async newInvoice(tenant: TestTenant, price = '40.00'): Promise<InvoiceDetail> {
      const response = await call(tenant, 'staff', '/item/invoice', {
        contactId: tenant.users.student.id,
        items: [{ itemName: 'Yoga mat', price, qty: 1, isTaxable: false }],
      });
      expect(response.statusCode, response.body).toBe(201);
      return json<InvoiceDetail>(response);
    },
    invoiceOf: async (tenant: TestTenant, id: string) =>
      json<InvoiceDetail>(await call(tenant, 'staff', `/item/invoice/${id}`, undefined, 'GET')),
  };
}
