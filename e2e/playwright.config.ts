import { existsSync, mkdtempSync } from 'node:fs';
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

/**
 * Ports chosen once by the runner (its workers inherit them through the environment), each free and
 * none the same as another; one already set (a rerun, a worker) is kept.
 */
async function choosePorts(names: readonly string[]): Promise<void> {
  for (const [index, name] of names.entries()) {
    const taken = names.slice(0, index).map((earlier) => process.env[earlier]);
    while (!process.env[name] || taken.includes(process.env[name])) process.env[name] = String(await freePort());
  }
}
await choosePorts([
  // the server under test
  'E2E_PORT',
  // the providers' APIs (credential checks on the integrations screens): a stub the integrations spec starts,
  // so the run never reaches the internet
  'E2E_PROVIDER_STUB_PORT',
  // Razorpay, Twilio, Plivo, Stripe Connect and Zoom: the stub integrations-more.spec.ts starts
  // (@atrium/provider-stubs), a port of its own as the two specs may run at the same time
  'E2E_MORE_PROVIDER_STUB_PORT',
  // the platform's own Stripe account (Settings > Plan): a Stripe stub the plan spec starts
  'E2E_STRIPE_STUB_PORT',
  // emails: the run's SMTP server (e2e/global-setup.ts; specs read it through the mailbox)
  'E2E_SMTP_PORT',
  // card payments (Stripe Checkout on the demo tenant's connected account, which the seed connects): the
  // stand-in the payments specs take in turn (shared-ports.ts)
  'E2E_PAYMENTS_STUB_PORT',
  // Razorpay's and PhonePe's payments (orders, hosted checkout, pay page, status, refunds): the stand-in the
  // regional payments spec starts
  'E2E_REGIONAL_PAYMENTS_STUB_PORT',
  // the run's mailbox (e2e/global-setup.ts): what the SMTP server received, read over HTTP
  'E2E_MAILBOX_PORT',
  // a studio's DNS host (custom domains): the DNS stand-in custom-domain.spec.ts starts (UDP; the server's DNS_RESOLVER)
  'E2E_DNS_PORT',
]);
const port = Number(process.env.E2E_PORT);
const providerStub = `http://127.0.0.1:${process.env.E2E_PROVIDER_STUB_PORT}`;
const moreProviderStub = `http://127.0.0.1:${process.env.E2E_MORE_PROVIDER_STUB_PORT}`;
// A fresh embedded database for each run, seeded by the server's own demo seed.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
// Debian's old headless shell (scripts/ensure-chromium.sh), as Playwright's own headless runs use; the full
// chromium when only it is installed, or the browser CHROMIUM_PATH names (headed debugging needs the full one).
const headlessShell = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // CI runs this beside the server suites on two cores: a test of 10 s alone has taken 30 s there, and an
  // admin screen opened by its address 11 s (its chunks served in 1.2-1.7 s each, its first call 4 s after its
  // code arrived, at load 15): on CI a page gets 20 s to show what is expected (decisions/platform.md
  // "CI's matrix"); a page that never shows it still fails.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: 2,
  // On CI a test that ran out of time under load gets one more try; a pass on it is counted and named
  // ("flaky" in the summary), a second failure fails the run (decisions/platform.md "CI's matrix").
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: jsonOutput ? [['list'], ['json', { outputFile: jsonOutput }]] : [['list']],
  use: {
    baseURL: `http://demo.localhost:${port}`,
    // On CI the trace (DOM snapshots and a screencast of every step) is recorded on the retry only: recording it for
    // every test to keep the few that fail cost processor time in all of them. A test that fails twice has the
    // trace of its second try.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: browserPath,
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
      // An SMS campaign's page wait: a minute lasts a second in this run (sms-campaigns.spec.ts).
      SMS_PAGE_MINUTE_MS: '1000',
      DNS_RESOLVER: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
    },
  },
});
