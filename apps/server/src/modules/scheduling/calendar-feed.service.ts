import { randomBytes } from 'node:crypto';
import { type CalendarFeed, classTimeLabel, knownTimeZone } from '@atrium/contracts';
import { readTenant, withTenant } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import {
  type FeedKind,
  feedSessions,
  findFeedByToken,
  findLiveFeed,
  insertFeed,
  revokeFeed,
} from './booking-work.repo.ts';
import { toICalendar } from './ical.ts';
import { findTeacher } from './rooms.repo.ts';
import * as repo from './scheduling.repo.ts';

// Private iCalendar feeds (decisions.md "Scheduling, slice 2"): a student's booked classes and a
// teacher's classes, at /public/ical/{token}.ics on the tenant's own host. The token is the only
// credential: 32 random bytes; revoking it makes the next address a new one.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DAY = 86_400_000;

async function assertMayHave(platform: Platform, actor: Authenticated, kind: FeedKind): Promise<void> {
  if (kind !== 'teacher') return;
  if (actor.auth.role === 'student') throw forbidden();
  const teacher = await readTenant(platform.db, actor.tenant.tenantId, (tx) =>
    findTeacher(tx, actor.tenant.tenantId, actor.auth.sub),
  );
  if (!teacher?.isTeacher) throw badRequest('kind', 'Only a user marked Teacher has a teacher calendar feed.');
}

const feedUrl = (platform: Platform, tenant: TenantContext, token: string) =>
  `${tenantOrigin(platform.config, tenant)}/public/ical/${token}.ics`;

/** GET /snode/calendarfeed?kind=: the caller's feed address, made on first ask. */
export async function myCalendarFeed(platform: Platform, actor: Authenticated, kind: FeedKind): Promise<CalendarFeed> {
  await assertMayHave(platform, actor, kind);
  const { tenant, auth } = actor;
  const feed = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const live = await findLiveFeed(tx, tenant.tenantId, auth.sub, kind);
    return live ?? insertFeed(tx, tenant.tenantId, auth.sub, kind, randomBytes(32).toString('base64url'));
  });
  if (!feed) throw new Error('the calendar feed was not stored');
  return { url: feedUrl(platform, tenant, feed.token), kind };
}

/** DELETE /snode/calendarfeed?kind=: the address stops working; the next ask makes a new one. */
export async function revokeMyCalendarFeed(platform: Platform, actor: Authenticated, kind: FeedKind): Promise<void> {
  const { tenant, auth } = actor;
  await withTenant(platform.db, tenant.tenantId, (tx) => revokeFeed(tx, tenant.tenantId, auth.sub, kind, new Date()));
}

/** How far back and ahead the public timetable feed reaches. */
export const TIMETABLE_FEED_DAYS = { back: 7, ahead: 60 } as const;

/**
 * GET /public/timetable.ics: the tenant's public timetable as a calendar anyone may subscribe to,
 * from a week back to 60 days ahead; cancelled sessions stay in it as CANCELLED so subscribers see
 * them go. 404 when the tenant hides its schedule, as for the public calendar.
 */
export async function timetableFeedText(platform: Platform, tenant: TenantContext, now: Date) {
  if (!tenant.settings.isShowSchedule) throw notFound('Schedule');
  const zone = knownTimeZone(tenant.settings.timezone);
  const sessions = await readTenant(platform.db, tenant.tenantId, (tx) =>
    repo.findSessions(tx, tenant.tenantId, {
      from: new Date(now.getTime() - TIMETABLE_FEED_DAYS.back * DAY),
      to: new Date(now.getTime() + TIMETABLE_FEED_DAYS.ahead * DAY),
      includeCancelled: true,
    }),
  );
  const host = new URL(tenantOrigin(platform.config, tenant)).hostname;
  return toICalendar({
    name: tenant.name,
    timeZone: zone,
    prodId: `-//${tenant.name.replace(/[\r\n]/g, ' ')}//Timetable//EN`,
    now,
    events: sessions.map((s) => ({
      uid: `${s.row.id}@${host}`,
      summary: s.name,
      start: s.row.startsAt,
      end: s.row.endsAt,
      location: tenant.settings.isShowRoomName ? s.roomName : null,
      description: [s.name, classTimeLabel(s.row.startsAt, zone), s.teacherName ? `with ${s.teacherName}` : '']
        .filter(Boolean)
        .join(', '),
      cancelled: s.row.status === 'cancelled',
      sequence: s.row.sequence,
      updatedAt: s.row.updatedAt,
    })),
  });
}

/** GET /public/ical/{token}.ics: the feed as text/calendar; an unknown or revoked token is a 404. */
export async function calendarFeedText(platform: Platform, tenant: TenantContext, token: string, now: Date) {
  if (!TOKEN.test(token)) throw notFound('Calendar');
  const zone = knownTimeZone(tenant.settings.timezone);
  const events = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const feed = await findFeedByToken(tx, tenant.tenantId, token);
    if (!feed) throw notFound('Calendar');
    return feedSessions(tx, tenant.tenantId, feed.kind, feed.contactId, new Date(now.getTime() - 30 * DAY));
  });
  const host = new URL(tenantOrigin(platform.config, tenant)).hostname;
  return toICalendar({
    name: tenant.name,
    timeZone: zone,
    prodId: `-//${tenant.name.replace(/[\r\n]/g, ' ')}//Classes//EN`,
    now,
    events: events.map((e) => ({
      uid: `${e.id}@${host}`,
      summary: e.name,
      start: e.startsAt,
      end: e.endsAt,
      location: tenant.settings.isShowRoomName ? e.roomName : null,
      description: `${e.name}, ${classTimeLabel(e.startsAt, zone)}`,
      cancelled: e.status === 'cancelled',
      sequence: e.sequence,
      updatedAt: e.updatedAt,
    })),
  });
}
