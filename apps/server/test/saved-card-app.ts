import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { bearer, json, loginAs, startTestApp, type TestTenant } from './helpers.ts';
import { stripeConnectConfig } from './provider-config.ts';

/** Stripe's test card that is saved and charged. */
export const VISA = '4242424242424242';
/** Stripe's test card that is saved, then declined at every charge. */
export const DECLINES = '4000000000000341';

/**
 * A test app on the Stripe stand-in whose studios connect their Stripe account (Connect OAuth codes
 * `ac_{tag}_{n}` -> `acct_1{tag}{n}`) and save cards on it: what memberships and monthly gifts need.
 */
export async function startSavedCardApp(tag: string, accounts: number): Promise<{ app: App; stub: ProviderStub }> {
  const key = `sk_test_PLATFORM_${tag}`;
  const codes = Object.fromEntries(
    Array.from({ length: accounts }, (_, i) => [
      `ac_${tag}_${i}`,
      { stripeUserId: `acct_1${tag}${i}`, accessToken: `sk_test_connected_${tag}_${i}`, livemode: false },
    ]),
  );
  const stub = await startProviderStub({
    stripe: { secretKey: key, codes },
    stripeCheckout: { secretKey: key, accounts: [] },
  });
  const app = await startTestApp(
    stripeConnectConfig(stub.url, {
      secretKey: key,
      publishableKey: `pk_test_${tag}`,
      clientId: `ca_test_${tag}`,
      webhookSecret: `whsec_${tag}`,
    }),
  );
  return { app, stub };
}

/**
 * The studio's admin connects Stripe the way an admin does: the authorize URL, then Stripe's callback
 * with `code` (one the Stripe stand-in knows).
 */
export async function connectStripeAccount(app: App, t: TestTenant, code: string): Promise<void> {
  const token = (await loginAs(app, t, 'admin')).access_token;
  const started = await app.inject({ url: '/authmgr/oauth/connect/stripe', headers: bearer(token, t.host) });
  expect(started.statusCode, started.body).toBe(200);
  const state = new URL(json<{ url: string }>(started).url).searchParams.get('state') ?? '';
  const landed = await app.inject({
    url: `/authmgr/oauth/callback/stripe?${new URLSearchParams({ code, state }).toString()}`,
    headers: { host: t.host, cookie: `atrium_connect_state=${state}` },
  });
  expect(String(landed.headers.location)).toContain('result=success');
  app.platform.tenants.clearCache();
}

/** The studio's admin connects Stripe through the OAuth round trip (account number `n` of the app's). */
export function connectStripe(app: App, t: TestTenant, tag: string, n: number): Promise<void> {
  return connectStripeAccount(app, t, `ac_${tag}_${n}`);
}
