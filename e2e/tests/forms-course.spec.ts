import { expect, test } from '@playwright/test';
import { apiHeaders, apiUrl, expectAccessible, hostUrl, logIn } from './helpers';

// Issue 25's leftover (spec 3 §2.3): a registration form tied to a course; a visitor on a phone opens
// its demo link (?isDemo=true), submits, and is enrolled in the course's demo.
test.describe('a registration form that enrols in a course', () => {
  test('an admin ties a form to the free demo course; a visitor at 390 px registers through ?isDemo=true', async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const formName = `Course sign-up ${stamp}`;
    await logIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(hostUrl('demo', '/customforms'));
    await page.getByRole('button', { name: 'Add Form' }).click();
    await page.getByLabel('Form Name').fill(formName);
    await page.getByRole('switch', { name: 'Published' }).check();
    await page.getByRole('combobox', { name: 'Course' }).click();
    await page.getByRole('option', { name: 'Introductory Session (free)' }).click();
    await expectAccessible(page);
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/rest/customForm') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(saved.status()).toBe(201);
    const form = (await saved.json()) as { guId: string; course: { name: string } | null };
    expect(form.course?.name).toBe('Introductory Session');

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await visitor.newPage();
    await phone.goto(hostUrl('demo', `/registration/${form.guId}?isDemo=true`));
    await expect(phone.getByRole('heading', { name: formName, level: 1 })).toBeVisible();
    await phone.getByLabel('First Name').fill('Grace');
    await phone.getByLabel('Last Name').fill('Hopper');
    await phone.getByLabel(/^Email/).fill(`grace-${stamp}@example.com`);
    await expectAccessible(phone);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(
      phone.getByRole('heading', { name: 'Introductory Session enrolled successfully', level: 1 }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(phone.getByText('Course enrolled successfully')).toBeVisible();
    await expect(phone.getByText('The course details have been sent to your email.')).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(phone);
    await visitor.close();
  });

  test('a paid course without ?isDemo: the visitor goes to the course page, and its demo form and the checkout are prefilled', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const headers = await apiHeaders(request, 'admin@demo.test');
    const call = async <T>(method: string, path: string, data?: object): Promise<T> => {
      const response = await request.fetch(apiUrl(path), { method, headers, data });
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const course = await paidCourseWithDemo(call, `Deep Flow ${stamp}`);
    const form = await call<{ guId: string }>('POST', '/rest/customForm', {
      name: `Deep Flow sign-up ${stamp}`,
      isPublished: true,
      courseGuId: course.guId,
    });
    try {
      const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const phone = await visitor.newPage();
      await phone.goto(hostUrl('demo', `/registration/${form.guId}`));
      await phone.getByLabel('First Name').fill('Grace');
      await phone.getByLabel('Last Name').fill('Hopper');
      await phone.getByLabel(/^Email/).fill(`grace-paid-${stamp}@example.com`);
      await phone.getByLabel(/^Phone/).fill('5551234567');
      await phone.getByRole('button', { name: 'Submit' }).click();
      await expect(phone).toHaveURL(new RegExp(`/courses/${course.slug}$`), { timeout: 20_000 });
      const demo = phone.getByRole('form', { name: 'Try the demo' });
      await expect(demo.getByLabel('Full name')).toHaveValue('Grace Hopper');
      await expect(demo.getByLabel('Email')).toHaveValue(`grace-paid-${stamp}@example.com`);
      await phone.getByRole('button', { name: `Buy Deep Flow ${stamp}` }).click();
      await expect(phone).toHaveURL(/\/checkout$/, { timeout: 20_000 });
      await expect(phone.getByLabel('First Name')).toHaveValue('Grace');
      await expect(phone.getByLabel('Last Name')).toHaveValue('Hopper');
      await expect(phone.getByLabel('Email')).toHaveValue(`grace-paid-${stamp}@example.com`);
      await visitor.close();
    } finally {
      await request.fetch(apiUrl(`/rest/customForm/${form.guId}`), { method: 'DELETE', headers });
      await request.fetch(apiUrl(`/stemplate/program/${course.guId}`), { method: 'DELETE', headers });
    }
  });
});

/** A published paid course with one demo chapter, made over the API. */
async function paidCourseWithDemo(
  call: <T>(method: string, path: string, data?: object) => Promise<T>,
  name: string,
): Promise<{ guId: string; slug: string }> {
  type Detail = { guId: string; slug: string; sections: { guId: string }[] };
  let detail = await call<Detail>('POST', '/stemplate/program', { name, pricing: 'paid', priceMinor: 4500 });
  const base = `/stemplate/program/${detail.guId}`;
  detail = await call<Detail>('POST', `${base}/section`, { title: 'Start' });
  const section = detail.sections[0]?.guId;
  await call('POST', `${base}/section/${section}/chapter`, {
    title: 'A taste',
    type: 'text',
    html: '<p>Breathe in.</p>',
    isDemo: true,
  });
  await call('PUT', `${base}/status`, { status: 'published' });
  return { guId: detail.guId, slug: detail.slug };
}
