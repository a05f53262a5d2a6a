import type { LoginResponse } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { makeContact, makeTenant } from '../../test/fixtures';
import { LOGIN_FAILED_MESSAGE } from './login-messages';
import {
  classifySocialAnswer,
  classifySocialFailure,
  type HostLocation,
  oauthStartUrl,
  orgOrigin,
} from './social-login';

const loginAnswer = (orgId: string): LoginResponse => ({
  access_token: 'access.jwt',
  refresh_token: 'refresh-1',
  tenant: makeTenant({ orgId, masterOrgId: 'demo' }),
  contact: makeContact({ orgId }),
});

describe('provider button link', () => {
  it('starts the provider sign-in with the return path, when there is a valid one', () => {
    expect(oauthStartUrl('google', '/classes?x=1')).toBe('/public/oauth/google/start?redirectUrl=%2Fclasses%3Fx%3D1');
    // The server refuses an empty or off-site redirectUrl, so none is sent.
    expect(oauthStartUrl('google', null)).toBe('/public/oauth/google/start');
    expect(oauthStartUrl('google', '')).toBe('/public/oauth/google/start');
    expect(oauthStartUrl('google', '//evil.test')).toBe('/public/oauth/google/start');
    expect(oauthStartUrl('google', 'https://evil.test/')).toBe('/public/oauth/google/start');
    expect(oauthStartUrl('a b', null)).toBe('/public/oauth/a%20b/start');
  });
});

describe('POST /public/authToken answers', () => {
  it('asks to choose an org when several know the person', () => {
    const orgList = [
      { orgId: 'demo', name: 'Demo Studio', tenantId: 't1', logo: null, customDomain: null },
      { orgId: 'riverside', name: 'Riverside Yoga', tenantId: 't2', logo: 'https://x/logo.png', customDomain: null },
    ];
    expect(classifySocialAnswer({ orgList, accessToken: 'fresh' }, 'demo')).toEqual({
      kind: 'chooseOrg',
      orgs: orgList,
      accessToken: 'fresh',
    });
  });

  it("signs in here with this host's tokens; switchOrg sends the person to sign in on the org's own host", () => {
    expect(classifySocialAnswer(loginAnswer('demo'), 'demo')).toMatchObject({ kind: 'signIn' });
    const riverside = { orgId: 'riverside', name: 'Riverside Yoga', tenantId: 't2', logo: null, customDomain: null };
    expect(classifySocialAnswer({ switchOrg: riverside }, 'demo')).toEqual({ kind: 'otherHost', org: riverside });
    // tokens of another org are never taken on this host
    expect(() => classifySocialAnswer(loginAnswer('riverside'), 'demo')).toThrow();
  });

  it("shows 'Account Not Found' for account_not_found, the login error text otherwise", () => {
    const notFound = new ApiError(404, 'account_not_found', 'we could not find an account for a@b.test');
    expect(classifySocialFailure(notFound)).toEqual({
      kind: 'accountNotFound',
      reason: 'we could not find an account for a@b.test',
    });
    for (const error of [
      new ApiError(401, 'unauthorized', 'This sign-in link has expired. Please sign in again.'),
      new ApiError(403, 'account_suspended', 'Your account has been suspended.'),
      new ApiError(0, 'network_error', 'The server could not be reached.'),
      new Error('No known host for org x'),
    ]) {
      expect(classifySocialFailure(error)).toEqual({ kind: 'failed', message: LOGIN_FAILED_MESSAGE });
    }
  });
});

describe("another org's host", () => {
  const demo = { orgId: 'demo', customDomain: null };
  const riverside = { orgId: 'riverside', customDomain: null };
  const at = (protocol: string, hostname: string, port = ''): HostLocation => ({ protocol, hostname, port });

  it('swaps the org label of {orgId}.{domain}, keeping protocol and port', () => {
    expect(orgOrigin(riverside, demo, at('http:', 'demo.localhost', '3400'))).toBe('http://riverside.localhost:3400');
    expect(orgOrigin(riverside, demo, at('https:', 'demo.atrium.app'))).toBe('https://riverside.atrium.app');
    expect(orgOrigin(demo, riverside, at('https:', 'Riverside.Atrium.App'))).toBe('https://demo.atrium.app');
  });

  it("uses the target's custom domain when it has one", () => {
    const custom = { orgId: 'riverside', customDomain: 'www.riversideyoga.com' };
    expect(orgOrigin(custom, demo, at('https:', 'demo.atrium.app'))).toBe('https://www.riversideyoga.com');
    expect(orgOrigin(custom, demo, at('http:', 'demo.localhost', '3400'))).toBe('http://www.riversideyoga.com:3400');
  });

  it('prefixes a bare product domain (the default org answers there)', () => {
    expect(orgOrigin(riverside, demo, at('http:', 'localhost', '3400'))).toBe('http://riverside.localhost:3400');
    expect(orgOrigin(riverside, demo, at('https:', 'atrium.app'))).toBe('https://riverside.atrium.app');
  });

  it('gives up where the host cannot be known', () => {
    expect(orgOrigin(riverside, demo, at('http:', '127.0.0.1', '3400'))).toBeNull();
    expect(orgOrigin(riverside, demo, at('http:', '[::1]', '3400'))).toBeNull();
    // This org is on its custom domain: the product domain is not known in the browser.
    const demoCustom = { orgId: 'demo', customDomain: 'demostudio.com' };
    expect(orgOrigin(riverside, demoCustom, at('https:', 'demostudio.com'))).toBeNull();
    // ...unless the target has a custom domain too.
    const custom = { orgId: 'riverside', customDomain: 'riverside.com' };
    expect(orgOrigin(custom, demoCustom, at('https:', 'demostudio.com'))).toBe('https://riverside.com');
  });
});
