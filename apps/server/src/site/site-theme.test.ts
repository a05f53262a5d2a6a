import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { demoPages } from '../seed/demo-pages.ts';

let app: App;
let studio: TestTenant;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  studio = await newTenant(app, { pages: demoPages('Theme') });
  admin = (await loginAs(app, studio, 'admin')).access_token;
});

const settings = (payload: object) =>
  app.inject({ method: 'PUT', url: '/plugin/tenant/', headers: bearer(admin, studio.host), payload });

const visit = async (path: string) => (await app.inject({ url: path, headers: { host: studio.host } })).body;

/** The custom property's value in the page's theme rules. */
const variable = (html: string, name: string) => html.match(new RegExp(`${name}:([^;}]+)`))?.[1] ?? null;

describe('the site-wide theme', () => {
  it('a theme change recolours and re-fonts every page, through CSS variables', async () => {
    expect((await settings({ themeColor: '#2f9e44' })).statusCode).toBe(200);
    const before = await Promise.all(['/', '/about', '/no-such-page'].map(visit));
    for (const html of before) {
      expect(variable(html, '--site-primary-500')).toBe('#2f9e44');
      // the system fonts: nothing to load
      expect(html).not.toContain('rel="preload" href="/site/fonts/');
      expect(html).toContain('body{font-family:var(--site-font-body)}');
    }

    const saved = await settings({
      themeColor: '#7048e8',
      siteTheme: { fontPair: 'modern', buttonStyle: 'outline', cornerStyle: 'round' },
    });
    expect(saved.statusCode).toBe(200);
    expect(json<any>(saved).siteTheme).toEqual({ fontPair: 'modern', buttonStyle: 'outline', cornerStyle: 'round' });

    for (const html of await Promise.all(['/', '/about', '/no-such-page'].map(visit))) {
      expect(variable(html, '--site-primary-500')).toBe('#7048e8');
      // every shade has a text colour chosen for contrast
      expect(variable(html, '--site-primary-50-text')).toBe('#212529');
      expect(variable(html, '--site-primary-900-text')).toBe('#ffffff');
      expect(variable(html, '--site-font-heading')).toMatch(/^"Montserrat Variable"/);
      expect(variable(html, '--site-font-body')).toMatch(/^"Inter Variable"/);
      expect(variable(html, '--site-button-radius')).toBe('999px');
      expect(html).toContain(
        '<link rel="preload" href="/site/fonts/inter.woff2" as="font" type="font/woff2" crossorigin>',
      );
      expect(html).toContain('<link rel="preload" href="/site/fonts/montserrat.woff2"');
      expect(html).toMatch(/@font-face\{font-family:"Inter Variable";font-style:normal;font-display:swap;/);
      expect(html).toContain('body .sb-button:not(.sb-button--ghost){background-color:transparent');
    }

    // a part sent alone keeps the rest
    await settings({ siteTheme: { cornerStyle: 'square' } });
    const square = await visit('/');
    expect(variable(square, '--site-button-radius')).toBe('0');
    expect(variable(square, '--site-font-body')).toMatch(/^"Inter Variable"/);
  });

  it('serves the theme fonts from the site itself, and nothing else under /site/fonts', async () => {
    const font = await app.inject({ url: '/site/fonts/inter.woff2', headers: { host: studio.host } });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.headers['cache-control']).toContain('immutable');
    for (const path of ['/site/fonts/../package.json', '/site/fonts/roboto.woff2', '/site/fonts/inter.css']) {
      expect((await app.inject({ url: path, headers: { host: studio.host } })).statusCode).toBe(404);
    }
  });

  it('refuses a theme it does not offer, naming the field', async () => {
    const bad = await settings({ siteTheme: { fontPair: 'comic' } });
    expect(bad.statusCode).toBe(400);
    expect(json<any>(bad).errors.field).toMatch(/^siteTheme/);
  });
});
