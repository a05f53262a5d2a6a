import {
  type ClassRule,
  type ClassSession,
  classTimeLabel,
  dateInZone,
  type InvoiceDetail,
  type Roster,
  type StudentSession,
  type StudentSessionList,
} from '@atrium/contracts';
import { type ProviderStub, type StripeCheckoutOptions, startProviderStub } from '@atrium/provider-stubs';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { stripeConnectConfig } from '../../../test/provider-config.ts';
import { connectStripeAccount } from '../../../test/saved-card-app.ts';
import { deliverStripeEvent } from '../../../test/stripe-webhook.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { classBookings, contacts, outboxEmails } from '../../db/schema/index.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';
import { releaseExpiredHolds, sendReminders } from './booking-jobs.service.ts';
import { addDays } from './recurrence.ts';
import { sessionOnDay } from './scheduling-fixtures.ts';

// Slice 2 of scheduling (decisions.md "Scheduling, slice 2"): paid drop-ins through the checkout on
// the Stripe stand-in, waitlist offers with a hold, reminders once, late cancels and no-shows, feeds.

const ZONE = 'America/New_York';
const PLATFORM_KEY = 'sk_test_PLATFORM_sched_7c1';
const WEBHOOK_SECRET = 'whsec_test_sched_connect';
const ACCOUNT = 'acct_1SchedA';
const MINUTE = 60_000;

let app: App;
let stub: ProviderStub;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let frontdesk: string;
let student: string;
let otherAdmin: string;
let otherStudent: string;
let start: string;
const checkout: StripeCheckoutOptions = { secretKey: PLATFORM_KEY, accounts: [] };

beforeAll(async () => {
  stub = await startProviderStub({
    stripe: {
      secretKey: PLATFORM_KEY,
      codes: { ac_sched: { stripeUserId: ACCOUNT, accessToken: 'sk_test_connected_sched', livemode: false } },
    },
    stripeCheckout: checkout,
  });
  app = await startTestApp(
    stripeConnectConfig(stub.url, {
      secretKey: PLATFORM_KEY,
      publishableKey: 'pk_test_s',
      clientId: 'ca_test_sched',
      webhookSecret: WEBHOOK_SECRET,
    }),
  );
  call = caller(app);
  tenant = await newTenant(app, { settings: { timezone: ZONE, reminderTime: 72, cancelCutoffHours: 12 } });
  other = await newTenant(app, { settings: { timezone: ZONE } });
  [admin, frontdesk, student, otherAdmin, otherStudent] = await Promise.all([
    loginAs(app, tenant, 'admin').then((l) => l.access_token),
    loginAs(app, tenant, 'frontdesk').then((l) => l.access_token),
    loginAs(app, tenant, 'student').then((l) => l.access_token),
    loginAs(app, other, 'admin').then((l) => l.access_token),
    loginAs(app, other, 'student').then((l) => l.access_token),
  ]);
  await connectStripeAccount(app, tenant, 'ac_sched');
  start = addDays(dateInZone(new Date(), ZONE), 2);
});

afterAll(async () => {
  await stub?.close();
});

async function addRule(t: TestTenant, token: string, body: Record<string, unknown> = {}): Promise<ClassRule> {
  const response = await call(token, t, 'POST', '/snode/classrule', {
    name: 'Yoga',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '18:00',
    durationMinutes: 60,
    startDate: start,
    endDate: start,
    capacity: 1,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return json<ClassRule>(response);
}

const onlySession = (t: TestTenant, token: string, rule: ClassRule) => sessionOnDay(app, t, token, rule, start);

async function mine(t: TestTenant, token: string, sessionId: string): Promise<StudentSession | undefined> {
  const response = await call(token, t, 'GET', `/snode/myclasses?from=${start}&to=${addDays(start, 1)}`);
  return json<StudentSessionList>(response).data.find((s) => s.guId === sessionId);
}

const bookAsStudent = (t: TestTenant, token: string, rule: ClassRule, session: ClassSession) =>
  call(token, t, 'POST', '/snode/mybooking', { classId: rule.guId, clsStartTime: session.clsStartTime });

const roster = async (sessionId: string) =>
  json<Roster>(await call(frontdesk, tenant, 'GET', `/snode/session/${sessionId}`));

async function makeContact(t: TestTenant, label: string): Promise<{ id: string; email: string }> {
  const email = `${label}-${Math.random().toString(36).slice(2)}@example.test`;
  const [row] = await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .insert(contacts)
      .values({ tenantId: t.tenantId, email, name: label, role: 'student' })
      .returning({ id: contacts.id }),
  );
  if (!row) throw new Error('no contact');
  return { id: row.id, email };
}

const staffAdd = (sessionId: string, contactId: string) =>
  call(frontdesk, tenant, 'POST', `/snode/session/${sessionId}/booking`, { contactId });

async function mailsTo(t: TestTenant, to: string, subjectLike: string) {
  return app.platform.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.tenantId, t.tenantId),
        eq(outboxEmails.toAddress, to),
        like(outboxEmails.subject, subjectLike),
      ),
    );
}

const deliver = (payload: string) => deliverStripeEvent(app, WEBHOOK_SECRET, payload);

describe('paid drop-ins through the checkout', () => {
  it('holds the spot pending, pays on the Stripe stand-in, and the webhook books it; the invoice names the class and its time', async () => {
    const rule = await addRule(tenant, admin, { priceMinor: 1500, capacity: 2 });
    const session = await onlySession(tenant, admin, rule);
    const held = await bookAsStudent(tenant, student, rule, session);
    expect(held.statusCode, held.body).toBe(201);
    const pending = json<StudentSession>(held);
    expect(pending).toMatchObject({ myStatus: 'pending', myPayment: 'checkout', booked: 1, spotsLeft: 1 });
    expect(Date.parse(pending.myHoldExpiresAt ?? '') - Date.now()).toBeGreaterThan(10 * MINUTE);
    const publicId = pending.myInvoicePublicId ?? '';

    const started = await app.inject({
      method: 'POST',
      url: `/item/invoice/${publicId}/publicpayment`,
      headers: { host: tenant.host },
    });
    expect(started.statusCode, started.body).toBe(200);
    const stripeSession = json<{ url: string }>(started).url.split('/c/pay/')[1] ?? '';
    expect(stub.stripeCheckout.sessions.get(stripeSession)).toMatchObject({ account: ACCOUNT, amount: 1500 });
    const event = await stub.stripeCheckout.pay(stripeSession);
    expect((await deliver(event)).statusCode).toBe(200);

    const after = await mine(tenant, student, session.guId);
    expect(after).toMatchObject({ myStatus: 'booked', myPayment: 'paid', myInvoicePublicId: null, booked: 1 });
    const [row] = await app.platform.db
      .select({ invoiceId: classBookings.invoiceId })
      .from(classBookings)
      .where(eq(classBookings.id, pending.myBookingId ?? ''));
    const invoice = json<InvoiceDetail>(await call(admin, tenant, 'GET', `/item/invoice/${row?.invoiceId}`));
    expect(invoice.status).toBe('complete');
    expect(invoice.items.map((i) => i.itemName)).toEqual([
      `Yoga (drop-in), ${classTimeLabel(new Date(session.startsAt), ZONE)}`,
    ]);
    expect(invoice.items[0]?.itemName).toMatch(/6:00 PM E[SD]T$/);
  });

  it('releases an unpaid hold when it runs out: the invoice is voided and the spot is free again', async () => {
    const rule = await addRule(tenant, admin, { priceMinor: 2000 });
    const session = await onlySession(tenant, admin, rule);
    const pending = json<StudentSession>(await bookAsStudent(tenant, student, rule, session));
    expect(pending.spotsLeft).toBe(0);
    // Not yet: the hold still runs.
    await releaseExpiredHolds(app.platform, new Date(Date.now() + MINUTE), [tenant.tenantId, other.tenantId]);
    expect((await mine(tenant, student, session.guId))?.myStatus).toBe('pending');
    expect(
      await releaseExpiredHolds(app.platform, new Date(Date.now() + 16 * MINUTE), [tenant.tenantId, other.tenantId]),
    ).toBeGreaterThanOrEqual(1);
    const after = await mine(tenant, student, session.guId);
    expect(after).toMatchObject({ myStatus: null, spotsLeft: 1 });
    const [row] = await app.platform.db
      .select({ invoiceId: classBookings.invoiceId, status: classBookings.status })
      .from(classBookings)
      .where(eq(classBookings.id, pending.myBookingId ?? ''));
    expect(row?.status).toBe('cancelled');
    const invoice = json<InvoiceDetail>(await call(admin, tenant, 'GET', `/item/invoice/${row?.invoiceId}`));
    expect(invoice.status).toBe('void');
  });

  it('lets staff book a priced class without payment (to pay at the desk)', async () => {
    const rule = await addRule(tenant, admin, { priceMinor: 1200 });
    const session = await onlySession(tenant, admin, rule);
    const person = await makeContact(tenant, 'desk');
    const added = await staffAdd(session.guId, person.id);
    expect(added.statusCode).toBe(201);
    expect(json<Roster>(added).bookings.map((b) => [b.status, b.payment])).toEqual([['booked', 'at_desk']]);
  });
});

describe('waitlist offers with a hold', () => {
  it('offers a freed spot to the first in line with an email; confirm books it; an unanswered offer moves on', async () => {
    const rule = await addRule(tenant, admin);
    const session = await onlySession(tenant, admin, rule);
    const x = await makeContact(tenant, 'first');
    const y = await makeContact(tenant, 'second');
    expect((await bookAsStudent(tenant, student, rule, session)).statusCode).toBe(201);
    await staffAdd(session.guId, x.id);
    await staffAdd(session.guId, y.id);
    const me = await mine(tenant, student, session.guId);
    expect((await call(student, tenant, 'DELETE', `/snode/mybooking/${me?.myBookingId}`)).statusCode).toBe(204);
    let list = await roster(session.guId);
    expect(list.bookings.map((b) => [b.contactId, b.status])).toEqual([
      [x.id, 'offered'],
      [y.id, 'waitlisted'],
    ]);
    expect(list.session.spotsLeft).toBe(0);
    const offered = await mailsTo(tenant, x.email, 'A spot opened up%');
    expect(offered).toHaveLength(1);
    expect(offered[0]?.text).toContain(`http://${tenant.orgId}.localhost/classes`);
    expect(offered[0]?.text).toContain(classTimeLabel(new Date(session.startsAt), ZONE));

    // Nobody answers within the window (120 minutes by default): the next in line is offered it.
    await releaseExpiredHolds(app.platform, new Date(Date.now() + 121 * MINUTE), [tenant.tenantId, other.tenantId]);
    list = await roster(session.guId);
    expect(list.bookings.map((b) => [b.contactId, b.status])).toEqual([[y.id, 'offered']]);
    expect(await mailsTo(tenant, y.email, 'A spot opened up%')).toHaveLength(1);
  });

  it('the student confirms (or passes) the spot held for them; only their own, only while held', async () => {
    const rule = await addRule(tenant, admin);
    const session = await onlySession(tenant, admin, rule);
    const x = await makeContact(tenant, 'holder');
    const added = json<Roster>(await staffAdd(session.guId, x.id));
    const waiting = json<StudentSession>(await bookAsStudent(tenant, student, rule, session));
    expect(waiting).toMatchObject({ myStatus: 'waitlisted', myWaitlistPosition: 1 });
    const early = await call(student, tenant, 'PUT', `/snode/mybooking/${waiting.myBookingId}/confirm`);
    expect(early.statusCode).toBe(400);
    expect(errorOf(early.body).field).toBe('id');
    await call(frontdesk, tenant, 'DELETE', `/snode/booking/${added.bookings[0]?.guId}`);
    expect((await mine(tenant, student, session.guId))?.myStatus).toBe('offered');
    const theirs = await call(otherStudent, other, 'PUT', `/snode/mybooking/${waiting.myBookingId}/confirm`);
    expect(theirs.statusCode).toBe(404);
    const confirmed = await call(student, tenant, 'PUT', `/snode/mybooking/${waiting.myBookingId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json<StudentSession>(confirmed)).toMatchObject({ myStatus: 'booked', myHoldExpiresAt: null, spotsLeft: 0 });
    const bad = await call(student, tenant, 'PUT', '/snode/mybooking/not-an-id/confirm');
    expect(errorOf(bad.body).field).toBe('params.id');
  });

  it('staff reorder the waitlist; a list that is not the waitlist is a 400 on waitlist; roles and tenants', async () => {
    const rule = await addRule(tenant, admin);
    const session = await onlySession(tenant, admin, rule);
    const [a, b, c] = await Promise.all([makeContact(tenant, 'a'), makeContact(tenant, 'b'), makeContact(tenant, 'c')]);
    for (const p of [a, b, c]) await staffAdd(session.guId, p.id);
    const before = await roster(session.guId);
    const [bId, cId] = before.bookings.filter((x) => x.status === 'waitlisted').map((x) => x.guId);
    const url = `/snode/session/${session.guId}/waitlist`;
    const reordered = await call(frontdesk, tenant, 'PUT', url, { waitlist: [cId, bId] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(json<Roster>(reordered).bookings.map((x) => [x.contactId, x.waitlistPosition])).toEqual([
      [a.id, null],
      [c.id, 1],
      [b.id, 2],
    ]);
    for (const body of [{ waitlist: [cId] }, { waitlist: [cId, cId] }, { waitlist: [] }, { waitlist: 'x' }]) {
      const refused = await call(frontdesk, tenant, 'PUT', url, body);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused.body).field).toBe('waitlist');
    }
    expect((await call(student, tenant, 'PUT', url, { waitlist: [cId, bId] })).statusCode).toBe(403);
    expect((await call(otherAdmin, other, 'PUT', url, { waitlist: [cId, bId] })).statusCode).toBe(404);
    // The order holds when the spot frees: c is offered it.
    await call(frontdesk, tenant, 'DELETE', `/snode/booking/${before.bookings[0]?.guId}`);
    expect((await roster(session.guId)).bookings.map((x) => [x.contactId, x.status])).toEqual([
      [c.id, 'offered'],
      [b.id, 'waitlisted'],
    ]);
  });
});

describe('late cancels and no-shows', () => {
  it('a cancel inside the cutoff is marked late and stays on the roster', async () => {
    const strict = await newTenant(app, { settings: { timezone: ZONE, cancelCutoffHours: 96 } });
    const [strictAdmin, strictStudent] = await Promise.all([
      loginAs(app, strict, 'admin').then((l) => l.access_token),
      loginAs(app, strict, 'student').then((l) => l.access_token),
    ]);
    const rule = await addRule(strict, strictAdmin, { capacity: 3 });
    const session = await onlySession(strict, strictAdmin, rule);
    const booked = json<StudentSession>(await bookAsStudent(strict, strictStudent, rule, session));
    expect((await call(strictStudent, strict, 'DELETE', `/snode/mybooking/${booked.myBookingId}`)).statusCode).toBe(
      204,
    );
    const list = json<Roster>(await call(strictAdmin, strict, 'GET', `/snode/session/${session.guId}`));
    expect(list.bookings.map((b) => [b.status, b.lateCancel])).toEqual([['cancelled', true]]);
    expect(list.session.spotsLeft).toBe(3);
    // Outside the cutoff (the main tenant's 12 hours) a cancel is not late and leaves the roster.
    const rule2 = await addRule(tenant, admin);
    const session2 = await onlySession(tenant, admin, rule2);
    const mine2 = json<StudentSession>(await bookAsStudent(tenant, student, rule2, session2));
    await call(student, tenant, 'DELETE', `/snode/mybooking/${mine2.myBookingId}`);
    expect((await roster(session2.guId)).bookings).toEqual([]);
  });

  it('closing check-in marks the booked who were not checked in as no-shows; only once started', async () => {
    const rule = await addRule(tenant, admin, { capacity: 3 });
    const session = await onlySession(tenant, admin, rule);
    const [came, absent] = await Promise.all([makeContact(tenant, 'came'), makeContact(tenant, 'absent')]);
    await staffAdd(session.guId, came.id);
    const added = json<Roster>(await staffAdd(session.guId, absent.id));
    const url = `/snode/session/${session.guId}/checkin/close`;
    const early = await call(frontdesk, tenant, 'PUT', url);
    expect(early.statusCode).toBe(400);
    expect(errorOf(early.body).field).toBe('id');
    const cameBooking = added.bookings.find((b) => b.contactId === came.id)?.guId;
    await call(frontdesk, tenant, 'PUT', `/snode/booking/${cameBooking}/attendance`, { attended: true });
    // The class started ten minutes ago.
    await app.platform.db.execute(
      sql`update class_sessions set starts_at = now() - interval '10 minutes', ends_at = now() + interval '50 minutes' where id = ${session.guId}`,
    );
    expect((await call(student, tenant, 'PUT', url)).statusCode).toBe(403);
    expect((await call(otherAdmin, other, 'PUT', url)).statusCode).toBe(404);
    const closed = await call(frontdesk, tenant, 'PUT', url);
    expect(closed.statusCode, closed.body).toBe(200);
    const list = json<Roster>(closed);
    expect(list.checkInClosedAt).not.toBeNull();
    expect(list.bookings.map((b) => [b.contactId, b.attended, b.noShow]).sort()).toEqual(
      [
        [came.id, true, false],
        [absent.id, false, true],
      ].sort(),
    );
    const late = await call(frontdesk, tenant, 'PUT', `/snode/booking/${cameBooking}/attendance`, { attended: false });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late.body).field).toBe('attended');
  });
});

describe('reminders and cancellation notices', () => {
  it('reminds each booked person once, even with two runners at once; never a cancelled place', async () => {
    const rule = await addRule(tenant, admin, { capacity: 5 });
    const session = await onlySession(tenant, admin, rule);
    const [p1, p2, gone] = await Promise.all([
      makeContact(tenant, 'remind1'),
      makeContact(tenant, 'remind2'),
      makeContact(tenant, 'gone'),
    ]);
    await staffAdd(session.guId, p1.id);
    await staffAdd(session.guId, p2.id);
    const withGone = json<Roster>(await staffAdd(session.guId, gone.id));
    await call(
      frontdesk,
      tenant,
      'DELETE',
      `/snode/booking/${withGone.bookings.find((b) => b.contactId === gone.id)?.guId}`,
    );
    const now = new Date();
    await Promise.all([sendReminders(app.platform, now), sendReminders(app.platform, now)]);
    await sendReminders(app.platform, now);
    for (const p of [p1, p2]) {
      const sent = await mailsTo(tenant, p.email, 'Reminder: Yoga%');
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text).toContain(classTimeLabel(new Date(session.startsAt), ZONE));
    }
    expect(await mailsTo(tenant, gone.email, 'Reminder:%')).toHaveLength(0);
  });

  it('sends nothing when the account turns reminders off, or before reminderTime', async () => {
    const quiet = await newTenant(app, { settings: { timezone: ZONE, isSendReminder: false } });
    const early = await newTenant(app, { settings: { timezone: ZONE, reminderTime: 1 } });
    for (const t of [quiet, early]) {
      const token = (await loginAs(app, t, 'admin')).access_token;
      const rule = await addRule(t, token);
      const session = await onlySession(t, token, rule);
      const p = await makeContact(t, 'nobody');
      await call(token, t, 'POST', `/snode/session/${session.guId}/booking`, { contactId: p.id });
      await sendReminders(app.platform, new Date());
      expect(await mailsTo(t, p.email, 'Reminder:%')).toHaveLength(0);
    }
  });

  it('tells everyone with a place when staff cancel the session', async () => {
    const rule = await addRule(tenant, admin);
    const session = await onlySession(tenant, admin, rule);
    const [booked, waiting] = await Promise.all([makeContact(tenant, 'cbooked'), makeContact(tenant, 'cwait')]);
    await staffAdd(session.guId, booked.id);
    await staffAdd(session.guId, waiting.id);
    expect((await call(admin, tenant, 'PUT', `/snode/session/${session.guId}/cancel`)).statusCode).toBe(200);
    for (const p of [booked, waiting]) {
      const sent = await mailsTo(tenant, p.email, 'Cancelled: Yoga%');
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text).toContain('has been cancelled');
    }
  });
});

describe('cancelling a session with places held', () => {
  it('voids an unpaid drop-in’s invoice; a student passing an offer hands it to the next in line', async () => {
    const priced = await addRule(tenant, admin, { priceMinor: 900, capacity: 2 });
    const pricedSession = await onlySession(tenant, admin, priced);
    const pending = json<StudentSession>(await bookAsStudent(tenant, student, priced, pricedSession));
    expect(pending.myStatus).toBe('pending');
    expect((await call(admin, tenant, 'PUT', `/snode/session/${pricedSession.guId}/cancel`)).statusCode).toBe(200);
    const [row] = await app.platform.db
      .select({ invoiceId: classBookings.invoiceId, status: classBookings.status })
      .from(classBookings)
      .where(eq(classBookings.id, pending.myBookingId ?? ''));
    expect(row?.status).toBe('cancelled');
    expect(json<InvoiceDetail>(await call(admin, tenant, 'GET', `/item/invoice/${row?.invoiceId}`)).status).toBe(
      'void',
    );

    const rule = await addRule(tenant, admin);
    const session = await onlySession(tenant, admin, rule);
    const [first, next] = await Promise.all([makeContact(tenant, 'p1'), makeContact(tenant, 'p2')]);
    const withFirst = json<Roster>(await staffAdd(session.guId, first.id));
    const waiting = json<StudentSession>(await bookAsStudent(tenant, student, rule, session));
    await staffAdd(session.guId, next.id);
    await call(frontdesk, tenant, 'DELETE', `/snode/booking/${withFirst.bookings[0]?.guId}`);
    expect((await mine(tenant, student, session.guId))?.myStatus).toBe('offered');
    expect((await call(student, tenant, 'DELETE', `/snode/mybooking/${waiting.myBookingId}`)).statusCode).toBe(204);
    expect((await roster(session.guId)).bookings.map((b) => [b.contactId, b.status])).toEqual([[next.id, 'offered']]);
  });
});

describe('private calendar feeds', () => {
  it('a student’s feed lists their booked classes as text/calendar; revoking it makes the address a 404', async () => {
    const rule = await addRule(tenant, admin, { name: 'Feed, Yoga; Flow', capacity: 3 });
    const session = await onlySession(tenant, admin, rule);
    await bookAsStudent(tenant, student, rule, session);
    const first = await call(student, tenant, 'GET', '/snode/calendarfeed?kind=student');
    expect(first.statusCode, first.body).toBe(200);
    const { url } = json<{ url: string }>(first);
    expect(url).toMatch(new RegExp(`^http://${tenant.orgId}\\.localhost/public/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(json<{ url: string }>(await call(student, tenant, 'GET', '/snode/calendarfeed?kind=student')).url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await app.inject({ url: path, headers: { host: tenant.host } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR\r\n');
    expect(feed.body).toContain(`X-WR-TIMEZONE:${ZONE}`);
    expect(feed.body).toContain('SUMMARY:Feed\\, Yoga\\; Flow');
    const dtstart = new Date(session.startsAt)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(feed.body).toContain(`DTSTART:${dtstart}`);
    // Another tenant's host does not know the token.
    expect((await app.inject({ url: path, headers: { host: other.host } })).statusCode).toBe(404);
    expect((await call(student, tenant, 'DELETE', '/snode/calendarfeed?kind=student')).statusCode).toBe(204);
    expect((await app.inject({ url: path, headers: { host: tenant.host } })).statusCode).toBe(404);
    const next = json<{ url: string }>(await call(student, tenant, 'GET', '/snode/calendarfeed?kind=student')).url;
    expect(next).not.toBe(url);
  });

  it('a teacher’s feed lists the classes they teach; only users marked Teacher; 400 names kind; visitors 401', async () => {
    const staffToken = (await loginAs(app, tenant, 'staff')).access_token;
    const notYet = await call(staffToken, tenant, 'GET', '/snode/calendarfeed?kind=teacher');
    expect(notYet.statusCode).toBe(400);
    expect(errorOf(notYet.body).field).toBe('kind');
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.update(contacts).set({ isTeacher: true }).where(eq(contacts.id, tenant.users.staff.id)),
    );
    await addRule(tenant, admin, { name: 'Taught Pilates', teacherId: tenant.users.staff.id });
    const made = await call(staffToken, tenant, 'GET', '/snode/calendarfeed?kind=teacher');
    expect(made.statusCode, made.body).toBe(200);
    const feed = await app.inject({
      url: new URL(json<{ url: string }>(made).url).pathname,
      headers: { host: tenant.host },
    });
    expect(feed.body).toContain('SUMMARY:Taught Pilates');
    expect((await call(student, tenant, 'GET', '/snode/calendarfeed?kind=teacher')).statusCode).toBe(403);
    const bad = await call(student, tenant, 'GET', '/snode/calendarfeed?kind=family');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('querystring.kind');
    expect(
      (await app.inject({ url: '/snode/calendarfeed?kind=student', headers: { host: tenant.host } })).statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/public/ical/nope.ics', headers: { host: tenant.host } })).statusCode).toBe(404);
  });
});

describe('the public timetable feed (GET /public/timetable.ics)', () => {
  it('lists the public sessions, a cancelled one as CANCELLED; another tenant’s are not in it; 404 when hidden', async () => {
    const kept = await onlySession(tenant, admin, await addRule(tenant, admin, { name: 'Timetable Pilates' }));
    const gone = await onlySession(tenant, admin, await addRule(tenant, admin, { name: 'Timetable Spin' }));
    expect((await call(admin, tenant, 'PUT', `/snode/session/${gone.guId}/cancel`)).statusCode).toBe(200);

    const feed = await app.inject({ url: '/public/timetable.ics', headers: { host: tenant.host } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR\r\n');
    expect(feed.body).toContain(`X-WR-TIMEZONE:${ZONE}`);
    const event = (id: string) => feed.body.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${id}@`)) ?? '';
    expect(event(kept.guId)).toContain('SUMMARY:Timetable Pilates');
    expect(event(kept.guId)).toContain('STATUS:CONFIRMED');
    expect(event(gone.guId)).toContain('STATUS:CANCELLED');

    const theirs = await app.inject({ url: '/public/timetable.ics', headers: { host: other.host } });
    expect(theirs.body).not.toContain('Timetable Pilates');
    const hidden = await newTenant(app, { settings: { isShowSchedule: false } });
    expect((await app.inject({ url: '/public/timetable.ics', headers: { host: hidden.host } })).statusCode).toBe(404);
  });
});
