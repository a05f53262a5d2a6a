import { expect, type Page, test } from '@playwright/test';
import { addClassTomorrow, expectAccessible, hostUrl, logIn, PASSWORD, showTomorrowsWeek } from './helpers';
import { runMailbox } from './shared-ports';

// Settings > Users on the riverside tenant: other specs assert the demo tenant's people and menus.
// Each test adds its own people (unique emails), so riverside's seeded logins are never changed.
const ORG = 'riverside';

const smtp = runMailbox();
/** The token of the registration email's link (to the page where the password is chosen). */
function registrationToken(text: string): string {
  const token = text.match(/\/register\/confirm\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error('no registration link in the email');
  return decodeURIComponent(token);
}

/**
 * A new member of riverside with a password, registered as a person does: the public registration
 * call, then the confirmation that the email's link leads to, with the password (both from the
 * page: Node cannot resolve *.localhost); optionally given a staff role by the signed-in admin.
 */
async function addPerson(page: Page, name: string, role?: 'ROLE_STAFF'): Promise<{ guId: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@riverside.test`;
  const [first = '', last = ''] = name.split(' ');
  await registerMember(page, email, first, last);
  return page.evaluate(
    async ({ email, role }) => {
      const authorization = `Bearer ${localStorage.getItem('atrium.accessToken')}`;
      const found = await fetch(`/rest/contact/?autoComplete=true&q=${encodeURIComponent(email)}`, {
        headers: { authorization },
      });
      const items = (await found.json()) as Array<{ id: string; email: string }>;
      const guId = items.find((item) => item.email === email)?.id;
      if (!guId) throw new Error(`no contact ${email}`);
      if (role) {
        const promoted = await fetch(`/rest/contact/${guId}`, {
          method: 'PUT',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ isUpdateRole: true, roles: [role] }),
        });
        if (promoted.status !== 200) throw new Error(`promotion failed: ${promoted.status}`);
      }
      return { guId, email };
    },
    { email, role },
  );
}

/**
 * A member registered as a person does: the public registration call, then the confirmation the
 * email's link leads to, with PASSWORD (both from the page: Node cannot resolve *.localhost).
 */
async function registerMember(page: Page, email: string, name: string, lastName: string): Promise<void> {
  const post = (url: string, body: object) =>
    page.evaluate(
      async ({ url, body }) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { url, body },
    );
  const registered = await post('/public/user/registration', { email, name, lastName });
  if (registered !== 200) throw new Error(`registration failed: ${registered}`);
  const token = registrationToken((await smtp.waitFor(email)).text);
  const confirmed = await post('/public/user/registration/confirm', { token, password: PASSWORD });
  if (confirmed !== 200) throw new Error(`confirmation failed: ${confirmed}`);
}

/** Save the User Details form and wait for the server's answer and the spec's toast. */
async function saveUser(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/rest\/contact\/[^/]+$/.test(new URL(response.url()).pathname),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Successfully updated user.').first()).toBeVisible();
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe('registration', () => {
  test('a visitor registers without a password; the email’s link opens a page where its owner chooses one, once', async ({
    page,
  }) => {
    const tag = stamp();
    const email = `reggie${tag}@riverside.test`;
    await page.goto(hostUrl(ORG, '/register'));
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await page.getByLabel('First name').fill('Reggie');
    await page.getByLabel('Last name').fill(`Member${tag}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByText('we have sent you a link to finish your registration')).toBeVisible();

    const token = registrationToken((await smtp.waitFor(email)).text);
    const confirmUrl = hostUrl(ORG, `/register/confirm?token=${encodeURIComponent(token)}`);
    await page.goto(confirmUrl);
    await expect(page.getByRole('heading', { name: 'Finish registration' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Atrium');
    // Keyboard only: focus moves from the password to its confirmation, Enter submits.
    // (a required field's label ends with an asterisk)
    await page.getByLabel(/^Password/).fill('Chosen-by-owner-1');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Confirm password')).toBeFocused();
    await page.keyboard.type('Chosen-by-owner-2');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('Chosen-by-owner-1');
    await page.getByLabel('Confirm password').press('Enter');
    // signed in at once (issue 29): no class was picked, so the student home
    await expect(page).toHaveURL(/\/(classes|mycourses)$/);

    // The link works once.
    const again = await page.context().browser()?.newContext();
    if (!again) throw new Error('no browser');
    const later = await again.newPage();
    await later.goto(confirmUrl);
    await later.getByLabel(/^Password/).fill('Another-password-1');
    await later.getByLabel('Confirm password').fill('Another-password-1');
    await later.getByRole('button', { name: 'Create my account' }).click();
    await expect(later.getByRole('alert')).toHaveText(
      'This registration link has expired or was already used. Please register again.',
    );
    await again.close();
  });
});

test.describe('settings: users', () => {
  test('an admin finds a user, saves notification switches, suspends them (login refused) and lifts it', async ({
    page,
    browser,
  }) => {
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    const tag = stamp();
    const person = await addPerson(page, `Sam Staff${tag}`, 'ROLE_STAFF');

    await page.goto(hostUrl(ORG, '/settings'));
    await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/users$/);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('link', { name: 'Riley River' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search users' }).fill(`staff${tag}`);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: 'STAFF', exact: true })).toBeVisible();
    await table.getByRole('link', { name: `Sam Staff${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/users/${person.guId}$`));
    await expect(page.getByRole('heading', { name: `Sam Staff${tag}` })).toBeVisible();
    await expect(page.getByText(person.email, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Users' }).getByRole('link', { name: /Riley River/ }),
    ).toBeVisible();

    const sales = page.getByRole('switch', { name: 'Sales notifications' });
    const contactsSwitch = page.getByRole('switch', { name: 'Contact notifications' });
    await expect(sales).not.toBeChecked();
    await sales.click();
    await contactsSwitch.click();
    await saveUser(page);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Sales notifications' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Contact notifications' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Product notifications' })).not.toBeChecked();

    // Suspend: that user's login is refused in a fresh browser.
    await page.getByRole('switch', { name: 'Account Suspended' }).click();
    await saveUser(page);
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await logIn(theirs, person.email, ORG);
    // The login page answers every refusal with the spec's one message (the server says 403 suspended).
    await expect(theirs.getByRole('alert', { name: 'Login failed' })).toBeVisible();
    await expect(theirs).toHaveURL(/\/login/);

    // Lift it: they sign in again.
    await page.getByRole('switch', { name: 'Account Suspended' }).click();
    await expect(page.getByRole('switch', { name: 'Account Suspended' })).not.toBeChecked();
    await saveUser(page);
    await logIn(theirs, person.email, ORG);
    // Staff other than admins land on the calendar (spec 1 landing rules).
    await expect(theirs).toHaveURL(/\/calendar$/);
    await other.close();

    // Back to the list.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/users$/);
  });

  test('acting as a member lands on the member home as that member; Admin View returns', async ({ page }) => {
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    const tag = stamp();
    await addPerson(page, `Mia Member${tag}`);

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('menuitem', { name: 'Act as a Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    const search = dialog.getByRole('combobox', { name: 'Member' });
    await expect(search).toHaveAttribute('placeholder', 'name or email or phone no.');
    await search.fill(`Member${tag}`);
    await page.getByRole('option', { name: `Mia Member${tag}` }).click();
    await expect(submit).toBeEnabled();
    await search.press('Enter');

    await expect(page).toHaveURL(/\/classes$/);
    await expect(page.getByRole('navigation', { name: 'Student menu' })).toBeVisible();
    await expect(page.getByText(`Acting as Mia Member${tag}`)).toBeVisible();
    await page.getByRole('button', { name: 'Admin View' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  });
});

test.describe('settings: users at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the add dialog is full screen and the user sidebar sits above the form', async ({ page }) => {
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl(ORG, '/settings/users'));
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(370);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'Riley River' }).click();
    const sidebar = await page.getByRole('navigation', { name: 'Users' }).boundingBox();
    const form = await page.getByRole('heading', { name: 'User Details', level: 2 }).boundingBox();
    expect(sidebar && form && sidebar.y < form.y).toBe(true);
  });
});

test.describe('my profile', () => {
  test('a member changes their name and phone, then their email through the link sent to the new address', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const tag = stamp();
    const email = `pat${tag}@riverside.test`;
    const newEmail = `patricia${tag}@riverside.test`;
    await page.goto(hostUrl(ORG, '/login'));
    await registerMember(page, email, 'Pat', `Profile${tag}`);

    await logIn(page, email, ORG);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(hostUrl(ORG, '/profile'));
    await expect(page.getByRole('heading', { name: `Pat Profile${tag}`, level: 1 })).toBeVisible();
    await page.getByLabel(/^First name/).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await page.getByLabel(/^First name/).fill('Patricia');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Patricia Profile${tag}`, level: 1 })).toBeVisible();
    await expectAccessible(page);

    // a photo: kept as a square on the studio's own host
    const onePixelPng = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
    const avatar = page.getByRole('img', { name: 'Your photo' });
    await expect(avatar).toHaveAttribute('src', /^\/profile-photo\/[0-9a-f-]{36}$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await expect(page.getByRole('button', { name: 'Add a photo' })).toBeVisible();
    await expect(avatar).toHaveCount(0);

    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email address' });
    await dialog.getByLabel(/^New email address/).fill(newEmail);
    await dialog.getByLabel(/^Current password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      `We have sent a link to ${newEmail}. Your email address changes when you open it.`,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    // nothing changes until the link is opened
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    const link = (await smtp.waitFor(newEmail)).text.match(/\/email\/confirm\?token=([\w%-]+)/)?.[1];
    if (!link) throw new Error('no link in the email');
    await page.goto(hostUrl(ORG, `/email/confirm?token=${link}`));
    await expect(page.getByRole('heading', { name: 'Confirm email address', level: 1 })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Atrium');
    await page.getByRole('button', { name: 'Confirm my new email address' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your email address has been changed.' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  });

  test('the front desk opens My Profile from the user menu, at phone width too', async ({ page }) => {
    await logIn(page, 'frontdesk@riverside.test', ORG);
    await expect(page).toHaveURL(/\/calendar$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel(/^First name/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});

// Scheduling's waitlist (issue 11) reads its email here, where the SMTP server runs.
test('a waitlisted student is emailed when a spot opens, and confirms it from Classes', async ({ page }) => {
  test.setTimeout(120_000);
  const className = `Waitlist ${Date.now().toString(36).slice(-5)}`;
  await page.goto(hostUrl('demo', '/login'));
  const pick = await addClassTomorrow(page, { name: className, capacity: 1 });
  // The front desk books someone into the only spot; the student joins the waitlist; the desk
  // cancels the first booking.
  const outcome = await page.evaluate(
    async ({ password, pick }) => {
      const json = { 'content-type': 'application/json' };
      const token = async (userId: string) =>
        (
          await (
            await fetch('/login', { method: 'POST', headers: json, body: JSON.stringify({ userId, password }) })
          ).json()
        ).access_token as string;
      const desk = { authorization: `Bearer ${await token('frontdesk@demo.test')}` };
      const me = { authorization: `Bearer ${await token('student@demo.test')}` };
      const people = await (await fetch('/rest/contact/?autoComplete=true&q=mateo', { headers: desk })).json();
      const roster = await (
        await fetch(`/snode/session/${pick.scheduleId}/booking`, {
          method: 'POST',
          headers: { ...json, ...desk },
          body: JSON.stringify({ contactId: people[0].id }),
        })
      ).json();
      const mine = await (
        await fetch('/snode/mybooking', { method: 'POST', headers: { ...json, ...me }, body: JSON.stringify(pick) })
      ).json();
      await fetch(`/snode/booking/${roster.bookings[0].guId}`, { method: 'DELETE', headers: desk });
      return mine.myStatus as string;
    },
    { password: PASSWORD, pick },
  );
  expect(outcome).toBe('waitlisted');

  await expect
    .poll(
      async () =>
        (await smtp.received('student@demo.test')).some((m) => m.text.includes(`spot opened up in ${className} on`)),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
  const mail = (await smtp.received('student@demo.test')).find((m) =>
    m.text.includes(`spot opened up in ${className} on`),
  );
  expect(mail?.text).toContain(hostUrl('demo', '/classes'));
  // The message itself names the studio, never the platform (the From header is the server's mail setting).
  const body =
    mail?.text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n') ?? '';
  expect(body).toContain('Demo Studio');
  expect(body).not.toMatch(/atrium/i);

  await logIn(page, 'student@demo.test');
  await expect(page).toHaveURL(/\/classes$/);
  await showTomorrowsWeek(page);
  await page
    .getByText(new RegExp(`${className}.*Spot held for you`))
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: className });
  await expect(dialog.getByText(/A spot opened up and is held for you until/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirm my spot' }).click();
  await expect(page.getByText('You are booked.')).toBeVisible();
  await expect(dialog.getByText('Booked', { exact: true })).toBeVisible();
});
