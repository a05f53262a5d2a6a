import { expect, test } from '@playwright/test';
import { hostUrl, logIn } from './helpers';

// riverside has no students, and no other spec reads its Student App labels.
const ORG = 'riverside';

test('Student App labels are required, saved, and rename the portal tabs in the tenant config', async ({ page }) => {
  await logIn(page, 'admin@riverside.test', ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/settings/display'));
  await page.getByRole('link', { name: 'Student App' }).click();
  await expect(page).toHaveURL(/\/settings\/studentapp$/);
  await expect(page.getByLabel('Label 1')).toHaveValue('Calendar');

  await page.getByLabel('Label 1').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid Form!')).toBeVisible();
  await expect(page.getByText('Label 1 is required!')).toBeVisible();

  await page.getByLabel('Label 1').fill('Timetable');
  await page.getByLabel('Primary colour').fill('#0b7285');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully updated settings.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Label 1')).toHaveValue('Timetable');
  const labels = await page.evaluate(async () => (await (await fetch('/ping')).json()).appLabels);
  expect(labels).toEqual(['Timetable', 'Courses', 'My Store', 'Assessments']);
});
