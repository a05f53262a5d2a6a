import { randomUUID } from 'node:crypto';
import {
  type ClassRule,
  type ClassSessionList,
  type DashboardSummary,
  dateInZone,
  nextDate,
  type Roster,
  startOfDayInZone,
} from '@atrium/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import {
  classBookings,
  classSessions,
  contacts,
  invoicePayments,
  ledgerHours,
  subscriptions,
  tenants,
} from '../../db/schema/index.ts';
import { caller, makeCategory } from '../catalogue/catalogue-fixtures.ts';
import { activeMembersAt, activeMembersAtEach } from './dashboard.repo.ts';
import { lastMonthToDateEnd, shiftMonth } from './dashboard.service.ts';

/**
 * The dashboard from the ledger: every money figure is reconciled with the payment rows, in the
 * studio's zone; the front desk sees no money; another studio's rows never count.
 */
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
let zone: string;
const tokens: Record<string, string> = {};

/** An `Etc/GMT±N` zone where it is about noon now, so a class two hours from now is still today. */
function noonZone(): string {
  const utcHour = new Date().getUTCHours();
  const offset = 12 - utcHour; // hours ahead of UTC
  const clamped = Math.max(-12, Math.min(14, offset > 14 ? offset - 24 : offset < -12 ? offset + 24 : offset));
  // Etc/GMT signs are inverted: Etc/GMT-5 is five hours ahead of UTC
  return clamped === 0 ? 'UTC' : `Etc/GMT${clamped > 0 ? '-' : '+'}${Math.abs(clamped)}`;
}

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  zone = noonZone();
  tenant = await newTenant(app, { settings: { timezone: zone } });
  other = await newTenant(app);
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, tenant, role)).access_token;
  }
  tokens.other = (await loginAs(app, other, 'admin')).access_token;
});

const dashboard = async (token: string, t: TestTenant = tenant) => {
  const response = await call(token, t, 'GET', '/itemreport/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return json<DashboardSummary>(response);
};

async function paidInvoice(t: TestTenant, token: string, contactId: string, price: string) {
  const created = json<any>(
    await call(token, t, 'POST', '/item/invoice', {
      contactId,
      items: [{ itemName: 'Ten-class pass', price, isTaxable: false }],
    }),
  );
  const paid = json<any>(
    await call(token, t, 'POST', `/item/invoice/${created.id}/payment`, {
      method: 'cash',
      amount: price,
      idempotencyKey: randomUUID(),
    }),
  );
  return { id: created.id as string, paymentId: paid.payments.find((p: any) => p.kind === 'payment').id as string };
}

/** The ledger summed by hand: payments minus refunds of the tenant's invoices, by month in the zone. */
async function ledgerByMonth(t: TestTenant, timeZone: string): Promise<Map<string, number>> {
  const rows = await withTenant(app.platform.db, t.tenantId, (tx) =>
    tx
      .select({ kind: invoicePayments.kind, amount: invoicePayments.amount, at: invoicePayments.createdAt })
      .from(invoicePayments)
      .where(eq(invoicePayments.tenantId, t.tenantId)),
  );
  const byMonth = new Map<string, number>();
  for (const row of rows) {
    const month = dateInZone(row.at, timeZone).slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + (row.kind === 'refund' ? -row.amount : row.amount));
  }
  return byMonth;
}

describe('GET /itemreport/dashboard', () => {
  it("counts today's money from the ledger (a refund taken off), last month's and the 12 months, reconciled", async () => {
    const student = tenant.users.student.id;
    const today = dateInZone(new Date(), zone);
    const thisMonth = today.slice(0, 7);
    const lastMonth = shiftMonth(thisMonth, -1);

    const first = await paidInvoice(tenant, tokens.admin as string, student, '120.00');
    const refund = await call(tokens.admin as string, tenant, 'POST', `/item/invoice/${first.id}/refund`, {
      paymentId: first.paymentId,
      amount: '20.00',
      idempotencyKey: randomUUID(),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // A payment of last month's 10th at noon, and one of five months ago: rows of the ledger, moved back.
    const older = await paidInvoice(tenant, tokens.admin as string, student, '50.00');
    const oldest = await paidInvoice(tenant, tokens.admin as string, student, '7.25');
    const tenthNoon = new Date(startOfDayInZone(`${lastMonth}-10`, zone).getTime() + 12 * 3_600_000);
    const fiveAgo = startOfDayInZone(`${shiftMonth(thisMonth, -5)}-01`, zone); // its very first instant
    await withTenant(app.platform.db, tenant.tenantId, async (tx) => {
      await tx
        .update(invoicePayments)
        .set({ createdAt: tenthNoon })
        .where(and(eq(invoicePayments.tenantId, tenant.tenantId), eq(invoicePayments.id, older.paymentId)));
      await tx
        .update(invoicePayments)
        .set({ createdAt: fiveAgo })
        .where(and(eq(invoicePayments.tenantId, tenant.tenantId), eq(invoicePayments.id, oldest.paymentId)));
    });
    // Another studio's money never counts here.
    await paidInvoice(other, tokens.other as string, other.users.student.id, '999.00');

    const summary = await dashboard(tokens.admin as string);
    expect(summary.today).toBe(today);
    expect(summary.timeZone).toBe(zone);
    expect(summary.money).toMatchObject({
      currency: 'USD',
      revenueToday: 10000,
      revenueThisMonth: 10000,
      revenueLastMonth: 5000,
      revenueLastMonthToDate: Number(today.slice(8, 10)) >= 10 ? 5000 : 0,
    });
    const months = summary.months ?? [];
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => shiftMonth(thisMonth, i - 11)));
    const ledger = await ledgerByMonth(tenant, zone);
    for (const month of months) expect(month.revenue, month.month).toBe(ledger.get(month.month) ?? 0);
    expect(months[6]?.revenue).toBe(725);
    expect(months.reduce((total, m) => total + m.revenue, 0)).toBe(10000 + 5000 + 725);

    const theirs = await dashboard(tokens.other as string, other);
    expect(theirs.money?.revenueToday).toBe(99900);
    expect(theirs.months?.reduce((total, m) => total + m.revenue, 0)).toBe(99900);
  });

  it("counts today's sessions, places, check-ins and waitlists, and this month's new people", async () => {
    const today = dateInZone(new Date(), zone);
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    const hour = dateInZone(inTwoHours, zone) === today ? inTwoHours : new Date(Date.now() + 30 * 60_000);
    const startTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(hour);
    const before = await dashboard(tokens.admin as string);
    const rule = json<ClassRule>(
      await call(tokens.admin as string, tenant, 'POST', '/snode/classrule', {
        name: 'Vinyasa',
        daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
        startTime,
        durationMinutes: 45,
        startDate: today,
        endDate: today,
        capacity: 2,
      }),
    );
    const sessions = json<ClassSessionList>(
      await call(tokens.admin as string, tenant, 'GET', `/snode/session?from=${today}&to=${today}`),
    ).data.filter((s) => s.classId === rule.guId);
    expect(sessions).toHaveLength(1);
    const sessionId = sessions[0]?.guId as string;
    const people = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .insert(contacts)
        .values(
          ['Ayşe', 'Δημήτρης', 'Мария'].map((name) => ({
            tenantId: tenant.tenantId,
            email: `${randomUUID()}@example.test`,
            name,
            role: 'student' as const,
          })),
        )
        .returning({ id: contacts.id }),
    );
    let roster: Roster | undefined;
    for (const person of people) {
      const booked = await call(tokens.frontdesk as string, tenant, 'POST', `/snode/session/${sessionId}/booking`, {
        contactId: person.id,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      roster = json<Roster>(booked);
    }
    const placed = roster?.bookings.find((b) => b.contactId === people[0]?.id);
    const checkedIn = await call(
      tokens.frontdesk as string,
      tenant,
      'PUT',
      `/snode/booking/${placed?.guId}/attendance`,
      {
        attended: true,
      },
    );
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);

    const after = await dashboard(tokens.frontdesk as string);
    expect(after.sessionsToday - before.sessionsToday).toBe(1);
    expect(after.capacityToday - before.capacityToday).toBe(2);
    expect(after.bookedToday - before.bookedToday).toBe(2);
    expect(after.checkInsToday - before.checkInsToday).toBe(1);
    expect(after.waitlistedUpcoming - before.waitlistedUpcoming).toBe(1);
    expect(after.newContactsThisMonth - before.newContactsThisMonth).toBe(3);
    // the front desk sees the day, not the money
    expect(after.money).toBeNull();
    expect(after.months).toBeNull();
    const staffView = await dashboard(tokens.staff as string);
    expect(staffView.money).not.toBeNull();

    // The chart's places this month are the booking rows behind them: live places of sessions starting this month.
    const thisMonth = today.slice(0, 7);
    const rows = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select({ startsAt: classSessions.startsAt })
        .from(classBookings)
        .innerJoin(
          classSessions,
          and(eq(classSessions.tenantId, classBookings.tenantId), eq(classSessions.id, classBookings.sessionId)),
        )
        .where(
          and(
            eq(classBookings.tenantId, tenant.tenantId),
            inArray(classBookings.status, ['booked', 'offered', 'pending']),
          ),
        ),
    );
    const livePlaces = rows.filter((row) => dateInZone(row.startsAt, zone).startsWith(thisMonth)).length;
    expect(livePlaces).toBeGreaterThanOrEqual(2);
    expect(staffView.months?.find((m) => m.month === thisMonth)?.bookings).toBe(livePlaces);
  });

  it('is for staff: a student gets 403, a visitor 401, and a token of another studio no answer here', async () => {
    expect((await call(tokens.student as string, tenant, 'GET', '/itemreport/dashboard')).statusCode).toBe(403);
    expect((await app.inject({ url: '/itemreport/dashboard', headers: { host: tenant.host } })).statusCode).toBe(401);
    expect((await call(tokens.other as string, tenant, 'GET', '/itemreport/dashboard')).statusCode).toBe(401);
  });
});

describe("the ledger's hourly sums", () => {
  /** The tenant's hourly sums as kept, and as the payment rows say they should be. */
  async function hoursKeptAndDue(t: TestTenant) {
    return withTenant(app.platform.db, t.tenantId, async (tx) => {
      const kept = await tx
        .select()
        .from(ledgerHours)
        .where(and(eq(ledgerHours.tenantId, t.tenantId), ne(ledgerHours.net, 0)));
      const payments = await tx.select().from(invoicePayments).where(eq(invoicePayments.tenantId, t.tenantId));
      const due = new Map<string, number>();
      for (const p of payments) {
        const key = `${p.currency} ${new Date(Math.floor(p.createdAt.getTime() / 3_600_000) * 3_600_000).toISOString()}`;
        due.set(key, (due.get(key) ?? 0) + (p.kind === 'refund' ? -p.amount : p.amount));
      }
      return {
        kept: kept.map((h) => `${h.currency} ${h.hour.toISOString()} ${h.net}`).sort(),
        due: [...due]
          .filter(([, net]) => net !== 0)
          .map(([key, net]) => `${key} ${net}`)
          .sort(),
      };
    });
  }

  it('follows every payment, refund and moved payment, and splits the hour a month starts in (India, +5:30)', async () => {
    const kolkata = 'Asia/Kolkata';
    const t = await newTenant(app, { settings: { timezone: kolkata } });
    const admin = (await loginAs(app, t, 'admin')).access_token;
    const today = dateInZone(new Date(), kolkata);
    const lastMonth = shiftMonth(today.slice(0, 7), -1);
    // last month starts at 18:30 UTC: one payment 10 minutes before (the month before), one 10 minutes after
    const start = startOfDayInZone(`${lastMonth}-01`, kolkata);
    expect(start.getUTCMinutes()).toBe(30);
    const before = await paidInvoice(t, admin, t.users.student.id, '11.00');
    const after = await paidInvoice(t, admin, t.users.student.id, '22.00');
    const kept = await paidInvoice(t, admin, t.users.student.id, '40.00');
    const refund = await call(admin, t, 'POST', `/item/invoice/${kept.id}/refund`, {
      paymentId: kept.paymentId,
      amount: '4.00',
      idempotencyKey: randomUUID(),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await withTenant(app.platform.db, t.tenantId, async (tx) => {
      for (const [id, at] of [
        [before.paymentId, new Date(start.getTime() - 10 * 60_000)],
        [after.paymentId, new Date(start.getTime() + 10 * 60_000)],
      ] as const) {
        await tx
          .update(invoicePayments)
          .set({ createdAt: at })
          .where(and(eq(invoicePayments.tenantId, t.tenantId), eq(invoicePayments.id, id)));
      }
    });
    const { kept: hours, due } = await hoursKeptAndDue(t);
    expect(hours).toEqual(due);
    // both moved payments are in one UTC hour, on either side of the month's first instant
    expect(hours.filter((h) => h.includes(`${new Date(start.getTime() - 30 * 60_000).toISOString()}`))).toEqual([
      `USD ${new Date(start.getTime() - 30 * 60_000).toISOString()} 3300`,
    ]);

    const summary = await dashboard(admin, t);
    const ledger = await ledgerByMonth(t, kolkata);
    for (const month of summary.months ?? []) expect(month.revenue, month.month).toBe(ledger.get(month.month) ?? 0);
    expect(summary.money?.revenueLastMonth).toBe(2200);
    expect(summary.money?.revenueThisMonth).toBe(3600);
    expect(summary.months?.[9]?.revenue).toBe(1100);
  });

  it("is kept in the currency of the payment's invoice, and goes with a studio that is deleted", async () => {
    const t = await newTenant(app);
    const admin = (await loginAs(app, t, 'admin')).access_token;
    await paidInvoice(t, admin, t.users.student.id, '9.99');
    const { kept, due } = await hoursKeptAndDue(t);
    expect(kept).toEqual(due);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^USD .* 999$/);
    // a deleted studio takes its sums with it (the deferred trigger's delete branch writes no row)
    const sumsOf = () =>
      withTenant(app.platform.db, t.tenantId, (tx) =>
        tx.select().from(ledgerHours).where(eq(ledgerHours.tenantId, t.tenantId)),
      );
    expect(await sumsOf()).toHaveLength(1);
    await app.platform.db.delete(tenants).where(eq(tenants.id, t.tenantId));
    expect(await app.platform.db.select().from(tenants).where(eq(tenants.id, t.tenantId))).toEqual([]);
    expect(await sumsOf()).toEqual([]);
  });
});

describe('active members', () => {
  it('a suspended membership counts until the day it was suspended, a paused one still counts', async () => {
    const t = await newTenant(app);
    const admin = (await loginAs(app, t, 'admin')).access_token;
    const category = await makeCategory(app, t, admin, { categoryType: 'SERVICE' });
    const made = await call(admin, t, 'POST', '/item/membership', {
      name: 'Monthly',
      categoryId: category.guId,
      price: 30,
      membershipType: 'recurring',
      frequency: 'monthly',
    });
    expect(made.statusCode, made.body).toBe(201);
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const row = (status: 'active' | 'paused' | 'suspended', periodEndsAt: Date) => ({
      tenantId: t.tenantId,
      contactId: t.users.student.id,
      itemId: json<{ guId: string }>(made).guId,
      name: 'Monthly',
      membershipType: 'recurring' as const,
      frequency: 'monthly' as const,
      status,
      priceMinor: 3000,
      currency: 'usd',
      periodEndsAt,
      provider: 'stripe',
      providerAccount: 'acct_1',
      providerCustomer: 'cus_1',
      paymentMethodId: 'pm_1',
      setupRef: randomUUID(),
      startedAt: daysAgo(60),
    });
    await withTenant(app.platform.db, t.tenantId, async (tx) => {
      await tx
        .insert(subscriptions)
        .values([row('active', daysAgo(-20)), row('paused', daysAgo(-20)), row('suspended', daysAgo(10))]);
      expect(await activeMembersAt(tx, t.tenantId, daysAgo(20))).toBe(3);
      expect(await activeMembersAt(tx, t.tenantId, now)).toBe(2);
      // the chart's month ends, counted in one scan, say the same
      expect(await activeMembersAtEach(tx, t.tenantId, [daysAgo(20), now, daysAgo(90)])).toEqual([3, 2, 0]);
      // at every instant, the exact edges included (a start, a suspension's day, a cancellation), the one scan
      // says what the rule says row by row
      const cancelledAt = daysAgo(5);
      await tx.insert(subscriptions).values({ ...row('active', daysAgo(-20)), startedAt: daysAgo(30), cancelledAt });
      const instants = [
        daysAgo(60),
        daysAgo(30),
        daysAgo(10),
        cancelledAt,
        daysAgo(61),
        now,
        daysAgo(10),
        daysAgo(-20),
      ];
      const each = await activeMembersAtEach(tx, t.tenantId, instants);
      const oneByOne = [];
      for (const at of instants) oneByOne.push(await activeMembersAt(tx, t.tenantId, at));
      expect(each).toEqual(oneByOne);
      expect(each).toEqual([3, 4, 3, 2, 0, 2, 3, 2]);
    });
  });
});

describe('last month to date', () => {
  it('compares like with like, and a day last month did not have means all of last month', () => {
    const z = 'America/New_York';
    expect(lastMonthToDateEnd('2026-03-15', z).toISOString()).toBe(startOfDayInZone('2026-02-16', z).toISOString());
    expect(lastMonthToDateEnd('2026-03-30', z).toISOString()).toBe(startOfDayInZone('2026-03-01', z).toISOString());
    expect(lastMonthToDateEnd('2026-01-31', z).toISOString()).toBe(startOfDayInZone('2026-01-01', z).toISOString());
    expect(lastMonthToDateEnd('2026-01-05', z).toISOString()).toBe(startOfDayInZone('2025-12-06', z).toISOString());
    expect(nextDate('2026-02-28')).toBe('2026-03-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});
