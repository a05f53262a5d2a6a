import { type ClassRule, dateInZone, type Roster } from '@atrium/contracts';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, outboxSms } from '../../db/schema/index.ts';
import { caller } from '../catalogue/catalogue-fixtures.ts';
import { sendReminders } from '../scheduling/booking-jobs.service.ts';
import { addDays } from '../scheduling/recurrence.ts';
import { sessionOnDay } from '../scheduling/scheduling-fixtures.ts';
import { enqueueSms, kickSms } from './sms-outbox.ts';
import { toE164 } from './sms-providers.ts';

// SMS through the tenant's own Twilio or Plivo (decisions.md "SMS"): the outbox job on the
// stand-ins, class reminders once, the waitlist hold notice.

const ZONE = 'Europe/London';
const TWILIO: [string, string] = ['AC00sms0test0twilio', 'twilio-token-sms-1'];
const PLIVO: [string, string] = ['MAPLIVOSMS01', 'plivo-token-sms-1'];

let app: App;
let stub: ProviderStub;
let call: ReturnType<typeof caller>;
let twilioStudio: TestTenant;
let plivoStudio: TestTenant;
let bare: TestTenant;
let twilioAdmin: string;
let plivoAdmin: string;
let start: string;

beforeAll(async () => {
  stub = await startProviderStub({ twilio: [TWILIO], plivo: [PLIVO] });
  const base = loadConfig({});
  app = await startTestApp({ providerUrls: { ...base.providerUrls, twilio: stub.url, plivo: stub.url } });
  call = caller(app);
  const settings = { timezone: ZONE, reminderTime: 72, isSendSmsReminder: true };
  twilioStudio = await newTenant(app, { name: 'Harbour Yoga', settings });
  plivoStudio = await newTenant(app, { name: 'Plum Pilates', settings });
  bare = await newTenant(app, { name: 'No Texts Studio', settings });
  twilioAdmin = (await loginAs(app, twilioStudio, 'admin')).access_token;
  plivoAdmin = (await loginAs(app, plivoStudio, 'admin')).access_token;
  const t = await call(twilioAdmin, twilioStudio, 'PUT', '/sms/tenant/twilio', {
    twilioSid: TWILIO[0],
    twilioToken: TWILIO[1],
    twilioPhone: '+15550100000',
  });
  expect(t.statusCode, t.body).toBe(200);
  const p = await call(plivoAdmin, plivoStudio, 'PUT', '/sms/tenant/plivo', {
    plivoAuthId: PLIVO[0],
    plivoAuthToken: PLIVO[1],
    plivoSenderId: '15550100009',
  });
  expect(p.statusCode, p.body).toBe(200);
  start = addDays(dateInZone(new Date(), ZONE), 2);
});

afterAll(async () => {
  await stub?.close();
});

async function write(t: TestTenant, to: string, body: string) {
  await withTenant(app.platform.db, t.tenantId, (tx) =>
    enqueueSms(tx, t.tenantId, { to, body, kind: 'class-reminder' }),
  );
  await kickSms(app.platform);
  // A kick already running (another write's, the outbox's) may hold this row's job: wait for its first try.
  await vi.waitFor(
    async () => {
      const [row] = await rowsOf(t, to);
      expect(row && (row.attempts > 0 || row.status !== 'pending')).toBe(true);
    },
    { timeout: 10_000, interval: 100 },
  );
}

const rowsOf = (t: TestTenant, to: string) =>
  app.platform.db
    .select()
    .from(outboxSms)
    .where(and(eq(outboxSms.tenantId, t.tenantId), eq(outboxSms.toPhone, to)));

const sentTo = (to: string) => stub.sms.messages.filter((m) => m.to === to || `+${m.to}` === to);

let phoneSeq = 0;
const newPhone = () => {
  phoneSeq += 1;
  return `+44 7700 ${String(900000 + phoneSeq + Math.floor(Math.random() * 9000) * 10).slice(0, 6)}`;
};

describe('the SMS adapters and the outbox job', () => {
  it('sends through Twilio (form-encoded, basic auth) and records the message id, once however often kicked', async () => {
    await write(twilioStudio, '+447700900001', 'Hello from Harbour');
    await kickSms(app.platform);
    const [row] = await rowsOf(twilioStudio, '+447700900001');
    expect(row).toMatchObject({ status: 'sent', provider: 'twilio', attempts: 1 });
    expect(row?.providerMessageId).toMatch(/^SM/);
    expect(sentTo('+447700900001')).toEqual([
      expect.objectContaining({
        provider: 'twilio',
        account: TWILIO[0],
        from: '+15550100000',
        body: 'Hello from Harbour',
      }),
    ]);
    const request = stub.requests.find((r) => r.path === `/2010-04-01/Accounts/${TWILIO[0]}/Messages.json`);
    expect(request?.method).toBe('POST');
    expect(new URLSearchParams(request?.body).get('To')).toBe('+447700900001');
  });

  it('sends through Plivo (JSON src/dst/text) for a tenant whose provider is Plivo', async () => {
    await write(plivoStudio, '+447700900002', 'Hello from Plum');
    const [row] = await rowsOf(plivoStudio, '+447700900002');
    expect(row).toMatchObject({ status: 'sent', provider: 'plivo' });
    expect(sentTo('+447700900002')).toEqual([
      expect.objectContaining({ provider: 'plivo', account: PLIVO[0], from: '15550100009', body: 'Hello from Plum' }),
    ]);
    const request = stub.requests.find((r) => r.path === `/v1/Account/${PLIVO[0]}/Message/`);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ dst: '+447700900002', text: 'Hello from Plum' });
  });

  it('a tenant with no SMS provider never borrows another tenant’s: its message is failed, not sent', async () => {
    await write(bare, '+447700900003', 'nobody sends this');
    const [row] = await rowsOf(bare, '+447700900003');
    expect(row).toMatchObject({ status: 'failed', lastError: 'no SMS provider connected' });
    expect(sentTo('+447700900003')).toHaveLength(0);
  });

  it('a number the provider refuses (4xx) is failed at once; a 5xx is recorded and retried until sent', async () => {
    await write(twilioStudio, '+12', 'too short');
    const [refused] = await rowsOf(twilioStudio, '+12');
    expect(refused?.status).toBe('failed');
    expect(refused?.lastError).toContain('status 400');

    stub.sms.failNext = 1;
    await write(twilioStudio, '+447700900004', 'second time lucky');
    // The first try may have been taken by a kick already running (its job has the row's id): wait for it.
    const first = await vi.waitFor(
      async () => {
        const [row] = await rowsOf(twilioStudio, '+447700900004');
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        return row;
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(first?.lastError).toContain('status 500');
    expect(sentTo('+447700900004')).toHaveLength(0);
    // The retry waits its backoff (10 s); the job runner's workers take it then.
    const deadline = Date.now() + 40_000;
    let row = first;
    while (row?.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await kickSms(app.platform);
      [row] = await rowsOf(twilioStudio, '+447700900004');
    }
    // Sent once. The try count may be one higher: a kick's job and the retry can both pick the row up,
    // and the later one finds it sent (the property that matters is one text, checked below).
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    expect(sentTo('+447700900004')).toHaveLength(1);
  }, 60_000);

  it('texts only international numbers', () => {
    expect(toE164('+44 (0)7700-900 123'.replace('(0)', ''))).toBe('+447700900123');
    expect(toE164('07700 900123')).toBeNull();
    expect(toE164('')).toBeNull();
    expect(toE164('+0123456789')).toBeNull();
  });
});

// ---------------------------------------------------------------- scheduling

async function addRule(t: TestTenant, token: string, capacity: number): Promise<ClassRule> {
  const response = await call(token, t, 'POST', '/snode/classrule', {
    name: 'Flow',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '18:00',
    durationMinutes: 60,
    startDate: start,
    endDate: start,
    capacity,
  });
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return json<ClassRule>(response);
}

const onlySession = (t: TestTenant, token: string, rule: ClassRule) => sessionOnDay(app, t, token, rule, start);

async function makeContact(t: TestTenant, label: string, phone: string): Promise<{ id: string; phone: string }> {
  const email = `${label}-${Math.random().toString(36).slice(2)}@example.test`;
  const [row] = await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .insert(contacts)
      .values({ tenantId: t.tenantId, email, name: label, role: 'student', phone })
      .returning({ id: contacts.id }),
  );
  if (!row) throw new Error('no contact');
  return { id: row.id, phone: toE164(phone) ?? '' };
}

const add = (t: TestTenant, token: string, sessionId: string, contactId: string) =>
  call(token, t, 'POST', `/snode/session/${sessionId}/booking`, { contactId });

describe('class reminders and waitlist holds by SMS', () => {
  it('texts each booked person with a phone once, even with two runners at once; never a cancelled place', async () => {
    const rule = await addRule(twilioStudio, twilioAdmin, 5);
    const session = await onlySession(twilioStudio, twilioAdmin, rule);
    const a = await makeContact(twilioStudio, 'texted', newPhone());
    const gone = await makeContact(twilioStudio, 'gone', newPhone());
    const local = await makeContact(twilioStudio, 'local', '07700 900999');
    await add(twilioStudio, twilioAdmin, session.guId, a.id);
    await add(twilioStudio, twilioAdmin, session.guId, local.id);
    const roster = json<Roster>(await add(twilioStudio, twilioAdmin, session.guId, gone.id));
    const goneId = roster.bookings.find((b) => b.contactId === gone.id)?.guId;
    expect((await call(twilioAdmin, twilioStudio, 'DELETE', `/snode/booking/${goneId}`)).statusCode).toBe(200);

    const now = new Date();
    await Promise.all([sendReminders(app.platform, now), sendReminders(app.platform, now)]);
    await sendReminders(app.platform, now);
    await kickSms(app.platform);
    const texts = sentTo(a.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(/^Harbour Yoga: reminder, you are booked for Flow on /);
    expect(texts[0]?.body).not.toMatch(/atrium/i);
    expect(sentTo(gone.phone)).toHaveLength(0);
    expect(await rowsOf(twilioStudio, gone.phone)).toHaveLength(0);
  });

  it('sends no SMS when the account does not send SMS reminders', async () => {
    const quiet = await newTenant(app, { settings: { timezone: ZONE, reminderTime: 72 } });
    const token = (await loginAs(app, quiet, 'admin')).access_token;
    const rule = await addRule(quiet, token, 3);
    const session = await onlySession(quiet, token, rule);
    const p = await makeContact(quiet, 'quiet', newPhone());
    await add(quiet, token, session.guId, p.id);
    await sendReminders(app.platform, new Date());
    await kickSms(app.platform);
    expect(await rowsOf(quiet, p.phone)).toHaveLength(0);
  });

  it('tells the first on the waitlist by SMS (Plivo) that a spot is held for them', async () => {
    const rule = await addRule(plivoStudio, plivoAdmin, 1);
    const session = await onlySession(plivoStudio, plivoAdmin, rule);
    const booked = await makeContact(plivoStudio, 'booked', newPhone());
    const next = await makeContact(plivoStudio, 'next', newPhone());
    await add(plivoStudio, plivoAdmin, session.guId, booked.id);
    const roster = json<Roster>(await add(plivoStudio, plivoAdmin, session.guId, next.id));
    expect(roster.bookings.find((b) => b.contactId === next.id)?.status).toBe('waitlisted');
    const bookedId = roster.bookings.find((b) => b.contactId === booked.id)?.guId;
    expect((await call(plivoAdmin, plivoStudio, 'DELETE', `/snode/booking/${bookedId}`)).statusCode).toBe(200);
    await kickSms(app.platform);
    const texts = sentTo(next.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ provider: 'plivo' });
    expect(texts[0]?.body).toMatch(
      /^Plum Pilates: a spot opened in Flow on .*, held for you until .*Confirm or pass: http/,
    );
    expect(texts[0]?.body).toContain(`${plivoStudio.orgId}.localhost/classes`);
  });
});
