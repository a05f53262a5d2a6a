import { type Browser, expect, type Page, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';
import { signIn } from './studio-api';

// riverside's site, as the builder spec (demo's menu and colours are other specs' to assert)
const ORG = 'riverside';

/** What a visitor (no session) reads on a page of the site. */
async function visitorText(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(hostUrl(ORG, path));
  const text = await page.locator('body').innerText();
  await context.close();
  return text;
}

/** Select Template > HTML template (from the page's HTML), the new HTML, then Edit Page is open. */
async function writeHtml(page: Page, html: string): Promise<void> {
  await page.getByRole('button', { name: 'All Templates' }).click();
  await page.getByRole('button', { name: 'Use HTML template' }).click();
  await page.getByLabel('HTML', { exact: true }).fill(html);
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/is published\. Visitors see it now\./).first()).toBeVisible();
}

test.describe('the designer: drafts, versions and the site theme', () => {
  let original: { themeColor: string | null; siteTheme: object } | null = null;

  test.afterAll(async ({ request }) => {
    if (!original) return;
    const admin = await signIn(request, ORG, `admin@${ORG}.test`);
    await admin.call('PUT', '/plugin/tenant/', {
      themeColor: original.themeColor ?? '',
      siteTheme: original.siteTheme,
    });
  });

  test('a page is drafted, published, changed, and the previous version restored; a theme change restyles it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await signIn(request, ORG, `admin@${ORG}.test`);
    original = await admin.call('GET', '/plugin/tenant');

    await logIn(page, `admin@${ORG}.test`, ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl(ORG, '/website'));
    await expect(page.getByRole('heading', { name: 'Website - Lets build a website' })).toBeVisible();
    await page.getByRole('button', { name: 'Add New Page' }).click();
    const toast = page.getByText(/^\d{4} page added\.$/);
    await expect(toast).toBeVisible();
    const name = (await toast.innerText()).slice(0, 4);

    // drafted: saved, and the visitor does not see it
    await page.getByRole('button', { name: 'Use HTML template' }).click();
    await page.getByLabel('HTML', { exact: true }).fill(`<p class="sb-button">First words ${name}</p>`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved. Visitors still see the published page.')).toBeVisible();
    expect(await visitorText(browser, `/${name}`)).not.toContain(`First words ${name}`);

    // published: live, and the page is Published
    await publish(page);
    await expect(page.getByRole('switch', { name: 'Published' })).toBeChecked();
    expect(await visitorText(browser, `/${name}`)).toContain(`First words ${name}`);

    // changed and published again
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // the editor can take the whole window, and give it back
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.locator('.atrium-builder--full')).toBeVisible();
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(page.locator('.atrium-builder--full')).toHaveCount(0);
    await writeHtml(page, `<p>Second words ${name}</p>`);
    await publish(page);
    expect(await visitorText(browser, `/${name}`)).toContain(`Second words ${name}`);

    // the previous version restored: the draft first, live once published
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog', { name: 'Published versions' });
    const rows = versions.getByRole('list', { name: 'Published versions' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('(live now)');
    await expect(rows.first()).toContainText(/Published by \S/);
    await rows
      .nth(1)
      .getByRole('button', { name: /^Restore the version of / })
      .click();
    await expect(page.getByText('Version restored as your draft. Publish to make it live.')).toBeVisible();
    expect(await visitorText(browser, `/${name}`)).toContain(`Second words ${name}`);
    // the restored draft opens in the designer: an icon is placed from the Tabler set
    await expect(page.frameLocator('.gjs-frame').getByText(`First words ${name}`)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add icon' }).click();
    await page.getByLabel('Find an icon').fill('yoga');
    await page.getByRole('button', { name: 'Add the Yoga icon' }).click();
    await expect(page.frameLocator('.gjs-frame').locator('svg.sb-icon')).toHaveCount(1);
    await publish(page);
    expect(await visitorText(browser, `/${name}`)).toContain(`First words ${name}`);
    const icons = await (await browser.newContext()).newPage();
    await icons.goto(hostUrl(ORG, `/${name}`));
    await expect(icons.locator('svg.sb-icon path').first()).toBeAttached();
    await icons.context().close();

    // the theme: colour, fonts and corners in Website Settings restyle the public page
    await page.goto(hostUrl(ORG, '/settings/website'));
    const colour = page.getByLabel('Theme colour');
    await colour.fill('#7048e8');
    await colour.press('Escape');
    await page.getByRole('combobox', { name: 'Fonts' }).click();
    await page.getByRole('option', { name: /^Modern/ }).click();
    await page.getByRole('combobox', { name: 'Corners' }).click();
    await page.getByRole('option', { name: 'Round', exact: true }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully updated settings.')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(hostUrl(ORG, `/${name}`));
    const styled = await visitor.evaluate(async () => {
      await document.fonts.ready;
      const root = getComputedStyle(document.documentElement);
      const button = document.querySelector('.sb-button');
      return {
        primary: root.getPropertyValue('--site-primary-500').trim(),
        body: getComputedStyle(document.body).fontFamily,
        inter: [...document.fonts].some((face) => face.family.includes('Inter') && face.status === 'loaded'),
        radius: button ? getComputedStyle(button).borderTopLeftRadius : '',
      };
    });
    expect(styled).toMatchObject({ primary: '#7048e8', inter: true, radius: '999px' });
    expect(styled.body).toMatch(/^"Inter Variable"/);
    await visitor.context().close();

    await page.goto(hostUrl(ORG, '/website'));
    await page.getByRole('button', { name: new RegExp(`^${name} \\(`) }).click();
    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} is deleted successfully.`)).toBeVisible();
  });
});
