import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiUrl, DEMO_HOST, expectAccessible, hostUrl, logIn, PASSWORD } from './helpers';
import { holdDemoCardStandIn, runMailbox, SHARED_PORT_WAIT_MS } from './shared-ports';

// Donations on the demo tenant: an admin adds a campaign, a visitor gives $20 once on the Stripe
// stand-in's page (the demo tenant's seeded account) and gets the receipt email with its PDF, and
// the admin sees the total. Each run adds its own campaign: nothing else reads it.
const smtp = runMailbox();
holdDemoCardStandIn(SHARED_PORT_WAIT_MS * 2);

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor gives $20 once to a campaign, pays on the provider’s page, gets a receipt; the admin sees the total', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Roof appeal ${tag}`;
  const donorEmail = `donor-${tag}@example.test`;

  // The admin adds the campaign from Products > Donations.
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard|\/getstarted/);
  await page.goto(hostUrl('demo', '/donation'));
  await expect(page.getByRole('heading', { name: 'Donations', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Campaign' }).click();
  const dialog = page.getByRole('form', { name: 'Add Campaign' });
  await dialog.getByLabel('Campaign name').fill(name);
  await dialog.getByLabel('Description').fill('Help us keep the studio dry.');
  await dialog.getByLabel('Goal (optional)').fill('1000');
  await dialog.getByLabel('Suggested amounts').fill('20, 50, 100');
  await dialog.getByLabel('Minimum amount').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$0.00 of $1,000.00');
  await expectAccessible(page);

  // A visitor on a phone finds it on the public donations page.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(hostUrl('demo', '/donations'));
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
  await card.getByRole('link', { name: `Donate to ${name}` }).click();

  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Donation' });
  // Below the minimum is refused in place.
  await form.getByText('Other amount').click();
  await form.getByLabel('Your amount').fill('2');
  await form.getByRole('button', { name: 'Donate' }).click();
  await expect(form.getByRole('alert')).toHaveText('The amount must be at least $5.00.');
  await form.getByText('$20.00', { exact: true }).click();
  await form.getByLabel('First name').fill('Dana');
  await form.getByLabel('Last name').fill('Giver');
  await form.getByLabel('Email').fill(donorEmail);
  await form.getByLabel('Note (optional)').fill('For the roof');
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Donate' }).click();

  // The provider's page (the stand-in's Checkout).
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(page.locator('body')).toContainText('20.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/invoice\/[\w-]+\?payment=success/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });

  // The receipt: one email, with the PDF attached.
  const mail = await smtp.waitFor(donorEmail, 20_000);
  expect(mail.text).toMatch(/Subject: Thank you for your donation: receipt R-\d{5}/);
  expect(mail.text).toContain('Thank you for your donation of $20.00');
  expect(mail.text).toContain('Content-Type: application/pdf');
  // What the donor reads names the studio only (the From header is the deployment's MAIL_FROM).
  const body = mail.text.slice(
    mail.text.indexOf('Hello Dana Giver'),
    mail.text.indexOf('Content-Type: application/pdf'),
  );
  expect(body).toContain('Demo Studio');
  expect(body).not.toMatch(/atrium/i);

  // The admin sees the total and the gift.
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard|\/getstarted/);
  await page.goto(hostUrl('demo', '/donation'));
  await expect(row).toContainText('$20.00 of $1,000.00');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await row.getByRole('button', { name: `Donations to ${name}` }).click();
  const gifts = page.getByRole('table', { name: `Donations to ${name}` });
  await expect(gifts).toContainText('Dana Giver');
  await expect(gifts).toContainText('For the roof');
  await expect(gifts.getByRole('button', { name: /Download receipt R-\d{5}/ })).toBeVisible();
  await expectAccessible(page);
  expect(await smtp.received(donorEmail)).toHaveLength(1);
});

test('a member sees their gifts on My Donations and downloads the receipt', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Library fund ${Date.now().toString(36)}`;
  // A gift by the demo student, paid in cash at the desk (through the API, as staff would).
  await page.goto(hostUrl('demo', '/login'));
  await page.evaluate(
    async ({ name, password }) => {
      const call = async (url: string, body?: object, token?: string) => {
        const response = await fetch(url, {
          method: body ? 'POST' : 'GET',
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const admin = (await call('/login', { userId: 'admin@demo.test', password })).access_token as string;
      const campaign = await call('/snode/donation', { name, suggestedAmounts: [2000] }, admin);
      const gift = await call(`/public/donations/${campaign.guId}`, {
        firstName: 'Stu',
        lastName: 'Dent',
        email: 'student@demo.test',
        amount: 2000,
        idempotencyKey: crypto.randomUUID(),
      });
      const invoice = await call(`/item/invoice/public/${gift.publicId}`);
      await call(
        `/item/invoice/${invoice.id}/payment`,
        { method: 'cash', amount: '20.00', idempotencyKey: crypto.randomUUID() },
        admin,
      );
    },
    { name, password: PASSWORD },
  );

  await logIn(page, 'student@demo.test');
  await expect(page).toHaveURL(/\/classes$/);
  await page.goto(hostUrl('demo', '/mydonation'));
  await expect(page.getByRole('heading', { name: 'My Donations', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$20.00');
  await expect(row).toContainText('Paid');
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Download receipt R-\d{5}/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^R-\d{5}\.pdf$/);
});

/** A campaign made by the demo admin over the API; answers the admin's headers and its id. */
async function campaignByApi(request: APIRequestContext, data: Record<string, unknown>) {
  const login = await request.post(apiUrl('/login'), {
    headers: DEMO_HOST,
    data: { userId: 'admin@demo.test', password: PASSWORD },
  });
  const admin = { ...DEMO_HOST, authorization: `Bearer ${(await login.json()).access_token}` };
  const created = await request.post(apiUrl('/snode/donation'), { headers: admin, data });
  expect(created.status()).toBe(201);
  return { admin, campaignId: (await created.json()).guId as string };
}

test('a visitor gives $20 a month for one year: the first gift now, 11 more as the months pass, a receipt for each', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const name = `Monthly friends ${tag}`;
  const donorEmail = `monthly-${tag}@example.test`;
  const { admin, campaignId } = await campaignByApi(request, {
    name,
    description: 'Give a little every month.',
    suggestedAmounts: [2000, 5000],
  });

  try {
    await page.goto(hostUrl('demo', `/donate/${campaignId}`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Donation' });
    await form.getByRole('radio', { name: 'Monthly' }).check();
    await form.getByText('$20.00', { exact: true }).click();
    await expect(form.getByRole('combobox', { name: 'For' })).toHaveValue('1 year');
    await expect(form.getByText('12 gifts of $20.00, one a month, the first today.')).toBeVisible();
    await form.getByLabel('First name').fill('Mona');
    await form.getByLabel('Last name').fill('Thly');
    await form.getByLabel('Email').fill(donorEmail);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Donate' }).click();

    // The provider's page saves the card; the studio's page never sees its number.
    await expect(page).toHaveURL(/\/c\/setup\/cs_test_/);
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Save card' }).click();
    await expect(page).toHaveURL(new RegExp(`/donate/${campaignId}\\?session_id=`));
    await expect(page.getByText('Thank you for your monthly gift')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('12 gifts of $20.00, one each month.')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/atrium/i);
    await expectAccessible(page);
    const first = await smtp.waitFor(donorEmail, 20_000);
    expect(first.text).toMatch(/Subject: Thank you for your donation: receipt R-\d{5}/);
    expect(first.text).toContain('Content-Type: application/pdf');

    // A year passes, a month at a time: the renewal job gives the 11 further gifts.
    for (let month = 1; month <= 11; month += 1) {
      const moved = await request.post(apiUrl('/test/clock'), {
        headers: DEMO_HOST,
        data: { advanceMs: 32 * 86_400_000 },
      });
      expect(moved.status()).toBe(200);
      expect((await request.post(apiUrl('/test/jobs/membership-renewals'), { headers: DEMO_HOST })).status()).toBe(200);
    }
    const gifts = await (
      await request.get(apiUrl(`/snode/donation/${campaignId}/donations`), { headers: admin })
    ).json();
    expect(gifts.data).toHaveLength(12);
    expect(gifts.data.every((g: { status: string }) => g.status === 'paid')).toBe(true);
    await expect.poll(async () => (await smtp.received(donorEmail)).length, { timeout: 60_000 }).toBe(12);
  } finally {
    await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { reset: true } });
  }
});

test('a donor without an account stops their monthly gift from the link in its receipt; nothing more is charged', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Stoppable fund ${tag}`;
  const donorEmail = `stopper-${tag}@example.test`;
  const { admin, campaignId } = await campaignByApi(request, {
    name,
    description: 'Every month helps.',
    suggestedAmounts: [2000],
  });

  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(hostUrl('demo', `/donate/${campaignId}`));
    const form = page.getByRole('form', { name: 'Donation' });
    await form.getByRole('radio', { name: 'Monthly' }).check();
    await form.getByText('$20.00', { exact: true }).click();
    await form.getByLabel('First name').fill('Stella');
    await form.getByLabel('Last name').fill('Stopper');
    await form.getByLabel('Email').fill(donorEmail);
    await form.getByRole('button', { name: 'Donate' }).click();
    const card = page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Thank you for your monthly gift')).toBeVisible({ timeout: 20_000 });

    // The receipt carries the gift's own link.
    const receipt = await smtp.waitFor(donorEmail, 20_000);
    const link = /To see it or stop it: (http\S+\/donate\/monthly\/[A-Za-z0-9_-]+)/.exec(receipt.text)?.[1] ?? '';
    expect(link).not.toBe('');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your monthly gift', level: 1 })).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('From Stella Stopper')).toBeVisible();
    await expect(page.getByText(/\$20\.00 a month, 12 in all; 1 gift made so far\./)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/atrium/i);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Stop my monthly gift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop your monthly gift?' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Stop the gift' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift is stopped.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop my monthly gift' })).toHaveCount(0);
    await expectAccessible(page);
    // Opened again later, it says so.
    await page.reload();
    await expect(page.getByText('This monthly gift has ended: nothing more will be charged.')).toBeVisible();

    // A month later the renewal job gives nothing: no second gift, no second email.
    await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { advanceMs: 32 * 86_400_000 } });
    expect((await request.post(apiUrl('/test/jobs/membership-renewals'), { headers: DEMO_HOST })).status()).toBe(200);
    const gifts = await (
      await request.get(apiUrl(`/snode/donation/${campaignId}/donations`), { headers: admin })
    ).json();
    expect(gifts.data).toHaveLength(1);
    expect(await smtp.received(donorEmail)).toHaveLength(1);
  } finally {
    await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { reset: true } });
  }
});
