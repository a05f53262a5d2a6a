import { expect, test } from '@playwright/test';
import {
  addClassTomorrow,
  demoStudentInvoice,
  expectAccessible,
  hostUrl,
  logIn,
  PASSWORD,
  pageToken,
  payByCard,
  showTomorrowsWeek,
  tomorrow,
} from './helpers';
import { holdDemoCardStandIn } from './shared-ports';

// The demo tenant's Stripe account (seeded: SEED_DEMO_STRIPE_ACCOUNT in playwright.config.ts) takes
// the card on this stand-in's Checkout page, which announces the payment to the server's webhook.
// Each run pays a new demo invoice of its own: nothing else reads it.
const stub = holdDemoCardStandIn();

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor pays an invoice by card on the provider’s page, comes back and sees it paid', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The invoice is made through the API for the demo student, as a sale would be.
  const invoice = await demoStudentInvoice(
    request,
    [{ itemName: 'Workshop ticket', price: '25.00', isTaxable: false }],
    undefined,
    { by: 'staff@demo.test' },
  );

  // A visitor on a phone opens the emailed link.
  await page.context().clearCookies();
  await page.goto(hostUrl('demo', `/invoice/${invoice.publicId}`));
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceId}` })).toBeVisible();
  const pay = page.getByRole('button', { name: `Pay $${invoice.balance.toFixed(2)}` });
  await expect(pay).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);
  await pay.click();

  // The provider's page (the stand-in's Checkout): a declined card first, by keyboard.
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  const card = page.getByRole('form', { name: 'Pay with card' });
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('CVC').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the tenant's page: progress until the provider's confirmation lands, then paid.
  await expect(page).toHaveURL(hostUrl('demo', `/invoice/${invoice.publicId}?payment=success`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expectAccessible(page);
  expect(stub().stripeCheckout.deliveries).toContain(200);
});

test('a student books a paid drop-in class, goes straight into the provider’s page, pays and sees it booked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const className = `Drop-in ${Date.now().toString(36).slice(-5)}`;
  await page.goto(hostUrl('demo', '/login'));
  const pick = await addClassTomorrow(page, { name: className, capacity: 5, priceMinor: 1500 });

  // The stored pick's signup path books it: the spot is held and the student goes on into the
  // payment at once (the invoice page's own start), with no 'Pay now' stop.
  await logIn(page, 'student@demo.test');
  await expect(page).toHaveURL(/\/classes$/);
  await page.goto(hostUrl('demo', `/signup/${pick.classId}/${pick.clsStartTime}?scheduleId=${pick.scheduleId}`));

  // The provider's page (the stand-in's Checkout) takes the card.
  await payByCard(page);
  await expect(page.getByText(new RegExp(`${className} \\(drop-in\\), .* 6:00 PM E[SD]T`))).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(page);

  // Back on the student's calendar the class is booked.
  await page.goto(hostUrl('demo', '/classes'));
  await showTomorrowsWeek(page);
  await page
    .getByText(new RegExp(`${className}.*Booked`))
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: className });
  await expect(dialog.getByText('Booked', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The student subscribes to their calendar feed: it lists the class.
  await page.getByRole('button', { name: 'Show my calendar feed' }).click();
  const address = page.getByLabel('Calendar feed address');
  await expect(address).toHaveValue(/\/public\/ical\/[\w-]{43}\.ics$/);
  const feed = await page.evaluate(
    async (url) => {
      const response = await fetch(new URL(url).pathname);
      return { type: response.headers.get('content-type'), text: await response.text() };
    },
    await address.inputValue(),
  );
  expect(feed.type).toContain('text/calendar');
  expect(feed.text).toContain(`SUMMARY:${className}`);
  await expectAccessible(page);
});

test('a student registers for a paid event on a phone, goes straight into the provider’s page and comes back paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Paid Workshop ${Date.now().toString(36).slice(-5)}`;
  const day = tomorrow();
  await page.goto(hostUrl('demo', '/login'));
  const publicId = await page.evaluate(
    async ({ token, day, name }) => {
      const json = { 'content-type': 'application/json' };
      const made = await fetch('/snode/classrule', {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${token}` },
        body: JSON.stringify({
          kind: 'event',
          name,
          address: '1 Harbour Street',
          daysOfWeek: [day.weekday],
          startTime: '10:00',
          durationMinutes: 120,
          startDate: day.date,
          endDate: day.date,
          capacity: 5,
          priceMinor: 4000,
        }),
      });
      if (made.status !== 201) throw new Error(`event: ${made.status} ${await made.text()}`);
      return (await made.json()).publicId as string;
    },
    { token: await pageToken(page, 'admin@demo.test'), day, name },
  );

  await logIn(page, 'student@demo.test');
  await expect(page).toHaveURL(/\/classes$/);
  await page.goto(hostUrl('demo', `/events/${publicId}`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // the studio takes cards: the button says the place is paid now, nothing about paying at the studio
  const register = page.getByRole('button', { name: 'Register and pay' });
  await expect(register).toBeVisible();
  await expect(page.getByText('You pay at the studio.')).toHaveCount(0);
  await expectAccessible(page);
  await register.click();

  await payByCard(page);
  await expect(page.getByText(new RegExp(`${name} \\(event\\), from `))).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expectAccessible(page);

  // back on the event's page: registered, so a second registration is refused
  await page.goto(hostUrl('demo', `/events/${publicId}`));
  await page.getByRole('button', { name: 'Register and pay' }).click();
  await expect(page.getByText('You are already registered for this event.')).toBeVisible();
});

test('a card payment that finds its invoice paid goes back; a refund the provider refuses waits for the desk, who retries it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(hostUrl('demo', '/login'));
  const invoice = await page.evaluate(async (password) => {
    const post = (url: string, body: object, token?: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const token = (await (await post('/login', { userId: 'staff@demo.test', password })).json()).access_token;
    const found = await fetch('/rest/contact/?autoComplete=true&q=student@demo.test', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [contact] = await found.json();
    const created = await post(
      '/item/invoice',
      { contactId: contact.id, items: [{ itemName: 'Retreat deposit', price: '30.00', isTaxable: false }] },
      token,
    );
    return { ...(await created.json()), token };
  }, PASSWORD);

  // The buyer opens the provider's page; meanwhile the desk takes the money in cash.
  const buyer = await browser.newPage();
  await buyer.goto(hostUrl('demo', `/invoice/${invoice.publicId}`));
  await buyer.getByRole('button', { name: 'Pay $30.00' }).click();
  await expect(buyer).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.evaluate(
    async ({ id, token }) => {
      const response = await fetch(`/item/invoice/${id}/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ method: 'cash', amount: '30.00', idempotencyKey: crypto.randomUUID() }),
      });
      if (response.status !== 200) throw new Error(`cash: ${response.status}`);
    },
    { id: invoice.id, token: invoice.token },
  );
  // The provider refuses the automatic refund (its balance cannot cover it).
  stub().stripeCheckout.refuseRefunds = true;
  try {
    await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await buyer.getByLabel('CVC').fill('123');
    await buyer.getByRole('button', { name: 'Pay' }).click();
    await expect(buyer).toHaveURL(/\/invoice\/[\w-]+\?payment=success/);

    // The provider's webhook and the refund run as jobs: wait for their outcome over the API (a reload
    // loop on the screen outran a slow page), then the admin sees it on Invoices, with the provider's words.
    const outcome = () =>
      page.evaluate(
        async ({ id, token }) => {
          const response = await fetch('/item/payment/excess', { headers: { authorization: `Bearer ${token}` } });
          const list = (await response.json()) as { data: { invoiceId: string | null; outcome: string }[] };
          return list.data.find((payment) => payment.invoiceId === id)?.outcome ?? 'none';
        },
        { id: invoice.id, token: invoice.token },
      );
    await expect.poll(outcome, { timeout: 30_000 }).toBe('refund_failed');
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard|\/getstarted/);
    await page.goto(hostUrl('demo', '/invoices'));
    const panel = page.getByRole('region', { name: 'Payments to give back' });
    const row = panel.getByRole('row').filter({ hasText: String(invoice.invoiceId) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Refund failed');
    await expect(row).toContainText('You have insufficient funds in your Stripe account for this refund.');
    await expect(row).toContainText('$30.00');
    await expectAccessible(page);

    stub().stripeCheckout.refuseRefunds = false;
    await row.getByRole('button', { name: 'Retry the refund of $30.00' }).click();
    await expect(page.getByText('The refund is being tried again.')).toBeVisible();
    // given back this time: it leaves the list, and the screen
    await expect.poll(outcome, { timeout: 30_000 }).toBe('none');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(stub().stripeCheckout.refunds.filter((r) => r.amount === 3000).length).toBeGreaterThanOrEqual(1);
  } finally {
    stub().stripeCheckout.refuseRefunds = false;
    await buyer.close();
  }
});
