import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { invoicePayments, invoices } from '../../db/schema/index.ts';

/** Concurrency on the real database: PostgreSQL when TEST_DATABASE_URL is set (PGlite runs them one at a time). */
let app: App;
let tenant: TestTenant;
let headers: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await newTenant(app);
  headers = bearer((await loginAs(app, tenant, 'staff')).access_token, tenant.host);
});

const create = () =>
  app.inject({
    method: 'POST',
    url: '/item/invoice',
    headers,
    payload: { contactId: tenant.users.student.id, items: [{ itemName: 'Mat', price: '108.00', isTaxable: false }] },
  });

describe('under concurrency', () => {
  it('20 concurrent creates take 20 consecutive numbers, no gap, no duplicate', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, create));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const numbers = responses.map((response) => json<any>(response).number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0] + i));
    const stored = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.tenantId, tenant.tenantId)),
    );
    expect(new Set(stored.map((row) => row.number)).size).toBe(stored.length);
  });

  it('the same idempotency key sent 20 times at once records exactly one payment', async () => {
    const invoice = json<any>(await create());
    const payload = { method: 'cash', amount: '40.00', idempotencyKey: `same-key-${invoice.id}` };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'POST', url: `/item/invoice/${invoice.id}/payment`, headers, payload }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(json<any>(response)).toMatchObject({ amountPaid: 40, balance: 68, status: 'partial' });
    }
    const rows = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.tenantId, tenant.tenantId), eq(invoicePayments.invoiceId, invoice.id))),
    );
    expect(rows).toHaveLength(1);
  });

  it('20 different payments at once never take more than the balance', async () => {
    const invoice = json<any>(await create());
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/item/invoice/${invoice.id}/payment`,
          headers,
          payload: { method: 'cash', amount: '10.00', idempotencyKey: `split-${invoice.id}-${i}` },
        }),
      ),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok).toHaveLength(10);
    const final = json<any>(await app.inject({ method: 'GET', url: `/item/invoice/${invoice.id}`, headers }));
    expect(final).toMatchObject({ amountPaid: 100, balance: 8, status: 'partial' });
  });
});
