import { expect, type Page, test } from '@playwright/test';
import { apiHeaders, apiUrl, expectAccessible, hostUrl, logIn } from './helpers';

// Issue 27's question banks (spec 1 §2 /qbank, /qbank/add; §4 quiz question types): on a phone, an
// admin adds a question of each type, imports a CSV file (a bad one is refused line by line, nothing
// written), and finds them all by their tag.

const stamp = Date.now().toString(36);
const TAG = `qb-${stamp}`;
const BANK = `Anatomy ${stamp}`;

async function pickType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function writeQuestion(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Question' }).click();
  await page.keyboard.type(text);
}

async function saveAndAddAnother(page: Page) {
  await page.getByRole('button', { name: 'Save and add another' }).click();
  await expect(page.getByText('Question saved.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Question' })).toHaveText('');
}

test.describe('question banks', () => {
  test.afterAll(async ({ request }) => {
    // leave the demo studio's banks as they were
    const headers = await apiHeaders(request, 'admin@demo.test');
    const list = await request.get(apiUrl(`/edtest/qbank?tag=${TAG}&max=100`), { headers });
    const { data } = (await list.json()) as { data: { _id: string }[] };
    for (const q of data) await request.delete(apiUrl(`/edtest/qbank/${q._id}`), { headers });
  });

  test('an admin adds a question of each type, imports a CSV and finds them by tag, at 390 px', async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', '/qbank'));
    await expect(page.getByRole('heading', { name: 'Question Banks', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Add Question' }).click();
    await expect(page).toHaveURL(/\/qbank\/add$/);
    await expect(page.getByRole('heading', { name: 'Add Question', level: 1 })).toBeVisible();

    // single choice (the default type): exactly one right answer
    await page.getByRole('combobox', { name: 'Question bank' }).fill(BANK);
    await writeQuestion(page, `Which muscle flexes the hip? ${stamp}`);
    await page.getByLabel('Option 1', { exact: true }).fill('Iliopsoas');
    await page.getByLabel('Option 2', { exact: true }).fill('Deltoid');
    // no right answer marked yet: refused, under the options
    await page.getByRole('button', { name: 'Save and add another' }).click();
    await expect(page.getByText('A single choice question has exactly one correct answer.')).toBeVisible();
    await page.getByRole('radio', { name: 'Option 1 is the right answer' }).check();
    await page.getByRole('textbox', { name: 'Points' }).fill('2');
    const tags = page.getByLabel('Tags').and(page.locator('input:not([type=hidden])'));
    await tags.fill(TAG);
    await tags.press('Enter');
    await expectAccessible(page);
    await saveAndAddAnother(page);

    // multiple choice: the bank and tags stay for the next question
    await expect(page.getByRole('combobox', { name: 'Question bank' })).toHaveValue(BANK);
    await pickType(page, 'Multiple Choice');
    await writeQuestion(page, `Which are standing poses? ${stamp}`);
    await page.getByLabel('Option 1', { exact: true }).fill('Tadasana');
    await page.getByLabel('Option 2', { exact: true }).fill('Balasana');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 3', { exact: true }).fill('Vrksasana');
    await page.getByRole('checkbox', { name: 'Option 1 is right' }).check();
    await page.getByRole('checkbox', { name: 'Option 3 is right' }).check();
    await saveAndAddAnother(page);

    // graded: each option worth points
    await pickType(page, 'Graded');
    await writeQuestion(page, `How often do you practise? ${stamp}`);
    await page.getByLabel('Option 1', { exact: true }).fill('Weekly');
    await page.getByLabel('Option 2', { exact: true }).fill('Daily');
    await page.getByRole('textbox', { name: 'Option 1 points' }).fill('1');
    await page.getByRole('textbox', { name: 'Option 2 points' }).fill('3');
    await saveAndAddAnother(page);

    // open ended: no options, a written answer
    await pickType(page, 'Open Ended');
    await expect(page.getByLabel('Option 1', { exact: true })).toHaveCount(0);
    await writeQuestion(page, `Describe your breathing in Ujjayi. ${stamp}`);
    await page.getByRole('textbox', { name: 'Points' }).fill('5');
    await page.getByRole('textbox', { name: 'Explanation' }).fill('Audible, through the nose.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/qbank$/);

    // a CSV file with a bad line is refused line by line; nothing is sent
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions' });
    const header = 'bank,type,question,options,correct,points,explanation,tags,media';
    const file = (rows: string[]) => ({
      name: 'questions.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`),
    });
    await dialog
      .locator('input[type=file]')
      .setInputFiles(
        file([
          `CSV ${stamp},singlechoice,Right?,Yes|No,1,1,,${TAG},`,
          `CSV ${stamp},singlechoice,Both?,Yes|No,1|2,1,,${TAG},`,
        ]),
      );
    await expect(
      dialog.getByText('Line 3, correct: A single choice question has exactly one correct answer.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await dialog
      .locator('input[type=file]')
      .setInputFiles(
        file([
          `CSV ${stamp},Single Choice,"Which pose is ""downward dog"" ${stamp}?",Adho Mukha Svanasana|Balasana,1,1,,${TAG},`,
          `CSV ${stamp},openended,Why warm up? ${stamp},,,3,,${TAG}|warm-up,`,
        ]),
      );
    await expect(dialog.getByText('2 questions ready to import.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('2 questions imported.').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    // found by their tag: the four added and the two imported
    await page.getByRole('combobox', { name: 'Tag', exact: true }).click();
    await page.getByRole('option', { name: TAG, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`tag=${TAG}`));
    // the filtered list itself (the unfiltered one stays on screen until it comes, with other specs' questions of
    // the same answers: the first try on CI found two 'Tadasana, Vrksasana')
    await expect(page.getByRole('row')).toHaveCount(7); // the heading row and the six
    for (const text of [
      `Which muscle flexes the hip? ${stamp}`,
      `Which are standing poses? ${stamp}`,
      `How often do you practise? ${stamp}`,
      `Describe your breathing in Ujjayi. ${stamp}`,
      `Which pose is "downward dog" ${stamp}?`,
      `Why warm up? ${stamp}`,
    ]) {
      await expect(page.getByRole('link', { name: text, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Tadasana, Vrksasana').filter({ visible: true })).toBeVisible();
    await expect(page.getByText('Weekly (1), Daily (3)').filter({ visible: true })).toBeVisible();
    await expectAccessible(page);
    // nothing overflows the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
