import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl } from './helpers';

const port = process.env.E2E_PORT ?? '3100';

test.describe('from a browser in London', () => {
  test.use({ timezoneId: 'Europe/London' });
  test('a new studio signs up on the bare domain, completes onboarding at phone width and sees its first steps', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const orgId = `harbor-${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`http://localhost:${port}/new-studio`);
    await expect(page.getByRole('heading', { name: 'Create your studio', level: 1 })).toBeVisible();
    await page.getByLabel('Business name').fill('Harbor Pilates');
    // the web address is suggested from the name, and can be changed
    await expect(page.getByLabel('Web address')).toHaveValue('harbor-pilates');
    await page.getByLabel('Web address').fill('Ad');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Quay');
    await page.getByLabel('Email').fill(`nora@${orgId}.example`);
    await page.getByRole('textbox', { name: 'Password' }).fill('Harbor-pilates-1');
    await page.getByRole('button', { name: 'Create my studio' }).click();
    await expect(page.getByText('The web address must be 3 to 32 characters long.')).toBeVisible();
    await page.getByLabel('Web address').fill(orgId);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create my studio' }).click();

    // signed in on the studio's own address, at the wizard
    await expect(page).toHaveURL(hostUrl(orgId, '/onboarding'), { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: "Let's configure your account", level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Welcome' })).toContainText('Welcome, Nora');
    await expect(page.getByRole('complementary', { name: 'Welcome' })).toContainText(`nora@${orgId}.example`);
    // nothing is answered for the owner: Next names the first question left open
    await expect(page.getByRole('radio', { name: 'Wellness Trainer' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Business type is required' })).toBeVisible();
    await page.getByRole('radio', { name: 'Coach' }).check();
    await page.getByRole('radio', { name: '5', exact: true }).check();
    await page.getByLabel('How did you hear about us?').fill('A friend');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Business Information', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Business name')).toHaveValue('Harbor Pilates');
    // the logo is an image to upload, not an address to type
    await expect(page.getByRole('button', { name: 'Upload logo' })).toBeVisible();
    // the country and zone come from the browser (London), named in words
    await expect(page.getByLabel(/^Country( \*)?$/)).toHaveValue('GBR');
    await expect(page.getByLabel(/^Country( \*)?$/).locator('option:checked')).toHaveText('United Kingdom');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('+44');
    await page.getByLabel(/^Country( \*)?$/).selectOption({ label: 'United States' });
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('+1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please fill in the required fields, including the phone number.' }),
    ).toBeVisible();
    await expect(page.getByText('Phone Number is required')).toBeVisible();
    // an incomplete number is no number
    await page.getByRole('textbox', { name: 'Phone' }).fill('555123');
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('555-123');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Phone Number is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Phone' }).fill('5551234567');
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('555-123-4567');
    // any named zone, its country's first in the list: a London studio types its city
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('London');
    await page.getByRole('option', { name: 'Europe/London' }).click();
    await expect(zone).toHaveValue('Europe/London');
    await expectAccessible(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Select The Products You Offer', level: 1 })).toBeVisible();
    const courses = page.getByRole('switch', { name: 'Courses' });
    await expect(courses).toBeChecked();
    await expect(courses).toBeDisabled();
    await expect(page.getByText('Always on: every studio can create and sell courses.')).toBeVisible();
    await page.getByRole('switch', { name: 'Classes' }).check({ force: true });
    await page.getByRole('switch', { name: 'Merchandise' }).check({ force: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page).toHaveURL(hostUrl(orgId, '/dashboard'), { timeout: 15_000 });
    // the wizard is over: its address now leads to the dashboard
    await page.goto(hostUrl(orgId, '/onboarding'));
    await expect(page).toHaveURL(hostUrl(orgId, '/dashboard'));

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(hostUrl(orgId, '/getstarted'));
    await expect(page.getByRole('heading', { name: 'Get Started', level: 1 })).toBeVisible();
    await expect(page.getByText(/^[0-4] of 5 steps done$/)).toBeVisible();
    await expect(page.getByRole('progressbar')).toBeVisible();
    const steps = page.getByRole('main').getByRole('listitem');
    await expect(steps.filter({ hasText: 'Add your first member' }).getByText('To do', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test('the sign-up is not offered on a studio’s own address', async ({ page }) => {
  await page.goto(hostUrl('demo', '/new-studio'));
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create my studio' })).toHaveCount(0);
});
