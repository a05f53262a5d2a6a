import {
  type ClassRule,
  type ClassSessionList,
  dateInZone,
  type Room,
  type Roster,
  SCHEDULE_MESSAGES,
  type SessionEdited,
  wallTimeInZone,
} from '@atrium/contracts';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, outboxEmails } from '../../db/schema/index.ts';
import { errorOf, studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { addDays } from './recurrence.ts';
import { dailyBarre } from './scheduling-fixtures.ts';

const ZONE = 'America/Chicago';
const { ctx, call } = studiosWithCaller(['admin', 'frontdesk'], {
  tenant: { settings: { timezone: ZONE } },
});
let room: Room;
let start: string;

beforeAll(async () => {
  const made = await call(ctx.admin, ctx.tenant, 'POST', '/snode/room', { name: 'Studio B', capacity: 20 });
  room = json<Room>(made);
  start = addDays(dateInZone(new Date(), ZONE), 3);
});

async function addRule(body: Record<string, unknown>): Promise<{ rule: ClassRule; sessions: string[] }> {
  const response = await call(
    ctx.admin,
    ctx.tenant,
    'POST',
    '/snode/classrule',
    dailyBarre(start, { capacity: 2, roomId: room.guId, ...body }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const rule = json<ClassRule>(response);
  const list = await call(ctx.admin, ctx.tenant, 'GET', `/snode/session?from=${start}&to=${addDays(start, 3)}`);
  const sessions = json<ClassSessionList>(list)
    .data.filter((s) => s.classId === rule.guId)
    .map((s) => s.guId);
  return { rule, sessions };
}

async function person(name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`;
  const id = await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({ tenantId: ctx.tenant.tenantId, email, name, role: 'student' })
      .returning({ id: contacts.id });
    return row?.id as string;
  });
  return { id, email };
}

const book = (sessionId: string, contactId: string) =>
  call(ctx.frontdesk, ctx.tenant, 'POST', `/snode/session/${sessionId}/booking`, { contactId });
const edit = (sessionId: string, body: Record<string, unknown>, token = ctx.admin, t = ctx.tenant) =>
  call(token, t, 'PUT', `/snode/session/${sessionId}`, body);

const mailsTo = (to: string, subjectLike: string) =>
  ctx.app.platform.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.tenantId, ctx.tenant.tenantId),
        eq(outboxEmails.toAddress, to),
        like(outboxEmails.subject, subjectLike),
      ),
    );

describe('one session edited on its own (PUT /snode/session/{id})', () => {
  it('moves a session: everyone with a place is emailed, and a series edit later leaves it where it was put', async () => {
    const { rule, sessions } = await addRule({});
    const [first, second] = sessions as [string, string];
    const ada = await person('Ada');
    const ben = await person('Ben');
    const cy = await person('Cy');
    for (const p of [ada, ben, cy]) expect((await book(first, p.id)).statusCode).toBe(201); // Cy waits

    const moved = await edit(first, { startTime: '17:30' });
    expect(moved.statusCode, moved.body).toBe(200);
    const body = json<SessionEdited>(moved);
    expect(wallTimeInZone(new Date(body.session.startsAt), ZONE)).toBe(`${start}T17:30`);
    expect(new Date(body.session.endsAt).getTime() - new Date(body.session.startsAt).getTime()).toBe(3_600_000);
    expect(body.notified).toBe(3);
    for (const p of [ada, ben, cy]) {
      const [mail] = await mailsTo(p.email, 'New time: Barre,%');
      expect(mail?.text).toContain('has moved to');
      expect(mail?.text).toContain('in Studio B');
      expect(mail?.text).toContain('Your place is kept.');
    }

    // The series moves to 08:00: the moved session stays at 17:30, the others follow.
    const series = await call(ctx.admin, ctx.tenant, 'PUT', `/snode/classrule/${rule.guId}`, {
      name: 'Barre',
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      startTime: '08:00',
      durationMinutes: 60,
      startDate: start,
      endDate: addDays(start, 2),
      capacity: 2,
      roomId: room.guId,
    });
    expect(series.statusCode, series.body).toBe(200);
    const roster = json<Roster>(await call(ctx.admin, ctx.tenant, 'GET', `/snode/session/${first}`));
    expect(wallTimeInZone(new Date(roster.session.startsAt), ZONE)).toBe(`${start}T17:30`);
    const next = json<Roster>(await call(ctx.admin, ctx.tenant, 'GET', `/snode/session/${second}`));
    expect(wallTimeInZone(new Date(next.session.startsAt), ZONE)).toBe(`${addDays(start, 1)}T08:00`);
  });

  it('a larger capacity offers the place to the first waiting; a smaller one cannot drop below those booked', async () => {
    const { sessions } = await addRule({ startTime: '12:00' });
    const session = sessions[0] as string;
    const people = [await person('Di'), await person('Ed'), await person('Flo')];
    for (const p of people) await book(session, p.id);
    const tooSmall = await edit(session, { capacity: 1 });
    expect(tooSmall.statusCode).toBe(400);
    expect(errorOf(tooSmall.body)).toMatchObject({
      field: 'capacity',
      message: SCHEDULE_MESSAGES.capacityBelowBooked(2),
    });
    const bigger = await edit(session, { capacity: 3 });
    expect(bigger.statusCode, bigger.body).toBe(200);
    expect(json<SessionEdited>(bigger).notified).toBe(0);
    const roster = json<Roster>(await call(ctx.admin, ctx.tenant, 'GET', `/snode/session/${session}`));
    expect(roster.bookings.find((b) => b.contactId === people[2]?.id)?.status).toBe('offered');
  });

  it('flags a session put in a room already in use, or with a teacher already teaching; back to back is fine', async () => {
    const { sessions: yoga } = await addRule({ name: 'Yoga', startTime: '14:00' });
    const { sessions: spin } = await addRule({ name: 'Spin', startTime: '16:00', roomId: null });
    const spinFirst = spin[0] as string;
    const clash = await edit(spinFirst, { startTime: '14:30', roomId: room.guId });
    expect(clash.statusCode, clash.body).toBe(200);
    const flagged = json<SessionEdited>(clash).overlaps;
    expect(flagged.map((o) => [o.sessionId, o.name, o.reason])).toContainEqual([yoga[0], 'Yoga', 'room']);
    // The staff calendar marks both; each one's roster names the other.
    const flags = async () =>
      new Map(
        json<ClassSessionList>(
          await call(ctx.admin, ctx.tenant, 'GET', `/snode/session?from=${start}&to=${addDays(start, 3)}`),
        ).data.map((s) => [s.guId, s.overlap]),
      );
    expect((await flags()).get(spinFirst)).toBe(true);
    expect((await flags()).get(yoga[0] as string)).toBe(true);
    expect((await flags()).get(yoga[1] as string)).toBe(false);
    const yogaRoster = json<Roster>(await call(ctx.admin, ctx.tenant, 'GET', `/snode/session/${yoga[0]}`));
    expect(yogaRoster.overlaps.map((o) => [o.sessionId, o.reason])).toEqual([[spinFirst, 'room']]);
    // The public calendar says nothing of it.
    const publicList = await ctx.app.inject({
      url: `/public/publicFitnessClass?from=${start}&to=${start}`,
      headers: { host: ctx.tenant.host },
    });
    expect(json<ClassSessionList>(publicList).data.every((s) => s.overlap === undefined)).toBe(true);
    const backToBack = await edit(spinFirst, { startTime: '15:00' });
    expect(json<SessionEdited>(backToBack).overlaps.map((o) => o.sessionId)).not.toContain(yoga[0]);
    expect((await flags()).get(spinFirst)).toBe(false);
  });

  it('400 names the field; the past, a cancelled session, the front desk and another tenant are refused', async () => {
    const { sessions } = await addRule({ startTime: '19:00' });
    const [s0, s1] = sessions as [string, string];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'date'],
      [{ date: '2026-02-30' }, 'date'],
      [{ startTime: '7pm' }, 'startTime'],
      [{ durationMinutes: 2 }, 'durationMinutes'],
      [{ capacity: 0 }, 'capacity'],
      [{ roomId: 'x' }, 'roomId'],
      [{ price: 5 }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await edit(s0, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(errorOf(response.body).field).toBe(field);
    }
    const past = await edit(s0, { date: addDays(start, -10) });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past.body)).toMatchObject({ field: 'date', message: SCHEDULE_MESSAGES.moveIntoPast });
    const unknownRoom = await edit(s0, { roomId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownRoom.statusCode).toBe(404);
    expect(errorOf(unknownRoom.body).field).toBe('roomId');

    expect((await call(ctx.admin, ctx.tenant, 'PUT', `/snode/session/${s1}/cancel`)).statusCode).toBe(200);
    const cancelled = await edit(s1, { startTime: '20:00' });
    expect(cancelled.statusCode).toBe(400);
    expect(errorOf(cancelled.body).message).toBe(SCHEDULE_MESSAGES.sessionCancelled);

    expect((await edit(s0, { startTime: '20:00' }, ctx.frontdesk)).statusCode).toBe(403);
    expect((await edit(s0, { startTime: '20:00' }, ctx.otherAdmin, ctx.other)).statusCode).toBe(404);
  });
});
