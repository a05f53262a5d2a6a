import { expect, type Page, test } from '@playwright/test';
import { apiHeaders, apiUrl, expectAccessible, logIn } from './helpers';

// Issue 27's notices and quotes (spec 3 §2.6, §4 "Notices", §5, §8): staff write a notice, a quote and
// one whose last day has passed in the manager; a member on a phone sees the first two on the board,
// the quote as a quote, and not the expired one.

const DEMO_ZONE = 'America/New_York';
const stamp = Date.now().toString(36);
const NOTICE = `Studio closed on Monday ${stamp}`;
const QUOTE = `Breathe in, breathe out ${stamp}`;
const EXPIRED = `Last week's workshop ${stamp}`;

/** Yesterday in the demo studio's zone (YYYY-MM-DD). */
function yesterday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE }).format(new Date());
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

async function addNotice(page: Page, text: string, type: 'Notice' | 'Quote', expiryDate?: string) {
  const manager = page.getByRole('dialog', { name: 'Notices and quotes' });
  await manager.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'Add a notice or quote' });
  await expect(form).toBeVisible();
  // spec 3 §4: new notices are published notices; §5: Submit stays off while the message is blank
  await expect(form.getByRole('radio', { name: 'Notice' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Published' })).toBeChecked();
  await expect(form.getByRole('button', { name: 'Add' })).toBeDisabled();
  if (type === 'Quote') await form.getByRole('radio', { name: 'Quote' }).check();
  await form.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type(text);
  if (expiryDate) await form.getByLabel('Expiry date').fill(expiryDate);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`${type} added.`).first()).toBeVisible();
  await expect(manager.getByRole('listitem').filter({ hasText: text })).toBeVisible();
}

test.describe('notices and quotes', () => {
  test.describe.configure({ mode: 'serial' });

  test.afterAll(async ({ request }) => {
    // leave the demo studio's board as it was
    const headers = await apiHeaders(request, 'admin@demo.test');
    const list = await request.get(apiUrl('/edtest/noticeboard'), { headers });
    const { data } = (await list.json()) as { data: { _id: string; message: string }[] };
    for (const notice of data.filter((n) => n.message.includes(stamp))) {
      await request.delete(apiUrl(`/edtest/noticeboard/${notice._id}`), { headers });
    }
  });

  test('staff add a notice and a quote; a member reads them on the board at 390 px; an expired one is gone', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await (await browser.newContext()).newPage();
    await logIn(staff, 'staff@demo.test');
    await expect(staff).toHaveURL(/\/(calendar|dashboard)$/);
    await staff.getByRole('button', { name: /^Notices, \d+ on the board$/ }).click();
    const board = staff.getByRole('dialog', { name: 'Notice board' });
    await expect(board).toBeVisible();
    await board.getByRole('button', { name: 'Manage notices' }).click();
    const manager = staff.getByRole('dialog', { name: 'Notices and quotes' });
    await expect(manager).toBeVisible();
    await addNotice(staff, NOTICE, 'Notice');
    await expectAccessible(staff);
    // opened from the Notices section's Manage link, the list shows notices: show them all
    await manager.getByText('All', { exact: true }).click();
    await addNotice(staff, QUOTE, 'Quote');
    await addNotice(staff, EXPIRED, 'Notice', yesterday());
    const expired = manager.getByRole('listitem').filter({ hasText: EXPIRED });
    await expect(expired).toContainText('Expired');
    await expect(expired).toContainText('Expired after');

    // the manager's type filter, and the edit view
    await manager.getByText('Quotes', { exact: true }).click();
    await expect(manager.getByRole('listitem').filter({ hasText: NOTICE })).toHaveCount(0);
    await expect(manager.getByRole('listitem').filter({ hasText: QUOTE })).toBeVisible();
    await manager.getByRole('button', { name: `Edit quote: ${QUOTE}` }).click();
    const edit = staff.getByRole('dialog', { name: 'Edit quote' });
    await expect(edit.getByRole('radio', { name: 'Quote' })).toBeChecked();
    await expect(edit.getByRole('textbox', { name: 'Message' })).toContainText(QUOTE);
    await expectAccessible(staff);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await manager.getByRole('button', { name: 'Close' }).click();

    // The member, on a phone.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const member = await context.newPage();
    await logIn(member, 'member@demo.test');
    await expect(member).not.toHaveURL(/\/login/);
    const button = member.getByRole('button', { name: /^Notices, \d+ on the board$/ });
    await expect(button).toBeVisible();
    await button.click();
    const memberBoard = member.getByRole('dialog', { name: 'Notice board' });
    const notices = memberBoard.getByRole('region', { name: 'Notices' });
    const quotes = memberBoard.getByRole('region', { name: 'Quotes' });
    await expect(notices).toContainText(NOTICE);
    await expect(quotes.locator('blockquote')).toContainText(QUOTE);
    await expect(memberBoard).not.toContainText(EXPIRED);
    await expect(notices).not.toContainText(QUOTE);
    // read-only: no Manage links for members
    await expect(memberBoard.getByRole('button', { name: /^Manage/ })).toHaveCount(0);
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(member);

    // Staff delete the notice (the spec's confirm and toast); the member's board no longer has it.
    // closing the manager went back to the staff's board
    await expect(board).toContainText(NOTICE);
    await board.getByRole('button', { name: 'Manage notices' }).click();
    await manager.getByRole('button', { name: `Delete notice: ${NOTICE}` }).click();
    const confirm = staff.getByRole('dialog', { name: 'Delete notice' });
    await expect(confirm).toContainText('Are you sure you want to delete?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(staff.getByText('Notice or Quote deleted successfullly')).toBeVisible();
    await expect(manager.getByRole('listitem').filter({ hasText: NOTICE })).toHaveCount(0);
    await member.reload();
    await member.getByRole('button', { name: /^Notices, \d+ on the board$/ }).click();
    await expect(
      member.getByRole('dialog', { name: 'Notice board' }).getByRole('region', { name: 'Quotes' }),
    ).toContainText(QUOTE);
    await expect(member.getByRole('dialog', { name: 'Notice board' })).not.toContainText(NOTICE);
  });
});
