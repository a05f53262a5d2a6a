import { randomUUID } from 'node:crypto';
import {
  dateInZone,
  formatMoney,
  REPORT_EMAIL_MAX_RECIPIENTS,
  type ReportEmailResult,
  type SalesReport,
} from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { asRead, pdfText, squash } from '../../../test/pdf-text.ts';
import { type ReceivedMail, startSmtpServer } from '../../../test/smtp.ts';
import type { App } from '../../app.ts';
import { caller, errorOf, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { EMAILED_REPORTS, REPORT_EMAILS_PER_PERSON, REPORT_PDF_MAX_ROWS } from './report-email.service.ts';

/**
 * A report emailed as a PDF: the real SMTP server receives it, and the attached PDF's text holds the
 * report's figures as its JSON answers them (and nothing of another studio); roles; bad input.
 */
const ZONE = 'Europe/Istanbul';
const STUDIO = 'Işık Stüdyo Ελληνικά Кириллица प्रिया';
const ITEM = 'Çay İstanbul Ελληνικό τσάι Чай चाय';
let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let call: ReturnType<typeof caller>;
let tenant: TestTenant;
let other: TestTenant;
const tokens: Record<string, string> = {};
let today: string;

/** The PDF attached to a received message (base64 in its MIME part). */
function attachedPdf(mail: ReceivedMail): { filename: string; bytes: Buffer } {
  const part = mail.raw.split(/\r?\n--/).find((chunk) => /Content-Type: application\/pdf/i.test(chunk));
  if (!part) throw new Error('no PDF attached');
  const filename = /filename="?([^";\r\n]+)"?/i.exec(part)?.[1] ?? '';
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return { filename, bytes: Buffer.from(body, 'base64') };
}

async function sell(token: string, t: TestTenant, itemName: string, price: string, qty: number) {
  const invoice = json<any>(
    await call(token, t, 'POST', '/item/invoice', {
      contactId: t.users.student.id,
      items: [{ itemName, price, qty, isTaxable: false }],
    }),
  );
  const paid = await call(token, t, 'POST', `/item/invoice/${invoice.id}/payment`, {
    method: 'cash',
    amount: String(invoice.balance),
    idempotencyKey: randomUUID(),
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
  call = caller(app);
  tenant = await newTenant(app, { name: STUDIO, settings: { timezone: ZONE, currency: 'eur' } });
  other = await newTenant(app, { name: 'Elsewhere Yoga', settings: { timezone: 'UTC' } });
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, tenant, role)).access_token;
  }
  tokens.other = (await loginAs(app, other, 'admin')).access_token;
  today = dateInZone(new Date(), ZONE);
  const admin = tokens.admin as string;
  await sell(admin, tenant, ITEM, '12.50', 3);
  await sell(admin, tenant, 'Cork mat', '1234.56', 1);
  await sell(tokens.other as string, other, 'Elsewhere mat', '999.00', 1);
});
afterAll(() => smtp.close());

describe('POST /itemreport/{kind}/email', () => {
  it("mails the asking admin the sales report as a PDF whose figures are the report's", async () => {
    const query = { from: today, to: today, groupBy: 'item' };
    const sent = await call(tokens.admin as string, tenant, 'POST', '/itemreport/sales/email', query);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(json<ReportEmailResult>(sent)).toEqual({ recipients: [tenant.users.admin.email], rows: 2 });
    await app.platform.outbox.kick();
    const mail = await smtp.waitFor(tenant.users.admin.email);
    expect(mail.text).toContain('Subject: =?UTF-8?');
    expect(mail.text).not.toMatch(/atrium/i);

    const report = json<SalesReport>(
      await call(tokens.admin as string, tenant, 'GET', `/itemreport/sales?from=${today}&to=${today}&groupBy=item`),
    );
    expect(report.rows).toHaveLength(2);
    const { filename, bytes } = attachedPdf(mail);
    expect(filename).toBe(`sales-item-${today}-${today}.pdf`);
    const text = squash(await pdfText(bytes));
    expect(text).toContain(asRead(STUDIO));
    expect(text).toContain(squash('Sales by item'));
    expect(text).toContain(squash(`${ZONE.replace('_', ' ')} time`));
    expect(text).toContain(squash('Amounts in EUR'));
    expect(text).toContain(squash('ItemUnitsBefore discountsDiscountsTaxTotal'));
    // each row and the totals, figure after figure, as the JSON has them
    for (const row of [...report.rows, report.totals]) {
      const figures = [row.gross, row.discount, row.tax, row.net].map((minor) => formatMoney(minor, 'EUR'));
      expect(text).toContain(asRead(`${row.label}${row.count}${figures.join('')}`));
    }
    expect(report.totals.net).toBe(3750 + 123456);
    expect(text).toContain(squash('€1,272.06'));
    expect(text).not.toContain('Elsewhere');
    expect(text).not.toContain('999');
  });

  it('staff mail every other report to the addresses they name, in one message', async () => {
    // the range holds none of their rows (the PDF says so, as the screen does), but for the contacts
    // report: the student signed up today
    const kinds: Array<[string, string, string]> = [
      ['attendance', 'Attendance by class', 'No classes.'],
      ['memberships', 'Memberships by membership', 'No memberships.'],
      ['donations', 'Donations by campaign', 'No gifts.'],
      ['packs', 'Class packs by pack or membership', 'No class packs or credits yet.'],
      ['contacts', 'Contacts by day', `${today}011Total011`],
    ];
    for (const [kind, title, says] of kinds) {
      smtp.received.length = 0;
      const to = [`Books-${kind}@Example.test`, `owner-${kind}@example.test`];
      const sent = await call(tokens.staff as string, tenant, 'POST', `/itemreport/${kind}/email`, {
        from: today,
        to: today,
        recipients: to,
      });
      expect(sent.statusCode, `${kind}: ${sent.body}`).toBe(202);
      expect(json<ReportEmailResult>(sent).recipients).toEqual(to.map((address) => address.toLowerCase()));
      await app.platform.outbox.kick();
      const mail = await smtp.waitFor(`owner-${kind}@example.test`);
      expect(mail.to.sort()).toEqual(to.map((address) => address.toLowerCase()).sort());
      expect(smtp.received).toHaveLength(1);
      const text = squash(await pdfText(attachedPdf(mail).bytes));
      expect(text).toContain(squash(title));
      expect(text).toContain(squash(`${ZONE} time`));
      expect(text).toContain(squash(says));
    }
  });

  it("another studio's report holds only its own figures", async () => {
    smtp.received.length = 0;
    const sent = await call(tokens.other as string, other, 'POST', '/itemreport/sales/email', {
      from: dateInZone(new Date(), 'UTC'),
      to: dateInZone(new Date(), 'UTC'),
      groupBy: 'item',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await app.platform.outbox.kick();
    const text = squash(await pdfText(attachedPdf(await smtp.waitFor(other.users.admin.email)).bytes));
    expect(text).toContain(squash('Elsewhere mat1$999.00'));
    expect(text).not.toContain(asRead(ITEM));
    expect(text).not.toContain('Cork');
  });

  it("says what a report was narrowed to; another studio's item is a 404", async () => {
    smtp.received.length = 0;
    const sent = await call(tokens.admin as string, tenant, 'POST', '/itemreport/sales/email', {
      from: today,
      to: today,
      groupBy: 'kind',
      kind: 'product',
      recipients: ['narrowed@example.test'],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await app.platform.outbox.kick();
    const text = squash(await pdfText(attachedPdf(await smtp.waitFor('narrowed@example.test')).bytes));
    expect(text).toContain(squash('Sales by kind'));
    expect(text).toContain(squash('Narrowed to kind: Products'));

    const otherAdmin = tokens.other as string;
    const theirs = (await makeItem(app, other, otherAdmin, (await makeCategory(app, other, otherAdmin)).guId)).guId;
    const foreign = await call(tokens.admin as string, tenant, 'POST', '/itemreport/sales/email', {
      from: today,
      to: today,
      groupBy: 'item',
      item: theirs,
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
  });

  it('front desk and students may not; unknown reports are 404', async () => {
    const body = { from: today, to: today };
    expect((await call(tokens.frontdesk as string, tenant, 'POST', '/itemreport/sales/email', body)).statusCode).toBe(
      403,
    );
    expect((await call(tokens.student as string, tenant, 'POST', '/itemreport/sales/email', body)).statusCode).toBe(
      403,
    );
    expect((await call(tokens.admin as string, tenant, 'POST', '/itemreport/secrets/email', body)).statusCode).toBe(
      404,
    );
    const anonymous = await app.inject({
      method: 'POST',
      url: '/itemreport/sales/email',
      headers: { host: tenant.host },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('bad addresses and a bad query are a 400 naming the field; nothing is queued', async () => {
    const cases: Array<[object, string]> = [
      [{ from: today, to: today, recipients: ['ok@example.test', 'not an address'] }, 'recipients.1'],
      [{ from: today, to: today, recipients: [] }, 'recipients'],
      [
        {
          from: today,
          to: today,
          recipients: Array.from({ length: REPORT_EMAIL_MAX_RECIPIENTS + 1 }, (_, i) => `p${i}@example.test`),
        },
        'recipients',
      ],
      [{ from: today, to: today, recipients: 'ok@example.test' }, 'recipients'],
      [{ from: '2026-13-01', to: today }, 'from'],
      [{ from: today, to: '2020-01-01' }, 'to'],
      [{ from: today, to: today, groupBy: 'planet' }, 'groupBy'],
      [{ to: today }, 'from'],
    ];
    smtp.received.length = 0;
    for (const [payload, field] of cases) {
      const response = await call(tokens.admin as string, tenant, 'POST', '/itemreport/sales/email', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response.body).field, JSON.stringify(payload)).toBe(field);
    }
    const unknown = await call(tokens.admin as string, tenant, 'POST', '/itemreport/sales/email', {
      from: today,
      to: today,
      product: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    await app.platform.outbox.kick();
    expect(smtp.received).toHaveLength(0);
  });

  it(`a report longer than a PDF holds (${REPORT_PDF_MAX_ROWS} rows) is refused, naming what to change`, async () => {
    const sales = EMAILED_REPORTS.sales as NonNullable<(typeof EMAILED_REPORTS)['sales']>;
    const real = sales.make;
    // the studio's report as it is, with one row more than a PDF holds
    sales.make = async (...args) => {
      const report = await real(...args);
      const row = report.totals;
      const rows = Array.from({ length: REPORT_PDF_MAX_ROWS + 1 }, (_, i) => ({
        ...row,
        key: `k${i}`,
        label: `Day ${i}`,
      }));
      return { ...report, rows };
    };
    try {
      const refused = await call(tokens.admin as string, tenant, 'POST', '/itemreport/sales/email', {
        from: today,
        to: today,
        recipients: ['long@example.test'],
      });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused.body)).toMatchObject({
        field: 'groupBy',
        message: `This report has ${REPORT_PDF_MAX_ROWS + 1} rows; a PDF holds at most ${REPORT_PDF_MAX_ROWS}. Group it by a longer period, shorten the range, or download the CSV.`,
      });
    } finally {
      sales.make = real;
    }
  });

  it(`a staff member emails at most ${REPORT_EMAILS_PER_PERSON} reports in the window, then waits (429)`, async () => {
    const busy = await newTenant(app);
    const staff = (await loginAs(app, busy, 'staff')).access_token;
    const body = { from: today, to: today, recipients: ['books@example.test'] };
    for (let n = 0; n < REPORT_EMAILS_PER_PERSON; n++) {
      expect((await call(staff, busy, 'POST', '/itemreport/attendance/email', body)).statusCode).toBe(202);
    }
    const refused = await call(staff, busy, 'POST', '/itemreport/attendance/email', body);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused.body).message).toMatch(/^Too many reports emailed\./);
    // the admin of the same studio still may
    const admin = (await loginAs(app, busy, 'admin')).access_token;
    expect((await call(admin, busy, 'POST', '/itemreport/attendance/email', body)).statusCode).toBe(202);
    await app.platform.outbox.kick();
  });
});
