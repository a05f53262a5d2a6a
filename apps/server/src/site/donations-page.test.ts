import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { createDonationCampaign } from '../modules/donations/donation-fixtures.ts';
import { progressOf } from './donations-page.ts';

// The server-rendered /donations (issue 30; docs/decisions/website.md "Visitors' pages on a phone").

let app: App;
let a: TestTenant;
let b: TestTenant;
let off: TestTenant;
let roofId = '';

const get = (host: string, url: string) => app.inject({ url, headers: { host } });

const campaign = (tenant: TestTenant, body: object) => createDonationCampaign(app, tenant, body);

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  [a, b, off] = await Promise.all([
    newTenant(app),
    newTenant(app),
    newTenant(app, { settings: { isShowDonation: false } }),
  ]);
  roofId = await campaign(a, {
    name: 'New <roof>',
    description: 'Keep us dry.',
    goal: 500_000,
    suggestedAmounts: [2000, 5000],
  });
  await campaign(a, { name: 'Open fund', suggestedAmounts: [1000] });
});

describe('the donations page from the server', () => {
  it("lists the studio's campaigns with their progress and a Donate link, in its brand", async () => {
    const response = await get(a.host, '/donations');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Donations | ');
    expect(html).toContain('<h1>Donations</h1>');
    expect(html).toContain('<article class="gift-card" aria-label="New &lt;roof&gt;">');
    expect(html).toContain('<h2>New &lt;roof&gt;</h2>');
    expect(html).toContain('Keep us dry.');
    expect(html).toContain('aria-valuenow="0" aria-label="0% of the goal raised"');
    expect(html).toContain('$0.00 raised of $5,000.00 · 0 donors');
    // no goal: no bar
    expect(html).toContain('$0.00 raised · 0 donors');
    expect(html).toContain(`href="/donate/${roofId}" aria-label="Donate to New &lt;roof&gt;">Donate</a>`);
    expect(html).toMatch(/<meta name="description" content="Give to [^"]*: [^"]*Open fund/);
    expect(html).toMatch(/<meta name="description" content="Give to [^"]*: [^"]*New &lt;roof&gt;/);
    expect(html).not.toMatch(/atrium/i);
    // only the site's boot script
    expect(html.match(/<script src=/g)).toHaveLength(1);
    // the old address answers the same page
    expect((await get(a.host, '/publicdonations')).body).toContain('Open fund');
  });

  it('shows another studio only its own (none), and none where donations are off', async () => {
    const other = await get(b.host, '/donations');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('There are no campaigns to give to right now.');
    expect(other.body).not.toContain('New &lt;roof&gt;');
    const closed = await get(off.host, '/donations');
    expect(closed.statusCode).toBe(404);
    expect(closed.body).toContain('404 Page Not Found');
  });

  it('measures progress as the app did', () => {
    expect(progressOf(0, null)).toBeNull();
    expect(progressOf(2500, 10_000)).toBe(25);
    expect(progressOf(20_000, 10_000)).toBe(100);
  });
});
