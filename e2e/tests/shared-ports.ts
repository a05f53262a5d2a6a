import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { startSmtpServer } from '../../apps/server/test/smtp.ts';

/**
 * The run's SMTP server (E2E_SMTP_PORT) and card stand-in (E2E_PAYMENTS_STUB_PORT) are fixed ports
 * the web server is configured with, and more than one spec reads them (users and donations read
 * mail; payments and donations pay by card). With two workers, a spec whose port is taken waits
 * until the spec holding it closes its server, then binds it for the rest of its own tests. The card
 * port also keeps the two specs that move the business clock (memberships, donations) apart.
 */
export async function whenPortFree<T>(start: () => Promise<T>, timeoutMs = 170_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await start();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** How long a beforeAll may wait for a shared port (what whenPortFree waits, and some). */
export const SHARED_PORT_WAIT_MS = 180_000;

/** The run's SMTP server, on the shared mail port (taken first when a spec needs both ports). */
export function startSharedSmtp() {
  return whenPortFree(() => startSmtpServer(Number(process.env.E2E_SMTP_PORT)));
}

/**
 * The card stand-in on the shared card port: Stripe Checkout for the demo tenant's seeded account
 * (SEED_DEMO_STRIPE_ACCOUNT in playwright.config.ts), announcing payments to the server's webhook.
 */
export function startDemoCardStandIn() {
  return whenPortFree(() =>
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
}
