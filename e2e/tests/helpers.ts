import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Atrium-demo-1';

/** The demo tenants run on their own hosts; Chromium resolves *.localhost to this machine. */
export function hostUrl(orgId: string, path = '/'): string {
  const port = process.env.E2E_PORT ?? '3100';
  return `http://${orgId}.localhost:${port}${path}`;
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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
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
