import { accessibleFill } from '@atrium/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiUrl, hostUrl, logIn, PASSWORD, seriousViolations, tomorrow } from './helpers';
import { runMailbox } from './shared-ports';
import { newStudio, tenantHost } from './studio-api';

// Issue 29 "Every tenant colour is accessible": a studio's theme colour is set, through Settings >
// Website, to colours unlike the demo's (a light yellow, a mid orange, and a mid blue on which neither
// white nor dark text reads), and axe checks the three faces' main pages at a phone's width and at a
// desktop's: 0 serious and 0 critical.
//
// The studio is this spec's own (a franchise of demo made over the API, with card payments, a class
// tomorrow, a donation campaign, a member and an invoice of theirs): on demo, another spec saving demo's
// tenant settings could write the old colour back while a check here ran.

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

const ORG = `colours${Date.now().toString(36)}`;
const OWNER = `owner@${ORG}.test`;
const MEMBER = `mina@${ORG}.test`;

const mailbox = runMailbox();

let campaignId = '';
let invoicePublicId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const { owner } = await newStudio(request, {
    orgId: ORG,
    businessName: 'Colour Yoga',
    owner: { name: 'Cleo Colour', email: OWNER, password: PASSWORD },
  });
  // card payments on (Stripe keys, test mode: nothing calls Stripe here), as demo has: the donation page
  // shows its form and the invoice its Pay button
  await owner.call('PUT', '/item/tenant/stripe', {
    testApiKey: 'pk_test_colours',
    testSecretKey: 'sk_test_colours',
    isTestMode: true,
    isProviderIntegrated: true,
  });
  // a class tomorrow, so the timetable shows one (and its week opens)
  const day = tomorrow();
  await owner.call('POST', '/snode/classrule', {
    name: 'Morning Flow',
    startTime: '09:00',
    durationMinutes: 60,
    daysOfWeek: [day.weekday],
    startDate: day.date,
    endDate: day.date,
    capacity: 5,
  });
  // a campaign, so the donation page has something to show
  campaignId = (
    await owner.call<{ guId: string }>('POST', '/snode/donation', {
      name: 'Colours',
      description: 'A new roof.',
      suggestedAmounts: [2000],
    })
  ).guId;
  // a member who signs in to the student portal, with an invoice whose page the provider sends a payer back to
  await registerMember(request, MEMBER);
  const [contact] = await owner.call<{ id: string }[]>('GET', `/rest/contact/?autoComplete=true&q=${MEMBER}`);
  if (!contact) throw new Error('the member is not among the contacts');
  invoicePublicId = (
    await owner.call<{ publicId: string }>('POST', '/item/invoice', {
      contactId: contact.id,
      items: [{ itemName: 'Colour check', price: '12.00', isTaxable: false }],
    })
  ).publicId;
});

/** A member signs up on the studio's site and confirms by the emailed link, with the run's password. */
async function registerMember(request: APIRequestContext, email: string): Promise<void> {
  const registered = await request.post(apiUrl('/public/user/registration'), {
    headers: tenantHost(ORG),
    data: { email, name: 'Mina', lastName: 'Member' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const link = (await mailbox.waitFor(email)).text.match(/\/register\/confirm\?token=([\w%-]+)/)?.[1];
  if (!link) throw new Error('no registration link in the email');
  const confirmed = await request.post(apiUrl('/public/user/registration/confirm'), {
    headers: tenantHost(ORG),
    data: { token: decodeURIComponent(link), password: PASSWORD },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** `#rrggbb` as the browser's computed `rgb(r, g, b)`. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/**
 * Sets the theme colour as the owner would: Settings > Website, Theme colour, Submit. Answers axe's
 * findings on the screen with the colour picker open when asked (its sliders and eye-dropper are named).
 */
async function setThemeColour(page: Page, hex: string, checkPicker: boolean): Promise<string[]> {
  await page.goto(hostUrl(ORG, '/settings/website'));
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
    await page.goto(hostUrl(ORG, '/'));
    // the server-rendered site wears the colour, with text that reads on it
    const { background, text } = accessibleFill(hex);
    await expect(page.locator('.site-toolbar')).toHaveCSS('background-color', rgb(background));
    await expect(page.locator('.site-toolbar')).toHaveCSS('color', rgb(text));
    found.push(...(await checkPage(page, 'home', () => expect(page.locator('.site-toolbar')).toBeVisible())));

    await page.goto(hostUrl(ORG, '/calendar'));
    found.push(
      ...(await checkPage(page, 'calendar', async () => {
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await loaded(page);
      })),
    );

    if (everyPage) {
      await page.goto(hostUrl(ORG, '/merchandise'));
      found.push(
        ...(await checkPage(page, 'shop', async () => {
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await loaded(page);
        })),
      );

      await page.goto(hostUrl(ORG, '/donations'));
      found.push(
        ...(await checkPage(page, 'donations', async () => {
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await loaded(page);
        })),
      );

      await page.goto(hostUrl(ORG, `/donate/${campaignId}`));
      found.push(
        ...(await checkPage(page, 'donation page', () =>
          expect(page.getByRole('form', { name: 'Donation' })).toBeVisible(),
        )),
      );

      // the payment-result page: back from the provider's page without paying
      await page.goto(hostUrl(ORG, `/invoice/${invoicePublicId}?payment=cancel`));
      found.push(
        ...(await checkPage(page, 'payment result', () =>
          expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible(),
        )),
      );

      // the 404 pages: the server's (no such page) and the app's (an admin screen asked by a visitor)
      await page.goto(hostUrl(ORG, '/no-such-page-here'));
      found.push(
        ...(await checkPage(page, 'site 404', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible())),
      );
      await page.goto(hostUrl(ORG, '/products'));
      found.push(
        ...(await checkPage(page, 'app 404', () =>
          expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible(),
        )),
      );
    }

    await page.goto(hostUrl(ORG, '/login'));
    found.push(
      ...(await checkPage(page, 'login', () => expect(page.getByRole('button', { name: 'Login' })).toBeVisible())),
    );
    // the app's public layout (here under /forgot-password: /login is a server page now) paints its top bar in
    // the same readable pair as the server's
    await page.goto(hostUrl(ORG, '/forgot-password'));
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
    await logIn(page, email, ORG);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(hostUrl(ORG, path));
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
    await logIn(page, OWNER, ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    const found = await setThemeColour(page, colour.hex, colour.everyPage);
    found.push(...(await visitorPages(browser, colour.hex, colour.everyPage)));
    found.push(
      ...(await signedInPage(browser, MEMBER, '/classes', 'student portal', async (p) => {
        await expect(p.getByRole('navigation', { name: 'Student menu' })).toBeVisible();
        await loaded(p);
        // the platform's version is the staff's footer only (issue 29 "Words")
        await expect(p.getByRole('contentinfo').getByText('v6.4 December 2022')).toHaveCount(0);
      })),
    );

    // the admin dashboard, with the admin's own session (the sidebar's active item wears the colour)
    await page.goto(hostUrl(ORG, '/dashboard'));
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
