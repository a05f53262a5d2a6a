import { randomUUID } from 'node:crypto';
import type { CourseDetail, PublicCheckoutResult } from '@atrium/contracts';
import { type ProviderStub, type StripeCheckoutOptions, startProviderStub } from '@atrium/provider-stubs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { stripeConnectConfig } from '../../../test/provider-config.ts';
import { connectStripeAccount } from '../../../test/saved-card-app.ts';
import { deliverStripeEvent } from '../../../test/stripe-webhook.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, courseEnrolments } from '../../db/schema/index.ts';

// A visitor buys a paid course online, end to end: the public cart's checkout makes a pending
// invoice, the card is paid on Stripe's stand-in, and the webhook — delivered again and again, and
// ten times at once — enrols the buyer exactly once.

const PLATFORM_KEY = 'sk_test_PLATFORM_courses_41c9';
const WEBHOOK_SECRET = 'whsec_test_courses';
const ACCOUNT = 'acct_1Courses';

let app: App;
let stub: ProviderStub;
let t: TestTenant;
let admin: string;
const checkout: StripeCheckoutOptions = { secretKey: PLATFORM_KEY, accounts: [] };

const deliver = (payload: string) => deliverStripeEvent(app, WEBHOOK_SECRET, payload);

async function adminCall(method: string, url: string, payload?: object) {
  return app.inject({ method: method as 'POST', url, headers: bearer(admin, t.host), payload });
}

beforeAll(async () => {
  stub = await startProviderStub({
    stripe: {
      secretKey: PLATFORM_KEY,
      codes: { ac_courses: { stripeUserId: ACCOUNT, accessToken: 'sk_test_connected_courses', livemode: false } },
    },
    stripeCheckout: checkout,
  });
  app = await startTestApp(
    stripeConnectConfig(stub.url, {
      secretKey: PLATFORM_KEY,
      publishableKey: 'pk_test_c',
      clientId: 'ca_test_courses',
      webhookSecret: WEBHOOK_SECRET,
    }),
  );
  t = await newTenant(app);
  admin = (await loginAs(app, t, 'admin')).access_token;
  await connectStripeAccount(app, t, 'ac_courses');
});

afterAll(async () => {
  await stub?.close();
});

describe('buying a course online', () => {
  it('enrols the buyer once however often, and however concurrently, the payment event arrives', async () => {
    let course = json<CourseDetail>(
      await adminCall('POST', '/stemplate/program', { name: 'Online yoga', pricing: 'paid', priceMinor: 3000 }),
    );
    const base = `/stemplate/program/${course.guId}`;
    course = json<CourseDetail>(await adminCall('POST', `${base}/section`, { title: 'S' }));
    await adminCall('POST', `${base}/section/${course.sections[0]?.guId}/chapter`, {
      title: 'C',
      type: 'text',
      html: '<p>c</p>',
    });
    expect((await adminCall('PUT', `${base}/status`, { status: 'published' })).statusCode).toBe(200);

    const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
    const placed = await app.inject({
      method: 'POST',
      url: '/item/checkout/public',
      headers: { host: t.host },
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        phone: '+1 555 0100',
        address: '1 Main St',
        items: [{ guId: course.itemId, qty: 1 }],
        idempotencyKey: `order-${randomUUID()}`,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = json<PublicCheckoutResult>(placed);
    expect(order).toMatchObject({ status: 'pending', total: 30 });

    const started = await app.inject({
      method: 'POST',
      url: `/item/invoice/${order.publicId}/publicpayment`,
      headers: { host: t.host },
    });
    expect(started.statusCode, started.body).toBe(200);
    const payload = await stub.stripeCheckout.pay(json<{ url: string }>(started).url.split('/c/pay/')[1] ?? '');
    const enrolled = () =>
      withTenant(app.platform.db, t.tenantId, async (tx) => {
        const [buyer] = await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.tenantId, t.tenantId), eq(contacts.email, email)));
        return tx
          .select()
          .from(courseEnrolments)
          .where(and(eq(courseEnrolments.tenantId, t.tenantId), eq(courseEnrolments.contactId, buyer?.id as string)));
      });
    expect(await enrolled()).toEqual([]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (let i = 0; i < 3; i++) expect((await deliver(payload)).statusCode).toBe(200);
    const rows = await enrolled();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ courseId: course.guId, source: 'purchase' });
    expect(rows[0]?.invoiceId).not.toBeNull();
  });
});
