import type { PublicEvent, TenantConfig } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { eventDates, eventsHtml, placesLabel, sessionLabel } from './events-page.ts';

// The server-rendered /events (issue 30; docs/decisions/website.md "Visitors' pages on a phone").

let app: App;
let a: TestTenant;

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  a = await newTenant(app);
});

const NOW = Date.parse('2026-03-01T12:00:00Z');
const retreat: PublicEvent = {
  guId: 'abcDEF123_-xyz12',
  name: 'Weekend <Retreat>',
  description: null,
  address: '1 Harbour Street',
  roomName: null,
  teacherName: null,
  priceMinor: 12_000,
  isOnline: false,
  isFeatured: true,
  capacity: 10,
  spotsLeft: 1,
  isOpen: true,
  startsAt: '2026-03-14T14:00:00Z',
  endsAt: '2026-03-15T17:00:00Z',
  sessions: [
    { guId: 's1', startsAt: '2026-03-14T14:00:00Z', endsAt: '2026-03-14T17:00:00Z', status: 'scheduled' },
    { guId: 's2', startsAt: '2026-03-15T14:00:00Z', endsAt: '2026-03-15T17:00:00Z', status: 'scheduled' },
  ],
  timezone: 'America/New_York',
};
const tenant = { workshopLabel: 'Workshop', csymbol: '$' } as TenantConfig;

describe('the events page from the server', () => {
  it('draws each event as the app did: label, name linking to its page, dates, sessions, place, price, places', () => {
    const html = eventsHtml([retreat], tenant, NOW);
    expect(html).toContain('<ul class="event-grid" aria-label="Events">');
    expect(html).toContain('<a href="/events/abcDEF123_-xyz12">Weekend &lt;Retreat&gt;</a>');
    expect(html).toContain('>Workshop</span><span class="event-badge event-badge--featured">Featured</span>');
    expect(html).toContain('Sat, Mar 14, 2026 – Sun, Mar 15, 2026');
    expect(html).toContain('2 sessions, from Sat, Mar 14, 2026, 10:00 AM – 1:00 PM');
    expect(html).toContain('1 Harbour Street');
    expect(html).toContain('<strong>$120.00</strong><span>1 place left</span>');
    expect(eventsHtml([{ ...retreat, priceMinor: null, spotsLeft: 5 }], tenant, NOW)).toContain(
      '<strong>Free</strong><span>5 places left</span>',
    );
  });

  it('says Full, Closed and No dates as the app did', () => {
    expect(placesLabel({ ...retreat, spotsLeft: 0 }, NOW)).toBe('Full');
    expect(placesLabel(retreat, Date.parse('2026-04-01T00:00:00Z'))).toBe('Closed');
    expect(eventDates({ ...retreat, startsAt: null })).toBe('No dates');
    expect(sessionLabel(retreat.sessions[0] as PublicEvent['sessions'][number], 'Europe/London')).toBe(
      'Sat, Mar 14, 2026, 2:00 PM – 5:00 PM',
    );
  });

  it("answers the studio's page in its brand, with the site's boot script only", async () => {
    const response = await app.inject({ url: '/events', headers: { host: a.host } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Events | ');
    expect(response.body).toContain('<h1>Events</h1>');
    expect(response.body).toContain('No events are coming up. Please check back soon.');
    expect(response.body).not.toMatch(/atrium/i);
    expect(response.body.match(/<script src=/g)).toHaveLength(1);
  });
});
