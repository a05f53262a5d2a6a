import { type ClassRule, type ClassSession, type ClassSessionList, dateInZone } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { json, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { classSessions } from '../../db/schema/index.ts';
import { caller } from '../catalogue/catalogue-fixtures.ts';
import { addDays } from './recurrence.ts';

const DAY = 86_400_000;

/**
 * The body of a two-day event from tomorrow in `zone` (three hours from 09:00 each day, three
 * places), with `body`'s fields over it.
 */
export function twoDayEvent(zone: string, body: Record<string, unknown> = {}) {
  const start = addDays(dateInZone(new Date(), zone), 1);
  return {
    kind: 'event',
    name: 'Weekend Retreat',
    description: 'Two mornings of slow flow.',
    address: '12 River Road',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '09:00',
    durationMinutes: 180,
    startDate: start,
    endDate: addDays(start, 1),
    capacity: 3,
    ...body,
  };
}

/** A class of Barre every day at 10:00 for an hour, for three days from `start`, with `body`'s fields over it. */
export function dailyBarre(start: string, body: Record<string, unknown> = {}) {
  return {
    name: 'Barre',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '10:00',
    durationMinutes: 60,
    startDate: start,
    endDate: addDays(start, 2),
    ...body,
  };
}

/** The session of `rule` on `day`, as the studio's schedule lists it (as `token`). */
export async function sessionOnDay(
  app: App,
  t: TestTenant,
  token: string,
  rule: ClassRule,
  day: string,
): Promise<ClassSession> {
  const response = await caller(app)(token, t, 'GET', `/snode/session?from=${day}&to=${addDays(day, 1)}`);
  const found = json<ClassSessionList>(response).data.find((s) => s.classId === rule.guId);
  if (!found) throw new Error('no session');
  return found;
}

/** Moves a (50-minute) session back in time, as if it had been held that many days ago. */
export async function heldDaysAgo(app: App, tenant: TestTenant, sessionId: string, days: number): Promise<void> {
  const startsAt = new Date(Date.now() - days * DAY);
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .update(classSessions)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000) })
      .where(and(eq(classSessions.tenantId, tenant.tenantId), eq(classSessions.id, sessionId))),
  );
}

/** What the overlap check needs of a session. */
export interface Placed {
  id: string;
  startsAt: Date;
  endsAt: Date;
  roomId: string | null;
  teacherId: string | null;
}

/**
 * The sessions that overlap another in the same room or with the same teacher (back to back is not
 * an overlap), by a sweep in the process: the reference the flags kept by the database
 * (class_session_overlaps) are checked against. One sweep per room and per teacher, sorted by start.
 */
export function overlappingIds(sessions: readonly Placed[]): Set<string> {
  const flagged = new Set<string>();
  const groups = new Map<string, Placed[]>();
  for (const s of sessions) {
    for (const key of [s.roomId ? `room:${s.roomId}` : null, s.teacherId ? `teacher:${s.teacherId}` : null]) {
      if (!key) continue;
      const group = groups.get(key);
      if (group) group.push(s);
      else groups.set(key, [s]);
    }
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    // The session reaching furthest so far: any later start before its end overlaps it.
    let reach = group[0] as Placed;
    for (const current of group.slice(1)) {
      if (current.startsAt.getTime() < reach.endsAt.getTime()) {
        flagged.add(current.id);
        flagged.add(reach.id);
      }
      if (current.endsAt.getTime() > reach.endsAt.getTime()) reach = current;
    }
  }
  return flagged;
}
