import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

// riverside: the website-builder spec asserts riverside's title and description, so this spec
// changes only what no other spec reads (keywords, header colour, socials, footer text).
const ORG = 'riverside';

test('website and SEO settings reach the public site; the API key is shown once', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings'));
  await page.getByRole('region', { name: 'Settings' }).getByRole('link', { name: 'Website', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/website$/);

  await page.getByLabel('Header colour').fill('#102a43');
  await page.getByLabel('Instagram').fill('instagram.com/riverside-yoga');
  await page.getByLabel('Footer information').fill('Yoga on the river bank since 2009.');
  await page.getByLabel('Facebook').fill('not a link');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid Form!')).toBeVisible();
  await expect(page.getByText('Facebook must be a web address')).toBeVisible();
  await page.getByLabel('Facebook').fill('');
  await page.getByLabel('Logo height (px)').fill('75');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully updated settings.')).toBeVisible();

  await page.getByRole('link', { name: 'SEO settings' }).click();
  await expect(page).toHaveURL(/\/settings\/website\/seosetting$/);
  const keywords = page.getByLabel('SEO Keywords');
  await keywords.fill('k'.repeat(256));
  await expect(page.getByText('256 / 255')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Keywords cannot exceed 255 characters')).toBeVisible();
  await keywords.fill('yoga, river, riverside');
  await expect(page.getByText('22 / 255')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully updated settings.').first()).toBeVisible();

  await page.getByRole('button', { name: /API key/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  const key = (await dialog.getByTestId('new-api-key').innerText()).trim();
  expect(key).toMatch(/^atr_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('textbox', { name: 'API Key' })).toHaveValue(`•••• •••• •••• ${key.slice(-4)}`);
  await page.getByLabel('Back').click();
  await expect(page).toHaveURL(/\/settings\/website$/);

  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  try {
    await site.goto(hostUrl(ORG, '/'));
    await expect(site.locator('meta[name="keywords"]')).toHaveAttribute('content', 'yoga, river, riverside');
    const footer = site.getByRole('contentinfo');
    await expect(footer.getByText('Yoga on the river bank since 2009.')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'http://instagram.com/riverside-yoga',
    );
    await expect(site.locator('header.site-header')).toHaveCSS('background-color', 'rgb(16, 42, 67)');
    const toolbarColour = await site
      .locator('.site-toolbar')
      .evaluate((node) => getComputedStyle(node).backgroundColor);
    // the login page (a server page like the site's) wears the same header and top bar
    await site.goto(hostUrl(ORG, '/login'));
    await expect(site.locator('header.site-header')).toHaveCSS('background-color', 'rgb(16, 42, 67)');
    await expect(site.locator('.site-toolbar')).toHaveCSS('background-color', toolbarColour);
    await expectAccessible(site);
    // and so do the app's public pages (here /forgot-password): header colour with white text, same top bar
    await site.goto(hostUrl(ORG, '/forgot-password'));
    const header = site.locator('.public-navbar');
    await expect(header).toHaveCSS('background-color', 'rgb(16, 42, 67)');
    await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(site.locator('.public-toolbar')).toHaveCSS('background-color', toolbarColour);
    await expectAccessible(site);
  } finally {
    await visitor.close();
  }
});

test('External Website needs an address when the website is elsewhere', async ({ page }) => {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/website/externalwebsite'));
  await expect(page.getByRole('radio', { name: 'Use the website built here' })).toBeChecked();
  await page.getByRole('radio', { name: 'Use my own website' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Website address is required for an external website')).toBeVisible();
  // back without saving: the riverside site stays as it is for the other specs
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings\/website$/);
});

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the Account Settings logo banner uploads, saves at once and becomes the site logo', async ({ page, browser }) => {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/account'));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo banner' }).click();
  await (await chooser).setFiles({ name: 'riverside-logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Successfully updated logo.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Logo banner' })).toHaveValue(/^\/media\//);

  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  try {
    await site.goto(hostUrl(ORG, '/'));
    await expect(site.locator('header.site-header img')).toHaveAttribute('src', /^\/media\//);
  } finally {
    await visitor.close();
  }
});
