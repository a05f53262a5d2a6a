import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiLogin, apiUrl, DEMO_HOST, expectAccessible, hostUrl, logIn } from './helpers';
import { holdDemoCardStandIn, runMailbox, SHARED_PORT_WAIT_MS } from './shared-ports';

// Its own member: a membership or credits bought here would pay the other specs' drop-ins (payments.spec).
const MEMBER = 'member@demo.test';

// Memberships on the demo tenant, whose Stripe account (SEED_DEMO_STRIPE_ACCOUNT) saves cards on the
// stand-in's setup page and takes the off-session charges. The business clock is moved through the
// e2e-only /test/clock and the renewals run through /test/jobs (decisions.md "Memberships"); each test
// resets the clock and cancels what it bought.

const DAY = 86_400_000;
const smtp = runMailbox();

// Holding the card port for the whole file also keeps the specs that move the business clock from
// running at the same time.
const stub = holdDemoCardStandIn(SHARED_PORT_WAIT_MS * 2);

test.use({ viewport: { width: 390, height: 844 } });

/** Node does not resolve *.localhost: the API is called on loopback with the demo tenant's Host. */

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  return (await apiLogin(request, email)).access_token;
}

async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: object,
) {
  const response = await request.fetch(apiUrl(path), {
    method,
    headers: { ...DEMO_HOST, authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.status() === 204 ? null : response.json();
}

async function newMembership(request: APIRequestContext, body: object) {
  const admin = await tokenOf(request, 'admin@demo.test');
  const categories = await api(request, admin, 'GET', '/snode/icategory?type=service&start=0&length=1000');
  const categoryId =
    categories.data[0]?.guId ??
    (await api(request, admin, 'POST', '/snode/icategory', { name: 'Memberships', categoryType: 'SERVICE' })).guId;
  return api(request, admin, 'POST', '/item/membership', { categoryId, ...body });
}

async function moveClock(request: APIRequestContext, body: object) {
  expect((await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: body })).status()).toBe(200);
}
async function runRenewals(request: APIRequestContext) {
  expect((await request.post(apiUrl('/test/jobs/membership-renewals'), { headers: DEMO_HOST })).status()).toBe(200);
}

/** The stand-in's hosted page: the card is typed there, never on the studio's pages. */
async function saveCard(page: Page, number: string, back = '/memberships') {
  await expect(page).toHaveURL(/\/c\/setup\/cs_test_/);
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(hostUrl('demo', back));
}

const membershipCard = (page: Page, name: string) => page.getByRole('article', { name });

async function cancelNow(page: Page, name: string) {
  const card = membershipCard(page, name).filter({ has: page.getByRole('button', { name: 'Cancel membership' }) });
  await card.getByRole('button', { name: 'Cancel membership' }).click();
  await page.getByRole('dialog', { name: 'Cancel membership' }).getByRole('button', { name: 'Now' }).click();
  await expect(membershipCard(page, name).getByText('Cancelled', { exact: true })).toBeVisible();
}

test('a student buys a monthly unlimited membership with a 7-day trial and a registration fee; after the trial the month is charged', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Unlimited ${Date.now().toString(36).slice(-5)}`;
  await newMembership(request, {
    name,
    price: 49,
    membershipType: 'unlimited',
    frequency: 'monthly',
    trialDays: 7,
    registrationFees: 25,
    startRule: 'afterTrial',
  });
  try {
    await logIn(page, MEMBER);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(hostUrl('demo', '/memberships'));
    await expect(page.getByRole('heading', { name: 'My Memberships', level: 1 })).toBeVisible();
    const offer = page.getByRole('article', { name });
    await expect(offer).toContainText('$49.00 a month');
    await expect(offer).toContainText('7-day trial');
    await expect(offer).toContainText('$25.00 registration fee');
    await expectAccessible(page);
    await offer.getByRole('button', { name: `Buy ${name}` }).click();
    await saveCard(page, '4242 4242 4242 4242');

    // Back: the trial is on and the first month waits for its end; the fee was charged now.
    const mine = membershipCard(page, name).filter({ hasText: 'Next payment' });
    await expect(mine.getByText('Trial', { exact: true })).toBeVisible();
    await expect(mine).toContainText('Next payment: $49.00 on');
    await expect(mine).toContainText('Card: visa ending 4242');
    await expect(page.locator('body')).not.toContainText(/atrium/i);
    await expectAccessible(page);

    // Eight days later the renewal job charges the first month.
    await moveClock(request, { advanceMs: 8 * DAY });
    await runRenewals(request);
    await page.reload();
    const active = membershipCard(page, name).filter({ hasText: 'Next payment' });
    await expect(active.getByText('Active', { exact: true })).toBeVisible();
    await expect(active).toContainText('Next payment: $49.00 on');
    await cancelNow(page, name);
  } finally {
    await moveClock(request, { reset: true });
  }
});

test('a declined card: the payment fails (emailed), a day later the reminder, the member saves another card and it is charged at once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Monthly ${Date.now().toString(36).slice(-5)}`;
  await newMembership(request, { name, price: 30, membershipType: 'recurring', frequency: 'monthly', credits: 8 });
  await logIn(page, MEMBER);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(hostUrl('demo', '/memberships'));
  const mailsBefore = (await smtp.received(MEMBER)).length;
  await page.getByRole('button', { name: `Buy ${name}` }).click();
  // Stripe's test card that is saved, then declined at every charge
  await saveCard(page, '4000 0000 0000 0341');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first()).toBeVisible();
  const card = membershipCard(page, name).filter({ hasText: 'Card:' });
  await expect(card.getByText('Payment failed', { exact: true })).toBeVisible();
  await expectAccessible(page);
  // spec 3 §4: the failed email now, then a reminder at the next declined try (a day later)
  const mailTo = async (subject: RegExp) =>
    (await smtp.received(MEMBER)).slice(mailsBefore).filter((m) => subject.test(m.text));
  await expect.poll(async () => (await mailTo(/Subject: Payment failed: invoice/)).length, { timeout: 20_000 }).toBe(1);
  try {
    await moveClock(request, { advanceMs: DAY + 60_000 });
    await runRenewals(request);
    await expect.poll(async () => (await mailTo(/Subject: Reminder: invoice/)).length, { timeout: 20_000 }).toBe(1);
  } finally {
    await moveClock(request, { reset: true });
  }

  await card.getByRole('button', { name: 'Update card' }).click();
  await saveCard(page, '5555 5555 5555 4444');
  const paid = membershipCard(page, name).filter({ hasText: 'Card:' });
  await expect(paid.getByText('Active', { exact: true })).toBeVisible();
  await expect(paid).toContainText('mastercard ending 4444');
  await cancelNow(page, name);
});

/** Staff in their own browser context, on the member's contact detail (its memberships panel). */
async function staffOnContact(browser: Browser, contactId: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  await logIn(staff, 'admin@demo.test');
  await expect(staff).not.toHaveURL(/\/login/);
  await staff.goto(hostUrl('demo', `/contacts/${contactId}/detail`));
  return { staff, close: () => context.close() };
}

test('a member in dunning is paused: nothing is charged at the next two retry dates; resumed with a new card, the open payment is charged once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Dunning ${Date.now().toString(36).slice(-5)}`;
  await newMembership(request, { name, price: 30, membershipType: 'recurring', frequency: 'monthly' });
  const member = await tokenOf(request, MEMBER);
  await logIn(page, MEMBER);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(hostUrl('demo', '/memberships'));
  await page.getByRole('button', { name: `Buy ${name}` }).click();
  await saveCard(page, '4000 0000 0000 0341');
  const card = membershipCard(page, name).filter({ hasText: 'Card:' });
  await expect(card.getByText('Payment failed', { exact: true })).toBeVisible();
  const mine = await api(request, member, 'GET', '/item/membership/mysubs');
  const sub = mine.data.find((s: { name: string }) => s.name === name);
  const attempts = () => stub().stripeSavedCards.charges.filter((c) => c.metadata.subscriptionId === sub.guId);
  expect(attempts()).toHaveLength(1);

  const { staff, close } = await staffOnContact(browser, sub.contactId);
  try {
    const staffCard = membershipCard(staff, name);
    await expect(staffCard.getByText('Payment failed', { exact: true })).toBeVisible();
    await staffCard.getByRole('button', { name: 'Pause' }).click();
    await expect(staffCard.getByText('Paused', { exact: true })).toBeVisible();
    await expectAccessible(staff);

    // the two retry dates (1 and 3 days after the first try) pass: nothing is sent to the card
    await moveClock(request, { advanceMs: DAY + 60_000 });
    await runRenewals(request);
    expect(attempts()).toHaveLength(1);
    await moveClock(request, { advanceMs: 3 * DAY + 60_000 });
    await runRenewals(request);
    expect(attempts()).toHaveLength(1);
    await page.reload();
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await expect(card).toContainText('An open payment is taken when the membership resumes.');
    await expectAccessible(page);

    // a new card while paused is kept for the resume
    await card.getByRole('button', { name: 'Update card' }).click();
    await saveCard(page, '5555 5555 5555 4444');
    await expect(
      page.getByText(`${name}: your card is saved. Payments start again when the membership resumes.`),
    ).toBeVisible();
    await expect(card).toContainText('mastercard ending 4444');
    expect(attempts()).toHaveLength(1);

    await staff.reload();
    await staffCard.getByRole('button', { name: 'Resume' }).click();
    await expect(staffCard.getByText('Active', { exact: true })).toBeVisible();
    await runRenewals(request);
    const charged = attempts().filter((c) => c.status === 'succeeded');
    expect(charged.map((c) => c.amount)).toEqual([3000]);
    expect(attempts()).toHaveLength(2);
    await expectAccessible(staff);
    await page.reload();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await cancelNow(page, name);
  } finally {
    await close();
    await moveClock(request, { reset: true });
  }
});

test('Module Settings: after the last payment retry, suspend or cancel', async ({ page }) => {
  await logIn(page, 'admin@demo.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(hostUrl('demo', '/settings/display'));
  const choice = page.getByRole('radiogroup', { name: 'After the last payment retry' });
  await expect(choice.getByRole('radio', { name: 'Suspend' })).toBeChecked();
  await expectAccessible(page);
  const choose = async (label: 'Suspend' | 'Cancel') => {
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/rest/settings/display') && r.request().method() === 'PUT' && r.ok(),
    );
    await choice.getByText(label, { exact: true }).click();
    await saved;
    await page.reload();
    await expect(choice.getByRole('radio', { name: label })).toBeChecked();
  };
  await choose('Cancel');
  await choose('Suspend');
});

test('a 10-class pack pays a priced class with a credit, given back when the booking is cancelled in time', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  const name = `10 classes ${tag}`;
  await newMembership(request, { name, price: 120, membershipType: 'card', credits: 10 });
  // A priced class the day after tomorrow (the tenant's zone is a few hours behind UTC at most).
  const admin = await tokenOf(request, 'admin@demo.test');
  const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
  const rule = await api(request, admin, 'POST', '/snode/classrule', {
    name: `Drop-in ${tag}`,
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    startTime: '18:00',
    durationMinutes: 60,
    startDate: day,
    endDate: day,
    capacity: 10,
    priceMinor: 2000,
  });
  const sessions = await api(request, admin, 'GET', `/snode/session?from=${day}&to=${day}`);
  const session = sessions.data.find((s: { classId: string }) => s.classId === rule.guId);

  await logIn(page, MEMBER);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(hostUrl('demo', '/memberships'));
  await page.getByRole('button', { name: `Buy ${name}` }).click();
  await saveCard(page, '4242 4242 4242 4242');
  const balance = page.getByTestId('credit-balance');
  const before = Number((await balance.innerText()).split(' ')[0]);
  expect(before).toBeGreaterThanOrEqual(10);

  // The signup link books on arrival: the class is paid with a credit.
  await page.goto(hostUrl('demo', `/signup/${session.classId}/${session.clsStartTime}?scheduleId=${session.guId}`));
  await expect(page.getByText('You are booked')).toBeVisible();
  await page.goto(hostUrl('demo', '/memberships'));
  await expect(balance).toHaveText(`${before - 1} credits left`);
  await expect(page.getByText('Used for a class').first()).toBeVisible();
  await expectAccessible(page);

  // Cancelled before the class: the credit comes back.
  const student = await tokenOf(request, MEMBER);
  const mine = await api(request, student, 'GET', `/snode/myclasses?from=${day}&to=${day}`);
  const booking = mine.data.find((s: { guId: string }) => s.guId === session.guId);
  await api(request, student, 'DELETE', `/snode/mybooking/${booking.myBookingId}`);
  await page.reload();
  await expect(balance).toHaveText(`${before} credits left`);
  await expect(page.getByText('Returned (booking cancelled)').first()).toBeVisible();
});

test('the front desk sells a membership to a contact from a new sale; the contact types the card on the provider’s page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Desk monthly ${Date.now().toString(36).slice(-5)}`;
  await newMembership(request, { name, price: 30, membershipType: 'recurring', frequency: 'monthly' });
  const admin = await tokenOf(request, 'admin@demo.test');
  try {
    await logIn(page, 'frontdesk@demo.test');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(hostUrl('demo', '/store/new'));
    await expect(page.getByRole('heading', { name: 'New sale', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: 'Contact' }).check();
    const contact = page.getByRole('textbox', { name: 'Contact' }).or(page.getByRole('combobox', { name: 'Contact' }));
    await contact.fill('member@demo');
    await page.getByRole('option').first().click();
    const section = page.getByRole('region', { name: 'Membership' });
    await section.getByRole('combobox', { name: /^Membership for / }).click();
    await page.getByRole('option', { name: new RegExp(`^${name} · \\$30\\.00 a month$`) }).click();
    await expectAccessible(page);
    await section.getByRole('button', { name: 'Sell membership' }).click();
    await saveCard(page, '4242 4242 4242 4242', '/subscriptions');
    await expect(page.getByText(new RegExp(`: ${name} is set up\\.$`))).toBeVisible();
    await page.getByRole('textbox', { name: 'Search memberships' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Active');
    await expectAccessible(page);
  } finally {
    const subs = await api(request, admin, 'GET', `/item/membership/subs?search=${encodeURIComponent(name)}&max=10`);
    for (const sub of subs.data)
      await api(request, admin, 'PUT', `/item/membership/subs/${sub.guId}/cancel`, { when: 'now' });
  }
});
