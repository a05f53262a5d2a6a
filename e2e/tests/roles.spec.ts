import { expect, test } from '@playwright/test';
import { hostUrl, logIn, menuLinks } from './helpers';

// The riverside tenant: other specs assert the demo tenant's front desk and menus.
const ORG = 'riverside';

test('an admin takes "Manage Contacts" from the front desk, who then loses the screen and its data', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings'));
  await page.getByRole('link', { name: 'Roles', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  const frontDesk = page.getByRole('group', { name: 'Front Desk' });
  const manageContacts = frontDesk.getByRole('switch', { name: 'Manage Contacts' });
  await expect(manageContacts).toBeChecked();
  await manageContacts.click();
  await expect(page.getByText('Successfully updated roles.')).toBeVisible();
  await expect(manageContacts).not.toBeChecked();
  // the staff role keeps its own
  await expect(
    page.getByRole('group', { name: 'Staff' }).getByRole('switch', { name: 'Manage Contacts' }),
  ).toBeChecked();

  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  try {
    await logIn(desk, 'frontdesk@riverside.test', ORG);
    await expect(desk).toHaveURL(/\/calendar$/);
    expect(await menuLinks(desk, 'Admin menu')).not.toContain('Contacts');
    await desk.goto(hostUrl(ORG, '/contacts'));
    await expect(desk.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(
      desk.getByText("Your role does not have the 'Manage Contacts' permission.", { exact: false }),
    ).toBeVisible();
    // the server refuses the data too, whatever the screen shows
    const status = await desk.evaluate(async () => {
      const response = await fetch('/snode/contact', {
        headers: { authorization: `Bearer ${localStorage.getItem('atrium.accessToken')}` },
      });
      return response.status;
    });
    expect(status).toBe(403);

    // Given back, the permission shows once the front desk's app loads again.
    await manageContacts.click();
    await expect(page.getByText('Successfully updated roles.').first()).toBeVisible();
    await expect(manageContacts).toBeChecked();
    await desk.goto(hostUrl(ORG, '/dashboard'));
    expect(await menuLinks(desk, 'Admin menu')).toContain('Contacts');
    await desk.goto(hostUrl(ORG, '/contacts'));
    await expect(desk.getByRole('heading', { name: 'Access denied' })).toHaveCount(0);
  } finally {
    await deskContext.close();
  }
});

test('the front desk sees the Roles screen read-only', async ({ page }) => {
  await logIn(page, 'frontdesk@riverside.test', ORG);
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto(hostUrl(ORG, '/settings/roles'));
  await expect(page.getByText('Only an administrator can change these settings.')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Staff' }).getByRole('switch', { name: 'Manage Courses' }),
  ).toBeDisabled();
});
