import type { PublicEvent, TenantConfig } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { publicEvents } from '../modules/scheduling/events.service.ts';
import type { Platform } from '../platform.ts';
import { type AppAssets, renderSitePage, sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';

// The public events list, /events, rendered on the server like the builder's pages: the studio's events
// still to come, soonest first, each a link to its page (still the web app's /events/{id}, where a visitor
// registers). No script beyond the site's boot script (docs/decisions/website.md, "Visitors' pages on a
// phone"). The texts and formats are the app's (web features/events/event-format.ts).

export const EVENTS_CSS = `.event-grid{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr))}
.event-card{border:1px solid #dee2e6;border-radius:8px;padding:16px;display:flex;flex-direction:column;gap:6px;background:#fff}
.event-card p{margin:0;font-size:.9rem;overflow-wrap:anywhere}
.event-card h2{font-size:1.15rem;margin:0;line-height:1.3;overflow-wrap:anywhere}
.event-badges{display:flex;gap:8px;flex-wrap:wrap}
.event-badge{display:inline-block;border-radius:999px;padding:0 10px;font-size:.75rem;font-weight:700;text-transform:uppercase;line-height:1.8;background:var(--site-accent-tint);color:var(--site-accent-ink)}
.event-badge--featured{background:#f8f0fc;color:#862e9c}
.event-muted{color:#495057}
.event-facts{display:flex;gap:16px;flex-wrap:wrap}.event-facts strong{font-weight:600}`;

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

function format(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
  }
}

/** "Sat, Mar 14, 2026" or "Sat, Mar 14, 2026 – Sun, Mar 15, 2026", on the event's calendar. */
export function eventDates(event: Pick<PublicEvent, 'startsAt' | 'endsAt' | 'timezone'>): string {
  if (!event.startsAt || !event.endsAt) return 'No dates';
  const first = format(event.startsAt, event.timezone, DAY);
  const last = format(event.endsAt, event.timezone, DAY);
  return first === last ? first : `${first} – ${last}`;
}

/** One session's day and times: "Sat, Mar 14, 2026, 9:00 AM – 12:00 PM". */
export function sessionLabel(session: { startsAt: string; endsAt: string }, timeZone: string): string {
  return `${format(session.startsAt, timeZone, DAY)}, ${format(session.startsAt, timeZone, TIME)} – ${format(session.endsAt, timeZone, TIME)}`;
}

/** "3 places left", "1 place left", "Full", or "Closed" once no session is to come. */
export function placesLabel(event: Pick<PublicEvent, 'spotsLeft' | 'sessions'>, now = Date.now()): string {
  const toCome = event.sessions.some((s) => s.status === 'scheduled' && Date.parse(s.startsAt) > now);
  if (!toCome) return 'Closed';
  if (event.spotsLeft <= 0) return 'Full';
  return event.spotsLeft === 1 ? '1 place left' : `${event.spotsLeft} places left`;
}

/** The app's priceLabel: the studio's symbol and two decimals, 'Free' without a price. */
export const priceLabel = (priceMinor: number | null, csymbol: string) =>
  priceMinor ? `${csymbol || '$'}${(priceMinor / 100).toFixed(2)}` : 'Free';

function eventCard(event: PublicEvent, tenant: TenantConfig, now: number): string {
  const scheduled = event.sessions.filter((s) => s.status === 'scheduled');
  const first = scheduled[0];
  const when = first
    ? `<p class="event-muted">${scheduled.length > 1 ? `${scheduled.length} sessions, from ` : ''}${e(sessionLabel(first, event.timezone))}</p>`
    : '';
  return `<li class="event-card"><div class="event-badges"><span class="event-badge">${e(tenant.workshopLabel || 'Workshop')}</span>${event.isFeatured ? '<span class="event-badge event-badge--featured">Featured</span>' : ''}</div><h2><a href="/events/${e(encodeURIComponent(event.guId))}">${e(event.name)}</a></h2><p>${e(eventDates(event))}</p>${when}${event.address ? `<p>${e(event.address)}</p>` : ''}<p class="event-facts"><strong>${e(priceLabel(event.priceMinor, tenant.csymbol))}</strong><span>${e(placesLabel(event, now))}</span></p></li>`;
}

export function eventsHtml(events: PublicEvent[], tenant: TenantConfig, now = Date.now()): string {
  if (events.length === 0) return '<p>No events are coming up. Please check back soon.</p>';
  return `<ul class="event-grid" aria-label="Events">${events.map((event) => eventCard(event, tenant, now)).join('')}</ul>`;
}

/** GET /events as a server-rendered page. */
export function registerEventsPage(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  app.get('/events', { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const tenant = requireTenant(request);
    const now = new Date();
    const [{ config }, list] = await Promise.all([
      platform.tenantConfigs.get(tenant),
      publicEvents(platform.db, tenant, now, false),
    ]);
    const path = '/events';
    const url = `${requestOrigin(request)}${path}`;
    const html = renderSitePage(
      config,
      {
        name: 'events',
        title: 'Events',
        header: 'Events',
        subHeader: '',
        html: eventsHtml(list.data, config, now.getTime()),
        css: EVENTS_CSS,
        description: list.data.length
          ? `Events at ${config.name}: ${list.data.map((event) => event.name).join(', ')}`.slice(0, 160)
          : undefined,
      },
      { url, path },
      assets,
    );
    return sendSitePage(reply, 200, html);
  });
}
