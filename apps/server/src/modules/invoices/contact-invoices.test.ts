import { randomUUID } from 'node:crypto';
import type { ContactInvoices, InvoiceDetail, MyInvoices } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { errorsOf, roleCaller } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
const call = roleCaller(() => app);

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([newTenant(app), newTenant(app)]);
});

describe("a contact's invoices and payments", () => {
  it('lists the latest invoices and payments, refunds included, newest first; staff only; another studio’s contact is a 404', async () => {
    const student = a.users.student.id;
    const made = await call(a, 'staff', '/item/invoice', {
      contactId: student,
      items: [{ itemName: 'Retreat deposit', price: '40.00', qty: 1, isTaxable: false }],
    });
    const invoice = json<InvoiceDetail>(made);
    const paid = await call(a, 'frontdesk', `/item/invoice/${invoice.id}/payment`, {
      method: 'cash',
      amount: '40.00',
      idempotencyKey: randomUUID(),
    });
    const paymentId = json<InvoiceDetail>(paid).payments[0]?.id ?? '';
    const refunded = await call(a, 'admin', `/item/invoice/${invoice.id}/refund`, {
      paymentId,
      amount: '15.00',
      idempotencyKey: randomUUID(),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const answer = await call(a, 'frontdesk', `/item/invoice/contact/${student}`, undefined, 'GET');
    expect(answer.statusCode, answer.body).toBe(200);
    const money = json<ContactInvoices>(answer);
    expect(money.invoices[0]).toMatchObject({ id: invoice.id, invoiceId: invoice.invoiceId, total: 40, balance: 0 });
    expect(money.payments.slice(0, 2)).toMatchObject([
      { kind: 'refund', method: 'cash', amount: 15, invoiceGuId: invoice.id, invoiceId: invoice.invoiceId },
      { kind: 'payment', method: 'cash', amount: 40, invoiceGuId: invoice.id },
    ]);

    expect((await call(a, 'student', `/item/invoice/contact/${student}`, undefined, 'GET')).statusCode).toBe(403);
    expect((await call(b, 'admin', `/item/invoice/contact/${student}`, undefined, 'GET')).statusCode).toBe(404);
    const bad = await call(a, 'admin', '/item/invoice/contact/nope', undefined, 'GET');
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).message).toBe('contactId must be a contact id');
    const none = await call(a, 'admin', `/item/invoice/contact/${b.users.student.id}`, undefined, 'GET');
    expect(none.statusCode).toBe(404);
  });
});

describe("a member's own invoices (GET /item/invoice/my)", () => {
  it('lists only their own, newest first, void ones left out, a page at a time; visitors 401', async () => {
    const made = async (contactId: string, itemName: string) =>
      json<InvoiceDetail>(
        await call(b, 'admin', '/item/invoice', {
          contactId,
          items: [{ itemName, price: '12.50', qty: 1, isTaxable: false }],
        }),
      );
    const first = await made(b.users.student.id, 'Mat rental');
    const second = await made(b.users.student.id, 'Workshop');
    const voided = await made(b.users.student.id, 'Typo');
    expect((await call(b, 'admin', `/item/invoice/${voided.id}/void`, undefined, 'PUT')).statusCode).toBe(200);
    await made(b.users.staff.id, 'Someone else');

    const mine = await call(b, 'student', '/item/invoice/my', undefined, 'GET');
    expect(mine.statusCode, mine.body).toBe(200);
    const page = json<MyInvoices>(mine);
    expect(page.total).toBe(2);
    expect(page.data.map((row) => row.invoiceId)).toEqual([second.invoiceId, first.invoiceId]);
    expect(page.data[0]).toMatchObject({ publicId: second.publicId, status: 'pending', total: 12.5, balance: 12.5 });
    const paged = json<MyInvoices>(await call(b, 'student', '/item/invoice/my?offset=1&max=1', undefined, 'GET'));
    expect(paged).toMatchObject({ total: 2, data: [{ invoiceId: first.invoiceId }] });

    // a staff member sees their own (the one made for them), never the studio's
    expect(json<MyInvoices>(await call(b, 'staff', '/item/invoice/my', undefined, 'GET')).total).toBe(1);
    expect(json<MyInvoices>(await call(a, 'student', '/item/invoice/my', undefined, 'GET')).data).not.toContainEqual(
      expect.objectContaining({ publicId: first.publicId }),
    );
    expect((await call(b, null, '/item/invoice/my', undefined, 'GET')).statusCode).toBe(401);
    const bad = await call(b, 'student', '/item/invoice/my?max=500', undefined, 'GET');
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).field).toBe('querystring.max');
  });
});
