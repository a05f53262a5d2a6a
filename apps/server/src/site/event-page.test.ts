import type { ClassRule, PublicEvent, TenantConfig } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { twoDayEvent } from '../modules/scheduling/scheduling-fixtures.ts';
import { SITE_BOOT_JS } from './boot.js.ts';
import { eventPageHtml, registerWords } from './event-page.ts';

// The server-rendered /events/{id} (issue 30; docs/decisions/website.md "Visitors' pages on a phone").

const ZONE = 'America/New_York';
let app: App;
let a: TestTenant;
let b: TestTenant;
let cards: TestTenant;
let retreat: ClassRule;

const get = (host: string, url: string) => app.inject({ url, headers: { host } });
const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);

async function admin(tenant: TestTenant) {
  return (await loginAs(app, tenant, 'admin')).access_token;
}

async function makeEvent(tenant: TestTenant, body: Record<string, unknown> = {}): Promise<ClassRule> {
  const response = await app.inject({
    method: 'POST',
    url: '/snode/classrule',
    headers: bearer(await admin(tenant), tenant.host),
    payload: twoDayEvent(ZONE, {
      name: 'Weekend <Retreat>',
      description: 'Two mornings of slow flow.\nBring a mat.',
      ...body,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<ClassRule>(response);
}

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  [a, b, cards] = await Promise.all([
    newTenant(app, { settings: { timezone: ZONE } }),
    newTenant(app, { settings: { timezone: ZONE } }),
    newTenant(app, { settings: { timezone: ZONE, paymentProvider: 'STRIPE' } }),
  ]);
  const saved = await app.inject({
    method: 'PUT',
    url: '/plugin/tenant/',
    headers: bearer(await admin(a), a.host),
    payload: { themeColor: '#7048e8' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  retreat = await makeEvent(a, { priceMinor: 4000 });
});

describe("an event's page from the server", () => {
  it("is the studio's page: its brand, the SEO head naming the event, the app's texts, no island", async () => {
    const response = await get(a.host, `/events/${retreat.publicId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    // the studio's brand: its name, its theme colour on the top bar and the accents
    expect(html).toContain(`<title>Weekend &lt;Retreat&gt; | Studio ${a.orgId}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="Studio ${a.orgId}">`);
    expect(html).toContain('.site-toolbar{background:#7048e8');
    expect(html).toContain('--site-primary-500:#7048e8');
    // the SEO head: the event's own description and its one address
    expect(html).toContain('<meta name="description" content="Two mornings of slow flow. Bring a mat.">');
    expect(html).toContain(`<link rel="canonical" href="http://${a.host}/events/${retreat.publicId}">`);
    expect(html).toContain('<meta name="robots" content="index, follow">');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Event',
      name: 'Weekend <Retreat>',
      location: { '@type': 'Place', address: '12 River Road' },
      organizer: { name: `Studio ${a.orgId}` },
      offers: { price: '40.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // the app's EventPage, as HTML
    expect(html).toContain('<h1 id="event-title">Weekend &lt;Retreat&gt;</h1>');
    expect(html).toContain('<span class="event-badge">Workshop</span>');
    expect(html).toContain('<p class="event-text">Two mornings of slow flow.\nBring a mat.</p>');
    expect(html).toContain('<p><strong>Where:</strong> 12 River Road</p>');
    expect(html).toContain('<p><strong>Price:</strong> $40.00 for all sessions</p>');
    expect(html).toContain('<p><strong>Places:</strong> 3 places left</p>');
    expect(html).toContain('<h2 id="event-sessions">2 sessions</h2>');
    expect(html).toMatch(/<li>\w{3}, \w{3} \d{1,2}, \d{4}, 9:00 AM – 12:00 PM<\/li>/);
    // no card provider: Register, paid at the studio; a visitor logs in first and comes back
    expect(html).toContain(
      `<form class="event-actions" method="get" action="/login"><input type="hidden" name="returnUrl" value="/events/${retreat.publicId}"><button class="event-button" type="submit">Register</button>`,
    );
    expect(html).toContain('<div class="event-register" data-signed-out>');
    expect(html).toContain('<p class="event-note">You pay at the studio.</p>');
    expect(html).toContain('You will be asked to log in or create an account first.');
    expect(html).not.toMatch(/atrium/i);
    expect(scripts(html)).toEqual(['/site/boot.js']);
  });

  it("404s another studio's event, an unknown link and a malformed one, in the app's words", async () => {
    for (const [host, path] of [
      [b.host, `/events/${retreat.publicId}`],
      [a.host, '/events/AAAAAAAAAAAAAAAA'],
      [a.host, '/events/no%20such'],
    ] as const) {
      const response = await get(host, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('<h1>Event not found</h1>');
      expect(response.body).toContain('Its link may have been replaced. Please see the events list.');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toContain('Weekend &lt;Retreat&gt;');
      expect(response.body).not.toMatch(/atrium/i);
    }
  });

  it('says Register and pay where the studio takes cards, and Registration closed once full', async () => {
    const priced = await makeEvent(cards, { priceMinor: 2500, capacity: 1, description: null });
    const html = (await get(cards.host, `/events/${priced.publicId}`)).body;
    expect(html).toContain('<button class="event-button" type="submit">Register and pay</button>');
    expect(html).not.toContain('You pay at the studio.');
    // no description of its own: the dates and the studio
    expect(html).toMatch(/<meta name="description" content="\w{3}, [^"]+ at Studio /);
    expect(registerWords({ priceMinor: null }, 'STRIPE')).toEqual({ button: 'Register', note: null });

    const event = JSON.parse((await get(cards.host, `/snode/pevent/${priced.publicId}`)).body) as PublicEvent;
    const full = eventPageHtml({ ...event, spotsLeft: 0, isOpen: false }, { csymbol: '$' } as TenantConfig, 'u', 'USD');
    expect(full).toContain('<button class="event-button" type="submit" disabled>Registration closed</button>');
    expect(full).toContain('<strong>Places:</strong> Full');
    expect(full).not.toContain('You will be asked to log in');
    expect(full).toContain('"availability":"https://schema.org/SoldOut"');
  });

  it('boot.js hides what only a signed-out visitor uses once the visitor is signed in, and loads the app', () => {
    const run = (signedIn: boolean) => {
      const hidden = { style: { display: '' } };
      const added: string[] = [];
      const document = {
        currentScript: { getAttribute: (name: string) => (name === 'data-app-entry' ? '/assets/index-abc.js' : '') },
        querySelector: () => null,
        getElementById: () => null,
        querySelectorAll: (selector: string) => (selector === '[data-signed-out]' ? [hidden] : []),
        createElement: () => ({}),
        head: { appendChild: (el: { src?: string }) => added.push(el.src ?? '') },
      };
      const localStorage = { getItem: (key: string) => (key === 'atrium.loginTrace' && signedIn ? 'true' : null) };
      new Function('document', 'localStorage', SITE_BOOT_JS)(document, localStorage);
      return { display: hidden.style.display, added };
    };
    expect(run(false)).toEqual({ display: '', added: [] });
    expect(run(true)).toEqual({ display: 'none', added: ['/assets/index-abc.js'] });
  });
});
