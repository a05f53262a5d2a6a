import { randomUUID } from 'node:crypto';
import {
  type ClassRule,
  type ClassSessionList,
  dateInZone,
  EVENT_MESSAGES,
  type EventRegistration,
  type Roster,
  type StudentSession,
} from '@atrium/contracts';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { classBookings, contacts, invoices, outboxEmails, outboxSms } from '../../db/schema/index.ts';
import { createUsers } from '../../seed/tenants.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';
import { releaseExpiredHolds, sendReminders } from './booking-jobs.service.ts';
import { addDays } from './recurrence.ts';

// A paid drop-in and a paid event sign-up, by the studio's provider (decisions scheduling.md "Paid
// places: by card now, or at the studio"): a studio that takes cards holds the place while it is
// paid by card; one without a provider books it at once, its invoice left open as cash to pay at the
// studio, with no hold that runs out. The browser has no say: nothing in the request picks it.

const ZONE = 'America/New_York';
const MINUTE = 60_000;
let app: App;
let call: ReturnType<typeof caller>;

interface Studio {
  t: TestTenant;
  admin: string;
  frontdesk: string;
}

/** A studio with a 3% card fee, by card (Stripe) or with no provider at all. */
async function studio(paymentProvider: 'STRIPE' | null, settings: Record<string, unknown> = {}): Promise<Studio> {
  const t = await newTenant(app, { settings: { timezone: ZONE, cardFees: 3, paymentProvider, ...settings } });
  const [admin, frontdesk] = await Promise.all([
    loginAs(app, t, 'admin').then((l) => l.access_token),
    loginAs(app, t, 'frontdesk').then((l) => l.access_token),
  ]);
  return { t, admin, frontdesk };
}

let cards: Studio;
let atStudio: Studio;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  [cards, atStudio] = await Promise.all([studio('STRIPE'), studio(null)]);
});

const start = () => addDays(dateInZone(new Date(), ZONE), 2);

async function priced(s: Studio, body: Record<string, unknown> = {}): Promise<ClassRule> {
  const response = await call(s.admin, s.t, 'POST', '/snode/classrule', {
    name: 'Vinyasa',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '18:00',
    durationMinutes: 60,
    startDate: start(),
    endDate: start(),
    capacity: 5,
    priceMinor: 1500,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<ClassRule>(response);
}

/** A two-day priced workshop from tomorrow. */
async function event(s: Studio, body: Record<string, unknown> = {}): Promise<ClassRule> {
  const from = addDays(dateInZone(new Date(), ZONE), 1);
  return priced(s, {
    kind: 'event',
    name: 'Weekend Retreat',
    startTime: '09:00',
    durationMinutes: 180,
    startDate: from,
    endDate: addDays(from, 1),
    capacity: 3,
    priceMinor: 12_000,
    ...body,
  });
}

/** New signed-in students of the studio (one address each: the login limit counts per address). */
async function students(s: Studio, count: number): Promise<{ token: string; id: string; email: string }[]> {
  const rows = await createUsers(
    app.platform.db,
    s.t.tenantId,
    Array.from({ length: count }, () => ({
      email: `p-${randomUUID()}@example.test`,
      password: PASSWORD,
      name: 'Pat',
      lastName: 'Payer',
      role: 'student' as const,
    })),
  );
  return Promise.all(
    rows.map(async (row, i) => {
      const login = await app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: s.t.host },
        remoteAddress: `10.8.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        payload: { userId: row.email, password: PASSWORD },
      });
      return { token: json<{ access_token: string }>(login).access_token, id: row.id, email: row.email };
    }),
  );
}

async function firstSession(s: Studio, rule: ClassRule) {
  const response = await call(s.admin, s.t, 'GET', `/snode/session?from=${start()}&to=${addDays(start(), 3)}`);
  const found = json<ClassSessionList>(response).data.find((x) => x.classId === rule.guId);
  if (!found) throw new Error('no session');
  return found;
}

const bookDropIn = (s: Studio, token: string, rule: ClassRule, clsStartTime: string) =>
  call(token, s.t, 'POST', '/snode/mybooking', { classId: rule.guId, clsStartTime });

const placesOf = (s: Studio, contactId: string) =>
  app.platform.db
    .select()
    .from(classBookings)
    .where(and(eq(classBookings.tenantId, s.t.tenantId), eq(classBookings.contactId, contactId)));

const invoiceRow = async (s: Studio, id: string | null) =>
  (
    await app.platform.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.tenantId, s.t.tenantId), eq(invoices.id, id ?? '')))
  )[0];

/** The invoice emails a person was sent by the studio: their text bodies. */
const invoiceEmailsTo = async (s: Studio, to: string) =>
  (
    await app.platform.db
      .select({ text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.tenantId, s.t.tenantId),
          eq(outboxEmails.toAddress, to),
          like(outboxEmails.subject, 'Invoice %'),
        ),
      )
  ).map((row) => row.text);

/** The hold sweeper a quarter of an hour on (the account's paymentHoldMinutes is 15). */
const sweepLater = (s: Studio) => releaseExpiredHolds(app.platform, new Date(Date.now() + 16 * MINUTE), [s.t.tenantId]);

describe('a paid drop-in', () => {
  it('with a card provider: held pending for the card payment, the invoice by card, the hold runs out', async () => {
    const rule = await priced(cards);
    const session = await firstSession(cards, rule);
    const [p] = await students(cards, 1);
    if (!p) throw new Error('no student');
    const booked = await bookDropIn(cards, p.token, rule, session.clsStartTime);
    expect(booked.statusCode, booked.body).toBe(201);
    const mine = json<StudentSession>(booked);
    expect(mine).toMatchObject({ myStatus: 'pending', myPayment: 'checkout', booked: 1 });
    expect(mine.myHoldExpiresAt).not.toBeNull();
    const [place] = await placesOf(cards, p.id);
    const invoice = await invoiceRow(cards, place?.invoiceId ?? null);
    expect(invoice).toMatchObject({ status: 'pending', paymentMethod: 'credit_card', cardFee: 0, balance: 1500 });
    expect(mine.myInvoicePublicId).toBe(invoice?.publicId);

    await sweepLater(cards);
    expect((await placesOf(cards, p.id)).map((b) => b.status)).toEqual(['cancelled']);
    expect((await invoiceRow(cards, place?.invoiceId ?? null))?.status).toBe('void');
  });

  it('without one: booked at once to pay at the studio — the invoice open as cash, no card fee, no hold', async () => {
    const rule = await priced(atStudio);
    const session = await firstSession(atStudio, rule);
    const [p] = await students(atStudio, 1);
    if (!p) throw new Error('no student');
    const booked = await bookDropIn(atStudio, p.token, rule, session.clsStartTime);
    expect(booked.statusCode, booked.body).toBe(201);
    const mine = json<StudentSession>(booked);
    expect(mine).toMatchObject({ myStatus: 'booked', myPayment: 'at_desk', myHoldExpiresAt: null, booked: 1 });
    const [place] = await placesOf(atStudio, p.id);
    expect(place).toMatchObject({ status: 'booked', payment: 'at_desk', holdExpiresAt: null });
    const invoice = await invoiceRow(atStudio, place?.invoiceId ?? null);
    expect(invoice).toMatchObject({ status: 'pending', paymentMethod: 'cash', cardFee: 0, balance: 1500 });
    // the student can see the invoice they will pay at the studio, and has it by email with its link
    expect(mine.myInvoicePublicId).toBe(invoice?.publicId);
    expect(await invoiceEmailsTo(atStudio, p.email)).toEqual([
      expect.stringContaining(`/invoice/${invoice?.publicId}`),
    ]);
    // their invoice page offers no card payment to start
    const card = await app.inject({
      method: 'POST',
      url: `/item/invoice/${invoice?.publicId}/publicpayment`,
      headers: { host: atStudio.t.host },
    });
    expect(card.statusCode).toBeGreaterThanOrEqual(400);

    // nothing runs out: the place is theirs until the class
    await sweepLater(atStudio);
    expect((await placesOf(atStudio, p.id)).map((b) => b.status)).toEqual(['booked']);
    expect((await invoiceRow(atStudio, place?.invoiceId ?? null))?.status).toBe('pending');

    // staff see it unpaid on the roster and in Invoices
    const roster = json<Roster>(await call(atStudio.frontdesk, atStudio.t, 'GET', `/snode/session/${session.guId}`));
    expect(roster.bookings.find((b) => b.contactId === p.id)).toMatchObject({ status: 'booked', payment: 'at_desk' });
    const list = await call(atStudio.admin, atStudio.t, 'GET', '/item/ireport?max=100');
    expect(list.statusCode, list.body).toBe(200);
    const row = json<{ data: { number: number; status: string; balance: number }[] }>(list).data.find(
      (r) => r.number === invoice?.number,
    );
    expect(row).toMatchObject({ status: 'pending', balance: 15 });

    // paid at the desk: the place is paid
    const paid = await call(atStudio.frontdesk, atStudio.t, 'POST', `/item/invoice/${invoice?.id}/payment`, {
      method: 'cash',
      amount: 15,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await placesOf(atStudio, p.id)).map((b) => [b.status, b.payment])).toEqual([['booked', 'paid']]);
  });

  it('without one: a cancel gives the place back and voids the unpaid invoice; a cancelled class voids it too', async () => {
    const rule = await priced(atStudio, { endDate: addDays(start(), 1) });
    const session = await firstSession(atStudio, rule);
    const [p, q] = await students(atStudio, 2);
    if (!p || !q) throw new Error('no students');
    const mine = json<StudentSession>(await bookDropIn(atStudio, p.token, rule, session.clsStartTime));
    const cancelled = await call(p.token, atStudio.t, 'DELETE', `/snode/mybooking/${mine.myBookingId}`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    const [gone] = await placesOf(atStudio, p.id);
    expect(gone?.status).toBe('cancelled');
    expect((await invoiceRow(atStudio, gone?.invoiceId ?? null))?.status).toBe('void');
    expect((await firstSession(atStudio, rule)).booked).toBe(0);

    expect((await bookDropIn(atStudio, q.token, rule, session.clsStartTime)).statusCode).toBe(201);
    const off = await call(atStudio.admin, atStudio.t, 'PUT', `/snode/session/${session.guId}/cancel`);
    expect(off.statusCode, off.body).toBe(200);
    const [theirs] = await placesOf(atStudio, q.id);
    expect((await invoiceRow(atStudio, theirs?.invoiceId ?? null))?.status).toBe('void');
  });

  it('without one: the reminder email and text name what is owed at the studio, and nothing once it is paid', async () => {
    const reminding = await studio(null, { isSendReminder: true, isSendSmsReminder: true });
    const rule = await priced(reminding);
    const session = await firstSession(reminding, rule);
    const [payer, owing] = await students(reminding, 2);
    if (!payer || !owing) throw new Error('no students');
    for (const p of [payer, owing]) {
      expect((await bookDropIn(reminding, p.token, rule, session.clsStartTime)).statusCode).toBe(201);
      await app.platform.db.update(contacts).set({ phone: '+1 212 555 0147' }).where(eq(contacts.id, p.id));
    }
    const [paidPlace] = await placesOf(reminding, payer.id);
    const paid = await call(reminding.frontdesk, reminding.t, 'POST', `/item/invoice/${paidPlace?.invoiceId}/payment`, {
      method: 'cash',
      amount: 15,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    await sendReminders(app.platform, new Date(Date.parse(session.startsAt) - 30 * MINUTE));
    const emails = await app.platform.db
      .select({ to: outboxEmails.toAddress, text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, reminding.t.tenantId), like(outboxEmails.subject, 'Reminder:%')));
    const emailTo = (email: string) => emails.find((e) => e.to === email)?.text ?? '';
    expect(emailTo(owing.email)).toContain('You pay $15.00 at the studio.');
    expect(emailTo(payer.email)).toContain('This is a reminder that you are booked for Vinyasa');
    expect(emailTo(payer.email)).not.toContain('at the studio');
    const texts = await app.platform.db
      .select({ body: outboxSms.body })
      .from(outboxSms)
      .where(and(eq(outboxSms.tenantId, reminding.t.tenantId), eq(outboxSms.kind, 'class-reminder')));
    expect(texts.map((t) => t.body.includes('You pay $15.00 at the studio.')).sort()).toEqual([false, true]);
  });

  for (const which of ['cards', 'atStudio'] as const) {
    it(`two bookings at once for the last place (${which === 'cards' ? 'by card' : 'at the studio'}): one place, one waitlisted`, async () => {
      const s = which === 'cards' ? cards : atStudio;
      const rule = await priced(s, { capacity: 1 });
      const session = await firstSession(s, rule);
      const two = await students(s, 2);
      const answers = await Promise.all(two.map((p) => bookDropIn(s, p.token, rule, session.clsStartTime)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      const states = answers.map((a) => json<StudentSession>(a).myStatus).sort();
      expect(states).toEqual([which === 'cards' ? 'pending' : 'booked', 'waitlisted']);
      expect((await firstSession(s, rule)).booked).toBe(1);
      // one invoice only: the waitlisted pays nothing until a spot is theirs
      const places = (await Promise.all(two.map((p) => placesOf(s, p.id)))).flat();
      expect(places.filter((b) => b.invoiceId !== null)).toHaveLength(1);
    });
  }
});

describe('a paid event sign-up', () => {
  const register = (s: Studio, token: string, rule: ClassRule) =>
    call(token, s.t, 'POST', `/snode/pevent/${rule.publicId}/register`);

  it('with a card provider: every place held until the one invoice is paid by card', async () => {
    const rule = await event(cards);
    const [p] = await students(cards, 1);
    if (!p) throw new Error('no student');
    const answer = await register(cards, p.token, rule);
    expect(answer.statusCode, answer.body).toBe(201);
    const registration = json<EventRegistration>(answer);
    expect(registration).toMatchObject({ status: 'pending', sessions: 2, payment: 'card' });
    expect(registration.holdExpiresAt).not.toBeNull();
    const places = await placesOf(cards, p.id);
    expect(places.map((b) => [b.status, b.payment])).toEqual([
      ['pending', 'checkout'],
      ['pending', 'checkout'],
    ]);
    const invoice = await invoiceRow(cards, places[0]?.invoiceId ?? null);
    expect(invoice).toMatchObject({ status: 'pending', paymentMethod: 'credit_card', cardFee: 0, balance: 12_000 });
    expect(registration.invoicePublicId).toBe(invoice?.publicId);
  });

  it('without one: registered at once to pay at the studio — one open cash invoice, no hold; a cancel voids it', async () => {
    const rule = await event(atStudio);
    const [p] = await students(atStudio, 1);
    if (!p) throw new Error('no student');
    const answer = await register(atStudio, p.token, rule);
    expect(answer.statusCode, answer.body).toBe(201);
    const registration = json<EventRegistration>(answer);
    expect(registration).toMatchObject({ status: 'booked', sessions: 2, holdExpiresAt: null, payment: 'at_studio' });
    const places = await placesOf(atStudio, p.id);
    expect(places.map((b) => [b.status, b.payment, b.holdExpiresAt])).toEqual([
      ['booked', 'at_desk', null],
      ['booked', 'at_desk', null],
    ]);
    expect(new Set(places.map((b) => b.invoiceId)).size).toBe(1);
    const invoice = await invoiceRow(atStudio, places[0]?.invoiceId ?? null);
    expect(invoice).toMatchObject({ status: 'pending', paymentMethod: 'cash', cardFee: 0, balance: 12_000 });
    expect(registration.invoicePublicId).toBe(invoice?.publicId);
    expect(await invoiceEmailsTo(atStudio, p.email)).toEqual([
      expect.stringContaining(`/invoice/${invoice?.publicId}`),
    ]);
    // registering again is refused, not a second invoice
    const again = await register(atStudio, p.token, rule);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).message).toBe(EVENT_MESSAGES.alreadyRegistered);

    await sweepLater(atStudio);
    expect((await placesOf(atStudio, p.id)).map((b) => b.status)).toEqual(['booked', 'booked']);

    // staff cancel the second day: the invoice stays for the first; the student's cancel voids it
    const sessions = (await placesOf(atStudio, p.id)).map((b) => b.sessionId);
    const dayTwo = (await firstSession(atStudio, rule)).guId === sessions[0] ? sessions[1] : sessions[0];
    const place = (await placesOf(atStudio, p.id)).find((b) => b.sessionId === dayTwo);
    const staffCancel = await call(atStudio.admin, atStudio.t, 'DELETE', `/snode/booking/${place?.id}`);
    expect(staffCancel.statusCode, staffCancel.body).toBe(200);
    expect((await invoiceRow(atStudio, invoice?.id ?? null))?.status).toBe('pending');
    const left = (await placesOf(atStudio, p.id)).find((b) => b.status === 'booked');
    const own = await call(p.token, atStudio.t, 'DELETE', `/snode/mybooking/${left?.id}`);
    expect(own.statusCode, own.body).toBe(204);
    expect((await invoiceRow(atStudio, invoice?.id ?? null))?.status).toBe('void');
  });

  for (const which of ['cards', 'atStudio'] as const) {
    it(`two sign-ups at once for the last place (${which === 'cards' ? 'by card' : 'at the studio'}): one registered, one refused as full`, async () => {
      const s = which === 'cards' ? cards : atStudio;
      const rule = await event(s, { capacity: 1 });
      const two = await students(s, 2);
      const answers = await Promise.all(two.map((p) => register(s, p.token, rule)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      expect(errorOf(refused?.body ?? '{}').message).toBe(EVENT_MESSAGES.full);
      const places = (await Promise.all(two.map((p) => placesOf(s, p.id)))).flat();
      expect(places).toHaveLength(2);
      expect(new Set(places.map((b) => b.status))).toEqual(new Set([which === 'cards' ? 'pending' : 'booked']));
    });
  }
});

it('a drop-in with nothing owed is untouched: a free class is booked free on both', async () => {
  for (const s of [cards, atStudio]) {
    const rule = await priced(s, { priceMinor: null });
    const session = await firstSession(s, rule);
    const [p] = await students(s, 1);
    if (!p) throw new Error('no student');
    const mine = json<StudentSession>(await bookDropIn(s, p.token, rule, session.clsStartTime));
    expect(mine).toMatchObject({ myStatus: 'booked', myPayment: 'free', myInvoicePublicId: null });
  }
});
