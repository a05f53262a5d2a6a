import { gzipSync } from 'node:zlib';
import { formatMoney } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { createDonationCampaign } from '../modules/donations/donation-fixtures.ts';
import { DONATE_ISLAND_JS } from './donate-island.js.ts';
import { FORMAT_MINOR_JS } from './island-shared.js.ts';
import { moneyFormatOf } from './shop-page.ts';

// The server-rendered /donate/{id}, one campaign's give form (issue 30; docs/decisions/website.md
// "Visitors' pages on a phone").

let app: App;
let a: TestTenant;
let b: TestTenant;
let noCards: TestTenant;
let off: TestTenant;
let roofId = '';
let plainId = '';

const get = (host: string, url: string) => app.inject({ url, headers: { host } });
const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);

const campaign = (tenant: TestTenant, body: object) => createDonationCampaign(app, tenant, body);

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  [a, b, noCards, off] = await Promise.all([
    newTenant(app, { settings: { paymentProvider: 'STRIPE' } }),
    newTenant(app, { settings: { paymentProvider: 'STRIPE' } }),
    newTenant(app),
    newTenant(app, { settings: { paymentProvider: 'STRIPE', isShowDonation: false } }),
  ]);
  const { access_token } = await loginAs(app, a, 'admin');
  const saved = await app.inject({
    method: 'PUT',
    url: '/plugin/tenant/',
    headers: bearer(access_token, a.host),
    payload: { themeColor: '#7048e8' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  roofId = await campaign(a, {
    name: 'New <roof>',
    description: 'Keep us dry.\nEvery bit helps.',
    goal: 500_000,
    suggestedAmounts: [2000, 5000],
    allowCustomAmount: true,
    minimumAmount: 500,
  });
  plainId = await campaign(noCards, { name: 'Open fund', suggestedAmounts: [1000] });
});

describe("a campaign's give form from the server", () => {
  it("is the studio's page with the app's form, its SEO head and one island", async () => {
    const response = await get(a.host, `/donate/${roofId}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // the studio's brand and the SEO head
    expect(html).toContain(`<title>Donate to New &lt;roof&gt; | Studio ${a.orgId}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="Studio ${a.orgId}">`);
    expect(html).toContain('--site-primary-500:#7048e8');
    expect(html).toContain('<meta name="description" content="Keep us dry. Every bit helps.">');
    expect(html).toContain(`<link rel="canonical" href="http://${a.host}/donate/${roofId}">`);
    // the app's DonatePage as HTML
    expect(html).toContain('<h1 id="donate-title">New &lt;roof&gt;</h1>');
    expect(html).toContain('<p class="give-text">Keep us dry.\nEvery bit helps.</p>');
    expect(html).toContain('$0.00 raised of $5,000.00 · 0 donors');
    expect(html).toContain('<form class="give-form" aria-label="Donation" novalidate');
    expect(html).toContain('data-minimum="500" data-below-minimum="The amount must be at least $5.00."');
    // Stripe keeps cards: one-time or monthly
    expect(html).toContain('<legend>How often</legend>');
    expect(html).toContain('<input type="radio" name="frequency" value="monthly">Monthly</label>');
    expect(html).toContain('<legend data-give-legend>Amount (one-time gift)</legend>');
    expect(html).toContain('<input type="radio" name="choice" value="2000"><span>$20.00</span>');
    expect(html).toContain('<input type="radio" name="choice" value="5000"><span>$50.00</span>');
    expect(html).toContain('<input type="radio" name="choice" value="custom"><span>Other amount</span>');
    expect(html).toContain('<p class="give-hint" id="give-custom-hint">At least $5.00</p>');
    expect(html).toContain('<label for="give-years">For</label>');
    expect(html).toContain('<option value="1 year" data-years="1" data-gifts="12">1 year</option>');
    expect(html).toContain('<option value="Until I cancel" data-years="-1" data-gifts="">Until I cancel</option>');
    for (const label of ['First name', 'Last name', 'Email'])
      expect(html).toContain(`>${label} <span class="give-req" aria-hidden="true">*</span></label>`);
    expect(html).toContain('<label for="give-note">Note (optional)</label>');
    expect(html).toContain('Keep my name private (give anonymously)');
    expect(html).toContain("You will pay on our payment provider's secure page, and get a receipt by email.");
    // enabled by the island: without it the form cannot give
    expect(html).toContain('<button type="submit" class="give-button" disabled>Donate</button>');
    expect(DONATE_ISLAND_JS).toContain('submit.disabled = false;');
    expect(html).not.toMatch(/atrium/i);
    expect(scripts(html)).toEqual(['/site/boot.js', '/site/donate.js']);
  });

  it("404s another studio's campaign, an unknown or malformed id, and a studio with donations off", async () => {
    for (const [host, id] of [
      [b.host, roofId],
      [a.host, '00000000-0000-4000-8000-000000000000'],
      [a.host, 'not-an-id'],
      [off.host, roofId],
    ] as const) {
      const response = await get(host, `/donate/${id}`);
      expect(response.statusCode, `${host} ${id}`).toBe(404);
      expect(response.body).toContain('<h1>Campaign not found</h1>');
      expect(response.body).toContain(
        'This campaign is not taking donations. <a href="/donations">See all campaigns</a>',
      );
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toContain('New &lt;roof&gt;');
      expect(response.body).not.toMatch(/atrium/i);
    }
  });

  it('says online giving is not available without a card provider (no form, no island); one-time only without Stripe', async () => {
    const html = (await get(noCards.host, `/donate/${plainId}`)).body;
    expect(html).toContain('<h1 id="donate-title">Open fund</h1>');
    expect(html).toContain('Online giving is not available');
    expect(html).toContain('This organisation does not take card payments online yet.');
    expect(html).not.toContain('<form class="give-form"');
    expect(scripts(html)).toEqual(['/site/boot.js']);
    // no description of its own: the campaign and the studio
    expect(html).toContain(`<meta name="description" content="Give to Open fund at Studio ${noCards.orgId}.">`);
  });

  it("hands the provider's return (?session_id=) to the web app, which completes the monthly gift", async () => {
    const response = await get(a.host, `/donate/${roofId}?session_id=cs_test_1`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('src="/assets/index-abc.js"');
    expect(response.body).not.toContain('give-form');
  });

  it('serves the island small and cached, printing money as formatMoney does', async () => {
    const response = await get(a.host, '/site/donate.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toBe(DONATE_ISLAND_JS);
    expect(gzipSync(DONATE_ISLAND_JS).length).toBeLessThan(3_500);
    expect(() => new Function(DONATE_ISLAND_JS)).not.toThrow();
    const formatMinor = new Function(`${FORMAT_MINOR_JS}; return formatMinor;`)() as (
      minor: number,
      symbol: string,
      digits: number,
    ) => string;
    for (const [minor, currency] of [
      [123_456, 'USD'],
      [-500, 'USD'],
      [5, 'USD'],
      [500, 'JPY'],
      [1_234_567, 'KWD'],
      [2000, 'AED'],
    ] as const) {
      const { symbol, digits } = moneyFormatOf(currency);
      expect(formatMinor(minor, symbol, digits), `${minor} ${currency}`).toBe(formatMoney(minor, currency));
    }
  });
});
