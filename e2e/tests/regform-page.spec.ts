import { expect, test } from '@playwright/test';
import { apiHeaders, apiUrl, expectAccessible, hostUrl } from './helpers';

// Issue 30: the public registration form is a server page with one island (/site/regform.js), not
// the web app. A visitor on a 320 px phone fills it with the keyboard: the checks in the app's words,
// the dropdown as a combobox, the signature typed, the thank-you with the signed document.

test('a visitor on a 320 px phone fills a form with the keyboard on the server page; no app is loaded', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const formName = `Intake ${stamp}`;
  const headers = await apiHeaders(request, 'admin@demo.test');
  const made = await request.post(apiUrl('/rest/customForm'), {
    headers,
    data: {
      name: formName,
      formType: 'CUSTOM',
      isPublished: true,
      isSignRequired: true,
      customFields: [
        {
          name: 'Level',
          type: 'dropdown',
          option1: 'Beginner',
          option2: 'Improver',
          option3: 'Advanced',
          isMandatory: true,
        },
        { name: 'Shift', type: 'radio', option1: 'Morning', option2: 'Evening', isMandatory: true },
        { name: 'Mat', type: 'dropdown', option1: 'Own mat', option2: 'Borrow one' },
        { name: 'Injuries', type: 'textarea', fieldName: 'Anything we should know' },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { guId } = (await made.json()) as { guId: string };

  try {
    const visitor = await browser.newContext({ viewport: { width: 320, height: 720 } });
    const phone = await visitor.newPage();
    await phone.goto(hostUrl('demo', `/regform/${guId}`));
    await expect(phone.getByRole('heading', { name: formName, level: 1 })).toBeVisible();
    // the server's page: its two small scripts, not the web app
    const scripts = await phone.evaluate(() =>
      [...document.querySelectorAll('script[src]')].map((s) => new URL((s as HTMLScriptElement).src).pathname),
    );
    expect(scripts).toEqual(['/site/boot.js', '/site/regform.js']);
    const submit = phone.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();

    // an empty submit: each problem under its field in the app's words, the focus on the first
    await submit.click();
    await expect(phone.getByText('First name and Last name required!')).toHaveCount(2);
    await expect(phone.getByText('Email is required!')).toBeVisible();
    await expect(phone.getByText('Level is required')).toBeVisible();
    await expect(phone.getByText('Shift is required')).toBeVisible();
    await expect(phone.getByText('Signature is required!')).toBeVisible();
    await expect(phone.getByLabel('First Name')).toBeFocused();
    await expect(phone.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(phone);

    // typed: each message goes as its field is edited
    await phone.getByLabel('First Name').fill('Ayşe');
    await phone.getByLabel('Last Name').fill('Yılmaz');
    await expect(phone.getByText('First name and Last name required!')).toHaveCount(0);
    await phone.getByLabel(/^Email/).fill(`ayse-${stamp}@example.com`);
    // the dropdown with the keyboard: open, down twice, choose
    const level = phone.getByRole('combobox', { name: 'Level' });
    await level.focus();
    await phone.keyboard.press('Enter');
    await expect(level).toHaveAttribute('aria-expanded', 'true');
    await expect(phone.getByRole('listbox', { name: 'Level' })).toBeVisible();
    await phone.keyboard.press('ArrowDown');
    await phone.keyboard.press('ArrowDown');
    await phone.keyboard.press('Enter');
    await expect(level).toHaveAttribute('aria-expanded', 'false');
    await expect(level).toContainText('Advanced');
    await expect(phone.getByText('Level is required')).toHaveCount(0);
    // and with a tap
    await level.click();
    await phone.getByRole('option', { name: 'Improver' }).click();
    await expect(level).toContainText('Improver');
    await phone.getByRole('radio', { name: 'Evening' }).check();
    // an optional dropdown's answer can be taken back: its first choice is the empty one
    const mat = phone.getByRole('combobox', { name: 'Mat' });
    await mat.click();
    await phone.getByRole('option', { name: 'Borrow one' }).click();
    await expect(mat).toContainText('Borrow one');
    await mat.click();
    await phone.getByRole('option', { name: 'Select' }).click();
    await expect(mat).toContainText('Select');
    await expect(mat).not.toContainText('Borrow one');
    await phone.getByLabel('Injuries').fill('A knee, a long time ago.');
    await phone.getByLabel('Or type your full name as your signature').fill('Ayşe Yılmaz');
    await expect(phone.getByText('Signature is required!')).toHaveCount(0);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
    await expectAccessible(phone);

    await submit.click();
    await expect(phone.getByText('Successfully registered')).toBeVisible({ timeout: 20_000 });
    const thanks = phone.getByRole('heading', { name: `${formName} submitted successfully`, level: 1 });
    await expect(thanks).toBeFocused();
    await expect(phone.getByText(`You signed ${formName}.`, { exact: false })).toBeVisible();
    // the signed document: refresh until it is made
    const download = phone.getByRole('link', { name: 'Download File' });
    await expect(async () => {
      if (!(await download.isVisible())) await phone.getByRole('button', { name: 'Refresh' }).click();
      await expect(download).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(phone);
    await visitor.close();

    // the answers as given reached the studio
    const contacts = await request.get(apiUrl(`/rest/contact/?autoComplete=true&q=ayse-${stamp}@example.com`), {
      headers,
    });
    const [contact] = (await contacts.json()) as { id: string }[];
    const values = await request.get(apiUrl(`/rest/contact/${contact?.id}/customFields`), { headers });
    const byName = Object.fromEntries(
      ((await values.json()) as { name: string; value: string }[]).map((v) => [v.name, v.value]),
    );
    expect(byName).toMatchObject({ Level: 'Improver', Shift: 'Evening', Injuries: 'A knee, a long time ago.' });
    expect(byName.Mat ?? '').toBe('');
  } finally {
    await request.delete(apiUrl(`/rest/customForm/${guId}`), { headers });
  }
});
