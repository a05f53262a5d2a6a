import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, logIn } from './helpers';
import { runMailbox } from './shared-ports';

// Issue 27's feedback: a member sends feedback from the toolbar's Feedback button on a phone (spec 3
// §2.6, §5 'Message is required!', §8 'Feedback submited successfully'); staff open the feedback list
// from their toolbar, open the member's contact from it and answer; the answer arrives by email.

const mailbox = runMailbox();
const run = randomBytes(4).toString('hex');
const MESSAGE = `Η αίθουσα ήταν κρύα σήμερα — please warm it up before the 7am class (${run}).`;
const ANSWER = `Thank you, Stella! The heating now starts at 6am (${run}).`;

test('a member sends feedback on a phone; staff find it, open the contact and answer by email', async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await phone.newPage();
  await logIn(member, 'student@demo.test');
  await expect(member).not.toHaveURL(/\/login/);
  await member.getByRole('banner').getByRole('button', { name: 'Feedback' }).click();
  const dialog = member.getByRole('dialog', { name: 'Feedback' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Message is required!')).toBeVisible();
  await dialog.getByLabel(/^Message/).fill(MESSAGE);
  await expectAccessible(member);
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(member.getByText('Feedback submited successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const staff = await (await browser.newContext()).newPage();
  await logIn(staff, 'staff@demo.test');
  await expect(staff).toHaveURL(/\/(calendar|dashboard)$/);
  await staff.getByRole('banner').getByRole('link', { name: 'Feedback' }).click();
  await expect(staff).toHaveURL(/\/feedback$/);
  await expect(staff.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: run });
  await expect(row).toContainText('Stella Student');
  await expect(row).toContainText(MESSAGE);
  await expectAccessible(staff);

  // the contact, from the feedback's link (spec 3 §2.6 contacts/{contactId}/details)
  await row.getByRole('link', { name: 'Stella Student' }).click();
  await expect(staff).toHaveURL(/\/contacts\/[0-9a-f-]{36}\/details$/);
  await expect(staff.getByText('student@demo.test').first()).toBeVisible();
  await staff.goBack();
  await expect(staff).toHaveURL(/\/feedback$/);

  await row.getByRole('button', { name: 'Answer Stella Student' }).click();
  const answer = staff.getByRole('dialog', { name: 'Answer the feedback' });
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.getByText('A reply needs some text.')).toBeVisible();
  await answer.getByLabel('Your answer').fill(ANSWER);
  await expectAccessible(staff);
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(staff.getByText('Your answer was sent to Stella Student.')).toBeVisible();
  await expect(row).toContainText(`Answered by Sam Staff: ${ANSWER}`);

  await expect
    .poll(async () => (await mailbox.received('student@demo.test')).filter((m) => m.text.includes(run)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const mail = (await mailbox.received('student@demo.test')).find((m) => m.text.includes(run));
  expect(mail?.text).toContain('replied to your feedback');
});
