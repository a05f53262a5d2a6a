import {
  type ClassRule,
  type ClassRuleList,
  type ClassSessionList,
  dateInZone,
  type StudentSession,
  type StudentSessionList,
} from '@atrium/contracts';
import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { zoomConfig } from '../../../test/provider-config.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { outboxEmails, tenantCredentials } from '../../db/schema/index.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';
import { ZOOM_MESSAGES } from '../integrations/zoom-meetings.ts';
import { sendReminders } from './booking-jobs.service.ts';
import { addDays } from './recurrence.ts';

const ZONE = 'America/Denver';
let app: App;
let stub: ProviderStub;
let call: ReturnType<typeof caller>;
let a: TestTenant;
let b: TestTenant;
let adminA: string;
let adminB: string;
let studentA: string;
let start: string;

beforeAll(async () => {
  stub = await startProviderStub({
    oauth: {
      clients: { zoom: ['zoom-client', 'zoom-secret-online'] },
      codes: {
        zoom_online: { accessToken: 'zoom-at-online', refreshToken: 'zoom-rt-online', email: 'host@studio.test' },
      },
    },
  });
  app = await startTestApp(zoomConfig(stub.url, 'zoom-secret-online'));
  call = caller(app);
  a = await newTenant(app, { settings: { timezone: ZONE } });
  b = await newTenant(app);
  [adminA, adminB, studentA] = await Promise.all([
    loginAs(app, a, 'admin').then((l) => l.access_token),
    loginAs(app, b, 'admin').then((l) => l.access_token),
    loginAs(app, a, 'student').then((l) => l.access_token),
  ]);
  // The admin connects Zoom the way the Integrations screen does.
  const started = await call(adminA, a, 'GET', '/authmgr/oauth/connect/zoom');
  expect(started.statusCode, started.body).toBe(200);
  const state = new URL(json<{ url: string }>(started).url).searchParams.get('state') ?? '';
  const landed = await app.inject({
    url: `/authmgr/oauth/callback/zoom?${new URLSearchParams({ code: 'zoom_online', state }).toString()}`,
    headers: { host: a.host, cookie: `atrium_connect_state=${state}` },
  });
  expect(String(landed.headers.location)).toContain('result=success');
  start = addDays(dateInZone(new Date(), ZONE), 2);
});

afterAll(async () => {
  await stub?.close();
});

const ruleBody = (patch: Record<string, unknown> = {}) => ({
  name: 'Online Flow',
  daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  startTime: '07:00',
  durationMinutes: 45,
  startDate: start,
  endDate: start,
  capacity: 10,
  isOnline: true,
  ...patch,
});

describe('online classes (Zoom)', () => {
  it('makes one Zoom meeting for the class; a booked student gets the link, the public only knows it is online', async () => {
    const made = await call(adminA, a, 'POST', '/snode/classrule', ruleBody());
    expect(made.statusCode, made.body).toBe(201);
    const rule = json<ClassRule>(made);
    expect(rule.isOnline).toBe(true);
    expect(rule.joinUrl).toMatch(/^https:\/\/zoom\.stub\.example\/j\/\d+$/);
    const meeting = [...stub.zoom.meetings.values()].find((m) => m.join_url === rule.joinUrl);
    expect(meeting).toMatchObject({ topic: 'Online Flow', type: 3, timezone: ZONE, by: 'host@studio.test' });

    const mine = async () =>
      json<StudentSessionList>(await call(studentA, a, 'GET', `/snode/myclasses?from=${start}&to=${start}`)).data.find(
        (s) => s.classId === rule.guId,
      ) as StudentSession;
    const before = await mine();
    expect(before.isOnline).toBe(true);
    expect(before.myJoinUrl).toBeNull();
    const booked = await call(studentA, a, 'POST', '/snode/mybooking', {
      classId: rule.guId,
      clsStartTime: before.clsStartTime,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await mine()).myJoinUrl).toBe(rule.joinUrl);
    // The reminder carries the link.
    await sendReminders(app.platform, new Date(Date.parse(before.startsAt) - 30 * 60_000));
    const reminders = await app.platform.db
      .select({ text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, a.tenantId), like(outboxEmails.subject, 'Reminder: Online Flow%')));
    expect(reminders.map((r) => r.text).join('\n')).toContain(`Join it here: ${rule.joinUrl}`);

    const publicList = await app.inject({
      url: `/public/publicFitnessClass?from=${start}&to=${start}`,
      headers: { host: a.host },
    });
    expect(publicList.body).not.toContain('zoom.stub.example');
    expect(json<ClassSessionList>(publicList).data.find((s) => s.classId === rule.guId)?.isOnline).toBe(true);

    // In person again: the meeting is deleted at Zoom and the link is gone.
    const edited = await call(adminA, a, 'PUT', `/snode/classrule/${rule.guId}`, ruleBody({ isOnline: false }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<ClassRule>(edited)).toMatchObject({ isOnline: false, joinUrl: null });
    expect(stub.zoom.deleted).toContain(String(meeting?.id));
    expect((await mine()).myJoinUrl).toBeNull();
  });

  it('refreshes an expired Zoom token once, keeping the new pair', async () => {
    await withTenant(app.platform.db, a.tenantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(tenantCredentials)
        .where(and(eq(tenantCredentials.tenantId, a.tenantId), eq(tenantCredentials.provider, 'zoom')));
      await tx
        .update(tenantCredentials)
        .set({ publicFields: { ...(row?.publicFields ?? {}), expiresAt: new Date(Date.now() - 60_000).toISOString() } })
        .where(and(eq(tenantCredentials.tenantId, a.tenantId), eq(tenantCredentials.provider, 'zoom')));
    });
    const refreshes = stub.zoom.refreshes;
    const first = await call(adminA, a, 'POST', '/snode/classrule', ruleBody({ name: 'Online Core' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(stub.zoom.refreshes).toBe(refreshes + 1);
    const second = await call(adminA, a, 'POST', '/snode/classrule', ruleBody({ name: 'Online Core 2' }));
    expect(second.statusCode, second.body).toBe(201);
    expect(stub.zoom.refreshes).toBe(refreshes + 1);
    const token = stub.requests.filter((r) => r.path === '/v2/users/me/meetings').at(-1)?.authorization;
    expect(token).toBe(`Bearer zoom-at-online~${stub.zoom.refreshes}`);
  });

  it('a studio without Zoom is told to connect it, and nothing is stored', async () => {
    const refused = await call(adminB, b, 'POST', '/snode/classrule', ruleBody({ name: 'Not Online' }));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({ field: 'isOnline', message: ZOOM_MESSAGES.notConnected });
    const rules = json<ClassRuleList>(await call(adminB, b, 'GET', '/snode/classrule')).data;
    expect(rules.map((r) => r.name)).not.toContain('Not Online');
    const bad = await call(adminA, a, 'POST', '/snode/classrule', ruleBody({ isOnline: 'yes' }));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('isOnline');
  });
});
