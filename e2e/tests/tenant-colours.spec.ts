import { accessibleFill } from '@atrium/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiHeaders, apiUrl, hostUrl, logIn, seriousViolations } from './helpers';

// Issue 29 "Every tenant colour is accessible": the demo studio's theme colour is set, through
// Settings > Website, to colours unlike the demo's (a light yellow, a mid orange, and a mid blue on
// which neither white nor dark text reads), and axe checks the three faces' main pages at a phone's
// width and at a desktop's: 0 serious and 0 critical. The colour is put back afterwards.
//
// Other specs read demo's pages while this one runs; the colours it sets are all readable ones, and
// none of them asserts demo's theme colour.

// Every page is checked under the mid blue, the hardest (neither white nor dark text reads on it as
// it is); the other two colours on each face's main page, which wear the same palette. Every page under
// every colour was 81 axe checks, a third of the browser run's (decisions/platform.md "CI's matrix").
const COLOURS = [
  { name: 'a light yellow', hex: '#fff3a0', everyPage: false },
  { name: 'a mid orange', hex: '#f08c00', everyPage: false },
  { name: 'a mid blue', hex: '#228be6', everyPage: true },
];
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

const adminHeaders = (request: APIRequestContext) => apiHeaders(request, 'admin@demo.test');

let originalColour: string | null = null;
let campaignId = '';
let invoicePublicId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const admin = await adminHeaders(request);
  const settings = await request.get(apiUrl('/plugin/tenant'), { headers: admin });
  expect(settings.ok()).toBe(true);
  originalColour = (await settings.json()).themeColor ?? null;
  // a campaign of this spec's own, so the donation page has something to show
  const created = await request.post(apiUrl('/snode/donation'), {
    headers: admin,
    data: { name: `Colours ${Date.now().toString(36)}`, description: 'A new roof.', suggestedAmounts: [2000] },
  });
  expect(created.status()).toBe(201);
  campaignId = (await created.json()).guId;
  // an invoice of the demo student's, whose page the provider sends a payer back to
  const [contact] = await (
    await request.get(apiUrl('/rest/contact/?autoComplete=true&q=student@demo.test'), { headers: admin })
  ).json();
  const invoice = await request.post(apiUrl('/item/invoice'), {
    headers: admin,
    data: { contactId: contact.id, items: [{ itemName: 'Colour check', price: '12.00', isTaxable: false }] },
  });
  expect(invoice.status()).toBe(201);
  invoicePublicId = (await invoice.json()).publicId;
});

test.afterAll(async ({ request }) => {
  const admin = await adminHeaders(request);
  const restored = await request.put(apiUrl('/plugin/tenant/'), {
    headers: admin,
    data: { themeColor: originalColour ?? '' },
  });
  expect(restored.ok()).toBe(true);
});

/** `#rrggbb` as the browser's computed `rgb(r, g, b)`. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/**
 * Sets the theme colour as an owner would: Settings > Website, Theme colour, Submit. Answers axe's
 * findings on the screen with the colour picker open when asked (its sliders and eye-dropper are named).
 */
async function setThemeColour(page: Page, hex: string, checkPicker: boolean): Promise<string[]> {
  await page.goto(hostUrl('demo', '/settings/website'));
  const field = page.getByLabel('Theme colour');
  await field.click();
  await expect(page.getByRole('slider', { name: 'Hue' })).toBeVisible();
  const found = checkPicker ? (await seriousViolations(page)).map((violation) => `colour picker: ${violation}`) : [];
  await field.fill(hex);
  await field.press('Escape');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully updated settings.')).toBeVisible();
  return found;
}

/** No spinner left (Mantine's loaders and the app's own): the screen's data is in. */
const loaded = (page: Page) => expect(page.locator('.mantine-Loader-root, .atrium-busy')).toHaveCount(0);

/** axe over the page at each width; answers the violations found, named by page and width. */
async function checkPage(page: Page, label: string, ready: () => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    for (const violation of await seriousViolations(page)) found.push(`${label} at ${size.name}: ${violation}`);
  }
  return found;
}

async function visitorPages(browser: Browser, hex: string, everyPage: boolean): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const found: string[] = [];
  try {
    await page.goto(hostUrl('demo', '/'));
    // the server-rendered site wears the colour, with text that reads on it
    const { background, text } = accessibleFill(hex);
    await expect(page.locator('.site-toolbar')).toHaveCSS('background-color', rgb(background));
    await expect(page.locator('.site-toolbar')).toHaveCSS('color', rgb(text));
    found.push(...(await checkPage(page, 'home', () => expect(page.locator('.site-toolbar')).toBeVisible())));

    await page.goto(hostUrl('demo', '/calendar'));
    found.push(
      ...(await checkPage(page, 'calendar', async () => {
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await loaded(page);
      })),
    );

    if (everyPage) {
      await page.goto(hostUrl('demo', '/merchandise'));
      found.push(
        ...(await checkPage(page, 'shop', async () => {
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await loaded(page);
        })),
      );

      await page.goto(hostUrl('demo', '/donations'));
      found.push(
        ...(await checkPage(page, 'donations', async () => {
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await loaded(page);
        })),
      );

      await page.goto(hostUrl('demo', `/donate/${campaignId}`));
      found.push(
        ...(await checkPage(page, 'donation page', () =>
          expect(page.getByRole('form', { name: 'Donation' })).toBeVisible(),
        )),
      );

      // the payment-result page: back from the provider's page without paying
      await page.goto(hostUrl('demo', `/invoice/${invoicePublicId}?payment=cancel`));
      found.push(
        ...(await checkPage(page, 'payment result', () =>
          expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible(),
        )),
      );

      // the 404 pages: the server's (no such page) and the app's (an admin screen asked by a visitor)
      await page.goto(hostUrl('demo', '/no-such-page-here'));
      found.push(
        ...(await checkPage(page, 'site 404', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible())),
      );
      await page.goto(hostUrl('demo', '/products'));
      found.push(
        ...(await checkPage(page, 'app 404', () =>
          expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible(),
        )),
      );
    }

    await page.goto(hostUrl('demo', '/login'));
    found.push(
      ...(await checkPage(page, 'login', () => expect(page.getByRole('button', { name: 'Login' })).toBeVisible())),
    );
    // the app's public layout (here under /forgot-password: /login is a server page now) paints its top bar in
    // the same readable pair as the server's
    await page.goto(hostUrl('demo', '/forgot-password'));
    await expect(page.locator('.public-toolbar')).toHaveCSS('background-color', rgb(background));
    await expect(page.locator('.public-toolbar')).toHaveCSS('color', rgb(text));
  } finally {
    await context.close();
  }
  return found;
}

async function signedInPage(
  browser: Browser,
  email: string,
  path: string,
  label: string,
  ready: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(hostUrl('demo', path));
    return await checkPage(page, label, () => ready(page));
  } finally {
    await context.close();
  }
}

for (const colour of COLOURS) {
  test(`with ${colour.name} (${colour.hex}) as the theme colour, the faces pass axe at 390 px and at desktop width`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(colour.everyPage ? 240_000 : 150_000);
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const found = await setThemeColour(page, colour.hex, colour.everyPage);
    found.push(...(await visitorPages(browser, colour.hex, colour.everyPage)));
    found.push(
      ...(await signedInPage(browser, 'student@demo.test', '/classes', 'student portal', async (p) => {
        await expect(p.getByRole('navigation', { name: 'Student menu' })).toBeVisible();
        await loaded(p);
        // the platform's version is the staff's footer only (issue 29 "Words")
        await expect(p.getByRole('contentinfo').getByText('v6.4 December 2022')).toHaveCount(0);
      })),
    );

    // the admin dashboard, with the admin's own session (the sidebar's active item wears the colour)
    await page.goto(hostUrl('demo', '/dashboard'));
    found.push(
      ...(await checkPage(page, 'admin dashboard', async () => {
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await loaded(page);
        await expect(page.getByRole('contentinfo').getByText('v6.4 December 2022')).toBeVisible();
      })),
    );
    // the primary buttons wear the studio's colour in a shade white reads on
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
    );
    expect(primary).toMatch(/^#[0-9a-f]{6}$/);

    expect(found).toEqual([]);
  });
}
