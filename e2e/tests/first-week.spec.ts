import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, hostUrl, tomorrow } from './helpers';
import { runMailbox } from './shared-ports';

// A new studio's first week (issue 29): its modules put their pages in the public menu, a price set
// without a payment provider says so, and a visitor on a phone picks a class, registers, lands back
// on it signed in, finds it in My Bookings and cancels it. The studio is made for this run.

const port = process.env.E2E_PORT ?? '3100';
const mailbox = runMailbox();
const OWNER_PASSWORD = 'Harbor-pilates-1';
const MEMBER_PASSWORD = 'Member-pass-1';

test.use({ timezoneId: 'America/New_York' });

/** Nothing wider than the screen (the document and every dialog). */
async function fitsScreen(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const dialog of await page.getByRole('dialog').all()) {
    const box = await dialog.boundingBox();
    expect(box && box.x >= -1 && box.x + box.width <= width + 1).toBe(true);
  }
}

async function siteMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Site menu' });
  await expect(nav).toBeAttached();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

/** The public menu a visitor (no session) sees on the studio's home page. */
async function visitorMenu(browser: Browser, orgId: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(hostUrl(orgId, '/'));
  const items = await siteMenu(page);
  await context.close();
  return items;
}

async function signUpStudio(page: Page, orgId: string, email: string) {
  await page.goto(`http://localhost:${port}/new-studio`);
  await page.getByLabel('Business name').fill('Harbor Pilates');
  await page.getByLabel('Web address').fill(orgId);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Quay');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Create my studio' }).click();
  await expect(page).toHaveURL(hostUrl(orgId, '/onboarding'), { timeout: 20_000 });
  await page.getByRole('radio', { name: 'Coach' }).check();
  await page.getByRole('radio', { name: '5', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Business Information', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('5551234567');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Select The Products You Offer', level: 1 })).toBeVisible();
  for (const [name, on] of [
    ['Classes', true],
    ['Merchandise', true],
    ['Events', false],
    ['Donations', false],
  ] as const) {
    await page.getByRole('switch', { name }).setChecked(on, { force: true });
  }
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(hostUrl(orgId, '/dashboard'), { timeout: 15_000 });
}

test('a new studio’s first week: modules in the public menu, a price without a provider, a visitor who registers, books and cancels', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const orgId = `harbor-${tag}`;
  const owner = `nora@${orgId}.example`;
  const member = `mina@${orgId}.example`;
  const className = `Reformer ${tag.slice(-4)}`;

  // The owner signs up and chooses Classes and Merchandise (Courses is always on).
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpStudio(page, orgId, owner);
  // a visitor finds more than "Home": each module's page is in the menu
  expect(await visitorMenu(browser, orgId)).toEqual(['Home', 'Calendar', 'Courses', 'Merchandise']);

  // Turning Events on in Module Settings publishes its page; turning it off takes it back.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(hostUrl(orgId, '/settings/display'));
  const events = page.getByRole('switch', { name: 'Events' });
  await expect(events).not.toBeChecked();
  await events.check({ force: true });
  await expect(events).toBeChecked();
  await expect
    .poll(() => visitorMenu(browser, orgId))
    .toEqual(['Home', 'Calendar', 'Courses', 'Events', 'Merchandise']);
  await events.uncheck({ force: true });
  await expect(events).not.toBeChecked();
  await expect.poll(() => visitorMenu(browser, orgId)).toEqual(['Home', 'Calendar', 'Courses', 'Merchandise']);

  // A price set with no payment provider says so, where it is set, and leads to where one is connected.
  await page.goto(hostUrl(orgId, '/schedule'));
  await page.getByRole('button', { name: 'Add Class' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No payment provider connected')).toHaveCount(0);
  await dialog.getByLabel(/Drop-in price/).fill('15');
  await expect(dialog.getByText('No payment provider connected')).toBeVisible();
  await expect(dialog.getByText(/pay at the studio/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('link', { name: 'Connect a payment provider' }).click();
  await expect(page).toHaveURL(hostUrl(orgId, '/settings/integrations/paymentprovider'));
  // Get Started's step leads there too
  await page.goto(hostUrl(orgId, '/getstarted'));
  await expect(page.getByRole('link', { name: 'Connect a payment provider' })).toHaveAttribute(
    'href',
    '/settings/integrations/paymentprovider',
  );

  // A free class tomorrow at 18:00 (made through the API as the owner).
  const day = tomorrow();
  await page.evaluate(
    async ({ owner, password, className, day }) => {
      const json = { 'content-type': 'application/json' };
      const login = await (
        await fetch('/login', { method: 'POST', headers: json, body: JSON.stringify({ userId: owner, password }) })
      ).json();
      const made = await fetch('/snode/classrule', {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${login.access_token}` },
        body: JSON.stringify({
          name: className,
          daysOfWeek: [day.weekday],
          startTime: '18:00',
          durationMinutes: 50,
          startDate: day.date,
          endDate: day.date,
          capacity: 8,
        }),
      });
      if (made.status !== 201) throw new Error(`class: ${made.status} ${await made.text()}`);
    },
    { owner, password: OWNER_PASSWORD, className, day },
  );

  // The staff calendar's month view: each class is a target of at least 24 px (WCAG 2.2 2.5.8).
  await page.goto(hostUrl(orgId, '/calendar'));
  await page
    .getByText(/^month$/i)
    .first()
    .click({ timeout: 15_000 });
  const entry = page.locator('.session-event').filter({ hasText: className }).first();
  if (!(await entry.isVisible())) await page.getByRole('button', { name: /next/i }).first().click();
  await expect(entry).toBeVisible();
  expect((await entry.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);

  // A visitor on a phone finds the calendar in the menu and picks the class.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(hostUrl(orgId, '/'));
  const menuButton = visitor.getByRole('button', { name: /menu/i }).first();
  if (await menuButton.isVisible()) await menuButton.click();
  await visitor.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(visitor).toHaveURL(hostUrl(orgId, '/calendar'));
  await expect(visitor.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  // (no showTomorrowsWeek: with tomorrow in next week, this week is empty and the calendar opens on the next one)
  await visitor
    .getByRole('button', { name: new RegExp(className) })
    .first()
    .click();
  await expect(visitor.getByRole('dialog')).toBeVisible();
  await fitsScreen(visitor, 390);
  await visitor.getByRole('dialog').getByRole('button', { name: 'Register' }).click();

  // Not a member yet: login first, then Register; the pick goes with the registration email.
  await expect(visitor).toHaveURL(/\/login/);
  await visitor.getByRole('link', { name: 'Register' }).click();
  await visitor.getByLabel('First name').fill('Mina');
  await visitor.getByLabel('Last name').fill('Member');
  await visitor.getByLabel('Email').fill(member);
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor.getByText('Check your email', { exact: true })).toBeVisible();
  const link = (await mailbox.waitFor(member)).text.match(/\/register\/confirm\?token=[\w%-]+/)?.[0];
  if (!link) throw new Error('no registration link in the email');

  // The emailed link opened on another device (a fresh browser): signed in, back on the class, booked.
  await visitorContext.close();
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await memberContext.newPage();
  await phone.goto(hostUrl(orgId, link));
  await phone.locator('input[type="password"]').first().fill(MEMBER_PASSWORD);
  await phone.getByLabel(/Confirm password/).fill(MEMBER_PASSWORD);
  await phone.getByRole('button', { name: 'Create my account' }).click();
  await expect(phone).toHaveURL(/\/signup\//, { timeout: 15_000 });
  await expect(phone.getByRole('heading', { name: className, level: 1 })).toBeVisible();
  await expect(phone.getByText('You are booked')).toBeVisible();
  await expectAccessible(phone);

  // My Bookings: the class to come, cancelled within the rules.
  await phone.goto(hostUrl(orgId, '/mybookings'));
  await expect(phone.getByRole('heading', { name: 'My Bookings', level: 1 })).toBeVisible();
  const upcoming = phone.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText(className)).toBeVisible();
  await expect(upcoming.getByText('Booked', { exact: true })).toBeVisible();
  await expect(phone.getByText('Cancel at least 12 hours before a class; later it is a late cancel.')).toBeVisible();
  await expectAccessible(phone);
  await phone.setViewportSize({ width: 320, height: 700 });
  await fitsScreen(phone, 320);
  await upcoming.getByRole('button', { name: new RegExp(`^Cancel booking: ${className}`) }).click();
  const confirm = phone.getByRole('dialog');
  await expect(confirm.getByText('Free to cancel: the class starts more than 12 hours from now.')).toBeVisible();
  await fitsScreen(phone, 320);
  await expectAccessible(phone);
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(phone.getByText('Your booking was cancelled.')).toBeVisible();
  await expect(upcoming.getByText('No classes booked yet.')).toBeVisible();
  await expect(upcoming.getByText(className)).toHaveCount(0);
  await memberContext.close();
});
