import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiHeaders, apiUrl, expectAccessible, hostUrl, logIn, startFromTemplate } from './helpers';
import { runMailbox } from './shared-ports';

// The campaign designer (issue 26): the demo admin opens a campaign's designer, starts from a starter
// template, changes a text, saves, previews it at phone width, and sends a test that arrives at the
// run's SMTP server rendered by the server (the changed text in its HTML, with a plain-text part).

const mailbox = runMailbox();
const run = randomBytes(4).toString('hex');
const ADMIN = 'admin@demo.test';

/** The parts of a received message: its plain text and its HTML. */
function partsOf(message: string) {
  const sections = message.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = (type: string) => {
    const section = sections.find((s) => new RegExp(`^Content-Type: ${type}`, 'im').test(s));
    return section === undefined
      ? null
      : section
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n');
  };
  return { text: part('text/plain'), html: part('text/html') };
}

test('the admin designs a campaign from a starter, previews it on a phone and sends a test', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiHeaders(request, ADMIN);
  const created = await request.post(apiUrl('/rest/campaigns'), {
    headers: admin,
    data: { name: `Designed ${run}`, subject: `Our news ${run} for {{firstName}}`, audience: { kind: 'all' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl('demo', `/campaign/${id}`));
  await page.getByRole('button', { name: 'Design the email with blocks instead' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${id}/design$`));
  await expect(page.getByRole('heading', { name: `Design: Designed ${run}` })).toBeVisible();
  await expect(page.locator('[data-ready=true]')).toBeVisible({ timeout: 30_000 });

  // A starter, picked by keyboard-usable fields around the canvas.
  await startFromTemplate(page, 'Monthly newsletter');
  const canvas = page.frameLocator('iframe[title="The email being designed"]');
  const text = canvas.getByText(/fresh classes on the timetable/);
  await expect(text).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  // Change a text on the canvas.
  await text.dblclick();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(` Changed ${run}.`);
  await canvas.getByText(/New on the timetable/).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Design saved.')).toBeVisible();
  const saved = await request.get(apiUrl(`/rest/campaigns/${id}`), { headers: admin });
  const campaign = (await saved.json()) as { bodyMjml: string; design: unknown };
  expect(campaign.bodyMjml).toContain(`Changed ${run}.`);
  expect(campaign.bodyMjml).toMatch(/^<mjml/);
  expect(campaign.design).not.toBeNull();

  // Preview at phone width: the server's rendering in a 375 px frame.
  await page.getByRole('button', { name: 'Preview email' }).click();
  const preview = page.getByRole('dialog', { name: 'Email preview' });
  const phone = preview.locator('iframe[title="Email preview at phone width (375 px)"]');
  await expect(phone).toHaveAttribute('width', '375');
  await expect(phone).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Email preview at phone width (375 px)"]').getByText(`Changed ${run}.`),
  ).toBeVisible();
  expect((await phone.boundingBox())?.width).toBeGreaterThanOrEqual(375);
  await expect(preview).toContainText(`Subject: Our news ${run} for`);
  await expectAccessible(page);
  await preview
    .locator('label')
    .filter({ hasText: /^Desktop$/ })
    .click();
  await expect(preview.locator('iframe[title="Email preview at desktop width (680 px)"]')).toBeVisible();
  await page.keyboard.press('Escape');

  // A test send arrives rendered, with its plain-text part.
  const before = (await mailbox.received(ADMIN)).length;
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`A test email was sent to ${ADMIN}.`)).toBeVisible();
  let mail = '';
  await expect
    .poll(
      async () => {
        const messages = (await mailbox.received(ADMIN)).slice(before);
        mail = messages.find((m) => m.text.includes(`Subject: [Test] Our news ${run} for`))?.text ?? '';
        return mail !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const { html, text: plain } = partsOf(mail);
  expect(html).toContain(`Changed ${run}.`);
  expect(html).toMatch(/<!doctype html>/i);
  expect(html).not.toMatch(/<mj-/);
  expect(plain).not.toBeNull();
  expect(plain).toContain(`Changed ${run}.`);
  expect(plain).not.toContain('<');

  // Saved as a template of the studio's own, offered next time.
  await page.getByRole('button', { name: 'Save as template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  await dialog.getByLabel('Template name').fill(`Newsletter ${run}`);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(`Template Newsletter ${run} saved.`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Start from a template' }).click();
  await expect(page.getByRole('option', { name: `Newsletter ${run}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // Back on the campaign, the message is the design.
  await page.getByRole('link', { name: 'Back to the campaign' }).click();
  await expect(page.getByText('The message is designed with blocks in the email designer.')).toBeVisible();
  await expectAccessible(page);

  // Tidy: the run's campaign and template go.
  await request.delete(apiUrl(`/rest/campaigns/${id}`), { headers: admin });
  const mine = await request.get(apiUrl('/stemplate/untemplate?orgId=demo&max=100'), { headers: admin });
  for (const template of ((await mine.json()) as { data: { _id: string; name: string }[] }).data) {
    if (template.name === `Newsletter ${run}`) {
      await request.delete(apiUrl(`/stemplate/untemplate/${template._id}`), { headers: admin });
    }
  }
});
