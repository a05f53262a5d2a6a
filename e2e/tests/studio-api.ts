import { type APIRequestContext, expect } from '@playwright/test';
import { apiUrl, PASSWORD } from './helpers';

/** A tenant's Host header for calls made from Node (which does not resolve *.localhost). */
export const tenantHost = (orgId: string) => ({ host: `${orgId}.localhost:${process.env.E2E_PORT}` });

/** One user's API calls on one tenant: JSON in, JSON out; anything but 2xx fails the test with its body. */
export interface StudioApi {
  orgId: string;
  token: string;
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object): Promise<T>;
}

/** Signs a user in on a tenant over the API. */
export async function signIn(
  request: APIRequestContext,
  orgId: string,
  userId: string,
  password = PASSWORD,
): Promise<StudioApi> {
  const login = await request.post(apiUrl('/login'), { headers: tenantHost(orgId), data: { userId, password } });
  expect(login.status(), `sign-in of ${userId}: ${await login.text()}`).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  return {
    orgId,
    token,
    async call<T>(method: string, path: string, data?: object) {
      const answer = await request.fetch(apiUrl(path), {
        method,
        headers: { ...tenantHost(orgId), authorization: `Bearer ${token}` },
        ...(data ? { data } : {}),
      });
      if (answer.status() >= 300) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
      const text = await answer.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

export interface NewStudio {
  orgId: string;
  businessName: string;
  owner: { name: string; email: string; password: string };
  phone?: string;
  timezone?: string;
  address?: { city: string; state: string; zip: string };
}

/**
 * A new studio, made as a franchise of demo by demo's admin: it has no payment provider (riverside's
 * are connected and disconnected by the integrations specs). Answers the franchise's id and the owner
 * signed in on it. It stays: each browser run has a fresh database, and a studio with members cannot be
 * deleted anyway.
 */
export async function newStudio(request: APIRequestContext, studio: NewStudio) {
  const demoAdmin = await signIn(request, 'demo', 'admin@demo.test');
  const created = await demoAdmin.call<{ guid: string }>('POST', '/rest/franchise', {
    businessName: studio.businessName,
    orgId: studio.orgId,
    phone: studio.phone ?? '+1 555 0199',
    timezone: studio.timezone ?? 'America/New_York',
    user: studio.owner,
    address: studio.address ?? { city: 'Portland', state: 'ME', zip: '04101' },
  });
  const owner = await signIn(request, studio.orgId, studio.owner.email, studio.owner.password);
  return {
    id: created.guid,
    owner,
  };
}
