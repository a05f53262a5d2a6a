import { expect, type Page, test } from '@playwright/test';
import { addClassTomorrow, expectAccessible, logIn, pageToken, showTomorrowsWeek } from './helpers';
import { runMailbox } from './shared-ports';

// The admin moves one session of a class: from the roster's form (the keyboard way), then by a drag
// on the week view. The person booked is emailed each time. Each run adds its own class and person.
const smtp = runMailbox();

/** A new contact booked into the session by the desk, through the API as the admin. */
async function bookSomeone(page: Page, sessionId: string, email: string): Promise<void> {
  await page.evaluate(
    async ({ token, sessionId, email }) => {
      const json = { 'content-type': 'application/json' };
      const headers = { ...json, authorization: `Bearer ${token}` };
      const made = await fetch('/snode/contact', {
        method: 'POST',
        headers,
        body: JSON.stringify({ firstName: 'Moira', lastName: 'Mover', email }),
      });
      if (made.status !== 201) throw new Error(`contact: ${made.status} ${await made.text()}`);
      const contact = await made.json();
      const booked = await fetch(`/snode/session/${sessionId}/booking`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ contactId: contact.guId }),
      });
      if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${await booked.text()}`);
    },
    { token: await pageToken(page, 'admin@demo.test'), sessionId, email },
  );
}

async function mailCount(to: string, subject: string): Promise<number> {
  return (await smtp.received(to)).filter((mail) => mail.text.includes(subject)).length;
}

test('the admin moves one class from its roster, then by a drag; the person booked is emailed each time', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  const className = `Stretch ${tag}`;
  const email = `moira.${tag}@example.com`;
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const pick = await addClassTomorrow(page, { name: className, capacity: 5 });
  await bookSomeone(page, pick.scheduleId, email);

  await page.goto('/calendar');
  await showTomorrowsWeek(page);
  const event = page.getByText(new RegExp(`${className}`)).first();
  await event.click();
  const roster = page.getByRole('dialog', { name: className });
  await expect(roster.getByText(/6:00\sPM/)).toBeVisible();
  await roster.getByRole('button', { name: 'Change this class' }).click();
  const form = roster.getByRole('form', { name: 'Change this class' });
  await expect(form.getByLabel('Start time')).toHaveValue('18:00');
  await form.getByLabel('Start time').fill('19:30');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save this class' }).click();
  await expect(page.getByText('The class was changed. 1 person was emailed.')).toBeVisible();
  await expect(roster.getByText(/7:30\sPM/)).toBeVisible();
  await expect.poll(() => mailCount(email, 'New time'), { timeout: 30_000 }).toBe(1);
  const mail = (await smtp.received(email)).find((m) => m.text.includes('New time'));
  expect(mail?.text).toContain('has moved to');
  expect(mail?.text).toContain('7:30');
  await roster.getByRole('button', { name: 'Close' }).click();
  // The first toast goes before the drag, so the next one is the drag's.
  await expect(page.getByText('The class was changed. 1 person was emailed.')).toHaveCount(0, { timeout: 15_000 });

  // A drag down the week view moves it later the same day.
  await expect(event).toBeVisible();
  const box = await event.boundingBox();
  if (!box) throw new Error('the class is not on the calendar');
  await page.mouse.move(box.x + box.width / 2, box.y + 6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + box.width / 2, box.y + 6 + step * 8);
  await page.mouse.up();
  await expect(page.getByText('The class was changed. 1 person was emailed.')).toBeVisible();
  await expect.poll(() => mailCount(email, 'New time'), { timeout: 30_000 }).toBe(2);
  await event.click();
  await expect(roster.getByText(/7:30\sPM/)).toHaveCount(0);
});
