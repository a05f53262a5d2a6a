import { gzipSync } from 'node:zlib';
import { STUDIO_SIGNUP_MESSAGES } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { NEW_STUDIO_ISLAND_JS } from './new-studio-island.js.ts';

// The server-rendered /new-studio (issue 30; docs/decisions/website.md "Visitors' pages on a phone").

let app: App;
let studio: TestTenant;

const get = (host: string, url: string) => app.inject({ url, headers: { host } });

beforeAll(async () => {
  app = await startTestApp();
  studio = await newTenant(app);
});

describe('the new-studio sign-up page from the server', () => {
  it('is the form as HTML on the bare domain, with the app texts and one small script', async () => {
    const response = await get('localhost:4321', '/new-studio');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Create your studio</title>');
    expect(html).toContain('<h1 id="new-studio-title">Create your studio</h1>');
    expect(html).toContain('Your website, bookings, memberships and payments in one place. It takes a minute.');
    for (const label of ['Business name', 'Web address', 'First name', 'Last name', 'Email', 'Password'])
      expect(html).toMatch(new RegExp(`<label for="new-studio-\\w+">${label} <span`));
    expect(html).toContain('Your site will be at your-studio.localhost:4321');
    expect(html).toContain('<span class="suffix" aria-hidden="true">.localhost</span>');
    expect(html).toContain('At least 8 characters.');
    expect(html).toContain('<button type="submit">Create my studio</button>');
    expect(html).toContain('type="password" autocomplete="new-password"');
    // one script, the island; white label
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script src="/site/new-studio.js" defer></script>');
    expect(html.toLowerCase()).not.toContain('atrium');
  });

  it('escapes the host it prints', async () => {
    const response = await get('localhost', '/new-studio');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-domain="localhost"');
    expect(response.body).not.toContain('your-studio.undefined');
  });

  it("says Page not found on a studio's own host, with no form", async () => {
    const response = await get(studio.host, '/new-studio');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Page not found</h1>');
    expect(response.body).toContain('New studios are created on the main address');
    expect(response.body).not.toContain('Create my studio');
    expect(response.body).not.toContain('<script');
  });

  it('serves the island: small, valid script, with the sign-up messages in the same words', async () => {
    const response = await get('localhost', '/site/new-studio.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(gzipSync(response.body).length).toBeLessThan(10 * 1024);
    expect(() => new Function(NEW_STUDIO_ISLAND_JS)).not.toThrow();
    expect(response.body).toContain(JSON.stringify(STUDIO_SIGNUP_MESSAGES.orgIdLength));
    expect(response.body).toContain('Password must be at least 8 characters');
    expect(response.body).toContain("'/public/studio/humanCheck'");
    expect(response.body).toContain("'/public/studio/signup'");
    expect(response.body.toLowerCase()).not.toContain('atrium');
  });

  it('leaves the calls it posts to as they were: a studio host gets 404 for the human check', async () => {
    expect((await get('localhost', '/public/studio/humanCheck')).statusCode).toBe(200);
    expect((await get(studio.host, '/public/studio/humanCheck')).statusCode).toBe(404);
  });
});
