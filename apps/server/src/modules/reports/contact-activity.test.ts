import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { asRead, pdfText, squash } from '../../../test/pdf-text.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import {
  classBookings,
  classRules,
  classSessions,
  contacts,
  customForms,
  formSubmissions,
  subscriptions,
} from '../../db/schema/index.ts';
import { caller, errorOf, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { rolesForm } from '../contacts/contact-fixtures.ts';

/**
 * GET /cform/pdf/cactivityreport/{id}: one contact's bookings (with attendance), purchases,
 * memberships and forms, read back from the PDF; the studio's zone and currency; any script prints.
 */
const ZONE = 'Europe/Istanbul';
const NAME = 'Ελένη Işık';
const LAST = 'Кузнецова प्रिया';
let app: App;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
const tokens: Record<string, string> = {};
let contactId: string;
let text: string;

const url = (id: string) => `/cform/pdf/cactivityreport/${id}`;

beforeAll(async () => {
  app = await startTestApp();
  call = caller(app);
  tenant = await newTenant(app, { name: 'Stüdyo Çağ', settings: { timezone: ZONE, currency: 'try' } });
  other = await newTenant(app);
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, tenant, role)).access_token;
  }
  tokens.other = (await loginAs(app, other, 'admin')).access_token;
  const admin = tokens.admin as string;
  // the front desk may not manage contacts here (Settings > Roles)
  const roles = await call(
    admin,
    tenant,
    'PUT',
    '/rest/settings/roles',
    rolesForm({ isShowCourse: false, isShowContactsList: false }),
  );
  expect(roles.statusCode, roles.body).toBe(200);

  const { tenantId } = tenant;
  const category = await makeCategory(app, tenant, admin, { name: 'Passes' });
  const item = await makeItem(app, tenant, admin, category.guId, { name: 'Unlimited', price: 900 });
  await withTenant(app.platform.db, tenantId, async (tx) => {
    const [person, someoneElse] = await tx
      .insert(contacts)
      .values([
        {
          tenantId,
          email: 'eleni@example.test',
          name: NAME,
          lastName: LAST,
          phone: '+90 555 000 0000',
          role: 'student',
        },
        { tenantId, email: 'else@example.test', name: 'Someone', lastName: 'Else', role: 'student' },
      ])
      .returning({ id: contacts.id });
    contactId = person?.id as string;
    const rule = (name: string) => ({
      tenantId,
      name,
      daysOfWeek: [2],
      startTime: '09:00',
      durationMinutes: 60,
      startDate: '2026-03-10',
      capacity: 10,
      timeZone: ZONE,
      generatedUntil: new Date('2026-03-31T00:00:00Z'),
    });
    const [flow, hidden, theirs] = await tx
      .insert(classRules)
      .values([rule('Vinyasa Ακρόπολη'), rule('Cancelled in time'), rule('Their class')])
      .returning({ id: classRules.id });
    // 09:00 in Istanbul (UTC+3) is 06:00 UTC
    const session = (ruleId: string, day: string) => ({
      tenantId,
      ruleId,
      localDate: day,
      startsAt: new Date(`${day}T06:00:00Z`),
      endsAt: new Date(`${day}T07:00:00Z`),
      capacity: 10,
    });
    const sessions = await tx
      .insert(classSessions)
      .values([
        session(flow?.id as string, '2026-03-10'),
        session(flow?.id as string, '2026-03-17'),
        session(flow?.id as string, '2026-03-24'),
        session(hidden?.id as string, '2026-03-10'),
        session(theirs?.id as string, '2026-03-10'),
      ])
      .returning({ id: classSessions.id });
    const [s1, s2, s3, s4, s5] = sessions.map((s) => s.id);
    await tx.insert(classBookings).values([
      { tenantId, sessionId: s1 as string, contactId, status: 'booked', attendedAt: new Date('2026-03-10T06:02:00Z') },
      { tenantId, sessionId: s2 as string, contactId, status: 'booked', noShow: true },
      {
        tenantId,
        sessionId: s3 as string,
        contactId,
        status: 'cancelled',
        lateCancel: true,
        cancelledAt: new Date('2026-03-24T05:30:00Z'),
      },
      // cancelled in time: not part of the person's record
      {
        tenantId,
        sessionId: s4 as string,
        contactId,
        status: 'cancelled',
        cancelledAt: new Date('2026-03-01T00:00:00Z'),
      },
      // someone else's place
      { tenantId, sessionId: s5 as string, contactId: someoneElse?.id as string, status: 'booked' },
    ]);
    await tx.insert(subscriptions).values({
      tenantId,
      contactId,
      itemId: item.guId,
      name: 'Безлимит Unlimited',
      membershipType: 'unlimited',
      frequency: 'monthly',
      status: 'active',
      priceMinor: 90000,
      currency: 'TRY',
      provider: 'stripe',
      providerAccount: 'acct_test',
      providerCustomer: 'cus_test',
      paymentMethodId: 'pm_test',
      setupRef: randomUUID(),
      startedAt: new Date('2026-02-01T09:00:00Z'),
      periodEndsAt: new Date('2026-12-01T09:00:00Z'),
    });
    const [form] = await tx
      .insert(customForms)
      .values({ tenantId, name: 'Muafiyet formu', formType: 'WAIVER' })
      .returning({ id: customForms.id });
    await tx.insert(formSubmissions).values({
      tenantId,
      formId: form?.id as string,
      contactId,
      formName: 'Muafiyet formu',
      formType: 'WAIVER',
      content: {},
      documentHash: 'x',
      typedSignature: NAME,
      signerName: `${NAME} ${LAST}`,
      signerEmail: 'eleni@example.test',
      // 22:30 UTC is already the next day in Istanbul
      signedAt: new Date('2026-04-01T22:30:00Z'),
      confirmedAt: new Date('2026-04-01T22:31:00Z'),
      status: 'COMPLETE',
    });
  });

  // Two purchases: one paid in cash and refunded in part, one unpaid.
  const sold = json<{ id: string; balance: number }>(
    await call(admin, tenant, 'POST', '/item/invoice', {
      contactId,
      items: [{ itemName: 'Çay & Ψωμί', price: '12.50', qty: 2, isTaxable: false }],
    }),
  );
  const paid = json<{ payments: { id: string; kind: string }[] }>(
    await call(admin, tenant, 'POST', `/item/invoice/${sold.id}/payment`, {
      method: 'cash',
      amount: '25.00',
      idempotencyKey: randomUUID(),
    }),
  );
  const refund = await call(admin, tenant, 'POST', `/item/invoice/${sold.id}/refund`, {
    paymentId: paid.payments.find((p) => p.kind === 'payment')?.id,
    amount: '5.00',
    idempotencyKey: randomUUID(),
  });
  expect(refund.statusCode, refund.body).toBe(200);
  const unpaid = await call(admin, tenant, 'POST', '/item/invoice', {
    contactId,
    items: [{ itemName: 'Mat rental', price: '7.00', qty: 1, isTaxable: false }],
  });
  expect(unpaid.statusCode, unpaid.body).toBe(201);

  const response = await call(admin, tenant, 'GET', url(contactId));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(String(response.headers['content-disposition'])).toMatch(
    /^attachment; filename="activity-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
  );
  text = squash(await pdfText(response.rawPayload));
}, 60_000);

const has = (expected: string) => expect(text).toContain(asRead(expected));

describe('GET /cform/pdf/cactivityreport/{id}', () => {
  it('names the studio and the contact in any script (Greek, Turkish, Cyrillic, Devanagari)', () => {
    has('Stüdyo Çağ');
    has('Activity report');
    has(`${NAME} ${LAST}`);
    has('eleni@example.test');
  });

  it('lists bookings in the studio zone with their attendance; a place cancelled in time and others’ places are left out', () => {
    has('Mar 10, 2026, 9:00 AM');
    has('Vinyasa Ακρόπολη');
    has('Checked in');
    has('No-show');
    has('Late cancel');
    expect(text).not.toContain(asRead('Cancelled in time'));
    expect(text).not.toContain(asRead('Their class'));
    // the summary counts: 3 places, 1 checked in, 1 no-show, 1 late cancel
    has('Bookings3');
    has('Checked in1');
    has('No-shows1');
    has('Late cancels1');
  });

  it("lists purchases with amounts in the studio's currency and status, and totals them from the invoices", () => {
    has('INV-00001');
    has('INV-00002');
    has('Çay & Ψωμί');
    has('₺25.00');
    has('₺5.00');
    has('Refunded');
    has('Pending');
    // 2 invoices: invoiced 32.00, paid 25.00, refunded 5.00, net 20.00, owed 7.00
    has('invoiced ₺32.00, paid ₺25.00, refunded ₺5.00, net ₺20.00, owed ₺7.00');
  });

  it('lists memberships with status and dates, and forms with the date signed in the studio zone', () => {
    has('Безлимит Unlimited');
    has('Active');
    has('Feb 1, 2026');
    has('Dec 1, 2026');
    has('₺900.00 monthly');
    has('Muafiyet formu');
    has('Waiver');
    // signed 22:30 UTC on Apr 1 is 1:30 AM on Apr 2 in Istanbul
    has('Apr 2, 2026, 1:30 AM');
    has('Signed');
  });

  it('is for whoever may manage contacts: staff yes; a front desk without the permission and students 403', async () => {
    const staff = await call(tokens.staff as string, tenant, 'GET', url(contactId));
    expect(staff.statusCode).toBe(200);
    for (const role of ['frontdesk', 'student'] as const) {
      expect((await call(tokens[role] as string, tenant, 'GET', url(contactId))).statusCode, role).toBe(403);
      // refused before the id is read
      expect((await call(tokens[role] as string, tenant, 'GET', url('nope'))).statusCode, role).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: url(contactId), headers: { host: tenant.host } })).statusCode).toBe(
      401,
    );
  });

  it("another studio's contact and an unknown one are 404s; a malformed id a 400 naming it", async () => {
    const foreign = await call(tokens.other as string, other, 'GET', url(contactId));
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body).message).toBe('Contact not found.');
    expect((await call(tokens.admin as string, tenant, 'GET', url(other.users.student.id))).statusCode).toBe(404);
    const bad = await call(tokens.admin as string, tenant, 'GET', url('nope'));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('params.id');
  });

  it('prints an empty record plainly', async () => {
    const response = await call(tokens.admin as string, tenant, 'GET', url(tenant.users.student.id));
    expect(response.statusCode).toBe(200);
    const empty = squash(await pdfText(response.rawPayload));
    for (const line of ['No bookings.', 'No purchases.', 'No memberships.', 'No forms.']) {
      expect(empty).toContain(asRead(line));
    }
  });
});
