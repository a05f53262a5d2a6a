import { type ContactReport, dateInZone, nextDate, parseCsv, startOfDayInZone } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { caller, errorOf } from '../catalogue/catalogue-fixtures.ts';
import { periodsOf } from './contacts-report.service.ts';

/** The contacts report reconciled with the contacts rows, in the studio's zone; roles; another studio; bad input. */
const ZONE = 'Asia/Kolkata';
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
const tokens: Record<string, string> = {};
const FEB = 'from=2026-02-01&to=2026-02-28';

type NewContact = Partial<typeof contacts.$inferInsert> & { createdAt: Date };

async function insert(t: TestTenant, people: NewContact[]) {
  await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx.insert(contacts).values(
      people.map((person, i) => ({
        email: `person-${i}-${person.createdAt.getTime()}@example.test`,
        name: 'Person',
        role: 'student' as const,
        ...person,
        tenantId: t.tenantId,
      })),
    ),
  );
}

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  tenant = await newTenant(app, { settings: { timezone: ZONE } });
  other = await newTenant(app, { settings: { timezone: ZONE } });
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, tenant, role)).access_token;
  }
  tokens.other = (await loginAs(app, other, 'admin')).access_token;
  await insert(tenant, [
    // before February: imported, tagged Yoga, from Instagram
    { createdAt: new Date('2026-01-10T10:00:00Z'), source: 'import', tags: ['Yoga'], leadSource: 'Instagram' },
    // 20:00 UTC on Feb 3 is 01:30 on Feb 4 in Kolkata
    {
      createdAt: new Date('2026-02-03T20:00:00Z'),
      source: 'staff',
      tags: ['yoga', 'Pilates'],
      leadSource: 'instagram ',
    },
    { createdAt: new Date('2026-02-10T06:00:00Z'), source: 'registration' },
    // 19:00 UTC on Feb 28 is already March 1 in Kolkata: not February's
    { createdAt: new Date('2026-02-28T19:00:00Z'), source: 'checkout', tags: ['Yoga'] },
    // the team and the walk-in are not contacts of the report
    { createdAt: new Date('2026-02-05T06:00:00Z'), role: 'staff' },
    { createdAt: new Date('2026-02-06T06:00:00Z'), isWalkin: true, name: 'Walk-in' },
  ]);
  // another studio's February contacts are never counted here
  await insert(other, [
    { createdAt: new Date('2026-02-07T06:00:00Z'), source: 'staff', tags: ['Yoga'] },
    { createdAt: new Date('2026-02-08T06:00:00Z'), source: 'staff', tags: ['Yoga'] },
  ]);
});

const report = async (query: string, token = tokens.admin as string, t = tenant) => {
  const response = await call(token, t, 'GET', `/itemreport/contacts?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<ContactReport>(response);
};

/** The same figures straight from the rows: the studio's students (no walk-in) before the range and in it. */
async function fromRows(t: TestTenant, from: string, to: string) {
  const rows = await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, t.tenantId), eq(contacts.role, 'student'))),
  );
  const start = startOfDayInZone(from, ZONE).getTime();
  const end = startOfDayInZone(nextDate(to), ZONE).getTime();
  const people = rows.filter((row) => !row.isWalkin);
  return {
    atStart: people.filter((row) => row.createdAt.getTime() < start).length,
    added: people.filter((row) => row.createdAt.getTime() >= start && row.createdAt.getTime() < end).length,
    perDay: people
      .filter((row) => row.createdAt.getTime() >= start && row.createdAt.getTime() < end)
      .map((row) => dateInZone(row.createdAt, ZONE)),
  };
}

describe('GET /itemreport/contacts', () => {
  it("by day: every day of the range in the studio's zone, the running total from the start's to the end's", async () => {
    const byDay = await report(`${FEB}&groupBy=day`);
    expect(byDay).toMatchObject({ groupBy: 'day', timeZone: ZONE });
    expect(byDay.totals).toEqual({ key: 'total', label: 'Total', atStart: 1, added: 2, atEnd: 3 });
    expect(byDay.rows).toHaveLength(28);
    expect(byDay.rows[0]).toMatchObject({ key: '2026-02-01', atStart: 1, added: 0, atEnd: 1 });
    expect(byDay.rows.filter((row) => row.added > 0).map((row) => [row.key, row.atStart, row.atEnd])).toEqual([
      ['2026-02-04', 1, 2],
      ['2026-02-10', 2, 3],
    ]);
    expect(byDay.rows.at(-1)).toMatchObject({ key: '2026-02-28', atEnd: 3 });
    // each row starts where the one before ended
    for (let i = 1; i < byDay.rows.length; i += 1) expect(byDay.rows[i]?.atStart).toBe(byDay.rows[i - 1]?.atEnd);
  });

  it('reconciles with the contacts rows over a range that reaches today', async () => {
    const today = dateInZone(new Date(), ZONE);
    const from = '2026-01-01';
    const rows = await fromRows(tenant, from, today);
    const byMonth = await report(`from=${from}&to=${today}&groupBy=month`);
    expect(byMonth.totals).toMatchObject({
      atStart: rows.atStart,
      added: rows.added,
      atEnd: rows.atStart + rows.added,
    });
    expect(byMonth.rows.map((row) => row.key)).toEqual(periodsOf(from, today, 'month'));
    for (const row of byMonth.rows) {
      expect(row.added, row.key).toBe(rows.perDay.filter((day) => day.startsWith(row.key)).length);
    }
    // the test studio's own student, made today, is one of them
    expect(byMonth.rows.at(-1)?.added).toBeGreaterThanOrEqual(1);
  });

  it('by week (from Monday) and by month', async () => {
    const byWeek = await report(`${FEB}&groupBy=week`);
    expect(byWeek.rows.map((row) => [row.label, row.added])).toEqual([
      ['Week of 2026-01-26', 0],
      ['Week of 2026-02-02', 1],
      ['Week of 2026-02-09', 1],
      ['Week of 2026-02-16', 0],
      ['Week of 2026-02-23', 0],
    ]);
    const march = await report('from=2026-03-01&to=2026-03-31&groupBy=month');
    expect(march.rows).toEqual([{ key: '2026-03', label: '2026-03', atStart: 3, added: 1, atEnd: 4 }]);
  });

  it('by source, by lead source (any case) and by tag (each person once per tag; none last)', async () => {
    const bySource = await report(`${FEB}&groupBy=source`);
    expect(bySource.rows.map((row) => [row.label, row.atStart, row.added, row.atEnd])).toEqual([
      ['Added by staff', 0, 1, 1],
      ['Imported', 1, 0, 1],
      ['Registered online', 0, 1, 1],
    ]);
    expect(bySource.totals).toMatchObject({ atStart: 1, added: 2, atEnd: 3 });
    const byLead = await report(`${FEB}&groupBy=leadSource`);
    expect(byLead.rows.map((row) => [row.label.toLowerCase(), row.atEnd])).toEqual([
      ['instagram', 2],
      ['not recorded', 1],
    ]);
    const byTag = await report(`${FEB}&groupBy=tag`);
    expect(byTag.rows.map((row) => [row.label.toLowerCase(), row.atStart, row.added])).toEqual([
      ['yoga', 1, 1],
      ['pilates', 0, 1],
      ['no tags', 0, 1],
    ]);
  });

  it('a contact added by staff and an imported one record how they came', async () => {
    const made = await call(tokens.staff as string, tenant, 'POST', '/snode/contact', {
      firstName: 'Walked',
      lastName: 'In',
      email: 'walked.in@example.test',
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const [row] = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select({ source: contacts.source })
        .from(contacts)
        .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.email, 'walked.in@example.test'))),
    );
    expect(row?.source).toBe('staff');
    const today = dateInZone(new Date(), ZONE);
    const bySource = await report(`from=${today}&to=${today}&groupBy=source`);
    expect(bySource.rows.find((r) => r.key === 'staff')?.added).toBe(1);
  });

  it("agrees with the dashboard's new people this month (the walk-in counted by neither)", async () => {
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .update(contacts)
        .set({ createdAt: new Date() })
        .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.isWalkin, true))),
    );
    const today = dateInZone(new Date(), ZONE);
    const month = await report(`from=${today.slice(0, 7)}-01&to=${today}&groupBy=day`);
    const dashboard = await call(tokens.admin as string, tenant, 'GET', '/itemreport/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(month.totals.added).toBeGreaterThan(0);
    // On a mismatch, say which contacts of the month the two read (a full-suite run once saw 3 against 2).
    const rows = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select({ email: contacts.email, role: contacts.role, walkIn: contacts.isWalkin, at: contacts.createdAt })
        .from(contacts)
        .where(eq(contacts.tenantId, tenant.tenantId)),
    );
    const thisMonth = rows.filter((row) => dateInZone(row.at, ZONE) >= `${today.slice(0, 7)}-01`);
    expect(
      json<{ newContactsThisMonth: number }>(dashboard).newContactsThisMonth,
      JSON.stringify({ report: month.totals, thisMonth }),
    ).toBe(month.totals.added);
  });

  it('exports the same figures as CSV, totals last', async () => {
    const response = await call(tokens.staff as string, tenant, 'GET', `/itemreport/contacts.csv?${FEB}&groupBy=tag`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="contacts-tag-2026-02-01-2026-02-28/);
    const records = parseCsv(response.body).filter((r) => r.some((cell) => cell !== ''));
    expect(records[0]).toEqual(['tag', 'atStart', 'added', 'atEnd']);
    expect(records.at(-1)).toEqual(['Total', '1', '2', '3']);
  });

  it('is for admins and staff: the front desk and students 403', async () => {
    for (const role of ['frontdesk', 'student'] as const) {
      for (const path of ['/itemreport/contacts', '/itemreport/contacts.csv']) {
        const response = await call(tokens[role] as string, tenant, 'GET', `${path}?${FEB}`);
        expect(response.statusCode, `${role} ${path}`).toBe(403);
      }
    }
    expect((await report(FEB, tokens.staff as string)).totals.added).toBe(2);
  });

  it("never counts another studio's contacts, nor they ours", async () => {
    const theirs = await report(`${FEB}&groupBy=tag`, tokens.other as string, other);
    expect(theirs.totals).toMatchObject({ atStart: 0, added: 2, atEnd: 2 });
    expect(theirs.rows.map((row) => [row.label, row.added])).toEqual([['Yoga', 2]]);
    expect(theirs.totals.added).toBe((await fromRows(other, '2026-02-01', '2026-02-28')).added);
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-03-01&to=2026-02-01', 'to'],
    ['from=2019-01-01&to=2026-01-01', 'from'],
    [`${FEB}&groupBy=colour`, 'groupBy'],
    ['to=2026-01-02', 'from'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const response = await call(tokens.admin as string, tenant, 'GET', `/itemreport/contacts?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(`querystring.${field}`);
  });

  it('refuses a filter it does not know, naming it', async () => {
    const response = await call(tokens.admin as string, tenant, 'GET', `/itemreport/contacts?${FEB}&tag=yoga`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).message).toMatch(/tag/);
  });
});
