import { expect } from 'vitest';
import { bearer, loginAs, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

/** A donation campaign made by the studio's admin through the API; answers its id. */
export async function createDonationCampaign(app: App, tenant: TestTenant, body: object): Promise<string> {
  const { access_token } = await loginAs(app, tenant, 'admin');
  const response = await app.inject({
    method: 'POST',
    url: '/snode/donation',
    headers: bearer(access_token, tenant.host),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return JSON.parse(response.body).guId as string;
}
