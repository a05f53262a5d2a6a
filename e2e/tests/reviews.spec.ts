import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn } from './helpers';

// Issue 27's reviews: the admin sets the studio's Google review link at G-Reviews; a member who has not
// reviewed is asked (spec 3 §4 "Rating flow"), writes the review in the dialog and posts it on Google;
// staff find it, answer it, and the prompt is gone for that member.

const LINK = 'https://g.page/r/demo-studio-e2e/review';

test.describe('reviews', () => {
  test.describe.configure({ mode: 'serial' });

  test('a member rates the studio, writes a review and posts it on Google; staff answer it', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await (await browser.newContext()).newPage();
    await logIn(admin, 'admin@demo.test');
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.goto(hostUrl('demo', '/reviews'));
    await expect(admin.getByRole('heading', { name: 'G-Reviews', level: 1 })).toBeVisible();
    const card = admin.getByRole('region', { name: 'Google review link' });
    await card.getByText('Paste a link', { exact: true }).click();
    await card.getByLabel('Review link').fill('http://not-secure.example');
    await card.getByRole('button', { name: 'Save link' }).click();
    await expect(card.getByText('The Google review link must be an https:// address.')).toBeVisible();
    await card.getByLabel('Review link').fill(LINK);
    await card.getByRole('button', { name: 'Save link' }).click();
    await expect(admin.getByText('The Google review link was saved.')).toBeVisible();
    await expectAccessible(admin);

    // The member, on a phone: the prompt, a star, the dialog, the thank-you and Google.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // Google is not reachable from the test machine: its review page is answered here.
    await context.route('https://g.page/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Google review</title>' }),
    );
    const member = await context.newPage();
    await logIn(member, 'member@demo.test');
    await expect(member).not.toHaveURL(/\/login/);
    const prompt = member.getByRole('region', { name: 'Rate your experience' });
    await expect(prompt).toContainText('Thank you for being a member! How would you rate your experience?');
    await prompt.getByRole('button', { name: '4 stars' }).click();
    const dialog = member.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/^Your review/).fill('Too short');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Review is required and must be at least 10 characters long.')).toBeVisible();
    await dialog.getByLabel(/^Your review/).fill('Ευχαριστώ! The Saturday flow is the best hour of my week.');
    await dialog.getByLabel(/may show my review on its website/).check();
    await expectAccessible(member);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Would you post it on Google too? It opens in a new tab.')).toBeVisible();
    const [google] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Post on Google' }).click(),
    ]);
    await expect.poll(() => google.url()).toContain('g.page/r/demo-studio-e2e/review');
    await google.close();
    await expect(member.getByRole('status').filter({ hasText: 'Thank you for rating us!' })).toBeVisible();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // reviewed: not asked again
    await member.reload();
    await expect(member.getByRole('navigation').first()).toBeVisible();
    await expect(member.getByRole('region', { name: 'Rate your experience' })).toHaveCount(0);

    // Staff find it by rating and answer it.
    await admin.goto(hostUrl('demo', '/reviews?stars=4'));
    const row = admin.getByRole('row').filter({ hasText: 'Saturday flow' });
    await expect(row).toContainText('Mia Member');
    await expect(row).toContainText('On Google');
    await expect(row).toContainText('May be shown on the website');
    await row.getByRole('button', { name: 'Answer Mia Member' }).click();
    const answer = admin.getByRole('dialog', { name: 'Answer the review' });
    await answer.getByLabel('Your answer').fill('Thank you, Mia! See you on Saturday.');
    await expectAccessible(admin);
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(admin.getByText('Your answer was sent to Mia Member.')).toBeVisible();
    await expect(row).toContainText('Answered by Avery Admin: Thank you, Mia! See you on Saturday.');

    // Without a link nobody is asked (the other members of the demo studio are left alone).
    await card.getByRole('button', { name: 'Remove link' }).click();
    await expect(admin.getByText('The Google review link was removed.')).toBeVisible();
    const student = await (await browser.newContext()).newPage();
    await logIn(student, 'student@demo.test');
    await expect(student).not.toHaveURL(/\/login/);
    await expect(student.getByRole('navigation').first()).toBeVisible();
    await expect(student.getByRole('region', { name: 'Rate your experience' })).toHaveCount(0);
  });
});
