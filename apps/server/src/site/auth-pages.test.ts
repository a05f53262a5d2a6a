import { gzipSync } from 'node:zlib';
import { REGISTRATION_CONFIRMED } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { AUTH_ISLAND_JS } from './auth-island.js.ts';
import { oauthStartUrl, safeReturnUrl } from './auth-pages.ts';

// The server-rendered /login and /register (issue 30; docs/decisions/website.md "Visitors' pages on a phone").

let app: App;
let studio: TestTenant;

const get = (host: string, url: string) => app.inject({ url, headers: { host } });
const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({
    webDistDir: dist,
    oidcProviders: [
      {
        id: 'google',
        name: 'Google',
        issuer: 'http://127.0.0.1:9',
        clientId: 'x',
        clientSecret: 'y',
        scope: 'openid email',
        allowInsecure: true,
      },
    ],
  });
  studio = await newTenant(app);
});

describe('the login page from the server', () => {
  it("is the studio's page with the app's login form, one island and the studio's config", async () => {
    const response = await get(studio.host, '/login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toMatch(/<title>Login \| [^<]+<\/title>/);
    expect(html).toContain('<meta name="description"');
    expect(html).toContain('<link rel="canonical" href="http://');
    expect(html).toContain('<h1 id="login-title">Login</h1>');
    expect(html).toContain('<label for="login-email">Email</label>');
    expect(html).toContain('type="email" autocomplete="username"');
    expect(html).toContain('<label for="login-password">Password</label>');
    expect(html).toContain('type="password" autocomplete="current-password"');
    expect(html).toContain('<a href="/forgot-password">Forgot password?</a>');
    expect(html).toContain('<button type="submit" class="auth-button">Login</button>');
    expect(html).toContain(`Don't have an account? <a href="/register">Register</a>`);
    expect(html).toContain(`data-org="${studio.orgId}"`);
    // the configured provider, as the app's button; the top bar's Login link is left out here
    expect(html).toContain('href="/public/oauth/google/start">Continue with Google</a>');
    expect(html).not.toContain('class="site-toolbar__login"');
    // the site's boot script and the island, nothing of the app; the config rides along as JSON
    expect(scripts(html)).toEqual(['/site/boot.js', '/site/auth.js']);
    expect(html).toContain('<script id="tenant-config" type="application/json">');
    expect(html).not.toContain(REGISTRATION_CONFIRMED);
  });

  it('carries a return path into the provider links and says when a registration is complete', async () => {
    const html = (await get(studio.host, '/login?returnUrl=%2Fevents%2Fabc&registered=1')).body;
    expect(html).toContain('href="/public/oauth/google/start?redirectUrl=%2Fevents%2Fabc"');
    expect(html).toContain('Registration complete');
    expect(html).toContain(REGISTRATION_CONFIRMED);
    // another site's address is never a return path
    const away = (await get(studio.host, '/login?returnUrl=%2F%2Fevil.example')).body;
    expect(away).toContain('href="/public/oauth/google/start">');
  });

  it('serves the island, small', async () => {
    const response = await get(studio.host, '/site/auth.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.body).toBe(AUTH_ISLAND_JS);
    expect(gzipSync(AUTH_ISLAND_JS).length).toBeLessThan(4000);
    expect(AUTH_ISLAND_JS).toContain("'error occured by during login'");
    expect(AUTH_ISLAND_JS).toContain("'Enter a valid email address'");
    expect(AUTH_ISLAND_JS).toContain("'Password is required'");
    expect(AUTH_ISLAND_JS).toContain("'First name is required'");
    // syntactically a script
    expect(() => new Function(AUTH_ISLAND_JS)).not.toThrow();
  });

  it('leaves the bare domain to the web app', async () => {
    const response = await get('localhost', '/login');
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('login-form');
  });
});

describe('the register page from the server', () => {
  it("is the app's registration form", async () => {
    const response = await get(studio.host, '/register');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<title>Register \| [^<]+<\/title>/);
    expect(html).toContain('<h1 id="register-title">Register</h1>');
    expect(html).toContain(
      '<label for="register-name">First name <span class="auth-req" aria-hidden="true">*</span></label>',
    );
    expect(html).toContain('<label for="register-lastName">Last name</label>');
    expect(html).toContain('We will email you a link to choose your password.');
    expect(html).toContain('<button type="submit" class="auth-button">Register</button>');
    expect(html).toContain('Already have an account? <a href="/login">Login</a>');
    expect(html).toContain('class="site-toolbar__login"');
    expect(scripts(html)).toEqual(['/site/boot.js', '/site/auth.js']);
  });
});

describe('return paths', () => {
  it('follows same-site paths only, as the app', () => {
    expect(safeReturnUrl('/events/1?x=1')).toBe('/events/1?x=1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', '', null])
      expect(safeReturnUrl(bad)).toBeNull();
    expect(oauthStartUrl('google', '/classes')).toBe('/public/oauth/google/start?redirectUrl=%2Fclasses');
    expect(oauthStartUrl('google', `/${'x'.repeat(600)}`)).toBe('/public/oauth/google/start');
  });
});
