import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeDns } from '@atrium/provider-stubs/dns';
import { expect, test } from '@playwright/test';
import { caddyPath, freePort, startCaddy } from '../../apps/server/test/caddy.ts';
import { apiUrl, expectAccessible, hostUrl, logIn, PASSWORD } from './helpers';

// Account Settings > Custom Domain (issue 28): the riverside admin adds a domain (a bad one is refused by field),
// sees the records to make, checks before and after the records exist (the run's DNS stand-in answers for the
// studio's DNS host: the server's DNS_RESOLVER), the studio answers on the verified domain and the TLS ask says
// yes, then removes it; keyboard only for the form, axe clean, and the section fits 320 px. Riverside, not demo:
// while the domain is verified the studio's emailed links use it, and other specs read demo's emails.

const DOMAIN = 'www.riverside-e2e.example';
let dns: FakeDns;

test.beforeAll(async () => {
  dns = await new FakeDns().start(Number(process.env.E2E_DNS_PORT));
});
test.afterAll(async () => {
  await dns?.stop();
});

const ask = async (request: import('@playwright/test').APIRequestContext) =>
  (await request.get(apiUrl(`/internal/tls/ask?domain=${DOMAIN}`))).status();

test('the admin adds, proves and removes the studio’s own domain', async ({ page, request }) => {
  test.setTimeout(90_000);
  await logIn(page, 'admin@riverside.test', 'riverside');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(hostUrl('riverside', '/settings/account'));
  const card = page.getByRole('region', { name: 'Custom Domain' });
  await expect(card).toBeVisible();
  // A leftover of an earlier failed run is removed first.
  if (await card.getByRole('button', { name: 'Remove', exact: true }).isVisible()) {
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    await card.getByRole('button', { name: 'Remove domain' }).click();
  }
  const input = card.getByRole('textbox', { name: 'Your domain' });
  await expect(input).toBeVisible();
  await expectAccessible(page);

  // Keyboard only: type and press Enter. An IP address is refused on the field.
  await input.fill('10.0.0.1');
  await input.press('Enter');
  await expect(card.getByText('Enter a domain name such as www.yourstudio.com, not an IP address.')).toBeVisible();
  await input.fill(`https://${DOMAIN}/`);
  await input.press('Enter');

  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  const records = card.getByRole('list', { name: 'DNS records to make' });
  await expect(records.getByRole('listitem')).toHaveCount(2);
  await expect(records.getByText('riverside.localhost', { exact: true })).toBeVisible();
  await expect(records.getByText(`_studio-verify.${DOMAIN}`, { exact: true })).toBeVisible();
  const proof = (await records.getByText(/^studio-verify=[0-9a-f]{32}$/).textContent()) ?? '';
  await expect(card.getByRole('button', { name: "Copy the TXT record's value" })).toBeVisible();
  await expect(card).not.toContainText(/atrium/i);
  expect(await ask(request)).toBe(404);

  // Checked before the records exist: it says what is missing.
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(card.getByRole('status')).toContainText(`No TXT record found at _studio-verify.${DOMAIN} yet.`);
  await expect(card.getByText(/^Last checked /)).toBeVisible();
  await expectAccessible(page);

  // The records made at the DNS host: proven.
  dns.set(`_studio-verify.${DOMAIN}`, { TXT: [proof] });
  dns.set(DOMAIN, { CNAME: 'riverside.localhost' });
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('status')).toContainText(`Your studio opens at https://${DOMAIN}`);
  expect(await ask(request)).toBe(200);
  const ping = await request.get(apiUrl(`/ping?name=${DOMAIN}`), { headers: { host: DOMAIN } });
  expect((await ping.json()).orgId).toBe('riverside');
  await expectAccessible(page);

  // At 320 px the section fits, its records wrap.
  await page.setViewportSize({ width: 320, height: 740 });
  const box = await card.boundingBox();
  expect(box?.width ?? 999).toBeLessThanOrEqual(320);
  await expect(card.getByRole('button', { name: 'Check now' })).toBeVisible();

  // Removed (after a confirmation): the domain no longer opens the studio.
  await card.getByRole('button', { name: 'Remove', exact: true }).click();
  await card.getByRole('button', { name: 'Remove domain' }).click();
  await expect(card.getByRole('textbox', { name: 'Your domain' })).toBeVisible();
  expect(await ask(request)).toBe(404);
});

// The standard on-demand TLS set-up in front of the run's server (docs/operations.md "Custom domains and TLS"):
// Debian's caddy with its internal CA, asking the server's TLS ask endpoint before it makes a certificate.
// Chromium maps the studio's domain to Caddy's port (--host-resolver-rules), so the address is exactly
// https://<domain>/; it takes the internal CA's certificate (ignoreHTTPSErrors) and the test checks it is Caddy's.
const TLS_DOMAIN = 'studio.riverside-tls.example';

test('the studio adds its domain, proves it and opens over HTTPS through Caddy', async ({
  page,
  playwright,
  request,
}) => {
  test.skip(!caddyPath, 'caddy is not installed: run scripts/ensure-caddy.sh (apt-get install caddy)');
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'studio-caddy-e2e-'));
  const httpsPort = await freePort();
  const caddy = await startCaddy({
    dir,
    appPort: String(process.env.E2E_PORT),
    askPath: '/internal/tls/ask',
    httpsPort,
  });
  const launchOptions = test.info().project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${TLS_DOMAIN} 127.0.0.1:${httpsPort}`],
  });
  try {
    // The admin adds the domain in Account Settings and makes the records the card gives.
    await logIn(page, 'admin@riverside.test', 'riverside');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(hostUrl('riverside', '/settings/account'));
    const card = page.getByRole('region', { name: 'Custom Domain' });
    if (await card.getByRole('button', { name: 'Remove', exact: true }).isVisible()) {
      await card.getByRole('button', { name: 'Remove', exact: true }).click();
      await card.getByRole('button', { name: 'Remove domain' }).click();
    }
    await card.getByRole('textbox', { name: 'Your domain' }).fill(TLS_DOMAIN);
    await card.getByRole('textbox', { name: 'Your domain' }).press('Enter');
    const records = card.getByRole('list', { name: 'DNS records to make' });
    const proof = (await records.getByText(/^studio-verify=[0-9a-f]{32}$/).textContent()) ?? '';

    // Not proven yet: the ask says no, so Caddy makes no certificate and the page does not open.
    const visitor = await browser.newContext({ ignoreHTTPSErrors: true });
    // What the browser said of each request that failed, for the error of a visit that should have opened.
    const failures: string[] = [];
    visitor.on('requestfailed', (failed) => failures.push(`${failed.url()}: ${failed.failure()?.errorText}`));
    const refused = await visitor.newPage();
    // (the refused handshake is an ERR_ of the navigation, or the headless shell's own error page taking over it)
    await expect(refused.goto(`https://${TLS_DOMAIN}/`)).rejects.toThrow(
      /ERR_|interrupted by another navigation to "chrome-error:/,
    );
    // The visitor comes back in a new tab: the refused one sits on the browser's error page, whose own
    // navigations (a reload of the failed address) could overlap the next visit and take it over.
    await refused.close();

    dns.set(`_studio-verify.${TLS_DOMAIN}`, { TXT: [proof] });
    dns.set(TLS_DOMAIN, { CNAME: 'riverside.localhost' });
    await card.getByRole('button', { name: 'Check now' }).click();
    await expect(card.getByText('Verified', { exact: true })).toBeVisible();

    // Proven: the visitor opens the studio's own site on its domain, over HTTPS, with Caddy's certificate.
    // (a refused handshake here says only "chrome-error": the error carries the browser's failed requests
    // and Caddy's log, its side of it)
    const site = await visitor.newPage();
    const opened = await site.goto(`https://${TLS_DOMAIN}/`).catch((error: Error) => {
      throw new Error(`${error.message}\nFailed requests:\n${failures.join('\n')}\nCaddy's log:\n${caddy.log()}`);
    });
    expect(opened?.status(), caddy.log()).toBe(200);
    expect(site.url()).toMatch(new RegExp(`^https://${TLS_DOMAIN.replaceAll('.', '\\.')}/`));
    expect((await opened?.securityDetails())?.issuer).toMatch(/^Caddy Local Authority/);
    await expect(site).toHaveTitle(/Riverside Yoga/);
    await expect(site.locator('body')).not.toContainText(/atrium/i);
    // The studio's own calls from that page go the same way (same origin, through Caddy).
    const ping = await site.evaluate(async (name) => (await fetch(`/ping?name=${name}`)).json(), TLS_DOMAIN);
    expect(ping.orgId).toBe('riverside');
    await visitor.close();
  } finally {
    // The domain removed, so the studio's emailed links go back to its own address for the other specs.
    const login = await request.post(apiUrl('/login'), {
      headers: { host: `riverside.localhost:${process.env.E2E_PORT}` },
      data: { userId: 'admin@riverside.test', password: PASSWORD },
    });
    if (login.ok()) {
      await request.delete(apiUrl('/rest/settings/custom-domain'), {
        headers: {
          host: `riverside.localhost:${process.env.E2E_PORT}`,
          authorization: `Bearer ${(await login.json()).access_token}`,
        },
      });
    }
    await browser.close();
    await caddy.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
