import { type PublicEvent, type TenantConfig, takesCardPayments } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { tenantCurrency } from '../modules/invoices/invoices.service.ts';
import { publicEvent } from '../modules/scheduling/events.service.ts';
import type { Platform } from '../platform.ts';
import { EVENTS_CSS, eventDates, placesLabel, priceLabel, sessionLabel } from './events-page.ts';
import { type AppAssets, NOT_FOUND_PAGE_NAME, renderSitePage, sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import type { SitePage } from './site-entry.ts';

// One event's page, /events/{id} (its shareable link), rendered on the server like the builder's pages
// (docs/decisions/website.md, "Visitors' pages on a phone"): the app's EventPage as HTML with its texts.
// No island: a visitor's Register is a plain form to /login with the page as the return address (the app
// asked a visitor to log in first too); once signed in the web app takes the page over (boot.js), and its
// own EventPage registers and goes on to the payment. The block a signed-out visitor uses carries
// data-signed-out, which boot.js hides for a signed-in one so nothing is pressed before the app is up.

export const EVENT_CSS = `${EVENTS_CSS}
.event-page{max-width:720px;display:flex;flex-direction:column;gap:16px}
.event-page h1{margin:0;overflow-wrap:anywhere}
.event-page h2{font-size:1.15rem;margin:0 0 4px}
.event-page p{margin:0}
.event-text{white-space:pre-wrap;overflow-wrap:anywhere}
.event-details{display:flex;flex-direction:column;gap:4px;font-size:.9rem;overflow-wrap:anywhere}
.event-sessions{margin:0;padding-left:1.25rem;font-size:.9rem}
.event-badge--online{background:#e6fcf5;color:#0b5e45}
.event-cancelled{color:#a51111;font-size:.9rem}
.event-register{display:flex;flex-direction:column;gap:8px}
.event-actions{display:flex;gap:12px;flex-wrap:wrap;align-items:center}
.event-button{display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:6px;padding:10px 20px;font:inherit;font-weight:600;background:var(--site-accent);color:var(--site-accent-text);cursor:pointer;text-decoration:none;min-height:44px}
.event-button--plain{background:#fff;color:#212529;border:1px solid #868e96}
.event-button:disabled{opacity:.6;cursor:not-allowed}
.event-button:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.event-note{font-size:.9rem}`;

/** The event's shareable path, as the app's eventPath. */
export const eventPath = (guId: string) => `/events/${encodeURIComponent(guId)}`;

/** What the app's Register button says (placePayment): a priced event is paid by card now, or at the studio. */
export function registerWords(
  event: Pick<PublicEvent, 'priceMinor'>,
  paymentProvider: string | null,
): { button: string; note: string | null } {
  const priced = event.priceMinor !== null && event.priceMinor > 0;
  if (!priced) return { button: 'Register', note: null };
  return takesCardPayments(paymentProvider)
    ? { button: 'Register and pay', note: null }
    : { button: 'Register', note: 'You pay at the studio.' };
}

/** A signed-out visitor's Register: log in first, then back here (the app's /login?returnUrl=). */
function registration(event: PublicEvent, tenant: TenantConfig): string {
  const words = registerWords(event, tenant.paymentProvider);
  const button = event.isOpen
    ? `<button class="event-button" type="submit">${e(words.button)}</button>`
    : '<button class="event-button" type="submit" disabled>Registration closed</button>';
  const notes = event.isOpen
    ? `${words.note ? `<p class="event-note">${e(words.note)}</p>` : ''}<p class="event-note event-muted">You will be asked to log in or create an account first.</p>`
    : '';
  return `<div class="event-register" data-signed-out><form class="event-actions" method="get" action="/login"><input type="hidden" name="returnUrl" value="${e(eventPath(event.guId))}">${button}<a class="event-button event-button--plain" href="/events">All events</a></form>${notes}</div>`;
}

/** Schema.org's Event, for search engines' event results. */
function jsonLd(event: PublicEvent, tenant: TenantConfig, url: string, currency: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    ...(event.description ? { description: event.description.slice(0, 500) } : {}),
    url,
    ...(event.startsAt ? { startDate: event.startsAt } : {}),
    ...(event.endsAt ? { endDate: event.endsAt } : {}),
    eventAttendanceMode: `https://schema.org/${event.isOnline ? 'Online' : 'Offline'}EventAttendanceMode`,
    location: event.isOnline
      ? { '@type': 'VirtualLocation', url }
      : { '@type': 'Place', name: event.address || tenant.name, address: event.address || tenant.address.line1 },
    organizer: { '@type': 'Organization', name: tenant.name },
    offers: {
      '@type': 'Offer',
      url,
      price: ((event.priceMinor ?? 0) / 100).toFixed(2),
      priceCurrency: currency,
      availability: `https://schema.org/${event.isOpen ? 'InStock' : 'SoldOut'}`,
    },
  };
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The event as the app's EventPage drew it: labels, name, dates, description, facts, sessions, Register. */
export function eventPageHtml(
  event: PublicEvent,
  tenant: TenantConfig,
  url: string,
  currency: string,
  now = Date.now(),
): string {
  const scheduled = event.sessions.filter((s) => s.status === 'scheduled');
  const cancelled = event.sessions.filter((s) => s.status === 'cancelled' && Date.parse(s.startsAt) > now);
  const fact = (label: string, value: string) => `<p><strong>${label}:</strong> ${e(value)}</p>`;
  const facts = [
    event.address ? fact('Where', event.address) : '',
    event.roomName ? fact('Room', event.roomName) : '',
    event.teacherName ? fact('With', event.teacherName) : '',
    fact('Price', `${priceLabel(event.priceMinor, tenant.csymbol)}${scheduled.length > 1 ? ' for all sessions' : ''}`),
    fact('Places', placesLabel(event, now)),
  ].join('');
  const sessions = scheduled.length
    ? `<section aria-labelledby="event-sessions"><h2 id="event-sessions">${scheduled.length === 1 ? 'When' : `${scheduled.length} sessions`}</h2><ul class="event-sessions">${scheduled.map((s) => `<li>${e(sessionLabel(s, event.timezone))}</li>`).join('')}</ul></section>`
    : '';
  const gone = cancelled.length
    ? `<p class="event-cancelled">Cancelled: ${e(cancelled.map((s) => sessionLabel(s, event.timezone)).join('; '))}</p>`
    : '';
  return `<article class="event-page" aria-labelledby="event-title"><div class="event-badges"><span class="event-badge">${e(tenant.workshopLabel || 'Workshop')}</span>${event.isOnline ? '<span class="event-badge event-badge--online">Online</span>' : ''}</div><h1 id="event-title">${e(event.name)}</h1><p><strong>${e(eventDates(event))}</strong></p>${event.description ? `<p class="event-text">${e(event.description)}</p>` : ''}<div class="event-details">${facts}</div>${sessions}${gone}${registration(event, tenant)}</article>${jsonLd(event, tenant, url, currency)}`;
}

/** An unknown or retired link (or another studio's): the app's words, status 404, not indexed. */
export const EVENT_NOT_FOUND: SitePage = {
  name: NOT_FOUND_PAGE_NAME,
  title: 'Event not found',
  header: 'Event not found',
  subHeader: '',
  html: '<div class="event-page"><div class="event-alert" role="alert"><p><strong>This event could not be found</strong></p><p>Its link may have been replaced. Please see the events list.</p></div><p><a class="event-button event-button--plain" href="/events">All events</a></p></div>',
  css: `${EVENT_CSS}\n.event-alert{border-radius:8px;padding:12px 16px;background:#fff5f5;color:#a51111;display:flex;flex-direction:column;gap:4px}`,
};

/** GET /events/{id} as a server-rendered page. */
export function registerEventPage(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  app.get<{ Params: { id: string } }>(
    '/events/:id',
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const tenant = requireTenant(request);
      const { config } = await platform.tenantConfigs.get(tenant);
      const path = request.url.split('?')[0] ?? '/events';
      const url = `${requestOrigin(request)}${path}`;
      const id = request.params.id;
      const now = new Date();
      let event: PublicEvent | null = null;
      if (/^[A-Za-z0-9_-]{8,32}$/.test(id)) {
        try {
          event = await publicEvent(platform.db, tenant, id, now);
        } catch (error) {
          if (!(error instanceof AppError && error.statusCode === 404)) throw error;
        }
      }
      if (!event) return sendSitePage(reply, 404, renderSitePage(config, EVENT_NOT_FOUND, { url, path }, assets));
      const canonical = `${requestOrigin(request)}${eventPath(event.guId)}`;
      const summary = (event.description ?? '').replace(/\s+/g, ' ').trim();
      const page: SitePage = {
        name: `event:${event.guId}`,
        title: event.name,
        header: '',
        subHeader: '',
        html: eventPageHtml(event, config, canonical, tenantCurrency(tenant), now.getTime()),
        css: EVENT_CSS,
        description: (summary || `${eventDates(event)} at ${config.name}.`).slice(0, 160),
      };
      return sendSitePage(reply, 200, renderSitePage(config, page, { url: canonical, path }, assets));
    },
  );
}
