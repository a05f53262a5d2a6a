import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** A port nobody listens on, so a run never talks to another run's server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Chosen once by the runner; its workers inherit it through the environment.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
// The providers' APIs (credential checks on the integrations screens) point at a local stub the
// integrations spec starts on this port: the e2e run never reaches the internet.
while (!process.env.E2E_PROVIDER_STUB_PORT || process.env.E2E_PROVIDER_STUB_PORT === process.env.E2E_PORT) {
  process.env.E2E_PROVIDER_STUB_PORT = String(await freePort());
}
const providerStub = `http://127.0.0.1:${process.env.E2E_PROVIDER_STUB_PORT}`;
// Razorpay, Twilio, Plivo, Stripe Connect and Zoom point at the stub integrations-more.spec.ts starts
// (@atrium/provider-stubs): a port of its own, as the two specs may run at the same time.
while (
  !process.env.E2E_MORE_PROVIDER_STUB_PORT ||
  [process.env.E2E_PORT, process.env.E2E_PROVIDER_STUB_PORT].includes(process.env.E2E_MORE_PROVIDER_STUB_PORT)
) {
  process.env.E2E_MORE_PROVIDER_STUB_PORT = String(await freePort());
}
const moreProviderStub = `http://127.0.0.1:${process.env.E2E_MORE_PROVIDER_STUB_PORT}`;
// The platform's own Stripe account (Settings > Plan) points at a Stripe stub the plan spec starts.
while (
  !process.env.E2E_STRIPE_STUB_PORT ||
  [process.env.E2E_PORT, process.env.E2E_PROVIDER_STUB_PORT, process.env.E2E_MORE_PROVIDER_STUB_PORT].includes(
    process.env.E2E_STRIPE_STUB_PORT,
  )
) {
  process.env.E2E_STRIPE_STUB_PORT = String(await freePort());
}
// Emails go to the run's SMTP server on this port (e2e/global-setup.ts; specs read it through the mailbox).
while (
  !process.env.E2E_SMTP_PORT ||
  [
    process.env.E2E_PORT,
    process.env.E2E_PROVIDER_STUB_PORT,
    process.env.E2E_MORE_PROVIDER_STUB_PORT,
    process.env.E2E_STRIPE_STUB_PORT,
  ].includes(process.env.E2E_SMTP_PORT)
) {
  process.env.E2E_SMTP_PORT = String(await freePort());
}
// Card payments (Stripe Checkout on the demo tenant's connected account) point at a Stripe stand-in
// the payments spec starts on this port; the seed connects demo to its account.
while (
  !process.env.E2E_PAYMENTS_STUB_PORT ||
  [
    process.env.E2E_PORT,
    process.env.E2E_PROVIDER_STUB_PORT,
    process.env.E2E_MORE_PROVIDER_STUB_PORT,
    process.env.E2E_STRIPE_STUB_PORT,
    process.env.E2E_SMTP_PORT,
  ].includes(process.env.E2E_PAYMENTS_STUB_PORT)
) {
  process.env.E2E_PAYMENTS_STUB_PORT = String(await freePort());
}
// Razorpay's and PhonePe's payments (orders, hosted checkout, pay page, status, refunds) point at the
// stand-in the regional payments spec starts on this port.
while (
  !process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT ||
  [
    process.env.E2E_PORT,
    process.env.E2E_PROVIDER_STUB_PORT,
    process.env.E2E_MORE_PROVIDER_STUB_PORT,
    process.env.E2E_STRIPE_STUB_PORT,
    process.env.E2E_SMTP_PORT,
    process.env.E2E_PAYMENTS_STUB_PORT,
  ].includes(process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT)
) {
  process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT = String(await freePort());
}
// The run's mailbox (e2e/global-setup.ts): what the SMTP server on E2E_SMTP_PORT received, read over HTTP.
while (
  !process.env.E2E_MAILBOX_PORT ||
  [
    process.env.E2E_PORT,
    process.env.E2E_PROVIDER_STUB_PORT,
    process.env.E2E_MORE_PROVIDER_STUB_PORT,
    process.env.E2E_STRIPE_STUB_PORT,
    process.env.E2E_SMTP_PORT,
    process.env.E2E_PAYMENTS_STUB_PORT,
    process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT,
  ].includes(process.env.E2E_MAILBOX_PORT)
) {
  process.env.E2E_MAILBOX_PORT = String(await freePort());
}
// A fresh embedded database for each run, seeded by the server's own demo seed.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: jsonOutput ? [['list'], ['json', { outputFile: jsonOutput }]] : [['list']],
  use: {
    baseURL: `http://demo.localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production build (scripts/e2e.sh runs `npm run build` first): what `npm start` runs.
    command: 'node --enable-source-maps dist/main.js',
    cwd: '../apps/server',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      DEFAULT_ORG_ID: 'demo',
      RAZORPAY_API_URL: moreProviderStub,
      TWILIO_API_URL: moreProviderStub,
      PLIVO_API_URL: moreProviderStub,
      BREVO_API_URL: providerStub,
      MAILCHIMP_API_URL: `${providerStub}/{dc}`,
      GOOGLE_OAUTH_CLIENT_ID: 'e2e-google-client',
      GOOGLE_OAUTH_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_OAUTH_TOKEN_URL: `${providerStub}/google/token`,
      PLATFORM_STRIPE_SECRET_KEY: 'sk_test_e2e',
      PLATFORM_STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_API_BASE: `http://127.0.0.1:${process.env.E2E_STRIPE_STUB_PORT}`,
      // Stripe Connect's code exchange and account reads; its authorize page and Zoom's are answered by page.route.
      STRIPE_CONNECT_CLIENT_ID: 'ca_e2e_connect',
      STRIPE_CONNECT_API_BASE: moreProviderStub,
      ZOOM_OAUTH_CLIENT_ID: 'e2e-zoom-client',
      ZOOM_OAUTH_CLIENT_SECRET: 'e2e-zoom-secret',
      ZOOM_OAUTH_TOKEN_URL: `${moreProviderStub}/zoom/token`,
      ZOOM_API_URL: moreProviderStub,
      STRIPE_PAYMENTS_API_BASE: `http://127.0.0.1:${process.env.E2E_PAYMENTS_STUB_PORT}`,
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_payments',
      SEED_DEMO_STRIPE_ACCOUNT: 'acct_e2e_demo',
      RAZORPAY_PAYMENTS_API_BASE: `http://127.0.0.1:${process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT}`,
      RAZORPAY_WEBHOOK_SECRET: 'e2e_razorpay_webhook_secret',
      PHONEPE_API_BASE: `http://127.0.0.1:${process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT}`,
      PAYMENTSPRING_API_BASE: `http://127.0.0.1:${process.env.E2E_REGIONAL_PAYMENTS_STUB_PORT}/api/v1`,
      // e2e only: /test/clock and /test/jobs move the business clock and run renewals (decisions.md "Memberships").
      TEST_CLOCK_ROUTE: 'true',
    },
  },
});
