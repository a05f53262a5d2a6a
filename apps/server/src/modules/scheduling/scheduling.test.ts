import {
  type ClassRule,
  type ClassSession,
  type ClassSessionList,
  dateInZone,
  type Room,
  type Roster,
  SCHEDULE_MESSAGES,
  type StudentSession,
  type StudentSessionList,
  wallTimeInZone,
} from '@atrium/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { classBookings, classSessions } from '../../db/schema/index.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';
import { insertStudents } from '../contacts/contact-fixtures.ts';
import { extendHorizons } from './class-rules.service.ts';
import { addDays } from './recurrence.ts';

const ZONE = 'America/New_York';
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
let hidden: TestTenant;
let admin: string;
let staff: string;
let frontdesk: string;
let student: string;
let otherAdmin: string;
let hiddenStudent: string;
let room: Room;
let start: string;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  tenant = await newTenant(app, {
    // takes cards: a priced drop-in is held while it is paid by card
    settings: { timezone: ZONE, defaultClassName: 'Open Class', defaultMaxAttendees: 12, paymentProvider: 'STRIPE' },
  });
  other = await newTenant(app);
  hidden = await newTenant(app, { settings: { isShowSchedule: false } });
  [admin, staff, frontdesk, student, otherAdmin, hiddenStudent] = await Promise.all([
    loginAs(app, tenant, 'admin').then((l) => l.access_token),
    loginAs(app, tenant, 'staff').then((l) => l.access_token),
    loginAs(app, tenant, 'frontdesk').then((l) => l.access_token),
    loginAs(app, tenant, 'student').then((l) => l.access_token),
    loginAs(app, other, 'admin').then((l) => l.access_token),
    loginAs(app, hidden, 'student').then((l) => l.access_token),
  ]);
  room = await created<Room>(call(admin, tenant, 'POST', '/snode/room', { name: 'Studio A', capacity: 20 }));
  start = addDays(dateInZone(new Date(), ZONE), 2);
});

async function created<T>(pending: Promise<{ statusCode: number; body: string }>): Promise<T> {
  const response = await pending;
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as T;
}

const everyDay = [0, 1, 2, 3, 4, 5, 6];

function addRule(body: Record<string, unknown> = {}, t = tenant, token = admin) {
  return created<ClassRule>(
    call(token, t, 'POST', '/snode/classrule', {
      name: 'Yoga',
      daysOfWeek: everyDay,
      startTime: '18:00',
      durationMinutes: 60,
      startDate: start,
      endDate: addDays(start, 6),
      capacity: 5,
      ...body,
    }),
  );
}

async function sessionsOf(rule: ClassRule, t = tenant, token = admin): Promise<ClassSession[]> {
  const response = await call(token, t, 'GET', `/snode/session?from=${start}&to=${addDays(start, 40)}`);
  expect(response.statusCode).toBe(200);
  return json<ClassSessionList>(response).data.filter((s) => s.classId === rule.guId);
}

/** Contacts made straight in the database (no password: they are booked by staff). */
function makeContacts(t: TestTenant, count: number): Promise<string[]> {
  return insertStudents(app, t, count, (i) => ({
    email: `member${i}-${Math.random().toString(36).slice(2)}@example.test`,
    name: `Member ${String(i).padStart(2, '0')}`,
  }));
}

describe('rooms', () => {
  it('lists, adds, renames and removes rooms; names are unique in the tenant', async () => {
    const made = await created<Room>(call(admin, tenant, 'POST', '/snode/room', { name: 'Loft', capacity: 8 }));
    expect(made).toMatchObject({ name: 'Loft', capacity: 8 });
    const dup = await call(admin, tenant, 'POST', '/snode/room', { name: 'loft', capacity: 3 });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup.body).field).toBe('name');
    const renamed = await call(admin, tenant, 'PUT', `/snode/room/${made.guId}`, { name: 'Loft 2', capacity: 9 });
    expect(json<Room>(renamed)).toMatchObject({ name: 'Loft 2', capacity: 9 });
    const list = json<{ data: Room[] }>(await call(frontdesk, tenant, 'GET', '/snode/room'));
    expect(list.data.map((r) => r.name)).toEqual(expect.arrayContaining(['Loft 2', 'Studio A']));
    expect((await call(admin, tenant, 'DELETE', `/snode/room/${made.guId}`)).statusCode).toBe(204);
    expect((await call(admin, tenant, 'DELETE', `/snode/room/${made.guId}`)).statusCode).toBe(404);
  });

  it('400 names the field', async () => {
    const bad = await call(admin, tenant, 'POST', '/snode/room', { name: ' ', capacity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(['name', 'capacity']).toContain(errorOf(bad.body).field);
    const cap = await call(admin, tenant, 'POST', '/snode/room', { name: 'Ok', capacity: 1.5 });
    expect(errorOf(cap.body)).toMatchObject({ field: 'capacity' });
  });

  it('roles: front desk reads but may not change rooms; students and visitors may not read', async () => {
    expect((await call(frontdesk, tenant, 'POST', '/snode/room', { name: 'X', capacity: 2 })).statusCode).toBe(403);
    expect((await call(staff, tenant, 'GET', '/snode/room')).statusCode).toBe(200);
    expect((await call(student, tenant, 'GET', '/snode/room')).statusCode).toBe(403);
    const visitor = await app.inject({ method: 'GET', url: '/snode/room', headers: { host: tenant.host } });
    expect(visitor.statusCode).toBe(401);
  });

  it('a room in use cannot be removed; another tenant’s room is a 404', async () => {
    await addRule({ roomId: room.guId });
    expect((await call(admin, tenant, 'DELETE', `/snode/room/${room.guId}`)).statusCode).toBe(409);
    expect(
      (await call(otherAdmin, other, 'PUT', `/snode/room/${room.guId}`, { name: 'Mine', capacity: 2 })).statusCode,
    ).toBe(404);
    expect((await call(otherAdmin, other, 'DELETE', `/snode/room/${room.guId}`)).statusCode).toBe(404);
  });
});

describe('class rules', () => {
  it('creates a rule with the account defaults and materialises its sessions at 18:00 in the tenant’s zone', async () => {
    const rule = await addRule({ name: undefined, capacity: undefined, roomId: room.guId, priceMinor: 0 });
    expect(rule).toMatchObject({
      name: 'Open Class',
      capacity: 12,
      roomName: 'Studio A',
      timezone: ZONE,
      priceMinor: null,
    });
    const sessions = await sessionsOf(rule);
    expect(sessions).toHaveLength(7);
    for (const s of sessions) {
      expect(wallTimeInZone(new Date(s.startsAt), ZONE).slice(11)).toBe('18:00');
      // The tenant does not show room names on its calendars (isShowRoomName off); the roster does.
      expect(s).toMatchObject({ capacity: 12, spotsLeft: 12, roomName: null, status: 'scheduled' });
    }
  });

  it('skips exception dates and takes a teacher only when marked Teacher', async () => {
    const notTeacher = await call(admin, tenant, 'POST', '/snode/classrule', {
      daysOfWeek: [1],
      startTime: '09:00',
      durationMinutes: 30,
      startDate: start,
      teacherId: tenant.users.staff.id,
    });
    expect(notTeacher.statusCode).toBe(400);
    expect(errorOf(notTeacher.body).field).toBe('teacherId');
    await call(admin, tenant, 'PUT', `/rest/contact/${tenant.users.staff.id}`, {
      isUpdateRole: true,
      roles: ['ROLE_STAFF'],
      isTeacher: true,
    });
    const teachers = json<{ data: { guId: string }[] }>(await call(admin, tenant, 'GET', '/snode/teacher'));
    expect(teachers.data.map((t) => t.guId)).toContain(tenant.users.staff.id);
    const rule = await addRule({ teacherId: tenant.users.staff.id, exceptionDates: [addDays(start, 1)] });
    expect(rule.teacherName).toBe(`staff ${tenant.orgId}`);
    const dates = (await sessionsOf(rule)).map((s) => dateInZone(new Date(s.startsAt), ZONE));
    expect(dates).toHaveLength(6);
    expect(dates).not.toContain(addDays(start, 1));
  });

  it('400 names the field; another tenant’s room or rule is a 404', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ daysOfWeek: [] }, 'daysOfWeek'],
      [{ daysOfWeek: [7] }, 'daysOfWeek.0'],
      [{ startTime: '25:00' }, 'startTime'],
      [{ durationMinutes: 2 }, 'durationMinutes'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ endDate: addDays(start, -1) }, 'endDate'],
      [{ priceMinor: -1 }, 'priceMinor'],
      [{ capacity: 0 }, 'capacity'],
    ];
    for (const [body, field] of cases) {
      const response = await call(admin, tenant, 'POST', '/snode/classrule', {
        daysOfWeek: [1],
        startTime: '18:00',
        durationMinutes: 60,
        startDate: start,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response.body).field, JSON.stringify(body)).toBe(field);
    }
    const foreignRoom = await call(otherAdmin, other, 'POST', '/snode/classrule', {
      daysOfWeek: [1],
      startTime: '18:00',
      durationMinutes: 60,
      startDate: start,
      roomId: room.guId,
    });
    expect(foreignRoom.statusCode).toBe(404);
    expect(errorOf(foreignRoom.body).field).toBe('roomId');
    const rule = await addRule();
    expect((await call(otherAdmin, other, 'GET', `/snode/classrule/${rule.guId}`)).statusCode).toBe(404);
    expect((await call(admin, tenant, 'GET', `/snode/classrule/${rule.guId}`)).statusCode).toBe(200);
  });

  it('roles: staff manage classes, front desk and students may not', async () => {
    await addRule({}, tenant, staff);
    const desk = await call(frontdesk, tenant, 'POST', '/snode/classrule', {});
    expect(desk.statusCode).toBe(403);
    expect((await call(student, tenant, 'GET', '/snode/classrule')).statusCode).toBe(403);
    expect((await call(frontdesk, tenant, 'GET', '/snode/classrule')).statusCode).toBe(200);
  });

  it('editing the series moves future sessions and keeps their bookings; dropped days with bookings are cancelled', async () => {
    const rule = await addRule({ daysOfWeek: everyDay });
    const [first, second] = await sessionsOf(rule);
    if (!first || !second) throw new Error('no sessions');
    const [a, b] = await makeContacts(tenant, 2);
    await created<Roster>(call(staff, tenant, 'POST', `/snode/session/${first.guId}/booking`, { contactId: a }));
    await created<Roster>(call(staff, tenant, 'POST', `/snode/session/${second.guId}/booking`, { contactId: b }));
    const firstDay = new Date(`${dateInZone(new Date(first.startsAt), ZONE)}T12:00:00Z`).getUTCDay();
    const edited = await call(admin, tenant, 'PUT', `/snode/classrule/${rule.guId}`, {
      name: 'Yoga Flow',
      daysOfWeek: [firstDay],
      startTime: '19:30',
      durationMinutes: 45,
      startDate: start,
      endDate: addDays(start, 6),
      capacity: 3,
    });
    expect(edited.statusCode).toBe(200);
    const after = await sessionsOf(rule);
    const moved = after.find((s) => s.guId === first.guId);
    expect(moved).toMatchObject({ name: 'Yoga Flow', capacity: 3, booked: 1, status: 'scheduled' });
    expect(wallTimeInZone(new Date(moved?.startsAt ?? 0), ZONE).slice(11)).toBe('19:30');
    expect(after.find((s) => s.guId === second.guId)).toMatchObject({ status: 'cancelled', booked: 0 });
    // Days without bookings are gone.
    expect(after.filter((s) => s.status === 'scheduled')).toHaveLength(1);
    const roster = json<Roster>(await call(staff, tenant, 'GET', `/snode/session/${second.guId}`));
    expect(roster.bookings).toEqual([]);
  });

  it('the daily job extends a rule to the horizon', async () => {
    const rule = await addRule({ endDate: null, daysOfWeek: [3] });
    const before = (await sessionsOf(rule)).length;
    await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
      await tx
        .delete(classSessions)
        .where(and(eq(classSessions.tenantId, tenant.tenantId), eq(classSessions.ruleId, rule.guId)));
    });
    // As if the rule was last generated long ago.
    await app.platform.db.execute(sql`update class_rules set generated_until = now() where id = ${rule.guId}`);
    expect(await extendHorizons(app.platform, new Date())).toBeGreaterThanOrEqual(1);
    expect((await sessionsOf(rule)).length).toBe(before);
  });
});

describe('sessions, booking, waitlist and check-in', () => {
  it('a student books, is refused a second time, cancels; a full session waitlists in order and a freed spot is offered to the first', async () => {
    const rule = await addRule({ capacity: 1 });
    const [session] = await sessionsOf(rule);
    if (!session) throw new Error('no session');
    const body = { classId: rule.guId, clsStartTime: session.clsStartTime, scheduleId: session.guId };
    const booked = await call(student, tenant, 'POST', '/snode/mybooking', body);
    expect(booked.statusCode).toBe(201);
    const mine = json<StudentSession>(booked);
    expect(mine).toMatchObject({ myStatus: 'booked', spotsLeft: 0, booked: 1 });
    const again = await call(student, tenant, 'POST', '/snode/mybooking', body);
    expect(again.statusCode).toBe(409);
    const [x, y] = await makeContacts(tenant, 2);
    const roster = await created<Roster>(
      call(frontdesk, tenant, 'POST', `/snode/session/${session.guId}/booking`, { contactId: x }),
    );
    await created<Roster>(call(frontdesk, tenant, 'POST', `/snode/session/${session.guId}/booking`, { contactId: y }));
    expect(roster.bookings.map((b) => [b.status, b.waitlistPosition])).toEqual([
      ['booked', null],
      ['waitlisted', 1],
    ]);
    const list = json<StudentSessionList>(
      await call(student, tenant, 'GET', `/snode/myclasses?from=${start}&to=${addDays(start, 7)}`),
    );
    expect(list.data.find((s) => s.guId === session.guId)).toMatchObject({ myStatus: 'booked', waitlisted: 2 });
    // Another tenant's student may not cancel it; the owner may.
    expect((await call(otherAdmin, other, 'DELETE', `/snode/mybooking/${mine.myBookingId}`)).statusCode).toBe(404);
    expect((await call(student, tenant, 'DELETE', `/snode/mybooking/${mine.myBookingId}`)).statusCode).toBe(204);
    const afterCancel = json<Roster>(await call(frontdesk, tenant, 'GET', `/snode/session/${session.guId}`));
    expect(afterCancel.bookings.map((b) => [b.contactId, b.status, b.waitlistPosition])).toEqual([
      [x, 'offered', null],
      [y, 'waitlisted', 1],
    ]);
    // As if x confirmed the spot held for them (the confirm call is booking-holds.test.ts's).
    await app.platform.db.execute(
      sql`update class_bookings set status = 'booked', hold_expires_at = null where id = ${afterCancel.bookings[0]?.guId}`,
    );
    // Check-in by the front desk; a waitlisted place cannot be checked in.
    const xBooking = afterCancel.bookings[0]?.guId;
    const checked = await call(frontdesk, tenant, 'PUT', `/snode/booking/${xBooking}/attendance`, {
      attended: true,
    });
    expect(json<Roster>(checked).bookings[0]).toMatchObject({ attended: true });
    const yBooking = afterCancel.bookings[1]?.guId;
    const refused = await call(frontdesk, tenant, 'PUT', `/snode/booking/${yBooking}/attendance`, {
      attended: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body).field).toBe('attended');
    const badBody = await call(frontdesk, tenant, 'PUT', `/snode/booking/${xBooking}/attendance`, {
      attended: 'yes',
    });
    expect(errorOf(badBody.body).field).toBe('attended');
    expect(
      (await call(student, tenant, 'PUT', `/snode/booking/${xBooking}/attendance`, { attended: true })).statusCode,
    ).toBe(403);
    expect(
      (await call(otherAdmin, other, 'PUT', `/snode/booking/${xBooking}/attendance`, { attended: true })).statusCode,
    ).toBe(404);
    expect((await call(otherAdmin, other, 'GET', `/snode/session/${session.guId}`)).statusCode).toBe(404);
  });

  it('holds a priced drop-in pending its payment; refuses a cancelled session, a past one and a bad body', async () => {
    const priced = await addRule({ priceMinor: 1500 });
    const [p] = await sessionsOf(priced);
    const pay = await call(student, tenant, 'POST', '/snode/mybooking', {
      classId: priced.guId,
      clsStartTime: p?.clsStartTime,
    });
    expect(pay.statusCode).toBe(201);
    expect(json<StudentSession>(pay)).toMatchObject({ myStatus: 'pending', myPayment: 'checkout', booked: 1 });
    expect(json<StudentSession>(pay).myInvoicePublicId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const rule = await addRule();
    const [s1, s2] = await sessionsOf(rule);
    if (!s1 || !s2) throw new Error('no sessions');
    expect((await call(frontdesk, tenant, 'PUT', `/snode/session/${s1.guId}/cancel`)).statusCode).toBe(403);
    const cancelled = await call(admin, tenant, 'PUT', `/snode/session/${s1.guId}/cancel`);
    expect(json<ClassSession>(cancelled).status).toBe('cancelled');
    const onCancelled = await call(student, tenant, 'POST', '/snode/mybooking', {
      classId: rule.guId,
      clsStartTime: s1.clsStartTime,
    });
    expect(onCancelled.statusCode).toBe(400);
    expect(errorOf(onCancelled.body).message).toMatch(/cancelled/);

    // one instant for the session's new start and the booking's clsStartTime (two Date.now() calls
    // could fall in one millisecond or two, and the answer would depend on which)
    const startedAt = new Date(Date.now() - 3_600_000);
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .update(classSessions)
        .set({ startsAt: startedAt, endsAt: new Date(Date.now() - 60_000) })
        .where(and(eq(classSessions.tenantId, tenant.tenantId), eq(classSessions.id, s2.guId))),
    );
    const past = await call(student, tenant, 'POST', '/snode/mybooking', {
      classId: rule.guId,
      clsStartTime: String(startedAt.getTime()),
      scheduleId: s2.guId,
    });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past.body).message).toBe(SCHEDULE_MESSAGES.sessionPast);
    // a start the class does not have
    const elsewhen = await call(student, tenant, 'POST', '/snode/mybooking', {
      classId: rule.guId,
      clsStartTime: String(startedAt.getTime() - 60_000),
      scheduleId: s2.guId,
    });
    expect(elsewhen.statusCode).toBe(404);
    const refreshed = json<ClassSession>(
      await app.inject({
        method: 'GET',
        url: `/public/publicScheduleMoreInfo?id=${s2.guId}`,
        headers: { host: tenant.host },
      }),
    );
    const pastBooking = await call(student, tenant, 'POST', '/snode/mybooking', {
      classId: rule.guId,
      clsStartTime: refreshed.clsStartTime,
    });
    expect(pastBooking.statusCode).toBe(400);
    expect(errorOf(pastBooking.body).message).toMatch(/started/);

    const bad = await call(student, tenant, 'POST', '/snode/mybooking', { classId: 'nope', clsStartTime: '1' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('classId');
    const badRange = await call(admin, tenant, 'GET', `/snode/session?from=${start}&to=${addDays(start, 100)}`);
    expect(errorOf(badRange.body).field).toBe('querystring.to');
    const unknownContact = await call(staff, tenant, 'POST', `/snode/session/${s1.guId}/booking`, {
      contactId: other.users.student.id,
    });
    expect(unknownContact.statusCode).toBe(404);
    expect(errorOf(unknownContact.body).field).toBe('contactId');
  });

  it('30 concurrent bookings for 5 spots: exactly 5 booked and 25 waitlisted in arrival order', async () => {
    const rule = await addRule({ capacity: 5 });
    const [session] = await sessionsOf(rule);
    if (!session) throw new Error('no session');
    const people = await makeContacts(tenant, 30);
    const answers = await Promise.all(
      people.map((contactId) => call(staff, tenant, 'POST', `/snode/session/${session.guId}/booking`, { contactId })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 201));
    const roster = json<Roster>(await call(staff, tenant, 'GET', `/snode/session/${session.guId}`));
    const booked = roster.bookings.filter((b) => b.status === 'booked');
    const waiting = roster.bookings.filter((b) => b.status === 'waitlisted');
    expect(booked).toHaveLength(5);
    expect(waiting).toHaveLength(25);
    expect(waiting.map((b) => b.waitlistPosition)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(roster.bookings.map((b) => b.contactId)).size).toBe(30);
    // Arrival order at the session's lock (the booking's seq): every booked place was taken before
    // every waitlisted one, and the waitlist positions follow it.
    const seqs = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select({ id: classBookings.id, status: classBookings.status, seq: classBookings.seq })
        .from(classBookings)
        .where(and(eq(classBookings.tenantId, tenant.tenantId), eq(classBookings.sessionId, session.guId)))
        .orderBy(asc(classBookings.seq)),
    );
    expect(seqs.map((b) => b.status)).toEqual([...Array(5).fill('booked'), ...Array(25).fill('waitlisted')]);
    expect(waiting.map((b) => b.guId)).toEqual(seqs.slice(5).map((b) => b.id));
    const [listed] = (await sessionsOf(rule)).filter((s) => s.guId === session.guId);
    expect(listed).toMatchObject({ booked: 5, spotsLeft: 0, waitlisted: 25 });
  });
});

describe('roles, validation and tenant isolation of the remaining calls', () => {
  it('students may not use the staff calls; visitors must log in; another tenant gets 404', async () => {
    const rule = await addRule({ capacity: 1 });
    const [session] = await sessionsOf(rule);
    if (!session) throw new Error('no session');
    const [x, y] = await makeContacts(tenant, 2);
    const first = await created<Roster>(
      call(staff, tenant, 'POST', `/snode/session/${session.guId}/booking`, { contactId: x }),
    );
    await created<Roster>(call(staff, tenant, 'POST', `/snode/session/${session.guId}/booking`, { contactId: y }));
    const bookingId = first.bookings[0]?.guId;

    for (const [method, url, body] of [
      ['GET', '/snode/teacher', undefined],
      ['GET', `/snode/session?from=${start}&to=${start}`, undefined],
      ['GET', `/snode/session/${session.guId}`, undefined],
      ['POST', `/snode/session/${session.guId}/booking`, { contactId: x }],
      ['DELETE', `/snode/booking/${bookingId}`, undefined],
      ['PUT', `/snode/classrule/${rule.guId}`, {}],
      ['PUT', `/snode/session/${session.guId}/cancel`, undefined],
    ] as const) {
      expect((await call(student, tenant, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const asVisitor = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { host: tenant.host }, payload });
    expect((await asVisitor('GET', `/snode/myclasses?from=${start}&to=${start}`)).statusCode).toBe(401);
    const visitorBooking = { classId: rule.guId, clsStartTime: session.clsStartTime };
    expect((await asVisitor('POST', '/snode/mybooking', visitorBooking)).statusCode).toBe(401);

    const body = { daysOfWeek: [1], startTime: '18:00', durationMinutes: 60, startDate: start };
    expect((await call(otherAdmin, other, 'PUT', `/snode/classrule/${rule.guId}`, body)).statusCode).toBe(404);
    expect((await call(otherAdmin, other, 'PUT', `/snode/session/${session.guId}/cancel`)).statusCode).toBe(404);
    expect((await call(otherAdmin, other, 'DELETE', `/snode/booking/${bookingId}`)).statusCode).toBe(404);
    const foreign = await call(otherAdmin, other, 'POST', `/snode/session/${session.guId}/booking`, {
      contactId: other.users.student.id,
    });
    expect(foreign.statusCode).toBe(404);
    const badEdit = await call(admin, tenant, 'PUT', `/snode/classrule/${rule.guId}`, { ...body, startTime: '7pm' });
    expect(badEdit.statusCode).toBe(400);
    expect(errorOf(badEdit.body).field).toBe('startTime');
    const badRoom = await call(admin, tenant, 'PUT', `/snode/room/${room.guId}`, { name: 'Studio A', capacity: -1 });
    expect(errorOf(badRoom.body).field).toBe('capacity');

    // Staff cancel a booked place: the first in line takes it.
    const after = await call(frontdesk, tenant, 'DELETE', `/snode/booking/${bookingId}`);
    expect(after.statusCode).toBe(200);
    expect(json<Roster>(after).bookings.map((b) => [b.contactId, b.status])).toEqual([[y, 'offered']]);
  });
});

describe('public timetable', () => {
  it('lists sessions with spots left; room names only when the tenant shows them', async () => {
    const rule = await addRule({ roomId: room.guId });
    const response = await app.inject({
      method: 'GET',
      url: `/public/publicFitnessClass?from=${start}&to=${addDays(start, 6)}`,
      headers: { host: tenant.host },
    });
    expect(response.statusCode).toBe(200);
    const mine = json<ClassSessionList>(response).data.filter((s) => s.classId === rule.guId);
    expect(mine).toHaveLength(7);
    expect(mine[0]).toMatchObject({ roomName: null, spotsLeft: 5 });
    const one = await app.inject({
      method: 'GET',
      url: `/public/publicScheduleMoreInfo?classId=${rule.guId}&clsStartTime=${mine[0]?.clsStartTime}`,
      headers: { host: tenant.host },
    });
    expect(json<ClassSession>(one)).toMatchObject({ guId: mine[0]?.guId, name: 'Yoga' });

    const shows = await newTenant(app, { settings: { isShowRoomName: true } });
    const showsAdmin = (await loginAs(app, shows, 'admin')).access_token;
    const hall = await created<Room>(call(showsAdmin, shows, 'POST', '/snode/room', { name: 'Hall', capacity: 9 }));
    await addRule({ roomId: hall.guId }, shows, showsAdmin);
    const withRooms = await app.inject({
      method: 'GET',
      url: `/public/publicFitnessClass?from=${start}&to=${addDays(start, 1)}`,
      headers: { host: shows.host },
    });
    expect(json<ClassSessionList>(withRooms).data[0]).toMatchObject({ roomName: 'Hall' });
    const staffView = await call(showsAdmin, shows, 'GET', `/snode/session?from=${start}&to=${addDays(start, 1)}`);
    expect(json<ClassSessionList>(staffView).data[0]).toMatchObject({ roomName: 'Hall' });
    const roster = json<Roster>(await call(admin, tenant, 'GET', `/snode/session/${mine[0]?.guId}`));
    expect(roster.session.roomName).toBe('Studio A');
  });

  it('reuses a served timetable, yet a booking on the tenant’s host shows in the next answer', async () => {
    const rule = await addRule({ name: 'Cached Yoga', capacity: 3 });
    const url = `/public/publicFitnessClass?from=${start}&to=${start}`;
    const read = async () => {
      const response = await app.inject({ method: 'GET', url, headers: { host: tenant.host } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      return json<ClassSessionList>(response).data.find((s) => s.classId === rule.guId);
    };
    const before = await read();
    expect(before?.spotsLeft).toBe(3);
    // Written behind the server's back: the served answer is reused for a few seconds.
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .update(classSessions)
        .set({ capacity: 4 })
        .where(eq(classSessions.id, before?.guId as string)),
    );
    expect((await read())?.spotsLeft).toBe(3);
    // A booking through the API drops it at once.
    const [person] = await makeContacts(tenant, 1);
    expect(
      (await call(frontdesk, tenant, 'POST', `/snode/session/${before?.guId}/booking`, { contactId: person }))
        .statusCode,
    ).toBe(201);
    expect((await read())?.spotsLeft).toBe(3);
    expect((await read())?.booked).toBe(1);
  });

  it('404 when the tenant hides its schedule, for an unknown session and another tenant’s session; 400 names the field', async () => {
    const get = (t: TestTenant, url: string) => app.inject({ method: 'GET', url, headers: { host: t.host } });
    expect((await get(hidden, `/public/publicFitnessClass?from=${start}&to=${start}`)).statusCode).toBe(404);
    const booking = await call(hiddenStudent, hidden, 'GET', `/snode/myclasses?from=${start}&to=${start}`);
    expect(booking.statusCode).toBe(404);
    const rule = await addRule();
    const [s] = await sessionsOf(rule);
    expect((await get(other, `/public/publicScheduleMoreInfo?id=${s?.guId}`)).statusCode).toBe(404);
    expect((await get(tenant, `/public/publicScheduleMoreInfo?id=${s?.guId}`)).statusCode).toBe(200);
    const missing = await get(tenant, '/public/publicScheduleMoreInfo');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body).field).toBe('querystring.id');
    const badDate = await get(tenant, '/public/publicFitnessClass?from=2026-13-01&to=2026-12-01');
    expect(errorOf(badDate.body).field).toBe('querystring.from');
  });
});
