import { type ClassRule, type ClassSessionList, dateInZone, type Room, type Roster } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { caller } from '../catalogue/catalogue-fixtures.ts';
import { extendHorizons } from './class-rules.service.ts';
import { addDays } from './recurrence.ts';
import { dailyBarre } from './scheduling-fixtures.ts';

// Calendar apps take a changed event only when its SEQUENCE went up (RFC 5545 §3.8.7.4): each change
// of an occurrence (time, room, teacher, name, cancellation) raises it by one; the rest keep theirs.

const ZONE = 'Europe/London';
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let admin: string;
let student: string;
let rooms: Room[];
let start: string;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  tenant = await newTenant(app, { settings: { timezone: ZONE } });
  [admin, student] = await Promise.all([
    loginAs(app, tenant, 'admin').then((l) => l.access_token),
    loginAs(app, tenant, 'student').then((l) => l.access_token),
  ]);
  rooms = [];
  for (const name of ['Hall', 'Loft']) {
    rooms.push(json<Room>(await call(admin, tenant, 'POST', '/snode/room', { name, capacity: 20 })));
  }
  start = addDays(dateInZone(new Date(), ZONE), 3);
});

type VEvent = Record<string, string>;

/** A small RFC 5545 reader: unfolds lines, then each VEVENT's properties by name (parameters dropped). */
function parseICalendar(text: string): VEvent[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: VEvent[] = [];
  let current: VEvent | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0] ?? '';
      expect(current[name], `${name} twice in one event`).toBeUndefined();
      current[name] = line.slice(colon + 1);
    }
  }
  return events;
}

async function timetable(): Promise<Map<string, VEvent>> {
  const feed = await app.inject({ url: '/public/timetable.ics', headers: { host: tenant.host } });
  expect(feed.statusCode).toBe(200);
  return new Map(parseICalendar(feed.body).map((e) => [(e.UID ?? '').split('@')[0] ?? '', e]));
}

const ruleBody = (body: Record<string, unknown> = {}) =>
  dailyBarre(start, { capacity: 5, roomId: rooms[0]?.guId, ...body });

async function sessionsOf(rule: ClassRule): Promise<string[]> {
  const list = await call(admin, tenant, 'GET', `/snode/session?from=${start}&to=${addDays(start, 3)}`);
  return json<ClassSessionList>(list)
    .data.filter((s) => s.classId === rule.guId)
    .map((s) => s.guId);
}

describe('iCalendar SEQUENCE on each change of an occurrence', () => {
  it('raises one session’s sequence by one for each change of time, room, teacher, name or status; the others keep theirs', async () => {
    const made = await call(admin, tenant, 'POST', '/snode/classrule', ruleBody());
    expect(made.statusCode, made.body).toBe(201);
    const rule = json<ClassRule>(made);
    const [a, b, c] = await sessionsOf(rule);
    if (!a || !b || !c) throw new Error('three sessions expected');
    const seq = async () => {
      const feed = await timetable();
      return [a, b, c].map((id) => Number(feed.get(id)?.SEQUENCE));
    };

    let feed = await timetable();
    const first = feed.get(a);
    expect(first).toMatchObject({ UID: `${a}@${tenant.host.split(':')[0]}`, SEQUENCE: '0', STATUS: 'CONFIRMED' });
    expect(first?.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(first?.['LAST-MODIFIED']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(await seq()).toEqual([0, 0, 0]);

    // One session moved: only it goes up, and its LAST-MODIFIED is the change's.
    const moved = await call(admin, tenant, 'PUT', `/snode/session/${a}`, { startTime: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await seq()).toEqual([1, 0, 0]);
    // Another room, then a capacity change (which no calendar shows: unchanged).
    await call(admin, tenant, 'PUT', `/snode/session/${a}`, { roomId: rooms[1]?.guId });
    expect(await seq()).toEqual([2, 0, 0]);
    await call(admin, tenant, 'PUT', `/snode/session/${b}`, { capacity: 9 });
    expect(await seq()).toEqual([2, 0, 0]);
    // b is now detached (edited on its own) but still takes the class's new name.

    // The series saved unchanged, and the nightly extension: nothing changes.
    expect((await call(admin, tenant, 'PUT', `/snode/classrule/${rule.guId}`, ruleBody())).statusCode).toBe(200);
    await extendHorizons(app.platform, new Date());
    expect(await seq()).toEqual([2, 0, 0]);

    // The series moves to 09:00: c follows it (a and b were edited on their own and keep their times).
    expect(
      (await call(admin, tenant, 'PUT', `/snode/classrule/${rule.guId}`, ruleBody({ startTime: '09:00' }))).statusCode,
    ).toBe(200);
    expect(await seq()).toEqual([2, 0, 1]);
    feed = await timetable();
    expect(feed.get(c)?.DTSTART).toMatch(/T090000Z$/); // London in winter is UTC

    // Renamed: every session to come shows the new name, each once more (c's time too, still one).
    const renamed = await call(
      admin,
      tenant,
      'PUT',
      `/snode/classrule/${rule.guId}`,
      ruleBody({ name: 'Barre Flow', startTime: '08:00' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await seq()).toEqual([3, 1, 2]);
    expect((await timetable()).get(b)?.SUMMARY).toBe('Barre Flow');

    // Cancelled: sent as CANCELLED with its sequence raised; cancelling again changes nothing.
    expect((await call(admin, tenant, 'PUT', `/snode/session/${b}/cancel`)).statusCode).toBe(200);
    expect((await call(admin, tenant, 'PUT', `/snode/session/${b}/cancel`)).statusCode).toBe(200);
    expect(await seq()).toEqual([3, 2, 2]);
    expect((await timetable()).get(b)?.STATUS).toBe('CANCELLED');
    // Every UID stayed the same throughout.
    expect([...(await timetable()).keys()]).toEqual(expect.arrayContaining([a, b, c]));
  });

  it('a day dropped from the series with someone booked is sent CANCELLED with a higher sequence; a teacher change raises it', async () => {
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.update(contacts).set({ isTeacher: true }).where(eq(contacts.id, tenant.users.staff.id)),
    );
    const rule = json<ClassRule>(await call(admin, tenant, 'POST', '/snode/classrule', ruleBody({ name: 'Spin' })));
    const [a, b, c] = await sessionsOf(rule);
    if (!a || !b || !c) throw new Error('three sessions expected');
    const staffAdd = await call(admin, tenant, 'POST', `/snode/session/${c}/booking`, {
      contactId: tenant.users.student.id,
    });
    expect(staffAdd.statusCode, staffAdd.body).toBe(201);
    const teach = await call(
      admin,
      tenant,
      'PUT',
      `/snode/classrule/${rule.guId}`,
      ruleBody({ name: 'Spin', endDate: addDays(start, 1), teacherId: tenant.users.staff.id }),
    );
    expect(teach.statusCode, teach.body).toBe(200);
    const feed = await timetable();
    expect([a, b].map((id) => feed.get(id)?.SEQUENCE)).toEqual(['1', '1']);
    expect(feed.get(c)).toMatchObject({ SEQUENCE: '1', STATUS: 'CANCELLED' });
  });

  it('a student’s own feed keeps a class the studio cancelled, as CANCELLED with a higher sequence', async () => {
    const rule = json<ClassRule>(await call(admin, tenant, 'POST', '/snode/classrule', ruleBody({ name: 'Pilates' })));
    const [a, b] = await sessionsOf(rule);
    if (!a || !b) throw new Error('sessions expected');
    for (const id of [a, b]) {
      const booked = await call(admin, tenant, 'POST', `/snode/session/${id}/booking`, {
        contactId: tenant.users.student.id,
      });
      expect(json<Roster>(booked).bookings[0]?.status).toBe('booked');
    }
    const { url } = json<{ url: string }>(await call(student, tenant, 'GET', '/snode/calendarfeed?kind=student'));
    const read = async () => {
      const feed = await app.inject({ url: new URL(url).pathname, headers: { host: tenant.host } });
      return new Map(parseICalendar(feed.body).map((e) => [(e.UID ?? '').split('@')[0] ?? '', e]));
    };
    expect((await read()).get(a)).toMatchObject({ SEQUENCE: '0', STATUS: 'CONFIRMED' });
    expect((await call(admin, tenant, 'PUT', `/snode/session/${a}/cancel`)).statusCode).toBe(200);
    const after = await read();
    expect(after.get(a)).toMatchObject({ SEQUENCE: '1', STATUS: 'CANCELLED', SUMMARY: 'Pilates' });
    expect(after.get(b)).toMatchObject({ SEQUENCE: '0', STATUS: 'CONFIRMED' });
    // A place the student gives up leaves their feed (it was theirs to drop).
    const mine = json<Roster>(await call(admin, tenant, 'GET', `/snode/session/${b}`)).bookings[0];
    expect((await call(student, tenant, 'DELETE', `/snode/mybooking/${mine?.guId}`)).statusCode).toBe(204);
    expect((await read()).has(b)).toBe(false);
  });
});
