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
