import { type ClassRule, dateInZone, type MyBookings, type StudentSession } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, newMember } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { classSessions } from '../../db/schema/index.ts';
import { studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { addDays } from './recurrence.ts';
import { heldDaysAgo as heldDaysAgoIn } from './scheduling-fixtures.ts';

const ZONE = 'Europe/London';
const { ctx, call } = studiosWithCaller(['admin', 'student'], {
  tenant: { settings: { timezone: ZONE, cancelCutoffHours: 12 } },
});

/** A class on each of the next three days (from two days ahead); its sessions, soonest first. */
async function threeSessions(name: string): Promise<StudentSession[]> {
  const start = addDays(dateInZone(new Date(), ZONE), 2);
  const created = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', {
    name,
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '09:00',
    durationMinutes: 50,
    startDate: start,
    endDate: addDays(start, 2),
    capacity: 5,
  });
  expect(created.statusCode, created.body).toBe(201);
  const rule = json<ClassRule>(created);
  const list = await call(ctx.student, ctx.tenant, 'GET', `/snode/myclasses?from=${start}&to=${addDays(start, 2)}`);
  expect(list.statusCode, list.body).toBe(200);
  return json<{ data: StudentSession[] }>(list).data.filter((s) => s.classId === rule.guId);
}

const bookAs = async (token: string, session: StudentSession) => {
  const response = await call(token, ctx.tenant, 'POST', '/snode/mybooking', {
    classId: session.classId,
    clsStartTime: session.clsStartTime,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<StudentSession>(response).myBookingId as string;
};

const mine = async (token: string) => {
  const response = await call(token, ctx.tenant, 'GET', '/snode/mybookings');
  expect(response.statusCode, response.body).toBe(200);
  return json<MyBookings>(response);
};

const heldDaysAgo = (sessionId: string, days: number) => heldDaysAgoIn(ctx.app, ctx.tenant, sessionId, days);

describe("the student's own bookings (GET /snode/mybookings)", () => {
  it('lists only their own places: to come soonest first, past ones, and the cancel cutoff', async () => {
    const [s0, s1, s2] = await threeSessions('Morning Flow');
    const noor = await newMember(ctx.app, ctx.tenant, 'Noor', 'Haddad');
    const first = await bookAs(ctx.student, s0 as StudentSession);
    const second = await bookAs(ctx.student, s1 as StudentSession);
    await bookAs(noor.token, s2 as StudentSession);

    const before = await mine(ctx.student);
    expect(before.cancelCutoffHours).toBe(12);
    expect(before.timezone).toBe(ZONE);
    expect(before.upcoming.map((b) => [b.guId, b.className, b.status])).toEqual([
      [first, 'Morning Flow', 'booked'],
      [second, 'Morning Flow', 'booked'],
    ]);
    expect(before.past).toEqual([]);
    expect((await mine(noor.token)).upcoming.map((b) => b.sessionId)).toEqual([(s2 as StudentSession).guId]);

    // cancelled with the existing call: gone from the list to come
    const cancelled = await call(ctx.student, ctx.tenant, 'DELETE', `/snode/mybooking/${second}`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect((await mine(ctx.student)).upcoming.map((b) => b.guId)).toEqual([first]);

    // a class held: it moves to the past
    await heldDaysAgo((s0 as StudentSession).guId, 1);
    const after = await mine(ctx.student);
    expect(after.upcoming).toEqual([]);
    expect(after.past.map((b) => [b.guId, b.status])).toEqual([[first, 'booked']]);
    expect(after.pastTotal).toBe(1);
  });

  it('a cancel inside the cutoff is kept as a late cancel and shows in the past once the class is held', async () => {
    const [s0] = await threeSessions('Late Pilates');
    const member = await newMember(ctx.app, ctx.tenant, 'Ines', 'Late');
    const booking = await bookAs(member.token, s0 as StudentSession);
    // the class now starts in 3 hours: inside the 12-hour cutoff
    const startsAt = new Date(Date.now() + 3 * 3_600_000);
    await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
      tx
        .update(classSessions)
        .set({ startsAt, endsAt: new Date(startsAt.getTime() + 50 * 60_000) })
        .where(and(eq(classSessions.tenantId, ctx.tenant.tenantId), eq(classSessions.id, (s0 as StudentSession).guId))),
    );
    expect((await call(member.token, ctx.tenant, 'DELETE', `/snode/mybooking/${booking}`)).statusCode).toBe(204);
    expect((await mine(member.token)).upcoming).toEqual([]);
    await heldDaysAgo((s0 as StudentSession).guId, 1);
    const past = (await mine(member.token)).past;
    expect(past.map((b) => [b.guId, b.status, b.lateCancel])).toEqual([[booking, 'cancelled', true]]);
  });

  it('needs a signed-in person of this studio (another studio’s token is refused)', async () => {
    expect((await ctx.app.inject({ url: '/snode/mybookings', headers: { host: ctx.tenant.host } })).statusCode).toBe(
      401,
    );
    expect((await call(ctx.otherAdmin, ctx.tenant, 'GET', '/snode/mybookings')).statusCode).toBe(401);
    const bad = await call(ctx.student, ctx.tenant, 'GET', '/snode/mybookings?length=500');
    expect(bad.statusCode).toBe(400);
  });
});
