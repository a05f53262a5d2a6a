import { type ProviderStub, type StubAccounts, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from './helpers.ts';

/** Every provider API the app calls by URL, on the stand-in at `url` (Mailchimp's data centre in the path). */
export function providerApisAt(url: string): AppConfig['providerUrls'] {
  return { razorpay: url, twilio: url, plivo: url, brevo: url, mailchimp: `${url}/{dc}`, zoomApi: url };
}

/** An OAuth app's settings (client id and secret null: the app is not set up). */
export function oauthApp(authorizeUrl: string, tokenUrl: string, clientId: string | null, clientSecret: string | null) {
  return { clientId, clientSecret, authorizeUrl, tokenUrl };
}

/**
 * In `ctx`, before the file's tests: the provider stand-in started with `stub`, the app on the
 * settings `config(stand-in's url)` gives, and studios `a` and `b` (made with `studios.a` and
 * `studios.b`) with their admins' tokens. The stand-in is closed after the tests.
 */
export function studiosOnProviderStub(
  stub: StubAccounts,
  config: (url: string) => Partial<AppConfig>,
  studios: { a?: Parameters<typeof newTenant>[1]; b?: Parameters<typeof newTenant>[1] } = {},
) {
  const ctx = {} as { app: App; stub: ProviderStub; a: TestTenant; b: TestTenant; adminA: string; adminB: string };
  beforeAll(async () => {
    ctx.stub = await startProviderStub(stub);
    ctx.app = await startTestApp(config(ctx.stub.url));
    ctx.a = await newTenant(ctx.app, studios.a);
    ctx.b = await newTenant(ctx.app, studios.b);
    ctx.adminA = (await loginAs(ctx.app, ctx.a, 'admin')).access_token;
    ctx.adminB = (await loginAs(ctx.app, ctx.b, 'admin')).access_token;
  });
  afterAll(async () => {
    await ctx.stub.close();
  });
  return ctx;
}

/** A call as `token` on the tenant's host that keeps each answer's body in `bodies` (the tests look for secrets there). */
export function recordingCaller(ctx: { app: App }, bodies: string[]) {
  return async (
    token: string,
    tenant: TestTenant,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const response = await ctx.app.inject({ method, url, headers: bearer(token, tenant.host), payload });
    bodies.push(response.body);
    return response;
  };
}

/** The `errors` object of a refused answer. */
export const errorOf = (response: Parameters<typeof json>[0]) =>
  json<{ errors: { message: string; field?: string } }>(response).errors;
