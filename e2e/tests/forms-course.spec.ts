import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

// Issue 25's leftover (spec 3 §2.3): a registration form tied to a course; a visitor on a phone opens
// its demo link (?isDemo=true), submits, and is enrolled in the course's demo.
test.describe('a registration form that enrols in a course', () => {
  test('an admin ties a form to the free demo course; a visitor at 390 px registers through ?isDemo=true', async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const formName = `Course sign-up ${stamp}`;
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', '/customforms'));
    await page.getByRole('button', { name: 'Add Form' }).click();
    await page.getByLabel('Form Name').fill(formName);
    await page.getByRole('switch', { name: 'Published' }).check();
    await page.getByRole('combobox', { name: 'Course' }).click();
    await page.getByRole('option', { name: 'Introductory Session (free)' }).click();
    await expectAccessible(page);
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/rest/customForm') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(saved.status()).toBe(201);
    const form = (await saved.json()) as { guId: string; course: { name: string } | null };
    expect(form.course?.name).toBe('Introductory Session');

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await visitor.newPage();
    await phone.goto(hostUrl('demo', `/registration/${form.guId}?isDemo=true`));
    await expect(phone.getByRole('heading', { name: formName, level: 1 })).toBeVisible();
    await phone.getByLabel('First Name').fill('Grace');
    await phone.getByLabel('Last Name').fill('Hopper');
    await phone.getByLabel(/^Email/).fill(`grace-${stamp}@example.com`);
    await expectAccessible(phone);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(
      phone.getByRole('heading', { name: 'Introductory Session enrolled successfully', level: 1 }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(phone.getByText('Course enrolled successfully')).toBeVisible();
    await expect(phone.getByText('The course details have been sent to your email.')).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(phone);
    await visitor.close();
  });
});
