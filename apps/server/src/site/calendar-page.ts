import {
  type ClassSession,
  dateInZone,
  eventTitle,
  isClosedFull,
  SCHEDULE_MESSAGES,
  spotsLabel,
  type TenantConfig,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { zoneOf } from '../modules/scheduling/scheduling-shared.ts';
import { publicSessions } from '../modules/scheduling/sessions.service.ts';
import type { Platform } from '../platform.ts';
import { CALENDAR_ISLAND_JS } from './calendar-island.js.ts';
import { type AppAssets, renderSitePage, sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import { NOT_FOUND_PAGE } from './site.service.ts';
import type { SitePage } from './site-entry.ts';

// The public timetable, /calendar, rendered on the server like the builder's pages (issue 30): a week of the
// studio's classes, day by day, as HTML; the weeks change by plain GET buttons; a class opens its dialog
// through one small island (/site/calendar.js), whose Register goes to the app's signup route (login first,
// the pick kept: spec 1 §2's landing rule). A signed-in visitor gets the web app, which takes the page over
// (boot.js): staff their calendar, students theirs. Texts and formats are the app's (web features/scheduling);
// the spots label, a class's title and the full-class rule are the very functions the app uses (contracts'
// scheduling-labels.ts).

export const CALENDAR_CSS = `.cal-week{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;margin:0 0 16px}
.cal-week h2{margin:0;font-size:1.2rem;flex:1 1 auto}
.cal-week form{display:flex;gap:8px;flex-wrap:wrap}
.cal-nav{min-height:36px;padding:6px 12px;border:1px solid #adb5bd;border-radius:6px;background:#fff;color:#212529;font:inherit;cursor:pointer}
.cal-nav:focus-visible,.cal-class:focus-visible,.cal-dialog button:focus-visible{outline:2px solid var(--site-accent-ink,#1c7ed6);outline-offset:2px}
.cal-days{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.cal-day h3{margin:0 0 6px;font-size:1rem}
.cal-day ul{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.cal-class{display:flex;gap:12px;align-items:baseline;width:100%;min-height:44px;padding:8px 12px;text-align:left;border:1px solid #dee2e6;border-left:4px solid #1d4ed8;border-radius:6px;background:#fff;color:#212529;font:inherit;cursor:pointer;overflow-wrap:anywhere}
.cal-class:hover{background:#f1f3f5}
.cal-class__time{flex:none;font-weight:600;min-width:4.5rem}
.cal-class--full{border-left-color:#c92a2a}
.cal-none{margin:0;color:#495057;font-size:.9rem}
.cal-feed{margin-top:20px;font-size:.9rem}
.cal-dialog{border:0;border-radius:8px;padding:20px;width:min(460px,calc(100vw - 32px));max-width:100%;box-sizing:border-box;box-shadow:0 10px 30px rgba(0,0,0,.25);color:#212529}
.cal-dialog::backdrop{background:rgba(0,0,0,.45)}
.cal-dialog__head{display:flex;gap:12px;align-items:flex-start;justify-content:space-between;margin-bottom:12px}
.cal-dialog__head h2{margin:0;font-size:1.2rem;overflow-wrap:anywhere}
.cal-close{flex:none;width:36px;height:36px;border:0;border-radius:6px;background:#f1f3f5;color:#212529;font-size:1.3rem;line-height:1;cursor:pointer}
.cal-details p{margin:0 0 8px}
.cal-badges{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 12px}
.cal-badge{display:inline-block;border-radius:999px;padding:0 10px;font-size:.75rem;font-weight:700;line-height:1.8;text-transform:uppercase;background:#e7f5ff;color:#1864ab}
.cal-badge--teacher{background:#f1f3f5;color:#343a40}
.cal-badge--open{background:#087f5b;color:#fff}
.cal-badge--closed{background:#c92a2a;color:#fff}
.cal-badge--price{background:#343a40;color:#fff}
.cal-actions{display:flex;justify-content:flex-end}
.cal-book{min-height:40px;padding:8px 18px;border:0;border-radius:6px;background:var(--site-accent,#1c7ed6);color:var(--site-accent-text,#fff);font:inherit;font-weight:600;cursor:pointer}
.cal-full{margin:0;font-weight:600}
@media (max-width:600px){.cal-dialog{width:100vw;height:100vh;max-height:100vh;margin:0;border-radius:0}}`;

const LOCALE = 'en-US';

function format(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(LOCALE, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(LOCALE, options).format(new Date(iso));
  }
}

/** A day (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The Sunday that starts the week holding `day` (the app's calendar starts its weeks on Sunday). */
export function weekOf(day: string): string {
  return addDays(day, -new Date(`${day}T12:00:00Z`).getUTCDay());
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The week a `?week=` asks for, when it names a real day. */
function askedWeek(week: unknown): string | null {
  if (typeof week !== 'string' || !DAY.test(week)) return null;
  const at = new Date(`${week}T12:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== week ? null : weekOf(week);
}

/** "Nov 29 – Dec 5, 2026", short enough for a 320 px phone (as the app's phone calendar titles its week). */
export function weekTitle(start: string): string {
  const end = addDays(start, 6);
  const short = (day: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const first = short(start, sameYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' });
  return `${first} – ${short(end, { dateStyle: 'medium' })}`;
}

const timeRange = (s: ClassSession, zone: string) =>
  `${format(s.startsAt, zone, { timeStyle: 'short' })} – ${format(s.endsAt, zone, { timeStyle: 'short' })}`;
const signupPath = (s: ClassSession) =>
  `/signup/${encodeURIComponent(s.classId)}/${encodeURIComponent(s.clsStartTime)}?scheduleId=${encodeURIComponent(s.guId)}`;

/** What the class's dialog holds (a template the island copies in): when, where, who, spots, price, and the action. */
function classDetails(s: ClassSession, tenant: TenantConfig, zone: string, now: number): string {
  const price = s.priceMinor ? `${tenant.csymbol || '$'}${(s.priceMinor / 100).toFixed(2)}` : null;
  const badges = [
    s.roomName ? `<span class="cal-badge">${e(s.roomName)}</span>` : '',
    s.teacherName ? `<span class="cal-badge cal-badge--teacher">${e(s.teacherName)}</span>` : '',
    `<span class="cal-badge ${s.spotsLeft <= 0 ? 'cal-badge--closed' : 'cal-badge--open'}">${e(spotsLabel(s))}</span>`,
    price ? `<span class="cal-badge cal-badge--price">Drop-in ${e(price)}</span>` : '',
  ].join('');
  const upcoming = Date.parse(s.startsAt) > now;
  const action = !upcoming
    ? ''
    : isClosedFull(s)
      ? `<p class="cal-full" role="status">${e(SCHEDULE_MESSAGES.classFull)}</p>`
      : `<div class="cal-actions"><button type="button" class="cal-book" data-cal-go="${e(signupPath(s))}">${e(s.spotsLeft > 0 ? tenant.registerButtonLabel || 'Book' : 'Join waitlist')}</button></div>`;
  return `<div class="cal-details"><p>${e(format(s.startsAt, zone, { dateStyle: 'full' }))}, ${e(timeRange(s, zone))}</p><div class="cal-badges">${badges}</div>${action}</div>`;
}

/** The week's days, each with its classes as buttons that open the class; its templates for the dialog. */
export function calendarHtml(
  week: { start: string; sessions: ClassSession[] },
  tenant: TenantConfig,
  zone: string,
  host: string,
  now = Date.now(),
): string {
  const title = tenant.scheduleLabel || 'Schedule';
  const today = dateInZone(new Date(now), zone);
  const days = Array.from({ length: 7 }, (_, i) => addDays(week.start, i));
  const byDay = new Map(days.map((day) => [day, [] as { session: ClassSession; index: number }[]]));
  week.sessions.forEach((session, index) => {
    byDay.get(dateInZone(new Date(session.startsAt), zone))?.push({ session, index });
  });
  const dayList = days
    .map((day) => {
      const classes = byDay.get(day) ?? [];
      const heading = new Intl.DateTimeFormat(LOCALE, {
        weekday: 'long',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${day}T12:00:00Z`));
      const items = classes
        .map(
          ({ session, index }) =>
            `<li><button type="button" class="cal-class${session.spotsLeft <= 0 ? ' cal-class--full' : ''}" data-cal-open="${index}" aria-haspopup="dialog"><span class="cal-class__time">${e(format(session.startsAt, zone, { timeStyle: 'short' }))}</span><span>${e(eventTitle(session))}</span></button></li>`,
        )
        .join('');
      return `<li class="cal-day"${day === today ? ' aria-current="date"' : ''}><h3>${e(heading)}${day === today ? ' (today)' : ''}</h3>${items ? `<ul>${items}</ul>` : '<p class="cal-none">No classes</p>'}</li>`;
    })
    .join('');
  const templates = week.sessions
    .map(
      (s, index) =>
        `<template id="cal-class-${index}" data-name="${e(s.name)}">${classDetails(s, tenant, zone, now)}</template>`,
    )
    .join('');
  const nav = `<div class="cal-week"><h2 id="cal-week-title">${e(weekTitle(week.start))}</h2><form method="get" action="/calendar" aria-label="Weeks"><button class="cal-nav" name="week" value="${addDays(week.start, -7)}">Previous week</button><button class="cal-nav" name="week" value="${today}">Today</button><button class="cal-nav" name="week" value="${addDays(week.start, 7)}">Next week</button></form></div>`;
  const body = week.sessions.length
    ? `<ol class="cal-days" aria-labelledby="cal-week-title">${dayList}</ol>`
    : '<p>No classes in this period.</p>';
  const feed = `<p class="cal-feed"><a href="webcal://${e(host)}/public/timetable.ics">Add this ${e(title.toLowerCase())} to your calendar</a> (or copy <a href="/public/timetable.ics">its address</a>): it stays up to date, cancellations included.</p>`;
  const dialog = `<dialog class="cal-dialog" id="cal-dialog" aria-labelledby="cal-dialog-title"><div class="cal-dialog__head"><h2 id="cal-dialog-title"></h2><button type="button" class="cal-close" data-cal-close aria-label="Close">×</button></div><div id="cal-dialog-body"></div></dialog>`;
  return `<section class="cal" aria-label="${e(title)}" data-signed-out>${nav}${body}${feed}${templates}${dialog}</section><script src="/site/calendar.js" defer></script>`;
}

/**
 * The week to show and its classes: the asked week, or this week, or (when this week has no class still to
 * come) the week of the next class within two months, so a visitor does not land on an empty week.
 */
export async function calendarWeek(
  platform: Platform,
  tenant: Parameters<typeof publicSessions>[1],
  asked: string | null,
  now: Date,
): Promise<{ start: string; sessions: ClassSession[] }> {
  const zone = zoneOf(tenant);
  const weekFrom = async (start: string) =>
    (await publicSessions(platform.db, tenant, { from: start, to: addDays(start, 6) })).data;
  const start = asked ?? weekOf(dateInZone(now, zone));
  const sessions = await weekFrom(start);
  const toCome = (s: ClassSession) => s.status !== 'cancelled' && Date.parse(s.startsAt) >= now.getTime();
  if (asked || sessions.some(toCome)) return { start, sessions };
  const today = dateInZone(now, zone);
  const ahead = (await publicSessions(platform.db, tenant, { from: today, to: addDays(today, 62) })).data;
  const next = ahead.filter(toCome).sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  if (!next) return { start, sessions };
  const nextWeek = weekOf(dateInZone(new Date(next.startsAt), zone));
  return nextWeek > start ? { start: nextWeek, sessions: await weekFrom(nextWeek) } : { start, sessions };
}

/**
 * GET /calendar as a server-rendered page, and its island. `appShell`: the web app's page, for a studio that
 * hides its schedule (its staff still have their calendar at /calendar; the app shows visitors its 404).
 */
export function registerCalendarPage(
  app: FastifyInstance,
  platform: Platform,
  assets: AppAssets,
  appShell: (request: FastifyRequest) => Promise<string | null>,
): void {
  app.get('/site/calendar.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(CALENDAR_ISLAND_JS),
  );

  app.get<{ Querystring: { week?: string } }>('/calendar', { schema: { hide: true } }, async (request, reply) => {
    const tenant = requireTenant(request);
    if (!tenant.settings.isShowSchedule) {
      const shell = await appShell(request);
      if (shell) return sendSitePage(reply, 200, shell);
      const { config } = await platform.tenantConfigs.get(tenant);
      const url = `${requestOrigin(request)}/calendar`;
      return sendSitePage(reply, 404, renderSitePage(config, NOT_FOUND_PAGE, { url, path: '/calendar' }, assets));
    }
    const now = new Date();
    const [{ config }, week] = await Promise.all([
      platform.tenantConfigs.get(tenant),
      calendarWeek(platform, tenant, askedWeek(request.query.week), now),
    ]);
    const zone = zoneOf(tenant);
    const origin = requestOrigin(request);
    const title = config.scheduleLabel || 'Schedule';
    const names = [...new Set(week.sessions.map((s) => s.name))];
    const page: SitePage = {
      name: 'calendar',
      title,
      header: title,
      subHeader: '',
      html: calendarHtml(week, config, zone, new URL(origin).host, now.getTime()),
      css: CALENDAR_CSS,
      description: names.length ? `Classes at ${config.name}: ${names.join(', ')}`.slice(0, 160) : undefined,
    };
    return sendSitePage(
      reply,
      200,
      renderSitePage(config, page, { url: `${origin}/calendar`, path: '/calendar' }, assets),
    );
  });
}
