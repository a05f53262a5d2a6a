import { expect, test } from '@playwright/test';
import { logIn } from './helpers';

test.describe('contacts', () => {
  test('the front desk finds a contact, opens the detail, adds a note and children, edits the contact', async ({
    page,
  }) => {
    // A long flow that runs while the server is still cold (the first tests of a run).
    test.setTimeout(60_000);
    await logIn(page, 'frontdesk@demo.test');
    await expect(page).toHaveURL(/\/calendar$/);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Contacts' }).click();
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Contacts' });
    await expect(table.getByRole('link', { name: 'Olivia Bennett' })).toBeVisible();
    // the unread marker and the balance sign
    await expect(table.getByRole('row', { name: /Sofia Ramirez/ }).getByText('New')).toBeVisible();
    await expect(table.getByRole('row', { name: /Liam Carter/ }).getByText('-$35.00')).toBeVisible();

    const search = page.getByPlaceholder('Search Contact');
    // part of a name
    await search.fill('ramir');
    await expect(table.getByRole('link', { name: 'Sofia Ramirez' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Olivia Bennett' })).toHaveCount(0);
    // part of an email
    await search.fill('liam.carter@');
    await expect(table.getByRole('link', { name: 'Liam Carter' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Sofia Ramirez' })).toHaveCount(0);
    // part of a phone number
    await search.fill('0191');
    await expect(table.getByRole('link', { name: 'Emma Thompson' })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);

    await table.getByRole('link', { name: 'Emma Thompson' }).click();
    await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}\/detail$/);
    await expect(page.getByRole('heading', { name: 'Emma Thompson', level: 1 })).toBeVisible();

    // a note
    await page.getByLabel('New note').fill('Asked about the summer kids camp.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(
      page.getByRole('list', { name: 'Notes' }).getByText('Asked about the summer kids camp.'),
    ).toBeVisible();

    // a new child, through the contact dialog
    const family = page.getByRole('region', { name: 'Family' });
    const children = family.getByRole('list', { name: 'Children' });
    await expect(children.getByRole('link', { name: 'Lucas Thompson' })).toBeVisible();
    // (counted: a retry of this test finds the Mia its first try added)
    const mias = children.getByRole('link', { name: 'Mia Thompson' });
    const miasBefore = await mias.count();
    await family.getByRole('button', { name: 'Add Child' }).click();
    await page.getByRole('menuitem', { name: 'Create New Contact' }).click();
    const create = page.getByRole('dialog', { name: 'Create Contact' });
    await expect(create.getByRole('checkbox', { name: 'Waiver Form Signed' })).toBeChecked();
    await expect(create.getByRole('checkbox', { name: 'Subscribe to Mailing List' })).toBeChecked();
    await expect(create.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await create.getByLabel('First Name').fill('Mia');
    await create.getByLabel('Last Name').fill('Thompson');
    await create.getByLabel('Email').fill(`mia.thompson.${Date.now()}@example.com`);
    await create.getByRole('button', { name: 'Submit' }).click();
    await expect(create).toBeHidden();
    await expect(mias).toHaveCount(miasBefore + 1);

    // an existing contact linked as a child, through the 'Search Contact' box
    await family.getByRole('button', { name: 'Add Child' }).click();
    await page.getByRole('menuitem', { name: 'Link Existing Contact' }).click();
    const link = page.getByRole('dialog', { name: 'Link Existing Contact' });
    await link.getByPlaceholder('Search Contact').fill('mateo');
    await page.getByRole('option', { name: /Mateo Rossi/ }).click();
    await expect(link).toBeHidden();
    await expect(children.getByRole('link', { name: 'Mateo Rossi' })).toBeVisible();
    await expect(children.getByRole('link', { name: 'Lucas Thompson' })).toBeVisible();

    // edit the contact
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact' });
    await expect(edit.getByLabel('First Name')).toHaveValue('Emma');
    await edit.getByLabel('Email').fill('');
    await expect(edit.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await edit.getByLabel('Email').fill('emma.t@example.com');
    await edit.getByLabel('Last Name').fill('Thompson-Reyes');
    await edit.getByLabel('Phone').fill('+1 555 0199');
    await edit.getByRole('button', { name: 'Submit' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Emma Thompson-Reyes', level: 1 })).toBeVisible();
    await expect(page.getByText('emma.t@example.com')).toBeVisible();
    await expect(page.getByText('+1 555 0199')).toBeVisible();

    // the /details spelling opens the same contact
    const guId = /\/contacts\/([0-9a-f-]{36})\/detail/.exec(page.url())?.[1];
    await page.goto(`/contacts/${guId}/details`);
    await expect(page.getByRole('heading', { name: 'Emma Thompson-Reyes', level: 1 })).toBeVisible();
  });

  test('staff add a contact from the list and delete it with the selection', async ({ page }) => {
    // many saves in one flow: it needs more than the default 30 s when the machine is busy
    test.setTimeout(60_000);
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Contact' });
    // a name of this try's own: a retry must not find the contact an earlier try left behind
    const stamp = Date.now().toString(36);
    const name = `Temp Person${stamp}`;
    const email = `temp.person.${stamp}@example.com`;
    await dialog.getByLabel('First Name').fill('Temp');
    await dialog.getByLabel('Last Name').fill(`Person${stamp}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    await page.goto('/contacts');
    await page.getByPlaceholder('Search Contact').fill(`temp.person.${stamp}`);
    // the search settles into the address after its debounce, and a new search lets the selection go: the row
    // is picked once the list is the search's (on a busy machine the unsearched list showed it, was picked, and
    // the search then cleared the pick, so "Delete Selected" never came back)
    await expect(page).toHaveURL(new RegExp(`[?&]q=temp\\.person\\.${stamp}(&|$)`));
    const table = page.getByRole('table', { name: 'Contacts' });
    await expect(table.getByRole('link', { name })).toBeVisible();
    await table.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Contacts' });
    await expect(confirm.getByText('1 contact will be deleted, Are you sure?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('No contacts found.')).toBeVisible();
  });

  test('the list works on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await logIn(page, 'frontdesk@demo.test');
    await expect(page).toHaveURL(/\/calendar$/);
    await page.goto('/contacts');
    await expect(
      page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name: 'Olivia Bennett' }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
