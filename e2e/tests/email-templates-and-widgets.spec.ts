import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

// Riverside (a franchise) has no seeded templates and its own seeded widgets: the demo tenant's
// menus and screens that other specs assert stay as they are.
const ORG = 'riverside';

test.describe('email templates', () => {
  test('add a template with a dragged and a keyboard-inserted tag, edit it, delete it', async ({ page }) => {
    // many saves in one flow: it needs more than the default 30 s when the machine is busy
    test.setTimeout(60_000);
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl(ORG, '/settings'));
    await page.getByRole('link', { name: 'Templates', exact: false }).first().click();
    await expect(page).toHaveURL(/\/settings\/templates$/);
    await expect(page.getByRole('heading', { name: 'Email Templates' })).toBeVisible();
    await expect(page.getByText('No templates found')).toBeVisible();

    await page.getByRole('link', { name: 'Add Template' }).click();
    await expect(page.getByRole('heading', { name: 'Add Template' })).toBeVisible();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    const body = page.getByRole('textbox', { name: 'Body' });
    // a new template starts with a sample that explains tags
    await expect(subject).toHaveValue(/\{\{firstname\}\}/);
    await expect(body).toContainText('are tags');

    // required fields
    await subject.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template Name is required!')).toBeVisible();
    await expect(page.getByText('Subject is required!')).toBeVisible();

    await page.getByRole('textbox', { name: 'Template Name' }).fill('Riverside welcome');
    await subject.fill('Welcome ');
    // drag a standard tag onto the Subject: it lands at the cursor
    await page.getByRole('button', { name: 'Insert tag firstname' }).dragTo(subject);
    await expect(subject).toHaveValue('Welcome {{firstname}}');

    // keyboard: focus the body, then press a chip with Enter
    await body.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Hello from ');
    const orgChip = page.getByRole('button', { name: 'Insert tag orgname' });
    await orgChip.focus();
    await page.keyboard.press('Enter');
    await expect(body).toHaveText('Hello from {{orgname}}');

    // the plus chip opens the create-custom-field dialog (closed again here: creating a field on
    // riverside would change the contact card the custom-fields spec asserts)
    await page.getByRole('button', { name: 'Create a custom field' }).click();
    const fieldDialog = page.getByRole('dialog', { name: 'Add Custom Field' });
    await expect(fieldDialog.getByLabel('Name')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(fieldDialog).toHaveCount(0);
    await expect(subject).toHaveValue('Welcome {{firstname}}');
    await expect(body).toHaveText('Hello from {{orgname}}');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template Created')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/templates$/);
    const row = page.getByRole('row', { name: /Riverside welcome/ });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // edit
    await page.getByRole('link', { name: 'Riverside welcome' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Template' })).toBeVisible();
    await expect(subject).toHaveValue('Welcome {{firstname}}');
    await expect(body).toHaveText('Hello from {{orgname}}');
    await page.getByRole('textbox', { name: 'Template Name' }).fill('Riverside hello');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template Edited')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/templates$/);
    await expect(page.getByRole('link', { name: 'Riverside hello' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Riverside welcome' })).toHaveCount(0);

    // delete, after the confirm
    await page.getByRole('link', { name: 'Riverside hello' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Template' });
    await expect(dialog.getByText('Are you sure you want to delete template Riverside hello?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Template Deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/templates$/);
    await expect(page.getByText('No templates found')).toBeVisible();
  });
});

test.describe('widgets', () => {
  test('search the list, open a widget, edit its name and see it in the list', async ({ page }) => {
    await logIn(page, 'admin@riverside.test', ORG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl(ORG, '/settings/widgets'));
    await expect(page.getByRole('heading', { name: 'Widgets (5)' })).toBeVisible();
    // reached by its address only, the screen says what a widget is (decisions/faces.md)
    await expect(page.getByText(/^A widget shows a piece of your studio on another website/)).toBeVisible();
    for (const header of ['Name', 'Type', 'Last Published', 'Last Updated']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }

    const search = page.getByRole('searchbox', { name: 'Search widgets' });
    await search.fill('PAST');
    await expect(page.getByRole('row')).toHaveCount(2); // header + one
    await expect(page.getByRole('cell', { name: 'Past events' })).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('row')).toHaveCount(6);

    await page.getByRole('cell', { name: 'Book a class link' }).click();
    await expect(page).toHaveURL(/\/settings\/widgets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Edit Widget' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Type' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Url' })).toHaveValue(/^http:\/\/riverside\.localhost/);

    const name = page.getByRole('textbox', { name: 'Name' });
    const submit = page.getByRole('button', { name: 'Submit' });
    await name.fill('');
    await expect(page.getByText('Name is required!')).toBeVisible();
    await expect(submit).toBeDisabled();
    await name.fill('Book a class now');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Widget updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/widgets$/);
    await expect(page.getByRole('cell', { name: 'Book a class now' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Book a class link' })).toHaveCount(0);

    // cancel goes back without saving
    await page.getByRole('cell', { name: 'Book a class now' }).click();
    await name.fill('Not saved');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/settings\/widgets$/);
    await expect(page.getByRole('cell', { name: 'Book a class now' })).toBeVisible();
  });
});
