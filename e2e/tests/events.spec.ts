import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn, PASSWORD, tomorrow } from './helpers';

// The demo tenant (America/New_York): an admin makes a one-day workshop on /rules, a visitor finds
// it on the public events page at phone width, logs in from its Register button and is registered.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

test('an admin makes an event; a visitor registers from its page after logging in; a renewed link retires the old one', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36).slice(-5);
  const name = `Sunrise Workshop ${tag}`;
  const day = tomorrow();

  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Events' }).first().click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  // the demo's seeded weekend event is listed, classes are not
  await expect(page.getByRole('row').filter({ hasText: 'Weekend Retreat' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Morning Yoga' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Event name is required')).toBeVisible();
  await dialog.getByLabel('Event name').fill(name);
  await dialog.getByLabel('Description').fill('Greet the sun with a slow practice.');
  await dialog.getByRole('checkbox', { name: WEEKDAYS[day.weekday]?.slice(0, 3), exact: true }).check();
  await dialog.getByLabel('Start time').fill('07:00');
  await dialog.getByLabel('Duration (minutes)').fill('90');
  await dialog.getByLabel('Start date').fill(day.date);
  await dialog.getByLabel('End date').fill(day.date);
  await dialog.getByLabel('Max attendees').fill('5');
  await dialog.getByLabel('Address').fill('1 Harbour Street');
  await dialog.getByRole('checkbox', { name: 'Featured' }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('1 Harbour Street');
  await expect(row).toContainText('Featured');
  await expect(row).toContainText('Free');
  await expectAccessible(page);
  const link = (await row.getByRole('link', { name }).getAttribute('href')) ?? '';
  expect(link).toMatch(/\/events\/[A-Za-z0-9_-]{16}$/);
  const path = new URL(link).pathname;

  // A visitor on a phone finds it on the public events page.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(hostUrl('demo', '/events'));
  await expect(visitor.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('link', { name }) });
  await expect(card).toContainText('Free');
  await expect(card).toContainText('5 places left');
  await expect(visitor.getByRole('link', { name: 'Weekend Retreat' })).toBeVisible();
  await expectAccessible(visitor);
  await expect(visitor.locator('body')).not.toContainText('Atrium');

  await card.getByRole('link', { name }).click();
  await expect(visitor).toHaveURL(new RegExp(`${path}$`));
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(visitor.getByText('Greet the sun with a slow practice.')).toBeVisible();
  await expect(visitor.getByText('1 Harbour Street')).toBeVisible();
  await expectAccessible(visitor);

  // Register: log in first, then back on the event's page.
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor).toHaveURL(/\/login\?returnUrl=/);
  await visitor.getByLabel('Email').fill('student@demo.test');
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Login' }).click();
  await expect(visitor).toHaveURL(new RegExp(`${path}$`));
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor.getByText('You are registered')).toBeVisible();
  await expectAccessible(visitor);
  // a second try is refused in the spec's words
  await visitor.reload();
  await expect(visitor.getByText('Places: 4 places left')).toBeVisible();
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor.getByText('You are already registered for this event.')).toBeVisible();

  // The admin renews the link: the old one no longer opens the event.
  page.once('dialog', (confirm) => void confirm.accept());
  await row.getByRole('button', { name: `New link for ${name}` }).click();
  await expect(page.getByText(`${name} has a new link.`)).toBeVisible();
  await expect(row.getByRole('link', { name })).not.toHaveAttribute('href', link);
  await visitor.goto(hostUrl('demo', path));
  await expect(visitor.getByRole('heading', { name: 'Event not found', level: 1 })).toBeVisible();
  await visitorContext.close();
});
