import { expect, type Page, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

// Tags registry, account emails and family unlinking on the riverside tenant (few contacts; other
// specs assert the demo tenant's people). Each test makes its own contacts with unique emails.
const ORG = 'riverside';

/** POST {path} with the signed-in admin's token, from the page (Node cannot resolve *.localhost). */
async function apiFromPage<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('atrium.accessToken')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function newContact(page: Page, firstName: string, lastName: string) {
  return apiFromPage<{ guId: string; email: string }>(page, 'POST', '/snode/contact', {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${stamp()}@riverside.test`,
  });
}

async function signInAsAdmin(page: Page) {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('contacts: tags, account, family', () => {
  test('a tag created in the registry is offered on a contact and filters the list', async ({ page }) => {
    await signInAsAdmin(page);
    const tag = `Sunrise ${stamp()}`;
    await apiFromPage(page, 'POST', '/rest/tag', { name: tag, type: 'tag' });
    const last = `Tagged${stamp()}`;
    const contact = await newContact(page, 'Tia', last);
    await page.goto(hostUrl(ORG, `/contacts/${contact.guId}/detail`));
    await expect(page.getByRole('heading', { name: `Tia ${last}`, level: 1 })).toBeVisible();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/tag$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: tag }).click();
    expect((await saved).status()).toBe(200);
    await page.goto(hostUrl(ORG, '/contacts'));
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: tag }).click();
    const table = page.getByRole('table', { name: 'Contacts' });
    await expect(table.getByRole('link', { name: `Tia ${last}` })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
  });

  test('staff send a verification email from the Account card after confirming', async ({ page }) => {
    await signInAsAdmin(page);
    const last = `Verify${stamp()}`;
    const contact = await newContact(page, 'Vi', last);
    await page.goto(hostUrl(ORG, `/contacts/${contact.guId}/detail`));
    const account = page.getByRole('region', { name: 'Account' });
    await expect(account.getByText('Email not verified')).toBeVisible();
    await account.getByRole('button', { name: 'Send Verification Email' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send Verification Email' });
    await expect(confirm.getByText(`will be sent to ${contact.email}`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Sent verification email')).toBeVisible();
    await expect(confirm).toBeHidden();
  });

  test('a child is unlinked from the Family card after confirming; both contacts stay', async ({ page }) => {
    await signInAsAdmin(page);
    const last = `Family${stamp()}`;
    const parent = await newContact(page, 'Pam', last);
    const child = await newContact(page, 'Kip', last);
    await apiFromPage(page, 'POST', `/rest/contact/${parent.guId}/children`, { childId: child.guId });
    await page.goto(hostUrl(ORG, `/contacts/${parent.guId}/detail`));
    const children = page.getByRole('region', { name: 'Family' }).getByRole('list', { name: 'Children' });
    await expect(children.getByRole('link', { name: `Kip ${last}` })).toBeVisible();
    await children.getByRole('button', { name: `Unlink Kip ${last}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink Child' });
    await expect(confirm.getByText(`Kip ${last} will no longer be a child of Pam ${last}`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(`Kip ${last} unlinked.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Family' }).getByRole('link', { name: `Kip ${last}` })).toHaveCount(
      0,
    );
    await page.goto(hostUrl(ORG, `/contacts/${child.guId}/detail`));
    await expect(page.getByRole('heading', { name: `Kip ${last}`, level: 1 })).toBeVisible();
  });
});
