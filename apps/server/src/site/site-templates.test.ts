import { buildSiteTemplate, SITE_TEMPLATE_PAGES, SITE_TEMPLATES } from '@atrium/contracts';
import sanitizeHtml from 'sanitize-html';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { sanitizePageHtml } from './sanitize.ts';

// The designer's starter templates for a whole site (issue 29: a yoga studio, a gym, a school, a non-profit): every
// page passes the public site's sanitiser whole, and renders as a studio's published site.

const studio = {
  name: 'Lotus & <Oak> Studio',
  csymbol: '€',
  phone: '+44 20 7946 0000',
  email: 'hello@lotus.test',
  address: '1 Garden Row, London',
};

/** The same HTML as sanitize-html writes it when it keeps everything: what "nothing was taken out" compares with. */
const keptWhole = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowedSchemes: ['http', 'https', 'mailto', 'tel', 'data'],
    allowVulnerableTags: true,
  });

describe('the site templates', () => {
  it('are four, each filling Home, About and Contact', () => {
    expect(SITE_TEMPLATES.map((t) => t.label)).toEqual(['Yoga studio', 'Gym', 'School', 'Non-profit']);
    for (const template of SITE_TEMPLATES) {
      expect(buildSiteTemplate(template, studio).map((page) => page.name)).toEqual(
        SITE_TEMPLATE_PAGES.map((page) => page.name),
      );
    }
  });

  for (const template of SITE_TEMPLATES) {
    it(`${template.label}: every page passes the sanitiser with nothing taken out, one h1 a page`, () => {
      for (const page of buildSiteTemplate(template, studio)) {
        expect(page.html).not.toContain('<style');
        expect(page.html.length).toBeGreaterThan(500);
        expect(sanitizePageHtml(page.html)).toBe(keptWhole(page.html));
        expect(page.html.match(/<h1[ >]/g)).toHaveLength(1);
        // the studio's details are escaped, never markup; nothing is fetched from outside (a preview loads nothing)
        expect(page.html).not.toContain('<Oak>');
        expect(page.html).not.toMatch(/src="https?:/);
        expect(page.css).not.toMatch(/url\(|@import/);
        // each photo frame says what belongs there
        for (const alt of page.html.match(/<img [^>]*>/g) ?? []) expect(alt).toMatch(/ alt="[^"]+"/);
      }
    });
  }

  it('would be cut by the sanitiser if it held anything unsafe (the comparison can fail)', () => {
    const html = '<section><h1>Hi</h1><img src="x" onerror="alert(1)"></section>';
    expect(sanitizePageHtml(html)).not.toBe(keptWhole(html));
  });
});

describe('a site made from each template', () => {
  let app: App;
  const hosts: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    for (const template of SITE_TEMPLATES) {
      const pages = buildSiteTemplate(template, studio).map((page, index) => ({
        name: page.name,
        title: page.title,
        url: page.name,
        unhtml: page.html,
        css: page.css,
        sequence: index + 1,
        isPublished: true,
      }));
      hosts[template.id] = (await newTenant(app, { name: studio.name, pages })).host;
    }
  });

  for (const template of SITE_TEMPLATES) {
    it(`${template.label}: Home, About and Contact render with their sections and styles`, async () => {
      for (const page of buildSiteTemplate(template, studio)) {
        const response = await app.inject({
          url: page.name === 'home' ? '/' : `/${page.name}`,
          headers: { host: hosts[template.id] as string },
        });
        expect(response.statusCode).toBe(200);
        const body = response.body;
        const h1 = page.html.match(/<h1[^>]*>(.*?)<\/h1>/)?.[1] as string;
        expect(body).toContain(h1);
        expect(body).toContain('class="sb-section');
        // the page's CSS rides in the head, the theme's variables after it
        expect(body).toContain('.sb-section{padding:56px 24px}');
        expect(body).toContain('Lotus &amp; &lt;Oak&gt; Studio');
        expect(body).not.toContain('<Oak>');
      }
    });
  }
});
