import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

// Custom fields are added to the riverside tenant: no other spec looks at its fields or contacts.
const ORG = 'riverside';

test.describe('custom fields', () => {
  test('an admin adds, edits and deletes fields, then sets a value on a contact', async ({ page }) => {
    // A long flow that runs while the server is still cold (the first tests of a run).
    test.setTimeout(60_000);
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl(ORG, '/settings'));
    await page.getByRole('link', { name: 'Custom Fields', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/customfield$/);
    await expect(page.getByRole('heading', { name: 'Custom Fields', level: 1 })).toBeVisible();

    // a dropdown: the tag follows the name; Submit waits for an option
    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Custom Field' });
    await dialog.getByRole('combobox', { name: 'Select Type' }).click();
    await page.getByRole('option', { name: 'Dropdown' }).click();
    await dialog.getByLabel('Name').fill('Shirt Size');
    await expect(dialog.getByRole('textbox', { name: 'Tag' })).toHaveValue('shirtsize');
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await dialog.getByLabel('Option 1').fill('S');
    await dialog.getByLabel('Option 2').fill('M');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Added custom field successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const dropdowns = page.getByRole('region', { name: 'Dropdown' });
    await expect(dropdowns.getByRole('row', { name: /Shirt Size/ })).toContainText('shirtsize');

    // a second field with the same name: its tag is taken
    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Custom Field' });
    await dialog.getByLabel('Name').fill('Shirt size');
    await expect(dialog.getByText('Tag is already in use')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Tag' }).fill('Bad Tag');
    await expect(dialog.getByText("Tag can't be empty and use lowercase without spaces")).toBeVisible();
    // a text field to delete later
    await dialog.getByLabel('Name').fill('Locker Note');
    await dialog.getByRole('textbox', { name: 'Tag' }).fill('lockernote');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Added custom field successfully').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Text' }).getByRole('row', { name: /Locker Note/ })).toBeVisible();

    // the type filter
    await page.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'Text', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Dropdown' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Text' })).toBeVisible();
    // the filter is in the address: it survives a reload
    await expect(page).toHaveURL(/\/settings\/customfield\?type=text$/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('Text');
    await expect(page.getByRole('region', { name: 'Dropdown' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();

    // edit: renaming keeps the tag
    await page.getByRole('button', { name: 'Edit Shirt Size' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Custom Field' });
    await dialog.getByLabel('Name').fill('T-shirt Size');
    await expect(dialog.getByRole('textbox', { name: 'Tag' })).toHaveValue('shirtsize');
    await dialog.getByLabel('Option 3').fill('L');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Updated custom field successfully')).toBeVisible();
    await expect(dropdowns.getByRole('row', { name: /T-shirt Size/ })).toContainText('L');

    // delete, after the confirmation
    await page.getByRole('button', { name: 'Delete Locker Note' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Custom Field!' });
    await expect(confirm.getByText('Are you sure you want to continue?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted custom field successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: /Locker Note/ })).toHaveCount(0);

    // a contact's value, kept after a reload
    await page.goto(hostUrl(ORG, '/contacts'));
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const create = page.getByRole('dialog', { name: 'Create Contact' });
    await create.getByLabel('First Name').fill('Casey');
    await create.getByLabel('Last Name').fill('Fields');
    await create.getByLabel('Email').fill(`casey.fields.${Date.now()}@example.com`);
    await create.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Casey Fields', level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Custom Fields' });
    await expect(card.getByText('T-shirt Size')).toBeVisible();
    await card.getByRole('button', { name: 'Edit custom fields' }).click();
    await card.getByRole('combobox', { name: 'T-shirt Size' }).click();
    await page.getByRole('option', { name: 'L', exact: true }).click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('definition')).toHaveText('L');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Custom Fields' }).getByRole('definition')).toHaveText('L');
  });
});
