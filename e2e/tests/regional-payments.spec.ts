import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible, hostUrl } from './helpers';
import { newStudio, type StudioApi } from './studio-api';

// Razorpay, PhonePe and PaymentSpring on franchises of their own (rupees, its own keys), made by the demo admin for
// this run: nothing else reads it. The stand-in speaks both providers' APIs and pages on the port
// playwright.config.ts points the server at. The key pair is also the one integrations-more.spec's
// stand-in accepts, since Razorpay's key check on save goes there (or finds nothing and saves unchecked).
const RZP: [string, string] = ['rzp_test_e2eRiverside', 'rzp-e2e-secret-7788'];
const PHONEPE = { merchantId: 'E2EMERCHANT', saltKey: 'e2e-phonepe-salt-key-41c0', saltIndex: '1' };
const PAYMENTSPRING = { publicKey: 'e2e_ps_public_key_31', privateKey: 'e2e_ps_private_key_31' };
const OWNER_PASSWORD = 'Rupee-pass-1';

let stub: Awaited<ReturnType<typeof startProviderStub>>;
test.beforeAll(async () => {
  stub = await startProviderStub(
    {
      razorpay: [RZP],
      razorpayCheckout: {
        webhook: {
          url: `http://127.0.0.1:${process.env.E2E_PORT}/webhooks/razorpay`,
          secret: 'e2e_razorpay_webhook_secret',
        },
      },
      phonepe: { merchants: [PHONEPE] },
      paymentspring: { merchants: [PAYMENTSPRING] },
    },
    { port: Number(process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT) },
  );
});
test.afterAll(async () => {
  await stub?.close();
});

test.use({ viewport: { width: 390, height: 844 } });

interface Made {
  owner: StudioApi;
  invoices: Array<{ id: string; publicId: string; invoiceId: string }>;
}

/** The franchise, its payment settings in rupees (or dollars), its provider connected, and two open invoices. */
async function franchiseWithInvoices(
  request: APIRequestContext,
  orgId: string,
  provider: 'razorpay' | 'pspring' = 'razorpay',
): Promise<Made> {
  const owner = `owner@${orgId}.test`;
  const { owner: api } = await newStudio(request, {
    orgId,
    businessName: 'Rupee Yoga',
    phone: '+91 80 5555 0101',
    timezone: 'Asia/Kolkata',
    owner: { name: 'Ravi Rupee', email: owner, password: OWNER_PASSWORD },
    address: { city: 'Bengaluru', state: 'KA', zip: '560001' },
  });
  const currency = provider === 'razorpay' ? 'INR' : 'USD';
  await api.call('PUT', '/item/tenant', {
    defaultCurrency: currency,
    currencies: [currency],
    taxPercent: 0,
    cardFees: 0,
  });
  const [apiKey, secretKey] = provider === 'razorpay' ? RZP : [PAYMENTSPRING.publicKey, PAYMENTSPRING.privateKey];
  await api.call('PUT', `/item/tenant/${provider}`, {
    testApiKey: apiKey,
    testSecretKey: secretKey,
    isTestMode: true,
    isProviderIntegrated: true,
  });
  const [contact] = await api.call<{ id: string }[]>('GET', `/rest/contact/?autoComplete=true&q=${owner}`);
  if (!contact) throw new Error('the owner has no contact');
  const invoices: Made['invoices'] = [];
  for (const name of ['Teacher training deposit', 'Retreat deposit']) {
    invoices.push(
      await api.call('POST', '/item/invoice', {
        contactId: contact.id,
        items: [{ itemName: name, price: '40.00', isTaxable: false }],
      }),
    );
  }
  return { owner: api, invoices };
}

test('a visitor pays one invoice through Razorpay’s page and another through PhonePe’s, and sees each paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const orgId = `rupee${Date.now().toString(36)}`;
  const { owner, invoices } = await franchiseWithInvoices(request, orgId);
  const [first, second] = invoices as [Made['invoices'][0], Made['invoices'][0]];

  // Razorpay: a visitor on a phone opens the emailed link.
  await page.context().clearCookies();
  await page.goto(hostUrl(orgId, `/invoice/${first.publicId}`));
  const pay = page.getByRole('button', { name: 'Pay ₹40.00' });
  await expect(pay).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
  await pay.click();

  // Razorpay's checkout (the stand-in): card and netbanking, no UPI or wallet; a declined card first.
  await expect(page).toHaveURL(/\/v1\/checkout\/embedded$/);
  await expect(page.getByRole('form', { name: 'Pay by netbanking' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'UPI' })).toHaveCount(0);
  const card = page.getByRole('form', { name: 'Pay by card' });
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await card.getByLabel('CVV').fill('123');
  await card.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert')).toHaveText('Your payment has been declined by your bank.');
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await card.getByLabel('CVV').fill('123');
  await card.getByRole('button', { name: /^Pay / }).click();

  // Razorpay posts its signed answer to the server, which records the payment and sends the buyer on.
  await expect(page).toHaveURL(hostUrl(orgId, `/invoice/${first.publicId}?payment=success`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('invoice-balance')).toHaveText('₹0.00');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expectAccessible(page);
  await expect.poll(() => stub.razorpayCheckout.deliveries.length).toBe(2);
  expect(stub.razorpayCheckout.deliveries).toEqual([200, 200]);

  // The studio switches to PhonePe (Settings > Integrations saves it as the current provider).
  await owner.call('PUT', '/item/tenant/phonepe', { ...PHONEPE, isProviderIntegrated: true });

  await page.goto(hostUrl(orgId, `/invoice/${second.publicId}`));
  await page.getByRole('button', { name: 'Pay ₹40.00' }).click();
  await expect(page).toHaveURL(/\/pg\/pay\//);
  await expect(page.getByTestId('checkout-amount')).toHaveText('₹40.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay ₹40.00' }).click();

  // Back with PhonePe's transaction: the page asks the confirm route, which asks PhonePe.
  await expect(page).toHaveURL(new RegExp(`/invoice/${second.publicId}\\?payment=success&phonepe=`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('invoice-balance')).toHaveText('₹0.00');
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
});

test('a visitor pays by card on the invoice page itself through PaymentSpring, and the desk charges a card too', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const orgId = `spring${Date.now().toString(36)}`;
  const { invoices } = await franchiseWithInvoices(request, orgId, 'pspring');
  const [first, second] = invoices as [Made['invoices'][0], Made['invoices'][0]];
  // Every request the browser makes: the card may go to PaymentSpring's token URL and nowhere else.
  const sent: Array<{ url: string; body: string }> = [];
  page.on('request', (sentRequest) => sent.push({ url: sentRequest.url(), body: sentRequest.postData() ?? '' }));

  await page.context().clearCookies();
  // Sent here by another screen (?payment=card), the form opens by itself; Cancel closes it for good.
  await page.goto(hostUrl(orgId, `/invoice/${first.publicId}?payment=card`));
  const form = page.getByRole('region', { name: 'Pay by card' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Name on card')).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(page).toHaveURL(hostUrl(orgId, `/invoice/${first.publicId}`));
  await page.waitForTimeout(500);
  await expect(form).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(form).toBeVisible();
  await expectAccessible(page);
  // Checked on the page first, in the spec's words for the owner.
  await form.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(form.getByText('Card owner name is required')).toBeVisible();
  await expect(form.getByLabel('Name on card')).toBeFocused();
  await form.getByLabel('Name on card').fill('Pat Buyer');
  await form.getByLabel('Card number').fill('4000000000000002');
  await expect(form.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(form.getByRole('alert')).toContainText('The card was declined.');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay $40.00' }).click();

  await expect(page).toHaveURL(hostUrl(orgId, `/invoice/${first.publicId}?payment=success`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
  expect([...stub.paymentspring.charges.values()].map((c) => c.amount)).toEqual([4000]);

  // The owner charges the second invoice's card from the desk's invoice screen.
  await page.goto(hostUrl(orgId, '/login'));
  await page.getByLabel('Email').fill(`owner@${orgId}.test`);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(hostUrl(orgId, `/invoices/${second.id}`));
  await page.getByRole('button', { name: 'Pay by card' }).click();
  const desk = page.getByRole('region', { name: 'Pay by card' });
  await desk.getByLabel('Name on card').fill('Sam Member');
  await desk.getByLabel('Card number').fill('4111 1111 1111 1111');
  await desk.getByLabel('Expiry (MM / YY)').fill('0130');
  await desk.getByLabel('Security code').fill('4321');
  await expectAccessible(page);
  await desk.getByRole('button', { name: 'Charge $40.00' }).click();
  await expect(page).toHaveURL(hostUrl(orgId, `/invoices/${second.id}?payment=success`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Pay by card' })).toHaveCount(0);
  expect([...stub.paymentspring.charges.values()].map((c) => c.amount)).toEqual([4000, 4000]);
  // Every card typed (the declined one, the buyer's, the desk's) went to PaymentSpring's token URL and nowhere else.
  const cards = ['4000000000000002', '4242424242424242', '4111111111111111'];
  const carrying = sent.filter((r) => {
    const seen = `${r.url} ${r.body}`.replace(/[\s-]|%20/g, '');
    return cards.some((card) => seen.includes(card));
  });
  expect(carrying.length).toBe(3);
  expect(new Set(carrying.map((r) => new URL(r.url).pathname))).toEqual(new Set(['/api/v1/tokens']));
});
