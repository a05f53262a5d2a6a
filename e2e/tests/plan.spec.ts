import { type StripeStub, startStripeStub } from '@atrium/provider-stubs/stripe';
import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

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
  const card = page.getByRole('form', { name: 'Pay by card' });
  await card.getByRole('button', { name: /^Pay / }).click();
  for (const message of [
    'Name is required!',
    'Number is required!',
    'Month is required!',
    'Year is required!',
    'CVV is required!',
    'ZIP is required!',
  ]) {
    await expect(card.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Card number').fill('4242424242424241');
  await page.getByLabel('CVV').fill('12');
  await card.getByRole('button', { name: /^Pay / }).click();
  await expect(card.getByText('Card number is invalid')).toBeVisible();
  await expect(card.getByText('CVV is required!')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4241');

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
  // Switching back resets the card form.
  await page.getByRole('tab', { name: 'Card' }).click();
  await expect(page.getByLabel('Card number')).toHaveValue('');

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

test('a paid upgrade by card through Stripe, then a saved card is offered', async ({ page }) => {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/plan/upgrade'));
  await page.getByRole('button', { name: 'Choose Organize' }).click();
  await expect(page).toHaveURL(/\/settings\/plan\/organize\?period=monthly$/);
  await page.getByLabel('Name on card').fill('Rita Rivers');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: '12' }).click();
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear() + 3) }).click();
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('ZIP').fill('10001');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Plan updated')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/plan$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Organize Monthly Plan');
  await expect(page.getByRole('cell', { name: 'Organize Monthly Plan' })).toBeVisible();
  await expect(page.getByText('Completed')).toBeVisible();
  expect(stripe.requests.some((r) => r.path === '/v1/payment_intents' && r.idempotencyKey)).toBe(true);

  // Checkout of another plan offers the saved card, preselected, the card fields dimmed.
  await page.goto(hostUrl(ORG, '/settings/plan/expand?period=monthly'));
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await expect(page.getByLabel('Card number')).toBeDisabled();
  await page.getByRole('radio', { name: 'Other card' }).check();
  await expect(page.getByLabel('Card number')).toBeEnabled();

  // Back to the free plan, so a rerun on the same data starts where it began.
  await page.goto(hostUrl(ORG, '/settings/plan/upgrade'));
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Plan updated')).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free Plan');
});
