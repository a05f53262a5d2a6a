import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** WCAG 2.2 AA: the serious and critical axe violations of the screen as it is now (AXE_DEBUG=1 prints all). */
export async function seriousViolations(page: Page): Promise<string[]> {
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
    .analyze()
    .finally(() => still.evaluate((style) => style.parentNode?.removeChild(style)).catch(() => undefined));
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
    async ({ password, day, body }) => {
      const json = { 'content-type': 'application/json' };
      const login = await (
        await fetch('/login', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ userId: 'admin@demo.test', password }),
        })
      ).json();
      const auth = { authorization: `Bearer ${login.access_token}` };
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
    { password: PASSWORD, day, body },
  );
}
