import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, setTenantSettings, type TestTenant } from '../../../test/helpers.ts';
import { type SmtpTestServer, startAppWithSmtp } from '../../../test/mail-app.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import type { App } from '../../app.ts';

/** Invoice emails over real SMTP (links on the tenant's own origin) and the PDF's text. */
let app: App;
let smtp: SmtpTestServer;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithSmtp({ publicUrl: 'https://studios.example:8443' }));
});
afterAll(() => smtp.close());

async function setSettings(tenant: TestTenant, settings: Record<string, unknown>) {
  await setTenantSettings(app, tenant, settings);
}

async function staffCall(tenant: TestTenant, method: string, url: string, payload?: object, host?: string) {
  const token = (await loginAs(app, tenant, 'admin')).access_token;
  return app.inject({ method: method as 'GET', url, headers: bearer(token, host ?? tenant.host), payload });
}

describe('invoice emails', () => {
  it('a partial payment mails invoice_pending, the last one the tenant template for invoice_success, with the public link', async () => {
    const tenant = await newTenant(app, { name: 'Lotus Studio' });
    const student = tenant.users.student;
    const template = await staffCall(tenant, 'POST', '/esend/etemplate', {
      name: 'Paid',
      subject: 'Paid {{invoicenumber}} at {{orgname}}',
      template: '<p>Dear {{firstname}}, we received {{invoicetotal}}. Balance {{invoicebalance}}.</p>',
      systemKey: 'invoice_success',
    });
    expect(template.statusCode, template.body).toBe(201);
    const created = json<any>(
      await staffCall(tenant, 'POST', '/item/invoice', {
        contactId: student.id,
        items: [{ itemName: 'Ten-class pass', price: '120.00', isTaxable: false }],
      }),
    );
    const link = `https://${tenant.orgId}.studios.example:8443/invoice/${created.publicId}`;

    // a forged Host on the request changes nothing in the link
    await staffCall(
      tenant,
      'POST',
      `/item/invoice/${created.id}/payment`,
      { method: 'cash', amount: '20.00', idempotencyKey: randomUUID() },
      tenant.host,
    );
    await app.platform.outbox.kick();
    const pending = await smtp.waitFor(student.email);
    expect(pending.text).toMatch(/^Subject: Invoice INV-\d{5} from Lotus Studio$/m);
    expect(pending.text).toContain('Balance: $100.00');
    expect(pending.text).toContain(link);

    smtp.received.length = 0;
    await staffCall(tenant, 'POST', `/item/invoice/${created.id}/payment`, {
      method: 'cash',
      amount: '100.00',
      idempotencyKey: randomUUID(),
    });
    await app.platform.outbox.kick();
    const paid = await smtp.waitFor(student.email);
    expect(paid.text).toMatch(/^Subject: Paid INV-\d{5} at Lotus Studio$/m);
    expect(paid.text).toContain('we received $120.00. Balance $0.00.');
    // the body left out {{invoicelink}}: it is appended, so the email always links the invoice
    expect(paid.text).toContain(link);
    expect(paid.text).not.toContain('{{');
    // the invoice's PDF rides along, named by its number, made when the email was sent
    expect(paid.text).toMatch(/Content-Type: application\/pdf; name=INV-\d{5}\.pdf/);
    expect(pending.text).toContain('Content-Type: application/pdf');
  });

  it('POST /email sends a reminder and marks the invoice; a void one has nothing to send', async () => {
    const tenant = await newTenant(app);
    const created = json<any>(
      await staffCall(tenant, 'POST', '/item/invoice', {
        contactId: tenant.users.student.id,
        items: [{ itemName: 'Workshop', price: '50' }],
      }),
    );
    const reminded = await staffCall(tenant, 'POST', `/item/invoice/${created.id}/email`, { reminder: true });
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(json<any>(reminded).status).toBe('reminder');
    const mail = await smtp.waitFor(tenant.users.student.email);
    expect(mail.text).toMatch(/^Subject: Reminder: invoice INV-\d{5} from /m);

    await staffCall(tenant, 'PUT', `/item/invoice/${created.id}/void`);
    const none = await staffCall(tenant, 'POST', `/item/invoice/${created.id}/email`, {});
    expect(none.statusCode).toBe(409);
  });

  it('a refund sends a refund notice (amount, where it went, what is left), never the paid email', async () => {
    const tenant = await newTenant(app, { name: 'Lotus Studio' });
    const student = tenant.users.student;
    const created = json<any>(
      await staffCall(tenant, 'POST', '/item/invoice', {
        contactId: student.id,
        items: [{ itemName: 'Ten-class pass', price: '120.00', isTaxable: false }],
      }),
    );
    const paid = json<any>(
      await staffCall(tenant, 'POST', `/item/invoice/${created.id}/payment`, {
        method: 'cash',
        amount: '120.00',
        idempotencyKey: randomUUID(),
      }),
    );
    await app.platform.outbox.kick();
    await smtp.waitFor(student.email);
    smtp.received.length = 0;

    const paymentId = paid.payments.find((p: any) => p.kind === 'payment').id;
    const key = randomUUID();
    const half = await staffCall(tenant, 'POST', `/item/invoice/${created.id}/refund`, {
      paymentId,
      amount: '50.00',
      idempotencyKey: key,
    });
    expect(half.statusCode, half.body).toBe(200);
    await app.platform.outbox.kick();
    const notice = await smtp.waitFor(student.email);
    expect(notice.text).toMatch(/^Subject: Refund of \$50\.00: invoice INV-\d{5} from Lotus Studio$/m);
    expect(notice.text).toContain('We have refunded $50.00 to you in cash.');
    expect(notice.text).toContain('Paid after refunds: $70.00');
    expect(notice.text).not.toMatch(/Payment received|is paid/);

    // the same request again records nothing and mails nothing
    smtp.received.length = 0;
    await staffCall(tenant, 'POST', `/item/invoice/${created.id}/refund`, {
      paymentId,
      amount: '50.00',
      idempotencyKey: key,
    });
    await staffCall(tenant, 'POST', `/item/invoice/${created.id}/refund`, { paymentId, idempotencyKey: randomUUID() });
    await app.platform.outbox.kick();
    const rest = await smtp.waitFor(student.email);
    expect(rest.text).toContain('We have refunded $70.00 to you in cash.');
    expect(rest.text).toContain('Paid after refunds: $0.00');
    expect(smtp.received.filter((m) => m.to.includes(student.email))).toHaveLength(1);
  });
});

describe('the invoice PDF', () => {
  it('prints the logo, lines, taxes, payments and balance, with ₹ and non-Latin-1 names right', async () => {
    const tenant = await newTenant(app, { name: 'Yoga İstanbul Łódź' });
    const logoId = randomUUID();
    const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    await app.platform.media.put(tenant.tenantId, logoId, logo);
    await setSettings(tenant, {
      currency: 'INR',
      taxPercent: 18,
      taxLabel1: 'Cess',
      taxValue1: 1,
      logo: `/media/${logoId}`,
    });
    const created = json<any>(
      await staffCall(tenant, 'POST', '/item/invoice', {
        contactId: tenant.users.student.id,
        items: [
          { itemName: 'Mat — Şişli', price: '1000.00', qty: 2 },
          { itemName: 'Towel', price: '250', isTaxable: false },
        ],
      }),
    );
    expect(created).toMatchObject({ currency: 'INR', subTotal: 2250, tax: 380, total: 2630 });
    await staffCall(tenant, 'POST', `/item/invoice/${created.id}/payment`, {
      method: 'cash',
      amount: '630',
      idempotencyKey: randomUUID(),
    });

    const started = Date.now();
    const response = await staffCall(tenant, 'GET', `/cform/pdf/ireport/${created.id}`);
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const text = await pdfText(bytes);
    for (const expected of [
      'Yoga İstanbul Łódź',
      created.invoiceId,
      'Bill to',
      tenant.users.student.email,
      'Mat — Şişli',
      '₹1,000.00',
      '₹380.00',
      '₹2,380.00',
      'Tax (18%)',
      '₹360.00',
      'Cess (1%)',
      '₹20.00',
      'Total',
      '₹2,630.00',
      'Payment (Cash)',
      '₹630.00',
      'Balance',
      '₹2,000.00',
      'Status: Partial',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Atrium/i);
    // the public link's id opens the same PDF without a login
    const pub = await app.inject({
      method: 'GET',
      url: `/cform/pdf/ireport/${created.publicId}`,
      headers: { host: tenant.host },
    });
    expect(pub.statusCode).toBe(200);
    expect(await pdfText(pub.rawPayload)).toContain('₹2,000.00');
    console.info(`invoice PDF rendered in ${elapsed} ms`);
  });
});
