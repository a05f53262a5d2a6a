import {
  type ClassRule,
  type ClassSessionList,
  type ContactBookings,
  dateInZone,
  type Roster,
} from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { classBookings, contacts } from '../../db/schema/index.ts';
import { errorOf, studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { addDays } from './recurrence.ts';
import { heldDaysAgo as heldDaysAgoIn } from './scheduling-fixtures.ts';

const ZONE = 'Europe/London';
const { ctx, call } = studiosWithCaller(['admin', 'frontdesk', 'student'], {
  tenant: { settings: { timezone: ZONE } },
});

async function makeContact(name: string): Promise<string> {
  return withTenant(ctx.app.platform.db, ctx.tenant.tenantId, async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        tenantId: ctx.tenant.tenantId,
        email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`,
        name,
        role: 'student',
      })
      .returning({ id: contacts.id });
    return row?.id as string;
  });
}

/** A class of one place on each of the next five days; its sessions, soonest first. */
async function fiveSessions(): Promise<string[]> {
  const start = addDays(dateInZone(new Date(), ZONE), 1);
  const response = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', {
    name: 'Pilates',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '09:00',
    durationMinutes: 50,
    startDate: start,
    endDate: addDays(start, 4),
    capacity: 1,
  });
  expect(response.statusCode).toBe(201);
  const rule = json<ClassRule>(response);
  const list = await call(ctx.admin, ctx.tenant, 'GET', `/snode/session?from=${start}&to=${addDays(start, 4)}`);
  return json<ClassSessionList>(list)
    .data.filter((s) => s.classId === rule.guId)
    .map((s) => s.guId);
}

async function book(sessionId: string, contactId: string): Promise<string> {
  const response = await call(ctx.frontdesk, ctx.tenant, 'POST', `/snode/session/${sessionId}/booking`, { contactId });
  expect(response.statusCode).toBe(201);
  const roster = json<Roster>(response);
  return roster.bookings.find((b) => b.contactId === contactId)?.guId as string;
}

/** Moves a session back in time, as if it had been held that many days ago. */
const heldDaysAgo = (sessionId: string, days: number) => heldDaysAgoIn(ctx.app, ctx.tenant, sessionId, days);

describe("a contact's bookings (GET /snode/contact/{id}/bookings)", () => {
  it('lists classes to come soonest first, past ones newest first, and the attendance', async () => {
    const [s0, s1, s2, s3, s4] = await fiveSessions();
    const member = await makeContact('Maya');
    const someoneElse = await makeContact('Noor');
    const attendedId = await book(s0 as string, member);
    const noShowId = await book(s1 as string, member);
    const lateId = await book(s2 as string, member);
    await book(s3 as string, member);
    await book(s4 as string, someoneElse);
    await book(s4 as string, member); // full: waitlisted, first in line

    await heldDaysAgo(s0 as string, 3);
    await heldDaysAgo(s1 as string, 2);
    await heldDaysAgo(s2 as string, 1);
    const marked = await call(ctx.frontdesk, ctx.tenant, 'PUT', `/snode/booking/${attendedId}/attendance`, {
      attended: true,
    });
    expect(marked.statusCode).toBe(200);
    await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, async (tx) => {
      await tx
        .update(classBookings)
        .set({ noShow: true })
        .where(and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.id, noShowId)));
      await tx
        .update(classBookings)
        .set({ status: 'cancelled', lateCancel: true, cancelledAt: new Date() })
        .where(and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.id, lateId)));
    });

    const response = await call(ctx.frontdesk, ctx.tenant, 'GET', `/snode/contact/${member}/bookings`);
    expect(response.statusCode).toBe(200);
    const body = json<ContactBookings>(response);
    expect(body.timezone).toBe(ZONE);
    expect(body.upcoming.map((b) => [b.sessionId, b.status, b.waitlistPosition])).toEqual([
      [s3, 'booked', null],
      [s4, 'waitlisted', 1],
    ]);
    expect(body.past.map((b) => [b.sessionId, b.attended, b.noShow, b.lateCancel])).toEqual([
      [s2, false, false, true],
      [s1, false, true, false],
      [s0, true, false, false],
    ]);
    expect(body.past[0]).toMatchObject({ className: 'Pilates', status: 'cancelled', payment: 'free' });
    expect(body.pastTotal).toBe(3);
    expect(body.attendance).toEqual({ attended: 1, noShows: 1, lateCancels: 1, rate: 50 });

    const page = json<ContactBookings>(
      await call(ctx.admin, ctx.tenant, 'GET', `/snode/contact/${member}/bookings?start=2&length=1`),
    );
    expect(page.past.map((b) => b.sessionId)).toEqual([s0]);
    expect(page.pastTotal).toBe(3);

    // Someone with no classes: empty lists and no rate yet.
    const none = json<ContactBookings>(
      await call(ctx.admin, ctx.tenant, 'GET', `/snode/contact/${someoneElse}/bookings`),
    );
    expect(none.past).toEqual([]);
    expect(none.attendance).toEqual({ attended: 0, noShows: 0, lateCancels: 0, rate: null });
  });

  it('400 names the field; students may not look; another tenant gets 404', async () => {
    const member = await makeContact('Ravi');
    const bad = await call(ctx.admin, ctx.tenant, 'GET', `/snode/contact/${member}/bookings?length=0`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({
      field: 'querystring.length',
      message: 'length must be between 1 and 100',
    });
    const notId = await call(ctx.admin, ctx.tenant, 'GET', '/snode/contact/not-an-id/bookings');
    expect(notId.statusCode).toBe(400);
    expect(errorOf(notId.body).field).toBe('params.id');

    expect((await call(ctx.student, ctx.tenant, 'GET', `/snode/contact/${member}/bookings`)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/snode/contact/${member}/bookings`,
          headers: { host: ctx.tenant.host },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call(ctx.otherAdmin, ctx.other, 'GET', `/snode/contact/${member}/bookings`)).statusCode).toBe(404);
  });
});
