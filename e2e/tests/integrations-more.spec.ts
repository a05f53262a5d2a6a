import { type ProviderStub, startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { expect, type Page, test } from '@playwright/test';
import { disconnectAndReconnect, expectAccessible, hostUrl, logIn, openIntegrationsHub } from './helpers';
import { SHARED_PORT_WAIT_MS, whenPortFree } from './shared-ports';

// riverside: integrations.spec.ts uses its PaymentSpring, Brevo, Mailchimp and Connect Email; this
// spec takes the providers that one leaves alone (Twilio, Plivo, Razorpay, PhonePe, Stripe, Zoom)
// and disconnects Stripe and Zoom again at the end of their tests.
const ORG = 'riverside';

const TWILIO_SID = 'ACe2e0000000000000000000000riverside';
const TWILIO_TOKEN = 'e2e-twilio-token-0031';
const PLIVO_ID = 'MAE2ERIVERSIDE0000001';
const PLIVO_TOKEN = 'e2e-plivo-token-0077';
const RZP_KEY = 'rzp_test_e2eRiverside';
const RZP_SECRET = 'rzp-e2e-secret-7788';
const STRIPE_CODE = 'ac_e2e_riverside';
const STRIPE_ACCOUNT = 'acct_e2e_riverside';
const ZOOM_CODE = 'e2e-zoom-code';

/**
 * Razorpay, Twilio, Plivo, Stripe Connect (token exchange, account) and Zoom (token, users/me) as
 * @atrium/provider-stubs speaks them, on the port playwright.config.ts points the server at. The
 * providers' authorize pages are answered in the page (page.route): nothing leaves the machine.
 */
let stub: ProviderStub;
test.beforeAll(async () => {
  // first-week.spec.ts connects Stripe through this port for a moment: whoever comes second waits
  test.setTimeout(SHARED_PORT_WAIT_MS);
  stub = await whenPortFree(() =>
    startProviderStub(
      {
        razorpay: [[RZP_KEY, RZP_SECRET]],
        twilio: [[TWILIO_SID, TWILIO_TOKEN]],
        plivo: [[PLIVO_ID, PLIVO_TOKEN]],
        stripe: {
          secretKey: 'sk_test_e2e',
          codes: {
            [STRIPE_CODE]: { stripeUserId: STRIPE_ACCOUNT, accessToken: 'sk_test_connected_e2e', livemode: false },
          },
        },
        oauth: {
          clients: { zoom: ['e2e-zoom-client', 'e2e-zoom-secret'] },
          codes: {
            [ZOOM_CODE]: { accessToken: 'zoom-access-e2e', refreshToken: 'zoom-refresh-e2e', email: 'owner@zoom.test' },
          },
        },
      },
      { port: Number(process.env.E2E_MORE_PROVIDER_STUB_PORT) },
    ),
  );
});
test.afterAll(async () => {
  await stub?.close();
});

/** The riverside admin signed in, on the integrations hub. */
async function signInToHub(page: Page) {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  return openHub(page);
}

const openHub = (page: Page) => openIntegrationsHub(page, ORG);

/** The provider's authorize page, answered here: returns the URL the browser was sent to. */
async function answerAuthorize(page: Page, pattern: string, title: string, go: () => Promise<void>): Promise<URL> {
  let sent: URL | null = null;
  await page.route(pattern, async (route) => {
    sent ??= new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: `<title>${title}</title>` });
  });
  await go();
  await expect(page).toHaveTitle(title);
  await page.unroute(pattern);
  return sent as unknown as URL;
}

test('Twilio then Plivo: the two views, Submit while invalid, the checks, one SMS provider at a time', async ({
  page,
}) => {
  test.setTimeout(60_000);
  let hub = await signInToHub(page);
  await hub.getByRole('link', { name: 'Twilio', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/cloud$/);
  const screen = page.getByRole('region', { name: 'Twilio' });
  await expect(screen.getByText('Not set up')).toBeVisible();

  // The Settings button toggles between the main view and the settings view.
  const toggle = page.getByRole('button', { name: 'Settings', exact: true });
  await toggle.click();
  const form = page.getByRole('form', { name: 'Twilio settings' });
  await expect(form).toBeVisible();
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(form).toHaveCount(0);
  await expect(screen.getByText('Not set up')).toBeVisible();
  await toggle.click();

  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('Account SID').fill(TWILIO_SID);
  await form.getByLabel('Auth Token').fill(TWILIO_TOKEN);
  await expect(submit).toBeDisabled();
  await form.getByLabel('Phone number or messaging id').fill('+1 555 010 0042');
  await expect(submit).toBeEnabled();
  await form.getByLabel('Account SID').fill('');
  await expect(submit).toBeDisabled();
  await form.getByLabel('Account SID').fill(TWILIO_SID);

  // A token Twilio refuses keeps the form open with Twilio's refusal.
  await form.getByLabel('Auth Token').fill('not-the-token');
  await submit.click();
  await expect(form.getByText('Twilio did not accept the Account SID and Auth Token.')).toBeVisible();
  await form.getByLabel('Auth Token').fill(TWILIO_TOKEN);
  await submit.click();
  await expect(page.getByText('Twilio updated successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(screen.getByText('Integrated', { exact: true })).toBeVisible();
  await expect(screen.getByText('+1 555 010 0042')).toBeVisible();
  await expect(screen.getByRole('status').filter({ hasText: /^Twilio accepted the credentials/ })).toBeVisible();
  expect(
    stub.requests.some(
      (r) =>
        r.path === `/2010-04-01/Accounts/${TWILIO_SID}.json` &&
        r.authorization === `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`,
    ),
  ).toBe(true);

  hub = await openHub(page);
  await expect(
    hub.getByRole('link', { name: 'Twilio (integrated)' }).getByRole('img', { name: 'Integrated' }),
  ).toBeVisible();

  // A phone that is not a number is kept as the messaging id (the stored token is reused).
  await hub.getByRole('link', { name: 'Twilio (integrated)' }).click();
  await toggle.click();
  await expect(form.getByLabel('Auth Token')).toHaveValue('');
  await expect(form.getByLabel('Auth Token')).toHaveAttribute('placeholder', /0031/);
  await form.getByLabel('Phone number or messaging id').fill('MGe2eRiversideSender');
  await expect(form.getByText('Not a phone number: it is sent as the messaging service / sender id.')).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Twilio updated successfully')).toBeVisible();
  await page.reload();
  await expect(screen.getByText('MGe2eRiversideSender')).toBeVisible();
  await expect(screen.getByText('+1 555 010 0042')).toHaveCount(0);
  await toggle.click();
  await expect(form.getByLabel('Phone number or messaging id')).toHaveValue('MGe2eRiversideSender');

  // Plivo: saving it makes Plivo the SMS provider; Twilio's keys stay but it is no longer marked.
  hub = await openHub(page);
  await hub.getByRole('link', { name: 'Plivo', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/plivo$/);
  const plivo = page.getByRole('region', { name: 'Plivo' });
  await expect(plivo.getByText('Twilio is the SMS provider')).toBeVisible();
  await page.getByRole('button', { name: 'Set up Plivo' }).click();
  const plivoForm = page.getByRole('form', { name: 'Plivo settings' });
  const plivoSubmit = plivoForm.getByRole('button', { name: 'Submit' });
  await expect(plivoSubmit).toBeDisabled();
  await plivoForm.getByLabel('Auth ID').fill(PLIVO_ID);
  await plivoForm.getByLabel('Auth Token').fill(PLIVO_TOKEN);
  await expect(plivoSubmit).toBeDisabled();
  await plivoForm.getByLabel('Sender ID').fill('RIVRSD');
  await expect(plivoSubmit).toBeEnabled();
  await plivoSubmit.click();
  await expect(page.getByText('Plivo updated Successfully')).toBeVisible();
  await expect(plivo.getByText('Integrated', { exact: true })).toBeVisible();
  await expect(plivo.getByRole('status').filter({ hasText: /^Plivo accepted the credentials/ })).toBeVisible();

  hub = await openHub(page);
  await expect(
    hub.getByRole('link', { name: 'Plivo (integrated)' }).getByRole('img', { name: 'Integrated' }),
  ).toBeVisible();
  await expect(hub.getByRole('link', { name: 'Twilio', exact: true })).toBeVisible();
  await expect(hub.getByRole('link', { name: 'Twilio (integrated)' })).toHaveCount(0);
});

test('Razorpay: the test-mode rule, save, disconnect with the confirm, reconnect; PhonePe: required, then save', async ({
  page,
}) => {
  test.setTimeout(60_000);
  let hub = await signInToHub(page);
  await hub.getByRole('link', { name: 'Razorpay', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider\?provider=3$/);
  await expect(page.getByRole('heading', { name: 'Razorpay' })).toBeVisible();

  await page.getByLabel('Test Key Id').fill(RZP_KEY);
  await page.getByLabel('Test Key Secret').fill(RZP_SECRET);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Test mode should be on' })).toBeVisible();
  await expect(page).toHaveURL(/provider=3$/);
  await page.getByLabel('Test mode').check();
  await expect(page.getByText('Test mode should be on')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(
    hub.getByRole('link', { name: 'Razorpay (integrated)' }).getByRole('img', { name: 'Integrated' }),
  ).toBeVisible();
  // The test pair was checked with (the stub of) Razorpay.
  expect(
    stub.requests.some(
      (r) =>
        r.path.startsWith('/v1/payments') &&
        r.authorization === `Basic ${Buffer.from(`${RZP_KEY}:${RZP_SECRET}`).toString('base64')}`,
    ),
  ).toBe(true);

  await hub.getByRole('link', { name: 'Razorpay (integrated)' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Razorpay accepted the credentials/ })).toBeVisible();
  await expect(page.getByLabel('Test Key Secret')).toHaveAttribute('placeholder', /7788/);
  await disconnectAndReconnect(page, hub, 'Razorpay');

  // PhonePe: the three required messages, then a save (no read-only check exists for PhonePe).
  hub = await openHub(page);
  await hub.getByRole('link', { name: 'PhonePe', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider\?provider=4$/);
  await expect(page.getByRole('heading', { name: 'PhonePe' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Merchant Id is required')).toBeVisible();
  await expect(page.getByText('Salt Key is required')).toBeVisible();
  await expect(page.getByText('Salt Index is required')).toBeVisible();
  await expect(page).toHaveURL(/provider=4$/);
  await page.getByLabel('Merchant Id').fill('PGE2ERIVERSIDE');
  await page.getByLabel('Salt Key').fill('e2e-phonepe-salt-0099');
  await page.getByLabel('Salt Index').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PhonePe updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(
    hub.getByRole('link', { name: 'PhonePe (integrated)' }).getByRole('img', { name: 'Integrated' }),
  ).toBeVisible();
  await expect(hub.getByRole('link', { name: 'Razorpay (integrated)' })).toBeVisible();
});

test('Stripe connect: a denied return fails, an authorized one succeeds, the check, disconnect', async ({ page }) => {
  test.setTimeout(60_000);
  let hub = await signInToHub(page);
  await expect(hub.getByRole('link', { name: 'Stripe', exact: true })).toBeVisible();

  // Stripe's authorize page is answered here, never fetched from the internet.
  const title = 'Stripe Connect (stub)';
  let sent = await answerAuthorize(page, 'https://connect.stripe.com/**', title, () =>
    hub.getByRole('link', { name: 'Stripe', exact: true }).click(),
  );
  expect(sent.pathname).toBe('/express/oauth/authorize');
  expect(sent.searchParams.get('client_id')).toBe('ca_e2e_connect');
  expect(sent.searchParams.get('scope')).toBe('read_write');
  expect(sent.searchParams.get('redirect_uri')).toBe(hostUrl(ORG, '/authmgr/oauth/callback/stripe'));

  // The person declines at Stripe: the red result, with the reason; Cancel goes to the providers.
  let state = sent.searchParams.get('state') ?? '';
  await page.goto(
    hostUrl(ORG, `/authmgr/oauth/callback/stripe?error=access_denied&error_description=denied&state=${state}`),
  );
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider\/success\?result=fail/);
  const result = page.getByRole('region', { name: 'Stripe connection result' });
  await expect(result.getByRole('status')).toHaveText('Payment Provider - Stripe Integration Fail!');
  await expect(result.getByText('The connection was cancelled at Stripe.')).toBeVisible();
  await result.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider$/);
  await expect(page.getByRole('heading', { name: 'Payment Providers' })).toBeVisible();

  // Again, authorized this time: the code is exchanged once with (the stub of) Stripe.
  hub = await openHub(page);
  await expect(hub.getByRole('link', { name: 'Stripe', exact: true })).toBeVisible();
  sent = await answerAuthorize(page, 'https://connect.stripe.com/**', title, () =>
    hub.getByRole('link', { name: 'Stripe', exact: true }).click(),
  );
  state = sent.searchParams.get('state') ?? '';
  const callback = hostUrl(ORG, `/authmgr/oauth/callback/stripe?code=${STRIPE_CODE}&scope=read_write&state=${state}`);
  await page.goto(callback);
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider\/success\?result=success$/);
  await expect(result.getByRole('status')).toHaveText('Payment Provider - Stripe Integrated successfully');
  await expect(page.getByText('Stripe account successfully integrated')).toBeVisible();
  // On success the screen goes on to the Stripe panel, which reads the account from Stripe.
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider\?provider=2$/);
  await expect(page.getByText(STRIPE_ACCOUNT)).toBeVisible();
  await expect(page.getByText('Connected Studio')).toBeVisible();
  expect(stub.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);

  // The same return link again: its state was used, nothing is exchanged twice.
  await page.goto(callback);
  await expect(result.getByRole('status')).toHaveText('Payment Provider - Stripe Integration Fail!');
  expect(stub.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);

  hub = await openHub(page);
  await expect(
    hub.getByRole('link', { name: 'Stripe (integrated)' }).getByRole('img', { name: 'Integrated' }),
  ).toBeVisible();

  // Connected: /oauth/stripe shows the panel; Disconnect asks first and removes the check.
  await hub.getByRole('link', { name: 'Stripe (integrated)' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\/paymentprovider\?provider=2$/);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Stripe' });
  await expect(dialog.getByText('Would you really like to disconnect Stripe ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Stripe disconnected.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toBeVisible();
  hub = await openHub(page);
  await expect(hub.getByRole('link', { name: 'Stripe', exact: true })).toBeVisible();
});

test('Online Meeting: connect Zoom (kept on this machine), the green check, an online class, disconnect', async ({
  page,
}) => {
  test.setTimeout(90_000);
  let hub = await signInToHub(page);
  await hub.getByRole('link', { name: 'Online Meeting', exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/omeeting$/);
  const screen = page.getByRole('region', { name: 'Online Meeting' });
  await expect(screen.getByText('Create Zoom meeting links for online classes and appointments.')).toBeVisible();

  const sent = await answerAuthorize(page, 'https://zoom.us/**', 'Zoom authorize (stub)', () =>
    screen.getByRole('button', { name: 'Connect Zoom' }).click(),
  );
  expect(sent.pathname).toBe('/oauth/authorize');
  expect(sent.searchParams.get('client_id')).toBe('e2e-zoom-client');
  expect(sent.searchParams.get('redirect_uri')).toBe(hostUrl(ORG, '/authmgr/oauth/callback/zoom'));

  // Zoom sends the browser back with a code: the server exchanges it and reads the user on the stub.
  const state = sent.searchParams.get('state') ?? '';
  await page.goto(hostUrl(ORG, `/authmgr/oauth/callback/zoom?code=${ZOOM_CODE}&state=${state}`));
  await expect(page).toHaveURL(/\/oauth\/omeeting\?result=success$/);
  await expect(screen.getByText('Zoom connected')).toBeVisible();
  await expect(screen.getByText('Connected as owner@zoom.test')).toBeVisible();
  await expect(page.getByText('zoom-access-e2e')).toHaveCount(0);

  hub = await openHub(page);
  await expect(
    hub.getByRole('link', { name: 'Online Meeting (integrated)' }).getByRole('img', { name: 'Integrated' }),
  ).toBeVisible();

  // An online class makes its Zoom meeting through the connection: the class list links to it.
  const className = `Zoom Flow ${Date.now().toString(36).slice(-5)}`;
  await page.goto(hostUrl(ORG, '/schedule'));
  await page.getByRole('button', { name: 'Add Class' }).click();
  const classDialog = page.getByRole('dialog', { name: 'Add Class' });
  await classDialog.getByLabel('Class name').fill(className);
  await classDialog.getByRole('checkbox', { name: 'Mon', exact: true }).check();
  await classDialog.getByLabel('Start time').fill('07:00');
  await classDialog.getByLabel('Duration (minutes)').fill('45');
  await classDialog.getByRole('checkbox', { name: 'Online class (Zoom)' }).check();
  await expectAccessible(page);
  await classDialog.getByRole('button', { name: 'Save' }).click();
  await expect(classDialog).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ hasText: className }).getByRole('link', { name: 'Online (Zoom)' }),
  ).toHaveAttribute('href', /^https:\/\/zoom\.stub\.example\/j\/\d+$/);
  hub = await openHub(page);

  await hub.getByRole('link', { name: 'Online Meeting (integrated)' }).click();
  await screen.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Zoom' });
  await expect(dialog.getByText('Would you really like to disconnect Zoom ?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Zoom disconnected.')).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Connect Zoom' })).toBeVisible();
  hub = await openHub(page);
  await expect(hub.getByRole('link', { name: 'Online Meeting', exact: true })).toBeVisible();
});
