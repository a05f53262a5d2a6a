import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { test } from '@playwright/test';
import type { ReceivedMail } from '../../apps/server/test/smtp.ts';

/**
 * The card stand-in (E2E_PAYMENTS_STUB_PORT) is a fixed port the web server is configured with, and
 * more than one spec pays by card (payments, selling, memberships, donations). With two workers, a
 * spec whose port is taken waits until the spec holding it closes its server, then binds it for the
 * rest of its own tests. The card port also keeps the specs that move the business clock (memberships,
 * donations, courses-learn, campaigns-brevo) apart from each other and from those that need it to run on
 * (assessments' timed test).
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

/**
 * The run's mail, as the SMTP server started once for the run (e2e/global-setup.ts) received it, read
 * through its mailbox: every spec and worker sees every message, so no spec waits for the mail port.
 */
export function runMailbox() {
  const base = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}`;
  /** The messages received so far, only those to `to` when given, oldest first. */
  async function received(to?: string): Promise<ReceivedMail[]> {
    const response = await fetch(`${base}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
    if (!response.ok) throw new Error(`the mailbox answered ${response.status}`);
    return (await response.json()) as ReceivedMail[];
  }
  return {
    received,
    /** The first message to `address`, waiting for it if needed. */
    async waitFor(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [found] = await received(address);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
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

type CardStandIn = Awaited<ReturnType<typeof startDemoCardStandIn>>;

/**
 * The card stand-in held by the spec file (or by the describe this is called in) from before its first
 * test to after its last, waiting at most `timeoutMs` for the card port. Answers the stand-in (its
 * deliveries and refunds), there once the tests run.
 */
export function holdDemoCardStandIn(timeoutMs = SHARED_PORT_WAIT_MS): () => CardStandIn {
  let stub: CardStandIn | undefined;
  test.beforeAll(async () => {
    test.setTimeout(timeoutMs);
    stub = await startDemoCardStandIn();
  });
  test.afterAll(async () => {
    await stub?.close();
  });
  return () => {
    if (!stub) throw new Error('the card stand-in has not started');
    return stub;
  };
}
