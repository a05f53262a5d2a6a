import { type StripeStub, startStripeStub } from '@atrium/provider-stubs/stripe';
import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn, PASSWORD } from './helpers';

// riverside: no other spec reads its plan. Another spec may switch its country to India for a
// while, so prices are checked against either list (USD or INR, spec 2 §9).
const ORG = 'riverside';

// The server's platform Stripe account points here (playwright.config.ts, E2E_STRIPE_STUB_PORT).
let stripe: StripeStub;
test.beforeAll(async () => {
  stripe = await startStripeStub({ port: Number(process.env.E2E_STRIPE_STUB_PORT), secretKey: 'sk_test_e2e' });
});
test.afterAll(async () => {
  await stripe?.close();
});

test('the plan page shows the free plan and its payments table', async ({ page }) => {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/plan'));
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free Plan');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
  await page.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/settings\/plan\/upgrade$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Plan' })).toBeVisible();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/plan$/);
});

test('upgrade toggles monthly and yearly prices, checks the card and bank forms, and the free plan asks first', async ({
  page,
}) => {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/plan/upgrade'));
  const organize = page.getByTestId('plan-price-organize');
  await expect(organize).toHaveText(/^(\$25|₹2,945) \/ month$/);
  await expect(page.getByTestId('plan-price-leap')).toHaveText(/^(\$129|₹9,498) \/ month$/);
  await expect(page.getByTestId('plan-card-free').getByText('Current plan')).toBeVisible();
  await page.getByText('Yearly', { exact: true }).click();
  await expect(organize).toHaveText(/^(\$300|₹30,941) \/ year$/);
  await expect(page.getByTestId('plan-price-expand')).toHaveText(/^(\$660|₹48,620) \/ year$/);
  // The free plan is still the current one in the yearly list.
  await expect(page.getByTestId('plan-card-free').getByText('Current plan')).toBeVisible();
  // The top tier opens the platform's contact page in a new tab.
  const contact = page.getByRole('link', { name: /Contact us/ });
  await expect(contact).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Choose Organize' }).click();
  await expect(page).toHaveURL(/\/settings\/plan\/organize\?period=yearly$/);
  await expect(page.getByRole('heading', { name: 'Organize' })).toBeVisible();
  // A new card is typed on the provider's own page: this page has no card fields at all.
  const card = page.getByRole('form', { name: 'Pay by card' });
  await expect(card.getByText(/secure page/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(card.getByRole('checkbox', { name: 'Save this card for next time' })).toBeChecked();
  await expect(card.getByRole('button', { name: 'Continue to card payment' })).toBeVisible();

  await page.getByRole('tab', { name: 'Bank' }).click();
  const bank = page.getByRole('form', { name: 'Pay by bank draft' });
  await expect(bank.getByRole('combobox', { name: 'Bank Account Type' })).toHaveValue('Checking');
  await bank.getByRole('button', { name: /^Pay / }).click();
  for (const message of [
    'First Name is required!',
    'Last Name is required!',
    'Bank Account Number is required!',
    'Bank Routing Number is required!',
  ]) {
    await expect(bank.getByText(message)).toBeVisible();
  }
  // Switching tabs resets the bank form.
  await page.getByRole('tab', { name: 'Card' }).click();
  await page.getByRole('tab', { name: 'Bank' }).click();
  await expect(bank.getByText('First Name is required!')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Card' }).click();

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/plan\/upgrade$/);
  await page.getByRole('button', { name: 'Choose Free' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('You miss the valuable features, Are you sure you want free plan?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Plan updated')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/plan$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free Plan');
});

test('a paid upgrade with a card typed on the provider’s page, then the saved card is offered', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/plan/upgrade'));
  await page.getByRole('button', { name: 'Choose Organize' }).click();
  await expect(page).toHaveURL(/\/settings\/plan\/organize\?period=monthly$/);
  await page.getByRole('button', { name: 'Continue to card payment' }).click();

  // Stripe's hosted page (the local stand-in): the card is typed there, a decline first
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/setup/cs_test_`));
  await page.getByLabel('Name on card').fill('Rita Rivers');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page
    .getByLabel('Expiration (MM / YY)')
    .fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiration (MM / YY)')
    .fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();

  // back on the studio's site: the saved card pays the plan
  await expect(page.getByText('Plan updated')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/plan$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Organize Monthly Plan');
  await expect(page.getByRole('cell', { name: 'Organize Monthly Plan' })).toBeVisible();
  await expect(page.getByText('Completed')).toBeVisible();
  expect(stripe.requests.some((r) => r.path === '/v1/payment_intents' && r.idempotencyKey)).toBe(true);
  // no card number ever went from the platform to Stripe: it was typed on Stripe's page
  expect(stripe.requests.some((r) => JSON.stringify(r.form).includes('4242424242424242'))).toBe(false);

  // Checkout of another plan offers the saved card, preselected; 'Other card' goes to the provider's page.
  await page.goto(hostUrl(ORG, '/settings/plan/expand?period=monthly'));
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  await page.getByRole('radio', { name: 'Other card' }).check();
  await expect(page.getByRole('button', { name: 'Continue to card payment' })).toBeVisible();

  // Back to the free plan, so a rerun on the same data starts where it began.
  await page.goto(hostUrl(ORG, '/settings/plan/upgrade'));
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Plan updated')).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free Plan');
});

test('an invoice name in the payments table opens its receipt; an invoice id there opens the invoice', async ({
  page,
  request,
}) => {
  // A plan payment made over the API (a card as Stripe.js hands one over), then back to free.
  const api = (path: string) => `http://127.0.0.1:${process.env.E2E_PORT}${path}`;
  const host = { host: `${ORG}.localhost:${process.env.E2E_PORT}` };
  const login = await request.post(api('/login'), {
    headers: host,
    data: { userId: 'admin@riverside.test', password: PASSWORD },
  });
  const { access_token: token, contact } = (await login.json()) as { access_token: string; contact: { guId: string } };
  const headers = { ...host, authorization: `Bearer ${token}` };
  const checkout = async () =>
    ((await (await request.get(api('/rest/tenantPayment/master'), { headers })).json()) as { token: string }).token;
  const paid = await request.put(api('/rest/subscription'), {
    headers,
    data: { planName: 'expand_monthly_plan', payment: { type: 'card', nonce: 'tok_visa', token: await checkout() } },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const free = await request.put(api('/rest/subscription'), {
    headers,
    data: { planName: 'free_plan', payment: { nonce: 'na', type: 'na', amount: 0 } },
  });
  expect(free.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/plan'));
  // newest first: the payment just made
  await page.getByRole('link', { name: 'Expand Monthly Plan' }).first().click();
  await expect(page).toHaveURL(/\/reports\/sales\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Expand Monthly Plan', level: 1 })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveText(/^(\$65\.00|₹4,786\.00)$/);
  await expect(page.getByText('Completed')).toBeVisible();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // The same address with one of the studio's invoices goes on to the invoice screen.
  const invoice = await request.post(api('/item/invoice'), {
    headers,
    data: {
      contactId: contact.guId,
      items: [{ itemName: 'Sale page check', price: '5.00', qty: 1, isTaxable: false }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const { id } = (await invoice.json()) as { id: string };
  await page.goto(hostUrl(ORG, `/reports/sales/${id}`));
  await expect(page).toHaveURL(new RegExp(`/invoices/${id}$`));
  await page.goto(hostUrl(ORG, '/reports/sales/00000000-0000-4000-8000-000000000000'));
  await expect(page.getByRole('heading', { name: 'Sale not found' })).toBeVisible();
});
