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
