import type { ContactCards, ContactDetail } from '@atrium/contracts';
import { type ProviderStub, type StubCustomer, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { connectStripeAccount } from '../../../test/saved-card-app.ts';
import type { App } from '../../app.ts';
import { createContactVia, denyFrontDeskContacts, errorOf } from './contact-fixtures.ts';

const PLATFORM_KEY = 'sk_test_PLATFORM_cards_81f2';
const ACCOUNT_A = 'acct_1CardsA';
const ACCOUNT_C = 'acct_1CardsC';

let app: App;
let stub: ProviderStub;
let a: TestTenant;
let b: TestTenant;
let c: TestTenant;
let adminA: string;
let deskA: string;
let studentA: string;
let adminB: string;
let adminC: string;
let paula: ContactDetail;
let other: ContactDetail;
let plain: ContactDetail;
let contactB: ContactDetail;
let carlaC: ContactDetail;
/** The connected accounts' customers: the tests read what `detach` left. */
const customers: Record<string, StubCustomer[]> = {};

function call(method: 'GET' | 'DELETE', url: string, token: string, tenant: TestTenant) {
  return app.inject({ method, url, headers: bearer(token, tenant.host) });
}
const cardsOf = (contact: ContactDetail) => `/item/contact/${contact.guId}/card?provider=stripe`;

beforeAll(async () => {
  stub = await startProviderStub({
    stripe: {
      secretKey: PLATFORM_KEY,
      codes: {
        ac_cards_a: { stripeUserId: ACCOUNT_A, accessToken: 'sk_test_connected_a', livemode: false },
        ac_cards_c: { stripeUserId: ACCOUNT_C, accessToken: 'sk_test_connected_c', livemode: false },
      },
      customers,
    },
  });
  app = await startTestApp({
    platformBilling: {
      stripeSecretKey: PLATFORM_KEY,
      stripePublishableKey: 'pk_test_platform',
      stripeApiBase: stub.url,
      contactUrl: 'https://atrium.example/contact',
    },
    oauthApps: {
      ...(await import('../../config.ts')).loadConfig({}).oauthApps,
      stripeConnect: { clientId: 'ca_test_cards', authorizeUrl: 'https://connect.stripe.com' },
    },
  });
  [a, b, c] = await Promise.all([newTenant(app), newTenant(app), newTenant(app)]);
  adminA = (await loginAs(app, a, 'admin')).access_token;
  deskA = (await loginAs(app, a, 'frontdesk')).access_token;
  studentA = (await loginAs(app, a, 'student')).access_token;
  adminB = (await loginAs(app, b, 'admin')).access_token;
  adminC = (await loginAs(app, c, 'admin')).access_token;
  paula = await createContactVia(app, a, adminA, { firstName: 'Paula', email: 'paula@cards.test' });
  other = await createContactVia(app, a, adminA, { firstName: 'Otto', email: 'otto@cards.test' });
  plain = await createContactVia(app, a, adminA, { firstName: 'Nina', email: 'nina@cards.test' });
  contactB = await createContactVia(app, b, adminB, { firstName: 'Bruno', email: 'paula@cards.test' });
  carlaC = await createContactVia(app, c, adminC, { firstName: 'Carla', email: 'paula@cards.test' });
  customers[ACCOUNT_A] = [
    {
      id: 'cus_A1',
      email: 'paula@cards.test',
      defaultPaymentMethod: 'pm_visa',
      cards: [
        { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
        { id: 'pm_amex', brand: 'amex', last4: '0005', expMonth: 12, expYear: 2029 },
      ],
    },
    {
      id: 'cus_A2',
      email: 'paula@cards.test',
      cards: [{ id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2030 }],
    },
    {
      id: 'cus_Otto',
      email: 'otto@cards.test',
      cards: [{ id: 'pm_otto', brand: 'discover', last4: '1117', expMonth: 6, expYear: 2032 }],
    },
  ];
  customers[ACCOUNT_C] = [
    {
      id: 'cus_C1',
      email: 'paula@cards.test',
      cards: [{ id: 'pm_carla', brand: 'visa', last4: '1881', expMonth: 2, expYear: 2033 }],
    },
  ];
  await connectStripeAccount(app, a, 'ac_cards_a');
  await connectStripeAccount(app, c, 'ac_cards_c');
});
afterAll(async () => {
  await stub.close();
});

describe('GET /item/contact/{id}/card', () => {
  it("lists the contact's cards of every customer with its email, display data only", async () => {
    const before = stub.requests.length;
    const response = await call('GET', cardsOf(paula), adminA, a);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<ContactCards>(response)).toEqual({
      provider: 'stripe',
      cards: [
        { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: true },
        { id: 'pm_amex', brand: 'amex', last4: '0005', expMonth: 12, expYear: 2029, isDefault: false },
        { id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2030, isDefault: false },
      ],
    });
    // Nothing else of Stripe's objects crosses (customer ids, funding, billing details).
    expect(response.body).not.toMatch(/cus_|funding|billing_details|email/);
    // On behalf of the tenant's connected account, with the platform's key, by the contact's email.
    const sent = stub.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/customers?email=paula%40cards.test&limit=10',
      'GET /v1/customers/cus_A1/payment_methods?type=card&limit=100',
      'GET /v1/customers/cus_A2/payment_methods?type=card&limit=100',
    ]);
    for (const r of sent) {
      expect(r.stripeAccount).toBe(ACCOUNT_A);
      expect(r.authorization).toBe(`Bearer ${PLATFORM_KEY}`);
    }
  });

  it('answers no cards for a contact without a customer, and provider defaults to stripe', async () => {
    expect(json<ContactCards>(await call('GET', cardsOf(plain), deskA, a))).toEqual({ provider: 'stripe', cards: [] });
    const noQuery = await call('GET', `/item/contact/${plain.guId}/card`, adminA, a);
    expect(json<ContactCards>(noQuery)).toEqual({ provider: 'stripe', cards: [] });
  });

  it('answers an empty list with provider null when the tenant has no Stripe connection', async () => {
    const before = stub.requests.length;
    const response = await call('GET', cardsOf(contactB), adminB, b);
    expect(response.statusCode).toBe(200);
    expect(json<ContactCards>(response)).toEqual({ provider: null, cards: [] });
    expect(stub.requests.length).toBe(before);
  });

  it('refuses a provider other than stripe (400 on provider) and a malformed contact id', async () => {
    for (const provider of ['razorpay', 'paypal', '']) {
      const response = await call('GET', `/item/contact/${paula.guId}/card?provider=${provider}`, adminA, a);
      expect(response.statusCode, provider).toBe(400);
      expect(errorOf(response.body).field).toBe('querystring.provider');
    }
    const bad = await call('GET', '/item/contact/not-a-uuid/card?provider=stripe', adminA, a);
    expect(bad.statusCode).toBe(400);
  });
});

describe('DELETE /item/contact/{id}/card/{cardId}', () => {
  it("detaches one of the contact's cards at the connected account", async () => {
    const before = stub.requests.length;
    const response = await call('DELETE', `/item/contact/${paula.guId}/card/pm_amex`, deskA, a);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ message: string }>(response).message).toBe('Card removed.');
    const detach = stub.requests.slice(before).filter((r) => r.method === 'POST');
    expect(detach).toMatchObject([{ path: '/v1/payment_methods/pm_amex/detach', stripeAccount: ACCOUNT_A }]);
    const after = json<ContactCards>(await call('GET', cardsOf(paula), adminA, a));
    expect(after.cards.map((card) => card.id)).toEqual(['pm_visa', 'pm_mc']);
  });

  it("does not detach another contact's card, nor an unknown one (404, nothing detached)", async () => {
    const before = stub.requests.length;
    for (const cardId of ['pm_otto', 'pm_amex', 'pm_unknown', 'pm_carla']) {
      const response = await call('DELETE', `/item/contact/${paula.guId}/card/${cardId}`, adminA, a);
      expect(response.statusCode, cardId).toBe(404);
    }
    expect(stub.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
    expect(customers[ACCOUNT_A]?.find((cu) => cu.id === 'cus_Otto')?.cards).toHaveLength(1);
    const otto = json<ContactCards>(await call('GET', cardsOf(other), adminA, a));
    expect(otto.cards.map((card) => `${card.brand} ${card.last4}`)).toEqual(['discover 1117']);
  });

  it('is a 404 without a Stripe connection and a 400 on a malformed card id', async () => {
    expect((await call('DELETE', `/item/contact/${contactB.guId}/card/pm_visa`, adminB, b)).statusCode).toBe(404);
    const bad = await call('DELETE', `/item/contact/${paula.guId}/card/nope`, adminA, a);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('params.cardId');
  });
});

describe('permissions and tenancy', () => {
  it("is for staff with 'manage contacts': a member is refused, a front desk without the right too", async () => {
    expect((await call('GET', cardsOf(paula), studentA, a)).statusCode).toBe(403);
    expect((await call('DELETE', `/item/contact/${paula.guId}/card/pm_visa`, studentA, a)).statusCode).toBe(403);
    const anonymous = await app.inject({ url: cardsOf(paula), headers: { host: a.host } });
    expect(anonymous.statusCode).toBe(401);
    const d = await newTenant(app);
    const adminD = (await loginAs(app, d, 'admin')).access_token;
    const deskD = (await loginAs(app, d, 'frontdesk')).access_token;
    await denyFrontDeskContacts(app, d, adminD);
    const desk = await createContactVia(app, d, adminD, { firstName: 'Dora' });
    expect((await call('GET', cardsOf(desk), deskD, d)).statusCode).toBe(403);
    // The right is checked before the query: no 400 tells a caller without it anything.
    expect((await call('GET', `/item/contact/${desk.guId}/card?provider=x`, deskD, d)).statusCode).toBe(403);
    expect((await call('DELETE', `/item/contact/${desk.guId}/card/nope`, deskD, d)).statusCode).toBe(403);
    expect(customers[ACCOUNT_A]?.find((cu) => cu.id === 'cus_A1')?.cards.map((x) => x.id)).toEqual(['pm_visa']);
  });

  it("answers 404 for another tenant's contact, and each tenant reads only its own account", async () => {
    const before = stub.requests.length;
    expect((await call('GET', cardsOf(carlaC), adminA, a)).statusCode).toBe(404);
    expect((await call('DELETE', `/item/contact/${carlaC.guId}/card/pm_carla`, adminA, a)).statusCode).toBe(404);
    expect((await call('GET', cardsOf(paula), adminC, c)).statusCode).toBe(404);
    expect(stub.requests.length).toBe(before);
    // Same email in tenant C: its own connected account's cards only.
    const cCards = json<ContactCards>(await call('GET', cardsOf(carlaC), adminC, c));
    expect(cCards.cards.map((card) => card.id)).toEqual(['pm_carla']);
    expect(stub.requests.slice(before).every((r) => r.stripeAccount === ACCOUNT_C)).toBe(true);
    // Tenant A cannot detach tenant C's card through its own contact with the same email.
    expect((await call('DELETE', `/item/contact/${paula.guId}/card/pm_carla`, adminA, a)).statusCode).toBe(404);
    expect(customers[ACCOUNT_C]?.[0]?.cards).toHaveLength(1);
  });
});
