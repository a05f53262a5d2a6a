import { randomUUID } from 'node:crypto';
import type { Offer } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { recordPayment, recordPaymentFailure, refundPayment } from './invoice-payments.service.ts';
import { createInvoice, type InvoiceLineInput } from './invoices.service.ts';

/** The service functions checkout, payment webhooks and memberships call, used directly. */
let app: App;
let tenant: TestTenant;
let context: TenantContext;

const line = (over: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  id: 'l1',
  guId: randomUUID(),
  kind: 'product',
  name: 'Mat',
  unitPrice: 5000,
  quantity: 2,
  isTaxable: false,
  isChargeCreditCardFees: true,
  ...over,
});

const offer = (over: Partial<Offer> = {}): Offer => ({
  offerCode: 'spring',
  status: 'ACTIVE',
  offerType: 'flat',
  discountType: 'percentage',
  discount: 1000,
  itemType: 'item',
  ...over,
});

const run = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(app.platform.db, tenant.tenantId, fn);

beforeAll(async () => {
  app = await startTestApp();
  tenant = await newTenant(app);
  context = (await app.platform.tenants.byOrgId(tenant.orgId)) as TenantContext;
});

describe('createInvoice', () => {
  it('applies an offer the caller looked up, and keeps the line snapshot with its catalogue id', async () => {
    const item = line();
    const invoice = await run((tx) =>
      createInvoice(tx, context, {
        contactId: tenant.users.student.id,
        lines: [item],
        paymentMethod: 'cash',
        offer: offer(),
        now: new Date(),
      }),
    );
    expect(invoice).toMatchObject({
      subtotal: 10000,
      discount: 1000,
      total: 9000,
      offerCode: 'spring',
      status: 'pending',
    });
    const token = (await loginAs(app, tenant, 'staff')).access_token;
    const detail = json<any>(
      await app.inject({ method: 'GET', url: `/item/invoice/${invoice.id}`, headers: bearer(token, tenant.host) }),
    );
    expect(detail.items[0]).toMatchObject({ itemId: item.guId, itemName: 'Mat', discount: 10, itemTotal: 90 });
  });

  it('a refused code is a 400 on offerCode and writes nothing', async () => {
    await expect(
      run((tx) =>
        createInvoice(tx, context, {
          contactId: tenant.users.student.id,
          lines: [line()],
          paymentMethod: 'cash',
          offer: offer({ status: 'DISABLED' }),
          now: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, field: 'offerCode', message: "Offer code 'spring' is invalid." });
  });
});

describe('payments from a provider', () => {
  it('failed, then paid by card; the provider refund goes through the service, the desk refuses it', async () => {
    const invoice = await run((tx) =>
      createInvoice(tx, context, { contactId: tenant.users.student.id, lines: [line()], paymentMethod: 'credit_card' }),
    );
    expect(invoice.cardFee).toBe(0); // the tenant's card fee rate is 0 here
    const failed = await run((tx) => recordPaymentFailure(tx, context, invoice.id));
    expect(failed).toMatchObject({ statusChanged: true, invoice: { status: 'failed' } });
    const key = `invoice:${invoice.id}:charge:1`;
    /** The card charge as Stripe's webhook records it, under the same key each time it is delivered. */
    const chargeSucceeded = () =>
      run((tx) =>
        recordPayment(tx, context, invoice.id, {
          method: 'credit_card',
          amount: 10000,
          idempotencyKey: key,
          provider: 'stripe',
          providerRef: 'pi_123',
        }),
      );
    const paid = await chargeSucceeded();
    expect(paid).toMatchObject({ replayed: false, statusChanged: true, invoice: { status: 'complete', balance: 0 } });
    // the webhook delivered twice: same key, nothing more
    const again = await chargeSucceeded();
    expect(again).toMatchObject({ replayed: true, payment: { id: paid.payment.id } });

    const token = (await loginAs(app, tenant, 'admin')).access_token;
    const desk = await app.inject({
      method: 'POST',
      url: `/item/invoice/${invoice.id}/refund`,
      headers: bearer(token, tenant.host),
      payload: { paymentId: paid.payment.id, idempotencyKey: randomUUID() },
    });
    // a card payment is refunded through its provider: none is connected here, so nothing is recorded
    expect(desk.statusCode).toBe(503);
    expect(json<any>(desk).errors.code).toBe('payments_unavailable');

    const refunded = await run((tx) =>
      refundPayment(tx, context, invoice.id, {
        paymentId: paid.payment.id,
        amount: 2500,
        idempotencyKey: `refund:${paid.payment.id}:1`,
        providerRef: 're_1',
      }),
    );
    expect(refunded).toMatchObject({
      invoice: { status: 'complete', amountRefunded: 2500 },
      payment: { kind: 'refund', refundOf: paid.payment.id, provider: 'stripe', providerRef: 're_1' },
    });
    // a void invoice or a complete one records no failure
    expect((await run((tx) => recordPaymentFailure(tx, context, invoice.id))).statusChanged).toBe(false);
  });
});
