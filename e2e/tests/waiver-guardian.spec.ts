import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn, pageToken } from './helpers';
import { runMailbox } from './shared-ports';

// Issue 22: a minor registers with a guardian who signs for them; a waiver signed with a member's
// email counts only once the member follows the link emailed to them.

const smtp = runMailbox();

/** A published waiver that asks for the birth date (guardians optional), made through the admin's API. */
async function publishWaiver(page: Page, name: string): Promise<string> {
  return page.evaluate(
    async ({ token, name }) => {
      const created = await fetch('/rest/customForm', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name,
          formType: 'WAIVER',
          isShowBirthdate: true,
          isSignRequired: true,
          isPublished: true,
          customFields: [{ name: 'I accept the risks', type: 'checkbox', isMandatory: true }],
        }),
      });
      return ((await created.json()) as { guId: string }).guId;
    },
    { token: await pageToken(page, 'admin@demo.test'), name },
  );
}

/** The id of the demo contact with this email, looked up by the admin from the page. */
async function contactIdOf(page: Page, email: string): Promise<string> {
  return page.evaluate(
    async ({ token, email }) => {
      const auth = { authorization: `Bearer ${token}` };
      const [contact] = await (await fetch(`/rest/contact/?autoComplete=true&q=${email}`, { headers: auth })).json();
      return contact.id as string;
    },
    { token: await pageToken(page, 'admin@demo.test'), email },
  );
}

/** A date `years` years (and a month) before today, well clear of any zone's midnight. */
function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years, date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

test.describe('waivers: minors and members', () => {
  test('a parent registers a 12-year-old on a phone: the guardian fields appear, one is required, and the guardian signs for the child', async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const formName = `Kids Waiver ${stamp}`;
    await page.goto(hostUrl('demo', '/'));
    const guId = await publishWaiver(page, formName);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await visitor.newPage();
    await phone.goto(hostUrl('demo', `/regform/${guId}`));
    await expect(phone.getByRole('heading', { name: formName, level: 1 })).toBeVisible();
    await phone.getByLabel('First Name').fill('Tom');
    await phone.getByLabel('Last Name').fill('Byron');
    await phone.getByLabel(/^Email/).fill(`tom-${stamp}@example.com`);
    // no guardian block for an adult form until the birth date makes a minor
    await expect(phone.getByRole('group', { name: "Guardians' Info" })).toBeHidden();
    await phone.getByLabel('Date of Birth').fill(yearsAgo(12));
    const guardians = phone.getByRole('group', { name: "Guardians' Info" });
    await expect(guardians).toBeVisible();
    await expect(guardians).toContainText('Tom Byron is under 18: add a guardian');
    await phone.getByRole('checkbox', { name: 'I accept the risks' }).check();
    await phone.getByLabel("Or type the guardian's full name as their signature").fill('Anne Byron');

    // without a guardian the form is refused, the message beside the guardian's name
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(
      phone.getByText("Anyone under 18 must add a guardian: enter the guardian's name, email and phone."),
    ).toBeVisible();
    await expectAccessible(phone);

    await phone.getByLabel('Mother Name').fill('Anne Byron');
    await phone.getByLabel('Mother Email').fill(`anne-${stamp}@example.com`);
    await phone.getByLabel('Mother Phone').fill('5551230000');
    await expect(phone.getByTestId('signed-for')).toHaveText('Signed by Anne Byron, guardian, for Tom Byron.');
    await expect(phone.getByText("Guardian's signature")).toBeVisible();
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByText('Successfully registered')).toBeVisible({ timeout: 20_000 });
    await expect(phone.getByRole('heading', { name: `${formName} submitted successfully` })).toBeVisible();
    // the thank-you says it was signed
    await expect(phone.getByText(`You signed ${formName}.`, { exact: false })).toBeVisible();
    await expectAccessible(phone);
    await visitor.close();

    // the desk sees the child with the guardian, and the guardian as the signer
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const childId = await contactIdOf(page, `tom-${stamp}@example.com`);
    await page.goto(hostUrl('demo', `/contacts/${childId}/detail`));
    const audit = page.getByRole('table', { name: `Audit trail of ${formName}` });
    await expect(audit).toContainText(`Anne Byron (anne-${stamp}@example.com)`);

    // the age is the studio's setting, on the Forms screen; a value out of range is refused
    await page.goto(hostUrl('demo', '/settings/regforms'));
    const age = page.getByRole('textbox', { name: 'Age of majority' });
    await expect(age).toHaveValue('18');
    await age.fill('12');
    await page.getByRole('button', { name: 'Save age' }).click();
    await expect(page.getByText('Age of majority must be a whole number from 16 to 21.')).toBeVisible();
    await expectAccessible(page);
    await age.fill('18');
    await page.getByRole('button', { name: 'Save age' }).click();
    await expect(page.getByText('Updated successfully.')).toBeVisible();
  });

  test("a visitor signs a waiver with a member's email: it counts only once the member follows the emailed link, which works once", async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const formName = `Studio Waiver ${stamp}`;
    const member = 'member@demo.test';
    await page.goto(hostUrl('demo', '/'));
    const guId = await publishWaiver(page, formName);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await visitor.newPage();
    await phone.goto(hostUrl('demo', `/regform/${guId}`));
    await phone.getByLabel('First Name').fill('Not');
    await phone.getByLabel('Last Name').fill('The Member');
    await phone.getByLabel(/^Email/).fill(member);
    await phone.getByRole('checkbox', { name: 'I accept the risks' }).check();
    await phone.getByLabel('Or type your full name as your signature').fill('Not The Member');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByText('Please confirm from your email')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(phone);
    await visitor.close();

    // the desk sees it waiting for the member
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const memberId = await contactIdOf(page, member);
    await page.goto(hostUrl('demo', `/contacts/${memberId}/detail`));
    const signedCard = page
      .getByText(formName, { exact: false })
      .first()
      .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
    await expect(signedCard).toContainText("Awaiting the member's confirmation");

    // the member's email: the link to the studio's own site
    let link = '';
    await expect
      .poll(
        async () => {
          const mail = (await smtp.received(member)).find((m) => m.text.includes(`"${formName}" was signed`));
          link = mail?.text.match(/http:\/\/\S+\/waiver\/confirm\/[A-Za-z0-9_-]+/)?.[0] ?? '';
          return link;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    expect(link.startsWith(hostUrl('demo', '/waiver/confirm/'))).toBe(true);

    const inbox = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mailPage = await inbox.newPage();
    await mailPage.goto(link);
    await expect(mailPage.getByRole('heading', { name: 'Confirm your waiver', level: 1 })).toBeVisible();
    await expectAccessible(mailPage);
    // opening the link changed nothing yet
    await page.reload();
    await expect(signedCard).toContainText("Awaiting the member's confirmation");

    await mailPage.getByRole('button', { name: 'Confirm my waiver' }).click();
    await expect(mailPage.getByRole('status')).toContainText('Your waiver is confirmed.');
    await expect(mailPage.getByRole('status')).toContainText(`${formName} now counts for your bookings and checkouts.`);
    await expectAccessible(mailPage);
    await page.reload();
    await expect(page.getByText(formName).first()).toBeVisible();
    await expect(signedCard).not.toContainText("Awaiting the member's confirmation");

    // the link works once
    await mailPage.goto(link);
    await mailPage.getByRole('button', { name: 'Confirm my waiver' }).click();
    await expect(mailPage.getByRole('alert')).toContainText('This link was already used');
    await expectAccessible(mailPage);
    await inbox.close();
  });
});
