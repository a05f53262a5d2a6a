import { randomUUID } from 'node:crypto';
import {
  type ClassRule,
  type ClassRuleList,
  dateInZone,
  EVENT_MESSAGES,
  type EventRegistration,
  type PublicEvent,
  type PublicEventList,
  type StudentSessionList,
} from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, loginAs, PASSWORD, type TestTenant } from '../../../test/helpers.ts';
import { classBookings, classSessions } from '../../db/schema/index.ts';
import { createUsers } from '../../seed/tenants.ts';
import { errorOf, studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { releaseExpiredHolds } from './booking-jobs.service.ts';
import { addDays } from './recurrence.ts';
import { twoDayEvent } from './scheduling-fixtures.ts';

const ZONE = 'America/New_York';
const MINUTE = 60_000;
const { ctx, call } = studiosWithCaller(['admin', 'frontdesk', 'student'], {
  // takes cards (a priced event is held until paid by card); a studio without: its own describe
  tenant: { settings: { timezone: ZONE, isAddressNeededForEvent: true, paymentProvider: 'STRIPE' } },
});

const today = () => dateInZone(new Date(), ZONE);

/** A two-day weekend workshop from tomorrow (Sat and Sun style: two consecutive days). */
const workshop = (body: Record<string, unknown> = {}) => twoDayEvent(ZONE, body);

async function makeEvent(body: Record<string, unknown> = {}): Promise<ClassRule> {
  const response = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', workshop(body));
  expect(response.statusCode, response.body).toBe(201);
  return json<ClassRule>(response);
}

/** New students of the tenant, signed in. */
async function studentTokens(count: number): Promise<{ token: string; id: string }[]> {
  const rows = await createUsers(
    ctx.app.platform.db,
    ctx.tenant.tenantId,
    Array.from({ length: count }, () => ({
      email: `s-${randomUUID()}@example.test`,
      password: PASSWORD,
      name: 'Sam',
      lastName: 'Student',
      role: 'student' as const,
    })),
  );
  return Promise.all(
    rows.map(async (row, i) => {
      // one address each: the login rate limit counts per address
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: ctx.tenant.host },
        remoteAddress: `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        payload: { userId: row.email, password: PASSWORD },
      });
      return { token: json<{ access_token: string }>(login).access_token, id: row.id };
    }),
  );
}
const studentToken = async () => (await studentTokens(1))[0] as { token: string; id: string };

const register = (token: string, publicId: string) =>
  call(token, ctx.tenant, 'POST', `/snode/pevent/${publicId}/register`);
const eventPage = (publicId: string, t: TestTenant = ctx.tenant) =>
  ctx.app.inject({ method: 'GET', url: `/snode/pevent/${publicId}`, headers: { host: t.host } });

describe('events (workshops and programs)', () => {
  it('an admin makes an event: it is listed under events, not classes, with its address and a shareable link', async () => {
    const event = await makeEvent({ isFeatured: true });
    expect(event).toMatchObject({
      kind: 'event',
      name: 'Weekend Retreat',
      address: '12 River Road',
      description: 'Two mornings of slow flow.',
      isFeatured: true,
    });
    expect(event.publicId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const events = json<ClassRuleList>(await call(ctx.admin, ctx.tenant, 'GET', '/snode/classrule?kind=event'));
    expect(events.data.map((r) => r.guId)).toContain(event.guId);
    const classes = json<ClassRuleList>(await call(ctx.admin, ctx.tenant, 'GET', '/snode/classrule'));
    expect(classes.data.map((r) => r.guId)).not.toContain(event.guId);

    const page = await eventPage(event.publicId);
    expect(page.statusCode, page.body).toBe(200);
    expect(json<PublicEvent>(page)).toMatchObject({
      guId: event.publicId,
      name: 'Weekend Retreat',
      address: '12 River Road',
      capacity: 3,
      spotsLeft: 3,
      isOpen: true,
      priceMinor: null,
      timezone: ZONE,
    });
    expect(json<PublicEvent>(page).sessions).toHaveLength(2);
  });

  it('refuses an event without an end date, or without an address when the studio asks for one', async () => {
    const noEnd = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', workshop({ endDate: null }));
    expect(noEnd.statusCode).toBe(400);
    expect(errorOf(noEnd.body)).toMatchObject({ field: 'endDate', message: EVENT_MESSAGES.endDateRequired });
    const noAddress = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', workshop({ address: '  ' }));
    expect(noAddress.statusCode).toBe(400);
    expect(errorOf(noAddress.body)).toMatchObject({ field: 'address', message: 'Address is required' });
    const badKind = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', workshop({ kind: 'party' }));
    expect(badKind.statusCode).toBe(400);
    expect(errorOf(badKind.body).field).toBe('kind');
    // a weekly class needs neither
    const weekly = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', {
      ...workshop({ kind: undefined, endDate: null, address: null }),
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    expect(json<ClassRule>(weekly).kind).toBe('class');
  });

  it('an edit keeps the kind; regenerating the link retires the old one', async () => {
    const event = await makeEvent();
    const edited = await call(ctx.admin, ctx.tenant, 'PUT', `/snode/classrule/${event.guId}`, {
      ...workshop({ kind: 'class', name: 'Spring Retreat' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<ClassRule>(edited)).toMatchObject({ kind: 'event', name: 'Spring Retreat', publicId: event.publicId });

    const denied = await call(ctx.frontdesk, ctx.tenant, 'PUT', `/snode/classrule/${event.guId}/regenerateurl`);
    expect(denied.statusCode).toBe(403);
    const foreign = await call(ctx.otherAdmin, ctx.other, 'PUT', `/snode/classrule/${event.guId}/regenerateurl`);
    expect(foreign.statusCode).toBe(404);
    const regenerated = await call(ctx.admin, ctx.tenant, 'PUT', `/snode/classrule/${event.guId}/regenerateurl`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = json<ClassRule>(regenerated).publicId;
    expect(fresh).not.toBe(event.publicId);
    expect((await eventPage(event.publicId)).statusCode).toBe(404);
    expect((await eventPage(fresh)).statusCode).toBe(200);
    // another tenant's host never shows it
    expect((await eventPage(fresh, ctx.other)).statusCode).toBe(404);
    const badRule = await call(ctx.admin, ctx.tenant, 'PUT', '/snode/classrule/not-an-id/regenerateurl');
    expect(badRule.statusCode).toBe(400);
    expect(errorOf(badRule.body).field).toBe('params.id');
    // registering through another tenant's host finds no such event
    const otherStudent = (await loginAs(ctx.app, ctx.other, 'student')).access_token;
    const foreignRegister = await call(otherStudent, ctx.other, 'POST', `/snode/pevent/${fresh}/register`);
    expect(foreignRegister.statusCode).toBe(404);
    const badRegister = await register(ctx.student, 'no!');
    expect(badRegister.statusCode).toBe(400);
    expect(errorOf(badRegister.body).field).toBe('params.id');
    const badId = await eventPage('no!');
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId.body).field).toBe('params.id');
  });

  it('a student registers once for every session; twice is refused; the event fills and then refuses', async () => {
    const event = await makeEvent({ capacity: 2 });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/snode/pevent/${event.publicId}/register`,
      headers: { host: ctx.tenant.host },
    });
    expect(anonymous.statusCode).toBe(401);

    const first = await register(ctx.student, event.publicId);
    expect(first.statusCode, first.body).toBe(201);
    expect(json<EventRegistration>(first)).toEqual({
      status: 'booked',
      sessions: 2,
      invoicePublicId: null,
      holdExpiresAt: null,
      payment: null,
    });
    const again = await register(ctx.student, event.publicId);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).message).toBe(EVENT_MESSAGES.alreadyRegistered);

    const second = await studentToken();
    expect((await register(second.token, event.publicId)).statusCode).toBe(201);
    const page = json<PublicEvent>(await eventPage(event.publicId));
    expect(page).toMatchObject({ spotsLeft: 0, isOpen: false });
    const third = await studentToken();
    const full = await register(third.token, event.publicId);
    expect(full.statusCode).toBe(409);
    expect(errorOf(full.body)).toMatchObject({ field: 'id', message: EVENT_MESSAGES.full });
    // nothing was half-written for the refused person
    const theirs = await ctx.app.platform.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.contactId, third.id)));
    expect(theirs).toHaveLength(0);

    // the student's classes show both sessions; cancelling one cancels the registration
    const from = today();
    const mine = json<StudentSessionList>(
      await call(ctx.student, ctx.tenant, 'GET', `/snode/myclasses?from=${from}&to=${addDays(from, 3)}`),
    ).data.filter((s) => s.classId === event.guId);
    expect(mine.map((s) => s.myStatus)).toEqual(['booked', 'booked']);
    const cancel = await call(ctx.student, ctx.tenant, 'DELETE', `/snode/mybooking/${mine[0]?.myBookingId}`);
    expect(cancel.statusCode, cancel.body).toBe(204);
    const after = json<StudentSessionList>(
      await call(ctx.student, ctx.tenant, 'GET', `/snode/myclasses?from=${from}&to=${addDays(from, 3)}`),
    ).data.filter((s) => s.classId === event.guId);
    expect(after.map((s) => s.myStatus)).toEqual([null, null]);
    expect(json<PublicEvent>(await eventPage(event.publicId)).spotsLeft).toBe(1);
  });

  it('100 concurrent registrations for 10 places: exactly 10 registered in every session, no 5xx', async () => {
    const event = await makeEvent({ capacity: 10 });
    const people = await studentTokens(100);
    const answers = await Promise.all(people.map((p) => register(p.token, event.publicId)));
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    expect(people.every((p) => p.token)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(90);
    const sessions = await ctx.app.platform.db
      .select({ booked: classSessions.bookedCount })
      .from(classSessions)
      .where(and(eq(classSessions.tenantId, ctx.tenant.tenantId), eq(classSessions.ruleId, event.guId)));
    expect(sessions.map((s) => s.booked)).toEqual([10, 10]);
  }, 120_000);

  it('a priced event is one invoice for the whole event: the places are held until it is paid', async () => {
    const event = await makeEvent({ priceMinor: 12_000 });
    const held = await register(ctx.student, event.publicId);
    expect(held.statusCode, held.body).toBe(201);
    const registration = json<EventRegistration>(held);
    expect(registration).toMatchObject({ status: 'pending', sessions: 2, payment: 'card' });
    expect(Date.parse(registration.holdExpiresAt ?? '') - Date.now()).toBeGreaterThan(10 * MINUTE);
    const rows = await ctx.app.platform.db
      .select()
      .from(classBookings)
      .where(
        and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.contactId, ctx.tenant.users.student.id)),
      )
      .then((all) => all.filter((b) => b.status === 'pending'));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((b) => b.invoiceId)).size).toBe(1);
    const invoiceId = rows[0]?.invoiceId as string;
    const invoice = json<{ total: number; balance: number; items: { itemName: string }[] }>(
      await call(ctx.admin, ctx.tenant, 'GET', `/item/invoice/${invoiceId}`),
    );
    expect(invoice.items.map((i) => i.itemName)).toEqual([expect.stringMatching(/^Weekend Retreat \(event\), from /)]);

    const paid = await call(ctx.frontdesk, ctx.tenant, 'POST', `/item/invoice/${invoiceId}/payment`, {
      method: 'cash',
      amount: invoice.balance,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await ctx.app.platform.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.invoiceId, invoiceId)));
    expect(after.map((b) => [b.status, b.payment])).toEqual([
      ['booked', 'paid'],
      ['booked', 'paid'],
    ]);
  });

  it('an unpaid hold runs out: every place of the registration is released and the invoice voided once', async () => {
    const event = await makeEvent({ priceMinor: 5_000, capacity: 1 });
    const someone = await studentToken();
    expect((await register(someone.token, event.publicId)).statusCode).toBe(201);
    expect(json<PublicEvent>(await eventPage(event.publicId)).spotsLeft).toBe(0);
    await releaseExpiredHolds(ctx.app.platform, new Date(Date.now() + 16 * MINUTE), [ctx.tenant.tenantId]);
    const places = await ctx.app.platform.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.contactId, someone.id)));
    expect(places.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
    const invoice = json<{ status: string }>(
      await call(ctx.admin, ctx.tenant, 'GET', `/item/invoice/${places[0]?.invoiceId}`),
    );
    expect(invoice.status).toBe('void');
    expect(json<PublicEvent>(await eventPage(event.publicId))).toMatchObject({ spotsLeft: 1, isOpen: true });
  });

  it('the hold sweeper and 20 new registrations run at once: no deadlock, every count right', async () => {
    const event = await makeEvent({ priceMinor: 2_000, capacity: 40 });
    const first = await studentTokens(20);
    for (const p of first) expect((await register(p.token, event.publicId)).statusCode).toBe(201);
    const sessions = await ctx.app.platform.db
      .select({ id: classSessions.id, startsAt: classSessions.startsAt })
      .from(classSessions)
      .where(and(eq(classSessions.tenantId, ctx.tenant.tenantId), eq(classSessions.ruleId, event.guId)))
      .orderBy(classSessions.startsAt);
    // The later day's holds run out first: a sweep in expiry order meets registrations in time order.
    const soon = new Date(Date.now() - 2 * MINUTE);
    const sooner = new Date(Date.now() - 3 * MINUTE);
    for (const [i, session] of sessions.entries()) {
      await ctx.app.platform.db
        .update(classBookings)
        .set({ holdExpiresAt: i === 0 ? soon : sooner })
        .where(and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.sessionId, session.id)));
    }
    const second = await studentTokens(20);
    const [released, ...answers] = await Promise.all([
      releaseExpiredHolds(ctx.app.platform, new Date(), [ctx.tenant.tenantId]),
      ...second.map((p) => register(p.token, event.publicId)),
    ]);
    expect(released).toBe(40);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.body)).toEqual([]);
    const rows = await ctx.app.platform.db
      .select({ booked: classSessions.bookedCount })
      .from(classSessions)
      .where(and(eq(classSessions.tenantId, ctx.tenant.tenantId), eq(classSessions.ruleId, event.guId)));
    expect(rows.map((r) => r.booked)).toEqual([20, 20]);
  }, 120_000);

  it('lists the events to come on the public site, featured ones on their own; a past event still opens, closed', async () => {
    const featured = await makeEvent({ name: 'Featured Day', isFeatured: true });
    const plain = await makeEvent({ name: 'Plain Day' });
    const all = json<PublicEventList>(
      await ctx.app.inject({ method: 'GET', url: '/public/events', headers: { host: ctx.tenant.host } }),
    );
    expect(all.data.map((e) => e.guId)).toEqual(expect.arrayContaining([featured.publicId, plain.publicId]));
    const onlyFeatured = json<PublicEventList>(
      await ctx.app.inject({ method: 'GET', url: '/public/featuredEvents', headers: { host: ctx.tenant.host } }),
    );
    expect(onlyFeatured.data.map((e) => e.guId)).toContain(featured.publicId);
    expect(onlyFeatured.data.map((e) => e.guId)).not.toContain(plain.publicId);
    expect(onlyFeatured.data.every((e) => e.isFeatured)).toBe(true);
    const elsewhere = json<PublicEventList>(
      await ctx.app.inject({ method: 'GET', url: '/public/events', headers: { host: ctx.other.host } }),
    );
    expect(elsewhere.data).toEqual([]);

    // yesterday's one-day event: not listed, its page says it is closed, registering is refused
    const yesterday = addDays(today(), -1);
    const past = await makeEvent({ name: 'Gone', startDate: yesterday, endDate: yesterday });
    const listed = json<PublicEventList>(
      await ctx.app.inject({ method: 'GET', url: '/public/events', headers: { host: ctx.tenant.host } }),
    );
    expect(listed.data.map((e) => e.guId)).not.toContain(past.publicId);
    expect(json<PublicEvent>(await eventPage(past.publicId))).toMatchObject({ isOpen: false, sessions: [] });
    const closed = await register(ctx.student, past.publicId);
    expect(closed.statusCode).toBe(400);
    expect(errorOf(closed.body).message).toBe(EVENT_MESSAGES.closed);
  });

  it('an event months ahead is made whole at once; one longer than a year is refused', async () => {
    const start = addDays(today(), 7 * 30);
    const far = await makeEvent({ startDate: start, endDate: addDays(start, 1), name: 'Far Retreat' });
    const page = json<PublicEvent>(await eventPage(far.publicId));
    expect(page.sessions).toHaveLength(2);
    expect(page.isOpen).toBe(true);
    const long = await call(
      ctx.admin,
      ctx.tenant,
      'POST',
      '/snode/classrule',
      workshop({ endDate: addDays(today(), 400) }),
    );
    expect(long.statusCode).toBe(400);
    expect(errorOf(long.body)).toMatchObject({ field: 'endDate', message: EVENT_MESSAGES.tooLong });
  });

  it('registering again while the payment waits answers the same invoice; cancelling one day keeps it', async () => {
    const event = await makeEvent({ priceMinor: 9_000 });
    const someone = await studentToken();
    const first = json<EventRegistration>(await register(someone.token, event.publicId));
    const again = await register(someone.token, event.publicId);
    expect(again.statusCode, again.body).toBe(201);
    expect(json<EventRegistration>(again)).toMatchObject({
      status: 'pending',
      sessions: 2,
      invoicePublicId: first.invoicePublicId,
    });
    // staff cancel the second day: the invoice still pays for the first
    const sessions = json<PublicEvent>(await eventPage(event.publicId)).sessions;
    const cancelled = await call(ctx.admin, ctx.tenant, 'PUT', `/snode/session/${sessions[1]?.guId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const places = await ctx.app.platform.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.tenantId, ctx.tenant.tenantId), eq(classBookings.contactId, someone.id)));
    const invoice = json<{ status: string }>(
      await call(ctx.admin, ctx.tenant, 'GET', `/item/invoice/${places[0]?.invoiceId}`),
    );
    expect(invoice.status).not.toBe('void');
    expect(places.filter((p) => p.status === 'pending')).toHaveLength(1);
  });
});
