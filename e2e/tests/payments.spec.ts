import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, PASSWORD } from './helpers';
import { SHARED_PORT_WAIT_MS, whenPortFree } from './shared-ports';

// The demo tenant's Stripe account (seeded: SEED_DEMO_STRIPE_ACCOUNT in playwright.config.ts) takes
// the card on this stand-in's Checkout page, which announces the payment to the server's webhook.
// Each run pays a new demo invoice of its own: nothing else reads it.
let stub: Awaited<ReturnType<typeof startProviderStub>>;
test.beforeAll(async () => {
  test.setTimeout(SHARED_PORT_WAIT_MS);
  stub = await whenPortFree(() =>
    startProviderStub(
      {
        stripeCheckout: {
          secretKey: 'sk_test_e2e',
          accounts: ['acct_e2e_demo'],
          webhook: { url: `http://127.0.0.1:${process.env.E2E_PORT}/webhooks/stripe`, secret: 'whsec_e2e_payments' },
        },
      },
      { port: Number(process.env.E2E_PAYMENTS_STUB_PORT) },
    ),
  );
});
test.afterAll(async () => {
  await stub?.close();
});

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor pays an invoice by card on the provider’s page, comes back and sees it paid', async ({ page }) => {
  test.setTimeout(90_000);
  // The invoice is made through the API for the demo student, as a sale would be.
  await page.goto(hostUrl('demo', '/login'));
  const invoice = await page.evaluate(async (password) => {
    const post = (url: string, body: object, token?: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const login = await (await post('/login', { userId: 'staff@demo.test', password })).json();
    const token = login.access_token as string;
    const found = await fetch('/rest/contact/?autoComplete=true&q=student@demo.test', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [contact] = await found.json();
    const created = await post(
      '/item/invoice',
      { contactId: contact.id, items: [{ itemName: 'Workshop ticket', price: '25.00', isTaxable: false }] },
      token,
    );
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    return created.json();
  }, PASSWORD);

  // A visitor on a phone opens the emailed link.
  await page.context().clearCookies();
  await page.goto(hostUrl('demo', `/invoice/${invoice.publicId}`));
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceId}` })).toBeVisible();
  const pay = page.getByRole('button', { name: `Pay $${invoice.balance.toFixed(2)}` });
  await expect(pay).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
  await pay.click();

  // The provider's page (the stand-in's Checkout): a declined card first, by keyboard.
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  const card = page.getByRole('form', { name: 'Pay with card' });
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('CVC').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the tenant's page: progress until the provider's confirmation lands, then paid.
  await expect(page).toHaveURL(hostUrl('demo', `/invoice/${invoice.publicId}?payment=success`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expectAccessible(page);
  expect(stub.stripeCheckout.deliveries).toContain(200);
});
