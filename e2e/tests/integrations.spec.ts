import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { expect, test } from '@playwright/test';
import { disconnectAndReconnect, hostUrl, logIn, openIntegrationsHub } from './helpers';
import { SHARED_PORT_WAIT_MS, whenPortFree } from './shared-ports';

// riverside: no other spec touches its integrations.
const ORG = 'riverside';
const BREVO_KEY = 'xkeysib-e2e-riverside-0001';

const MC_KEY = '0123456789abcdef0123456789abcdef-us6';

/**
 * The providers' APIs, as far as the server uses them, from @atrium/provider-stubs on the port
 * playwright.config.ts points the server at (E2E_PROVIDER_STUB_PORT): Brevo's account check,
 * Mailchimp's audiences and batch member upserts (answered after a pause so "In Progress" shows),
 * Google's token endpoint (the code exchanged once, an id_token naming the mailbox).
 */
let stub: ProviderStub;
test.beforeAll(async () => {
  // campaigns-brevo.spec.ts takes this port for a while: whoever comes second waits
  test.setTimeout(SHARED_PORT_WAIT_MS);
  stub = await whenPortFree(() =>
    startProviderStub(
      {
        brevo: [BREVO_KEY],
        mailchimp: {
          keys: [MC_KEY],
          lists: { riv001: { name: 'Riverside members' }, riv002: { name: 'Riverside leads' } },
        },
        oauth: {
          clients: { google: ['e2e-google-client', 'e2e-google-secret'] },
          codes: {
            'e2e-google-code': {
              accessToken: 'ya29.e2e-access',
              refreshToken: '1//e2e-refresh',
              email: 'owner@gmail.com',
            },
          },
        },
      },
      { port: Number(process.env.E2E_PROVIDER_STUB_PORT), mailchimpBatchDelayMs: 2_500 },
    ),
  );
});
test.afterAll(async () => {
  await stub?.close();
});

test('PaymentSpring keys: the test-mode rule, the green check, disconnect with the confirm', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  const hub = await openIntegrationsHub(page, ORG);
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

  // Disconnect asks first; Reconnect keeps the stored keys.
  await disconnectAndReconnect(page, hub, 'Nelnet');
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
    page.getByRole('status').filter({ hasText: 'Brevo accepted the credentials (owner@stub.example).' }),
  ).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveValue('');
  await expect(page.getByLabel('API key')).toHaveAttribute('placeholder', /0001/);
});

test('Mailchimp: save, sync states, resync with its confirm, a new audience asks first', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/integrations'));
  const hub = page.getByRole('region', { name: 'Third Party Settings' });
  await hub.getByRole('link', { name: 'Mailchimp', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/mailchimp$/);
  const status = page.getByLabel('Sync status');
  await expect(status).toHaveText('Not Started');
  // Create mode: no audience yet.
  await expect(page.getByRole('button', { name: 'Create list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'List Info' })).toBeDisabled();

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Audience Name').fill('Riverside members');
  await page.getByLabel('Audience ID').fill('riv001');
  await page.getByLabel('Audience Name').fill('');
  await page.getByLabel('Audience Name').blur();
  await expect(page.getByText('Audience Name required')).toBeVisible();
  await page.getByLabel('Audience Name').fill('Riverside members');
  await page.getByLabel('API Key').fill(MC_KEY);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Mailchimp added successfully')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Mailchimp accepted the key (audience Riverside members).' }),
  ).toBeVisible();
  await expect(page.getByLabel('API Key')).toHaveValue('');
  await expect(page.getByLabel('API Key')).toHaveAttribute('placeholder', /def-us6|-us6/);

  // First sync: In Progress while Mailchimp answers, then Complete.
  await page.getByRole('button', { name: 'Start sync' }).click();
  await expect(page.getByText('Resync was successfully initiated')).toBeVisible();
  await expect(status).toHaveText('In Progress');
  await expect(page.getByRole('button', { name: 'Resync' })).toBeDisabled();
  await expect(status).toHaveText('Complete', { timeout: 20_000 });
  await expect(page.getByText(/\d+ contacts synced/)).toBeVisible();

  // Resync is enabled when complete and asks first.
  await page.getByRole('button', { name: 'Resync' }).click();
  const resync = page.getByRole('dialog', { name: 'Resync' });
  await expect(resync.getByText(/sync all mailchimp contacts with product contacts/)).toBeVisible();
  await resync.getByRole('button', { name: 'Resync' }).click();
  await expect(status).toHaveText('In Progress');
  await expect(status).toHaveText('Complete', { timeout: 20_000 });

  await page.getByRole('button', { name: 'List Info' }).click();
  const info = page.getByRole('dialog', { name: 'List Info' });
  await expect(info.getByText('riv001')).toBeVisible();
  await expect(info.getByText('42.25%')).toBeVisible();
  await page.keyboard.press('Escape');

  // Another audience while complete: the reset confirm, then Not Started again.
  await page.getByLabel('Audience ID').fill('riv002');
  await page.getByLabel('Audience Name').fill('Riverside leads');
  await submit.click();
  const reset = page.getByRole('dialog', { name: 'Change the Mailchimp account' });
  await expect(
    reset.getByText('This will reset the existing mailchimp account and resync has to be done again, proceed?'),
  ).toBeVisible();
  await reset.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Mailchimp updated successfully')).toBeVisible();
  await expect(status).toHaveText('Not Started');

  await page.goto(hostUrl(ORG, '/settings/integrations'));
  await expect(hub.getByRole('link', { name: 'Mailchimp (integrated)' })).toBeVisible();
  await expect(hub.getByRole('link', { name: 'Brevo', exact: true })).toBeVisible();
});

test('Connect Email: the dialog to the provider redirect (kept on this machine), the account, revoke', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/integrations'));
  await page.getByRole('region', { name: 'Third Party Settings' }).getByRole('link', { name: 'Connect email' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/emails$/);
  await expect(page.getByText('No data found!')).toBeVisible();

  await page.getByRole('button', { name: 'Connect Personal Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your email' });
  await expect(dialog.getByText('log replies to your contacts automatically')).toBeVisible();
  await dialog.getByRole('button', { name: 'Connect your inbox' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Email is required!')).toBeVisible();
  await dialog.getByLabel('Email address').fill('owner@gmail.com');
  await dialog.getByLabel('Share your email account across the team').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('is hosted by Google')).toBeVisible();
  // 'Connect a different account' resets the form.
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await dialog.getByRole('button', { name: 'Connect a different account' }).click();
  await expect(dialog.getByLabel('Email address')).toHaveValue('');
  await dialog.getByLabel('Email address').fill('owner@gmail.com');
  await dialog.getByLabel('Share your email account across the team').check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog.getByText(/ask Google for permission/)).toBeVisible();

  // Google's consent page is answered here, never fetched from the internet.
  let consent: URL | null = null;
  await page.route('https://accounts.google.com/**', async (route) => {
    consent = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google consent (stub)</title>' });
  });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveTitle('Google consent (stub)');
  const sent = consent as unknown as URL;
  expect(sent.pathname).toBe('/o/oauth2/v2/auth');
  expect(sent.searchParams.get('client_id')).toBe('e2e-google-client');
  expect(sent.searchParams.get('login_hint')).toBe('owner@gmail.com');
  expect(sent.searchParams.get('redirect_uri')).toBe(hostUrl(ORG, '/authmgr/oauth/callback/googlemail'));

  // Google would send the browser back with a code: the server exchanges it (with the stub token endpoint).
  const state = sent.searchParams.get('state') ?? '';
  await page.goto(hostUrl(ORG, `/authmgr/oauth/callback/googlemail?code=e2e-google-code&state=${state}`));
  await expect(page).toHaveURL(/\/settings\/integrations\/emails\?result=success$/);
  await expect(page.getByText('Email account connected')).toBeVisible();
  const table = page.getByRole('table', { name: 'Connected email accounts' });
  await expect(table.getByText('owner@gmail.com')).toBeVisible();
  await expect(table.getByRole('checkbox', { name: 'Shared account: yes' })).toBeChecked();
  // The code was exchanged once, with the app's client id and secret.
  const exchanges = stub.requests.filter((r) => r.path === '/google/token');
  expect(exchanges).toHaveLength(1);
  expect(new URLSearchParams(exchanges[0]?.body).get('client_secret')).toBe('e2e-google-secret');
  await expect(page.getByText('ya29.e2e-access')).toHaveCount(0);

  await table.getByRole('button', { name: 'Revoke owner@gmail.com' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke access' });
  await expect(revoke.getByText("Do you want to revoke selected account's access, Are you sure?")).toBeVisible();
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Account unlinked success.')).toBeVisible();
  await expect(page.getByText('No data found!')).toBeVisible();
});
