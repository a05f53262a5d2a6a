import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

// riverside: no other spec touches its integrations.
const ORG = 'riverside';
const BREVO_KEY = 'xkeysib-e2e-riverside-0001';

/**
 * The providers' APIs, as far as the credential checks use them, on the port playwright.config.ts
 * points the server at (E2E_PROVIDER_STUB_PORT). Brevo: GET /v3/account with the api-key header.
 */
let stub: Server;
test.beforeAll(async () => {
  stub = createServer((req, res) => {
    const ok = req.method === 'GET' && req.url === '/v3/account' && req.headers['api-key'] === BREVO_KEY;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? { email: 'owner@riverside.test', companyName: 'Riverside Yoga' }
          : { code: 'unauthorized', message: 'Key not found' },
      ),
    );
  });
  await new Promise<void>((resolve) => stub.listen(Number(process.env.E2E_PROVIDER_STUB_PORT), '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

test('PaymentSpring keys: the test-mode rule, the green check, disconnect with the confirm', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/integrations'));
  const hub = page.getByRole('region', { name: 'Third Party Settings' });
  await expect(hub.getByRole('heading', { name: 'SMS Marketing' })).toBeVisible();
  await expect(hub.getByRole('link', { name: 'Nelnet', exact: true })).toBeVisible();
  await hub.getByRole('link', { name: 'Nelnet', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider\?provider=1$/);
  await expect(page.getByRole('heading', { name: 'Payment Spring' })).toBeVisible();

  await page.getByLabel('Test Public Key').fill('pk_test_riverside');
  await page.getByLabel('Test Private Key').fill('sk_test_riverside_secret_0042');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Test mode should be on' })).toBeVisible();
  await expect(page).toHaveURL(/provider=1$/);

  await page.getByLabel('Test mode').check();
  await expect(page.getByText('Test mode should be on')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(hub.getByRole('link', { name: 'Nelnet (integrated)' })).toBeVisible();

  // The stored secret comes back masked: only its last four characters.
  await hub.getByRole('link', { name: 'Nelnet (integrated)' }).click();
  const secret = page.getByLabel('Test Private Key');
  await expect(secret).toHaveValue('');
  await expect(secret).toHaveAttribute('placeholder', /0042/);
  await expect(page.getByLabel('Test mode')).toBeChecked();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect' });
  await expect(
    dialog.getByText('Would you really like to disconnect Payment Spring / Razorpay / PhonePe ?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(hub.getByRole('link', { name: 'Nelnet', exact: true })).toBeVisible();

  // Reconnect keeps the stored keys.
  await hub.getByRole('link', { name: 'Nelnet', exact: true }).click();
  await page.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(hub.getByRole('link', { name: 'Nelnet (integrated)' })).toBeVisible();
});

test('Brevo: Submit waits for a valid form, the key is checked with Brevo, then the green check', async ({ page }) => {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/integrations'));
  const hub = page.getByRole('region', { name: 'Third Party Settings' });
  await hub.getByRole('link', { name: 'Brevo', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/brevo$/);
  await expect(page.getByText(/use the email address registered with Brevo/i)).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('API key').fill(BREVO_KEY);
  await page.getByLabel('From Name').fill('Riverside Yoga');
  await page.getByLabel('From Email').fill('not-an-email');
  await expect(submit).toBeDisabled();
  await page.getByLabel('From Email').fill('hello@riverside.test');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Brevo updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(hub.getByRole('link', { name: 'Brevo (integrated)' })).toBeVisible();
  // The server checked the key with (the stub of) Brevo's API; the key itself never comes back.
  await hub.getByRole('link', { name: 'Brevo (integrated)' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Brevo accepted the credentials (owner@riverside.test).' }),
  ).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveValue('');
  await expect(page.getByLabel('API key')).toHaveAttribute('placeholder', /0001/);
});
