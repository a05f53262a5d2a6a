import {
  type ClassRule,
  type ClassSession,
  type ClassSessionList,
  dateInZone,
  type Roster,
  SCHEDULE_MESSAGES,
  type StudentSession,
} from '@atrium/contracts';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, outboxEmails, outboxSms } from '../../db/schema/index.ts';
import { errorOf, studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { findTenantById } from '../payments/payments.repo.ts';
import { book } from './booking-core.ts';
import { releaseExpiredHolds } from './booking-jobs.service.ts';
import { addDays } from './recurrence.ts';
import { bookingContext } from './scheduling-shared.ts';

// Waitlist rules (issue 22): a class may turn its waitlist off or cap it ('This class is full.',
// 409), a lapsed hold is told, and the queue is the order in which places were taken.

const ZONE = 'America/Denver';
const MINUTE = 60_000;
const { ctx, call } = studiosWithCaller(['admin', 'frontdesk', 'student'], {
  tenant: { settings: { timezone: ZONE, isSendSmsReminder: true } },
  other: { settings: { timezone: ZONE } },
});
let start: string;

beforeAll(async () => {
  start = addDays(dateInZone(new Date(), ZONE), 2);
});

const ruleBody = (body: Record<string, unknown> = {}) => ({
  name: 'Reformer',
  daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  startTime: '18:00',
  durationMinutes: 50,
  startDate: start,
  endDate: start,
  capacity: 1,
  ...body,
});

async function addRule(body: Record<string, unknown> = {}): Promise<{ rule: ClassRule; session: ClassSession }> {
  const made = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', ruleBody(body));
  expect(made.statusCode, made.body).toBe(201);
  const rule = json<ClassRule>(made);
  const list = await call(ctx.admin, ctx.tenant, 'GET', `/snode/session?from=${start}&to=${addDays(start, 1)}`);
  const session = json<ClassSessionList>(list).data.find((s) => s.classId === rule.guId);
  if (!session) throw new Error('no session');
  return { rule, session };
}

let people = 0;
async function makeContact(label: string, phone = ''): Promise<{ id: string; email: string }> {
  people += 1;
  const email = `${label}-${people}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const [row] = await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
    tx
      .insert(contacts)
      .values({ tenantId: ctx.tenant.tenantId, email, name: label, role: 'student', phone })
      .returning({ id: contacts.id }),
  );
  if (!row) throw new Error('no contact');
  return { id: row.id, email };
}

const staffAdd = (sessionId: string, contactId: string) =>
  call(ctx.frontdesk, ctx.tenant, 'POST', `/snode/session/${sessionId}/booking`, { contactId });
const studentJoin = (rule: ClassRule, session: ClassSession) =>
  call(ctx.student, ctx.tenant, 'POST', '/snode/mybooking', { classId: rule.guId, clsStartTime: session.clsStartTime });
const roster = async (sessionId: string) =>
  json<Roster>(await call(ctx.frontdesk, ctx.tenant, 'GET', `/snode/session/${sessionId}`));

function expectFull(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(409);
  expect(errorOf(response.body)).toMatchObject({ message: SCHEDULE_MESSAGES.classFull, field: 'scheduleId' });
}

describe('the waitlist switch and size', () => {
  it('a class with its waitlist off refuses a full class with 409 “This class is full.”, to the student and the desk', async () => {
    const { rule, session } = await addRule({ waitlistEnabled: false });
    expect(rule).toMatchObject({ waitlistEnabled: false, waitlistSize: null });
    expect(session.waitlistOpen).toBe(false);
    const first = await makeContact('first');
    expect((await staffAdd(session.guId, first.id)).statusCode).toBe(201);
    expectFull(await studentJoin(rule, session));
    expectFull(await staffAdd(session.guId, (await makeContact('walk-in')).id));
    const list = await roster(session.guId);
    expect(list.bookings.map((b) => b.status)).toEqual(['booked']);
    // Turned on again, the full class takes names again.
    const on = await call(
      ctx.admin,
      ctx.tenant,
      'PUT',
      `/snode/classrule/${rule.guId}`,
      ruleBody({ waitlistEnabled: true }),
    );
    expect(json<ClassRule>(on).waitlistEnabled).toBe(true);
    const waiting = await studentJoin(rule, session);
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(json<StudentSession>(waiting)).toMatchObject({ myStatus: 'waitlisted', myWaitlistPosition: 1 });
  });

  it('a waitlist size takes that many and then refuses; a place given up makes room again; bad sizes are 400 on waitlistSize', async () => {
    const { rule, session } = await addRule({ waitlistSize: 2 });
    expect(rule.waitlistSize).toBe(2);
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((n) => makeContact(n)));
    if (!a || !b || !c || !d) throw new Error('people');
    for (const p of [a, b, c]) expect((await staffAdd(session.guId, p.id)).statusCode).toBe(201);
    let list = await roster(session.guId);
    expect(list.session).toMatchObject({ waitlisted: 2, waitlistOpen: false });
    expectFull(await studentJoin(rule, session));
    expectFull(await staffAdd(session.guId, d.id));
    const leaving = list.bookings.find((x) => x.contactId === c.id);
    expect((await call(ctx.frontdesk, ctx.tenant, 'DELETE', `/snode/booking/${leaving?.guId}`)).statusCode).toBe(200);
    expect((await studentJoin(rule, session)).statusCode).toBe(201);
    list = await roster(session.guId);
    expect(list.bookings.map((x) => [x.status, x.waitlistPosition])).toEqual([
      ['booked', null],
      ['waitlisted', 1],
      ['waitlisted', 2],
    ]);

    for (const waitlistSize of [0, 1001, 1.5, 'ten']) {
      const bad = await call(ctx.admin, ctx.tenant, 'POST', '/snode/classrule', ruleBody({ waitlistSize }));
      expect(bad.statusCode, String(waitlistSize)).toBe(400);
      expect(errorOf(bad.body).field).toBe('waitlistSize');
    }
    const badSwitch = await call(
      ctx.admin,
      ctx.tenant,
      'POST',
      '/snode/classrule',
      ruleBody({ waitlistEnabled: 'no' }),
    );
    expect(errorOf(badSwitch.body).field).toBe('waitlistEnabled');
    // Another studio cannot change this class.
    const theirs = await call(ctx.otherAdmin, ctx.other, 'PUT', `/snode/session/${session.guId}`, {
      waitlistEnabled: false,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('one session can turn its own waitlist off; those already waiting stay, and a later series edit leaves it off', async () => {
    const { rule, session } = await addRule();
    const [a, b] = await Promise.all([makeContact('a'), makeContact('b')]);
    for (const p of [a, b]) await staffAdd(session.guId, p.id);
    const off = await call(ctx.admin, ctx.tenant, 'PUT', `/snode/session/${session.guId}`, { waitlistEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(json<{ session: ClassSession }>(off).session.waitlistOpen).toBe(false);
    expect(await roster(session.guId)).toMatchObject({ waitlistEnabled: false, waitlistSize: null });
    expectFull(await studentJoin(rule, session));
    expect((await roster(session.guId)).bookings.map((x) => x.contactId)).toEqual([a.id, b.id]);
    await call(ctx.admin, ctx.tenant, 'PUT', `/snode/classrule/${rule.guId}`, ruleBody({ waitlistSize: 10 }));
    expectFull(await studentJoin(rule, session));
    const badSize = await call(ctx.admin, ctx.tenant, 'PUT', `/snode/session/${session.guId}`, { waitlistSize: -1 });
    expect(errorOf(badSize.body).field).toBe('waitlistSize');
  });
});

describe('a lapsed waitlist hold is told', () => {
  it('emails (and, as the offer was texted, texts) the person whose offered spot ran out unanswered', async () => {
    const { session } = await addRule();
    const holder = await makeContact('holder');
    const waiting = await makeContact('waiting', '+1 303 555 0147');
    const added = json<Roster>(await staffAdd(session.guId, holder.id));
    await staffAdd(session.guId, waiting.id);
    await call(ctx.frontdesk, ctx.tenant, 'DELETE', `/snode/booking/${added.bookings[0]?.guId}`);
    expect((await roster(session.guId)).bookings.map((x) => x.status)).toEqual(['offered']);
    const lapsed = () =>
      ctx.app.platform.db
        .select({ text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.tenantId, ctx.tenant.tenantId),
            eq(outboxEmails.toAddress, waiting.email),
            like(outboxEmails.subject, 'Your held spot was released: Reformer%'),
          ),
        );
    const texts = () =>
      ctx.app.platform.db
        .select({ body: outboxSms.body, kind: outboxSms.kind })
        .from(outboxSms)
        .where(and(eq(outboxSms.tenantId, ctx.tenant.tenantId), eq(outboxSms.toPhone, '+13035550147')));
    // Not before the hold ends (120 minutes by default).
    await releaseExpiredHolds(ctx.app.platform, new Date(Date.now() + 60 * MINUTE), [ctx.tenant.tenantId]);
    expect(await lapsed()).toHaveLength(0);
    await releaseExpiredHolds(ctx.app.platform, new Date(Date.now() + 121 * MINUTE), [ctx.tenant.tenantId]);
    const mails = await lapsed();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`http://${ctx.tenant.orgId}.localhost/classes`);
    expect(mails[0]?.text).not.toMatch(/atrium/i);
    const sent = await texts();
    expect(sent.map((t) => t.kind).sort()).toEqual(['waitlist-hold', 'waitlist-hold-lapsed']);
    expect(sent.find((t) => t.kind === 'waitlist-hold-lapsed')?.body).toMatch(
      /^Studio .*: the spot held for you in Reformer/,
    );
    // Run again: told once.
    await releaseExpiredHolds(ctx.app.platform, new Date(Date.now() + 122 * MINUTE), [ctx.tenant.tenantId]);
    expect(await lapsed()).toHaveLength(1);
  });
});

describe('the queue is the order the places were taken', () => {
  it('orders by the time each place was taken at its statement, not when its transaction began', async () => {
    const { session } = await addRule();
    const [a, b, c] = await Promise.all([makeContact('a'), makeContact('b'), makeContact('c')]);
    await staffAdd(session.guId, a.id);
    const ctxTenant = await findTenantById(ctx.app.platform.db, ctx.tenant.tenantId);
    if (!ctxTenant) throw new Error('tenant');
    const bookingCtx = bookingContext(ctx.app.platform, ctxTenant, new Date());
    // One transaction joins b, waits, then joins c: both begin together, yet each place has its own time.
    await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, async (tx) => {
      await book(tx, bookingCtx, session.guId, b.id, { byStaff: true });
      await new Promise((resolve) => setTimeout(resolve, 25));
      await book(tx, bookingCtx, session.guId, c.id, { byStaff: true });
    });
    const waiting = (await roster(session.guId)).bookings.filter((x) => x.status === 'waitlisted');
    expect(waiting.map((x) => [x.contactId, x.waitlistPosition])).toEqual([
      [b.id, 1],
      [c.id, 2],
    ]);
    const [first, second] = waiting.map((x) => Date.parse(x.bookedAt));
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(20);
  });

  it('20 people joining a full class at once are queued 1–20 in the order their places were taken', async () => {
    const { rule, session } = await addRule();
    await staffAdd(session.guId, (await makeContact('booked')).id);
    const crowd = await Promise.all(Array.from({ length: 20 }, (_, i) => makeContact(`crowd${i}`)));
    const answers = await Promise.all(crowd.map((p) => staffAdd(session.guId, p.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(crowd.map(() => 201));
    const waiting = (await roster(session.guId)).bookings.filter((x) => x.status === 'waitlisted');
    expect(waiting.map((x) => x.waitlistPosition)).toEqual(crowd.map((_, i) => i + 1));
    const times = waiting.map((x) => Date.parse(x.bookedAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    // The student sees the same place in line.
    const joined = json<StudentSession>(await studentJoin(rule, session));
    expect(joined.myWaitlistPosition).toBe(21);
  });
});
