import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Atrium-demo-1';

/** The demo tenants run on their own hosts; Chromium resolves *.localhost to this machine. */
export function hostUrl(orgId: string, path = '/'): string {
  const port = process.env.E2E_PORT ?? '3100';
  return `http://${orgId}.localhost:${port}${path}`;
}

/** Node does not resolve *.localhost: a spec's API calls go to loopback with the tenant's Host header. */
export const apiUrl = (path: string) => `http://127.0.0.1:${process.env.E2E_PORT}${path}`;
/** The demo tenant's Host header for those calls. */
export const DEMO_HOST = { host: `demo.localhost:${process.env.E2E_PORT}` };

/** A demo sign-in over the API: its access token and contact. */
export async function apiLogin(request: APIRequestContext, userId: string) {
  const answer = await request.post(apiUrl('/login'), { headers: DEMO_HOST, data: { userId, password: PASSWORD } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { access_token: string; contact: { guId: string } };
}

/** The headers of a demo user's API calls: the Host and their bearer token. */
export async function apiHeaders(request: APIRequestContext, userId: string) {
  return { ...DEMO_HOST, authorization: `Bearer ${(await apiLogin(request, userId)).access_token}` };
}

/** A new contact on the demo tenant, made over the API with a user's headers (apiHeaders): its guId. */
export async function apiNewContact(
  request: APIRequestContext,
  headers: Record<string, string>,
  person: Record<string, unknown>,
): Promise<string> {
  const created = await request.post(apiUrl('/snode/contact'), { headers, data: person });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { guId: string }).guId;
}

export interface DemoInvoice {
  id: string;
  /** the invoice page's address part (/invoice/{publicId}) */
  publicId: string;
  number: number;
  invoiceId: string;
  balance: number;
}

/**
 * An invoice for the demo student with these lines, made over the API by the demo admin (or `by`);
 * with `cashKey` it is paid in cash at the desk at once (the payment's idempotency key); `fields` are
 * more of the invoice's own (its payment method, say).
 */
export async function demoStudentInvoice(
  request: APIRequestContext,
  items: Record<string, unknown>[],
  cashKey?: string,
  { by = 'admin@demo.test', fields = {} }: { by?: string; fields?: Record<string, unknown> } = {},
): Promise<DemoInvoice> {
  const admin = await apiHeaders(request, by);
  const student = (await apiLogin(request, 'student@demo.test')).contact;
  const made = await request.post(apiUrl('/item/invoice'), {
    headers: admin,
    data: { contactId: student.guId, items, ...fields },
  });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = (await made.json()) as DemoInvoice;
  if (cashKey) {
    const paid = await request.post(apiUrl(`/item/invoice/${invoice.id}/payment`), {
      headers: admin,
      data: { method: 'cash', amount: String(invoice.balance), idempotencyKey: cashKey },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }
  return invoice;
}

/**
 * A user's access token, signed in from the page: the call goes to the tenant the page is on (Chromium
 * resolves *.localhost, Node does not), so the page must be on one of its pages.
 */
export async function pageToken(page: Page, userId: string): Promise<string> {
  return page.evaluate(
    async ({ userId, password }) => {
      const login = await fetch('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, password }),
      });
      return ((await login.json()) as { access_token: string }).access_token;
    },
    { userId, password: PASSWORD },
  );
}

/**
 * An API call from the page, on the tenant it is on, with a user's token (pageToken): its JSON answer.
 * Anything but 2xx throws with the server's words.
 */
export async function pageCall<T = unknown>(
  page: Page,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  return (await page.evaluate(
    async ({ token, method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { token, method, url, body },
  )) as T;
}

export async function logIn(page: Page, email: string, orgId = 'demo'): Promise<void> {
  await page.goto(hostUrl(orgId, '/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function menuLinks(page: Page, menu: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: menu });
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/**
 * Waits until no finite animation or transition is running (endless ones, such as a loader, are
 * left alone): a toast fading out is half transparent, and axe would measure its contrast mid-fade.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * WCAG 2.2 AA: the serious and critical axe violations of the screen as it is now (AXE_DEBUG=1 prints all,
 * AXE_TIME=1 each check's milliseconds).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const t0 = Date.now();
  await animationsSettled(page);
  // A toast can start fading out while axe runs (its auto-close is on a timer): with transitions off, it
  // jumps to its end state, fully shown or gone, and is never measured half transparent.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }',
  });
  // Legacy mode runs axe.run in the page (with its same-origin frames, such as the designer's canvas)
  // instead of a partial run per frame finished in a new blank page: that extra page per check cost about a
  // second each, a quarter of the browser run's axe time. Frames with no origin (the sandboxed previews)
  // are not entered; what they show is checked on its own page (decisions/platform.md "CI's matrix").
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Only violations are read: axe then keeps one node per passed or incomplete rule instead of every node,
    // a third less time per check on the admin screens (0.6-1.0 s instead of 0.8-1.5 s).
    .options({ resultTypes: ['violations'] })
    .analyze()
    .finally(() => still.evaluate((style) => style.parentNode?.removeChild(style)).catch(() => undefined));
  if (process.env.AXE_TIME) console.log(`AXE_TIME ${Date.now() - t0} ${page.url()}`);
  if (process.env.AXE_DEBUG) {
    console.log(
      JSON.stringify(
        results.violations.map((v) => v.nodes.map((n) => [n.html.slice(0, 120), n.failureSummary])),
        null,
        1,
      ),
    );
  }
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** No serious or critical axe violation on the screen as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Settings > Integrations on a tenant (a staff user signed in): its hub of providers, once shown. */
export async function openIntegrationsHub(page: Page, orgId: string): Promise<Locator> {
  await page.goto(hostUrl(orgId, '/settings/integrations'));
  const hub = page.getByRole('region', { name: 'Third Party Settings' });
  await expect(hub.getByRole('heading', { name: 'SMS Marketing' })).toBeVisible();
  return hub;
}

/**
 * On a connected key-based card provider's page (Payment Spring, Razorpay, PhonePe): Disconnect asks
 * first and the hub lists it as not integrated; Reconnect (the stored keys kept) lists it integrated.
 */
export async function disconnectAndReconnect(page: Page, hub: Locator, provider: string): Promise<void> {
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect' });
  await expect(
    dialog.getByText('Would you really like to disconnect Payment Spring / Razorpay / PhonePe ?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(hub.getByRole('link', { name: provider, exact: true })).toBeVisible();
  await hub.getByRole('link', { name: provider, exact: true }).click();
  await page.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(hub.getByRole('link', { name: `${provider} (integrated)` })).toBeVisible();
}

/** On a campaign (email or SMS): sends to the contacts with this tag. */
export async function pickTagAudience(page: Page, tag: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Send to' }).click();
  await page.getByRole('option', { name: 'Contacts with any of these tags' }).click();
  const tags = page.getByLabel('Tags (any of them)').and(page.locator('input:not([type=hidden])'));
  await tags.fill(tag);
  await tags.press('Enter');
  // The suggestions close, as when one leaves the field.
  await tags.press('Escape');
}

/** In the email designer (its canvas ready): replaces the design with one of the starter templates. */
export async function startFromTemplate(page: Page, template: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Start from a template' }).click();
  await page.getByRole('option', { name: template }).click();
  await page.getByRole('button', { name: 'Use this template' }).click();
  await page.getByRole('dialog', { name: 'Use this template' }).getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByText(`Started from ${template}.`)).toBeVisible();
}

/** On the product form: a new category made in its New Category dialog, which the form then shows chosen. */
/** Fills the New Product form with a product whose stock is counted. */
export async function fillStockedProduct(
  page: Page,
  product: { name: string; category: string; price: string; stock: string },
): Promise<void> {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(product.name);
  await addProductCategory(page, product.category);
  await page.getByRole('textbox', { name: /^Price/ }).fill(product.price);
  await page.getByRole('switch', { name: 'Track stock' }).check();
  await page.getByRole('textbox', { name: 'Quantity in stock' }).fill(product.stock);
}

export async function addProductCategory(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New Category' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'New Category' });
  await categoryDialog.getByRole('textbox', { name: 'Category Name' }).fill(name);
  await categoryDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Category added successfully.')).toBeVisible();
  await expect(categoryDialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(name);
}

/** A report's Download CSV: the file's lines. */
export async function downloadCsv(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  return readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
}

/** On the form builder (/customforms): a new field, the form's `index`-th, with its name and type. Answers the field. */
export async function addFormField(page: Page, index: number, name: string, type: string) {
  await page.getByRole('button', { name: 'Add Field' }).click();
  const field = page.getByTestId('form-field').nth(index);
  await field.getByLabel('Field Name').fill(name);
  await field.getByRole('combobox', { name: 'Field Type' }).click();
  await page.getByRole('option', { name: type }).click();
  return field;
}

/** Stripe's card page (the stand-in's Checkout): a card that pays, then back on the invoice, paid. */
export async function payByCard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 20_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/invoice\/[\w-]+\?payment=success$/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
}

/** A PDF's text as pdf.js reads it, spaces and line breaks left out (pdf.js is loaded by the specs that read one). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  return text.replace(/\s+/g, '');
}

const DEMO_ZONE = 'America/New_York';

/** Tomorrow in the demo tenant's zone: its date, weekday and whether it falls in next week's view. */
export function tomorrow() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE }).format(new Date());
  const at = new Date(`${today}T12:00:00Z`);
  const todayWeekday = at.getUTCDay();
  at.setUTCDate(at.getUTCDate() + 1);
  return { date: at.toISOString().slice(0, 10), weekday: at.getUTCDay(), nextWeek: todayWeekday === 6 };
}

/** The calendar week (or list) that holds tomorrow. */
export async function showTomorrowsWeek(page: Page) {
  if (tomorrow().nextWeek) await page.getByRole('button', { name: /next/i }).first().click();
}

export interface ClassPick {
  classId: string;
  clsStartTime: string;
  scheduleId: string;
}

/**
 * A one-off class tomorrow at 18:00 on the demo tenant, made through the API as the admin (the
 * page must be on a demo page). Answers the signup route's parts of its session.
 */
export async function addClassTomorrow(
  page: Page,
  body: { name: string; capacity: number; priceMinor?: number },
): Promise<ClassPick> {
  const day = tomorrow();
  return page.evaluate(
    async ({ token, day, body }) => {
      const json = { 'content-type': 'application/json' };
      const auth = { authorization: `Bearer ${token}` };
      const made = await fetch('/snode/classrule', {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({
          ...body,
          daysOfWeek: [day.weekday],
          startTime: '18:00',
          durationMinutes: 60,
          startDate: day.date,
          endDate: day.date,
        }),
      });
      if (made.status !== 201) throw new Error(`class: ${made.status} ${await made.text()}`);
      const rule = await made.json();
      const sessions = await (await fetch(`/snode/session?from=${day.date}&to=${day.date}`, { headers: auth })).json();
      const session = sessions.data.find((s: { classId: string }) => s.classId === rule.guId);
      return { classId: rule.guId, clsStartTime: session.clsStartTime, scheduleId: session.guId };
    },
    { token: await pageToken(page, 'admin@demo.test'), day, body },
  );
}
