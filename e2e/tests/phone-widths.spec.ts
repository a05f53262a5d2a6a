import { expect, type Page, test } from '@playwright/test';
import { apiHeaders, apiUrl, expectAccessible, hostUrl, logIn } from './helpers';

// Issue 29 "Phone widths": every screen fits a 320 px and a 390 px phone with nothing cut off. The
// document's scroll width is not enough (a dialog or a clipped row can stick out while the page does
// not scroll), so every visible element's box is measured against the screen, except inside a
// container that fits the screen and scrolls sideways on purpose (a wide table in its scroller).

/** The visible elements that stick out of the screen, named for the report (at most 10). */
async function outOfScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // A container that scrolls sideways on purpose (a wide table in its scroller) and itself fits the screen.
    const scrollsOnPurpose = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.getBoundingClientRect().right <= width + 1 &&
        element !== document.documentElement &&
        element !== document.body
      );
    };
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const cls =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || (style.position === 'fixed' && rect.left >= width)) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      let parent = element.parentElement;
      let contained = false;
      while (parent && parent !== document.body) {
        if (scrollsOnPurpose(parent)) {
          contained = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (contained) continue;
      // the visually hidden helpers (1 px boxes) are meant to be off screen
      if (rect.width <= 1 && rect.height <= 1) continue;
      found.push(`${name(element)} ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`);
      if (found.length >= 10) break;
    }
    return found;
  });
}

const PUBLIC = [
  '/',
  '/about',
  '/calendar',
  '/events',
  '/courses',
  '/merchandise',
  '/donations',
  '/forms',
  '/login',
  '/register',
];
const STUDENT = ['/classes', '/mycourses', '/services', '/profile', '/myfiles'];
const ADMIN = [
  '/dashboard',
  '/getstarted',
  '/calendar',
  '/schedule',
  '/rules',
  '/services',
  '/contacts',
  '/files',
  '/campaign',
  '/reviews',
  '/feedback',
  '/invoices',
  '/store',
  '/products',
  '/memberships',
  '/reports',
  '/settings',
];

for (const width of [320, 390]) {
  test(`visitors' pages fit a ${width} px phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const problems: string[] = [];
    for (const path of PUBLIC) {
      await page.goto(hostUrl('demo', path));
      await page.waitForLoadState('networkidle');
      for (const problem of await outOfScreen(page)) problems.push(`${path}: ${problem}`);
    }
    // a class opened from the calendar: its dialog, with its close and Register buttons, fits too
    await page.goto(hostUrl('demo', '/calendar'));
    await page
      .getByRole('button', { name: /Morning Yoga/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    for (const problem of await outOfScreen(page)) problems.push(`class dialog: ${problem}`);
    expect(problems).toEqual([]);
  });

  test(`the back office fits a ${width} px phone`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const problems: string[] = [];
    for (const path of ADMIN) {
      await page.goto(hostUrl('demo', path));
      await page.waitForLoadState('networkidle');
      for (const problem of await outOfScreen(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  test(`the campaign designer fits a ${width} px phone`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = await apiHeaders(request, 'admin@demo.test');
    const made = await request.post(apiUrl('/rest/campaigns'), {
      headers: admin,
      data: { name: `Phone design ${width}`, audience: { kind: 'all' } },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', `/campaign/${id}/design`));
    await expect(page.locator('[data-ready=true]')).toBeVisible({ timeout: 30_000 });
    expect(await outOfScreen(page)).toEqual([]);
    // The canvas is as wide as the designer, and its controls are on the screen.
    const canvas = await page.locator('.gjs-cv-canvas').boundingBox();
    const designer = await page.locator('.atrium-designer__canvas').boundingBox();
    expect(canvas?.width ?? 0).toBeGreaterThan((designer?.width ?? 0) - 2);
    await expect(page.frameLocator('iframe[title="The email being designed"]').getByText(/Hello/)).toBeVisible();
    await page.locator('.gjs-block').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.gjs-block').first()).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expectAccessible(page);
    // The preview at phone width (375 px): its dialog fits the screen, the frame scrolls inside it when wider.
    await page.getByRole('button', { name: 'Preview email' }).click();
    const preview = page.getByRole('dialog', { name: 'Email preview' });
    const phone = preview.locator('iframe[title="Email preview at phone width (375 px)"]');
    await expect(phone).toBeVisible();
    await expect(
      page.frameLocator('iframe[title="Email preview at phone width (375 px)"]').getByText(/Hello/),
    ).toBeVisible();
    expect(await outOfScreen(page)).toEqual([]);
    const dialog = await preview.boundingBox();
    expect((dialog?.x ?? -1) >= 0 && (dialog?.x ?? 0) + (dialog?.width ?? 0) <= width + 1).toBe(true);
    await expectAccessible(page);
  });

  test(`a member's pages fit a ${width} px phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await logIn(page, 'member@demo.test');
    await expect(page).not.toHaveURL(/\/login/);
    const problems: string[] = [];
    for (const path of STUDENT) {
      await page.goto(hostUrl('demo', path));
      await page.waitForLoadState('networkidle');
      for (const problem of await outOfScreen(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
}
