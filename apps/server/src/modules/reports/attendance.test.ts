import { randomUUID } from 'node:crypto';
import {
  type AttendanceReport,
  type ClassRule,
  type ClassSessionList,
  dateInZone,
  parseCsv,
  type Roster,
} from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';
import { addDays } from '../scheduling/recurrence.ts';

/** The attendance report counted from the timetable: each session once, whatever its bookings. */
const ZONE = 'Europe/London';
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
const tokens: Record<string, string> = {};
let day: string;

async function people(count: number): Promise<string[]> {
  const rows = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .insert(contacts)
      .values(
        Array.from({ length: count }, (_, i) => ({
          tenantId: tenant.tenantId,
          email: `${randomUUID()}@example.test`,
          name: ['Işık', 'Ελένη', 'Олег', 'प्रिया'][i % 4] as string,
          role: 'student' as const,
        })),
      )
      .returning({ id: contacts.id }),
  );
  return rows.map((row) => row.id);
}

async function classOn(name: string, date: string, capacity: number): Promise<string> {
  const rule = json<ClassRule>(
    await call(tokens.admin as string, tenant, 'POST', '/snode/classrule', {
      name,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      startTime: '09:00',
      durationMinutes: 60,
      startDate: date,
      endDate: date,
      capacity,
    }),
  );
  const list = json<ClassSessionList>(
    await call(tokens.admin as string, tenant, 'GET', `/snode/session?from=${date}&to=${date}`),
  );
  return list.data.find((s) => s.classId === rule.guId)?.guId as string;
}

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  tenant = await newTenant(app, { settings: { timezone: ZONE } });
  other = await newTenant(app);
  for (const role of ['admin', 'staff', 'frontdesk'] as const) {
    tokens[role] = (await loginAs(app, tenant, role)).access_token;
  }
  tokens.other = (await loginAs(app, other, 'admin')).access_token;
  day = addDays(dateInZone(new Date(), ZONE), 2);

  // Flow: 2 places, 3 people (one waits), one checked in. Yin: 4 places, 1 booked.
  const flow = await classOn('Flow', day, 2);
  const yin = await classOn('Yin', day, 4);
  const [a, b, c, d] = await people(4);
  let roster: Roster | undefined;
  for (const person of [a, b, c]) {
    const booked = await call(tokens.frontdesk as string, tenant, 'POST', `/snode/session/${flow}/booking`, {
      contactId: person,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    roster = json<Roster>(booked);
  }
  const first = roster?.bookings.find((booking) => booking.contactId === a)?.guId;
  const checkIn = await call(tokens.frontdesk as string, tenant, 'PUT', `/snode/booking/${first}/attendance`, {
    attended: true,
  });
  expect(checkIn.statusCode, checkIn.body).toBe(200);
  expect(
    (await call(tokens.frontdesk as string, tenant, 'POST', `/snode/session/${yin}/booking`, { contactId: d }))
      .statusCode,
  ).toBe(201);
});

const report = async (query: string) => {
  const response = await call(tokens.admin as string, tenant, 'GET', `/itemreport/attendance?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<AttendanceReport>(response);
};

describe('GET /itemreport/attendance', () => {
  it('by class: sessions, places, booked, checked in and fill rate; a waitlisted person is not booked', async () => {
    const byClass = await report(`from=${day}&to=${day}&groupBy=class`);
    expect(byClass.rows.map((r) => [r.label, r.sessions, r.capacity, r.booked, r.attended, r.fillRate])).toEqual([
      ['Flow', 1, 2, 2, 1, 100],
      ['Yin', 1, 4, 1, 0, 25],
    ]);
    expect(byClass.totals).toMatchObject({ sessions: 2, capacity: 6, booked: 3, attended: 1, fillRate: 50 });
  });

  it('by teacher, room and day: the session counted once, unnamed groups said in words', async () => {
    expect((await report(`from=${day}&to=${day}&groupBy=teacher`)).rows).toEqual([
      expect.objectContaining({ label: 'No teacher', sessions: 2, booked: 3 }),
    ]);
    expect((await report(`from=${day}&to=${day}&groupBy=room`)).rows[0]?.label).toBe('No room');
    const byDay = await report(`from=${addDays(day, -1)}&to=${addDays(day, 1)}&groupBy=day`);
    expect(byDay.rows.map((r) => [r.key, r.sessions])).toEqual([[day, 2]]);
  });

  it('a range around it has nothing; the CSV has the same totals', async () => {
    expect((await report(`from=${addDays(day, 1)}&to=${addDays(day, 3)}`)).rows).toEqual([]);
    const csv = await call(tokens.staff as string, tenant, 'GET', `/itemreport/attendance.csv?from=${day}&to=${day}`);
    expect(csv.statusCode).toBe(200);
    const records = parseCsv(csv.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records[0]).toEqual([
      'class',
      'sessions',
      'capacity',
      'booked',
      'attended',
      'noShows',
      'lateCancels',
      'fillRate',
    ]);
    expect(records.at(-1)).toEqual(['Total', '2', '6', '3', '1', '0', '0', '50']);
  });

  it('refuses bad ranges naming the field; front desk 403; another studio sees none of it', async () => {
    const bad = await call(tokens.admin as string, tenant, 'GET', `/itemreport/attendance?from=${day}&to=2000-01-01`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('querystring.to');
    const group = await call(
      tokens.admin as string,
      tenant,
      'GET',
      `/itemreport/attendance?from=${day}&to=${day}&groupBy=x`,
    );
    expect(errorOf(group.body).field).toBe('querystring.groupBy');
    expect(
      (await call(tokens.frontdesk as string, tenant, 'GET', `/itemreport/attendance?from=${day}&to=${day}`))
        .statusCode,
    ).toBe(403);
    const theirs = await call(tokens.other as string, other, 'GET', `/itemreport/attendance?from=${day}&to=${day}`);
    expect(json<AttendanceReport>(theirs).rows).toEqual([]);
  });
});
