import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, apiUrl, DEMO_HOST, expectAccessible, hostUrl, logIn } from './helpers';
import { SHARED_PORT_WAIT_MS, startDemoCardStandIn } from './shared-ports';
import { apiCall, uploadTestVideo } from './video-fixtures';

// Issue 25's visitor and student half: a visitor on a phone finds a course on /courses, buys it with a
// 10 % code on the card stand-in, watches part of a chapter, and on another browser continues from the
// same second; a copied media link stops working once it expires (the business clock moved past it).
// The course is made through the API with a tiny generated video. The card port keeps this spec apart
// from the other specs that move the business clock (shared-ports.ts).

const BUYER = 'student@demo.test';
const stamp = Date.now().toString(36);
const COURSE = `Flow Foundations ${stamp}`;
const CODE = `flow${stamp}`;

let stub: Awaited<ReturnType<typeof startDemoCardStandIn>> | null = null;
let course: { guId: string; slug: string; videoAssetId: string };

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request, 'admin@demo.test')).access_token;
}

test.describe('courses for visitors and students', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(SHARED_PORT_WAIT_MS + 150_000);
    stub = await startDemoCardStandIn();
    const token = await adminToken(request);
    const videoAssetId = await uploadTestVideo(request, token, {
      seconds: 24,
      title: 'First flow',
      fileName: 'flow.mp4',
    });
    type Detail = { guId: string; slug: string; sections: { guId: string; chapters: { guId: string }[] }[] };
    let detail = await apiCall<Detail>(request, token, 'POST', '/stemplate/program', {
      name: COURSE,
      pricing: 'paid',
      priceMinor: 3000,
      description: '<p>Slow, steady flows for every body.</p>',
    });
    const base = `/stemplate/program/${detail.guId}`;
    detail = await apiCall<Detail>(request, token, 'POST', `${base}/section`, { title: 'Getting started' });
    detail = await apiCall<Detail>(request, token, 'POST', `${base}/section`, { title: 'Going further' });
    const [first, second] = detail.sections.map((section) => section.guId);
    detail = await apiCall<Detail>(request, token, 'POST', `${base}/section/${first}/chapter`, {
      title: 'Welcome',
      type: 'text',
      html: '<p>Roll out your mat and breathe.</p>',
    });
    detail = await apiCall<Detail>(request, token, 'POST', `${base}/section/${first}/chapter`, {
      title: 'First flow',
      type: 'video',
      videoAssetId,
    });
    detail = await apiCall<Detail>(request, token, 'POST', `${base}/section/${second}/chapter`, {
      title: 'Standing poses',
      type: 'text',
      html: '<p>Stand tall.</p>',
    });
    const welcome = detail.sections[0]?.chapters[0]?.guId;
    await apiCall(request, token, 'PUT', base, { previewChapterId: welcome });
    await apiCall(request, token, 'PUT', `${base}/status`, { status: 'published' });
    await apiCall(request, token, 'POST', '/item/offer', {
      offerCode: CODE,
      offerType: 'flat',
      discountType: 'percentage',
      discount: 10,
      itemType: 'course',
      courseGuId: detail.guId,
    });
    course = { guId: detail.guId, slug: detail.slug, videoAssetId };
  });

  test.afterAll(async ({ request }) => {
    await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { reset: true } });
    await stub?.close();
  });

  test('a visitor buys a course on a phone, watches part of it, and continues from the same second elsewhere', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });

    // The listing and the course page come from the server, in the studio's brand.
    await page.goto(hostUrl('demo', '/courses'));
    await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: COURSE }) });
    await expect(card).toContainText('$30.00');
    await expect(page.locator('body')).not.toContainText(/atrium/i);
    await expectAccessible(page);
    await card.getByRole('link', { name: COURSE }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${course.slug}$`));
    await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
    await expect(page.getByText('Roll out your mat and breathe.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'What is inside' })).toContainText('Standing poses');
    await expectAccessible(page);

    // Buy with the 10 % code: the shop's cart and checkout, the card on the provider's page.
    await page.getByRole('textbox', { name: 'Offer code (optional)' }).fill(CODE);
    await page.getByRole('button', { name: `Buy ${COURSE}` }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText(COURSE);
    await expect(summary).toContainText(`Code '${CODE}' applied.`);
    await page.getByRole('textbox', { name: 'First name' }).fill('Stella');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Student');
    await page.getByRole('textbox', { name: 'Email' }).fill(BUYER);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
    // the order goes straight on to the provider's page
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    await expect(page.locator('body')).toContainText('27.00');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });

    // The buyer signs in: My Courses has it, and the player opens at its first chapter.
    await logIn(page, BUYER);
    // The student menu (folded on a phone) has Courses, which opens My Courses.
    const menu = page.getByRole('navigation', { name: 'Student menu' });
    await menu.getByRole('button', { name: 'Open student menu' }).click();
    await menu.getByRole('link', { name: 'Courses' }).click();
    await expect(page).toHaveURL(/\/mycourses$/);
    const mine = page.getByRole('list', { name: 'My courses' }).getByRole('listitem').filter({ hasText: COURSE });
    await expect(mine).toContainText('0% complete');
    await expectAccessible(page);
    await mine.getByRole('link', { name: `Start ${COURSE}` }).click();
    await page
      .getByRole('navigation', { name: 'Course outline' })
      .getByRole('button', { name: /First flow/ })
      .click();
    await expect(page.getByRole('heading', { name: 'First flow', level: 2 })).toBeVisible();
    const watched = await watchFor(page, 7);
    await expectPlayerAccessible(page);

    // A copied media link works now and stops once it expires.
    const token = await page.evaluate(() => localStorage.getItem('atrium.accessToken'));
    const playback = await request.get(apiUrl(`/rest/video/${course.videoAssetId}/playback`), {
      headers: { ...DEMO_HOST, authorization: `Bearer ${token}` },
    });
    expect(playback.status()).toBe(200);
    const { masterUrl } = (await playback.json()) as { masterUrl: string };
    expect((await request.get(apiUrl(masterUrl), { headers: DEMO_HOST })).status()).toBe(200);
    await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { advanceMs: 11 * 60_000 } });
    const expired = await request.get(apiUrl(masterUrl), { headers: DEMO_HOST });
    expect(expired.status()).toBe(403);
    expect(await expired.text()).toContain('This video link has expired.');
    await request.post(apiUrl('/test/clock'), { headers: DEMO_HOST, data: { reset: true } });

    // Another browser, the same member: Continue opens the chapter at the second they stopped.
    const other = await browser.newContext({ baseURL: hostUrl('demo') });
    const second = await other.newPage();
    await logIn(second, BUYER);
    await expect(second).toHaveURL(/\/classes$/);
    await second.goto(hostUrl('demo', '/mycourses'));
    const again = second.getByRole('list', { name: 'My courses' }).getByRole('listitem').filter({ hasText: COURSE });
    await expect(again).toContainText(`Next: First flow at 0:0${Math.floor(watched)}`);
    await again.getByRole('link', { name: `Continue ${COURSE}` }).click();
    await expect(second.getByRole('heading', { name: 'First flow', level: 2 })).toBeVisible();
    await expect
      .poll(() => second.evaluate(() => document.querySelector('video')?.currentTime ?? -1), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(Math.floor(watched) - 0.5);
    const resumedAt = await second.evaluate(() => document.querySelector('video')?.currentTime ?? -1);
    expect(Math.abs(resumedAt - Math.floor(watched))).toBeLessThan(1.5);
    await expectPlayerAccessible(second);
    await other.close();
  });
});

/** Plays the chapter's video (muted) until `seconds`, pauses it, and waits for the pause's progress save. */
async function watchFor(page: Page, seconds: number): Promise<number> {
  const video = page.locator('video');
  await expect(video).toHaveCount(1);
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => {
    const element = document.querySelector('video') as HTMLVideoElement;
    element.muted = true;
    return element.play();
  });
  await page.waitForFunction((s) => (document.querySelector('video')?.currentTime ?? 0) >= s, seconds, {
    timeout: 30_000,
  });
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/progress$/.test(response.url()) && response.ok(),
  );
  const at = await page.evaluate(() => {
    const element = document.querySelector('video') as HTMLVideoElement;
    element.pause();
    return element.currentTime;
  });
  const body = (await (await saved).json()) as { positionSeconds: number };
  expect(Math.abs(body.positionSeconds - at)).toBeLessThan(1);
  return at;
}

/** The player page, its controls included (target sizes at phone width, the captions switch). */
async function expectPlayerAccessible(page: Page): Promise<void> {
  // every control shown is at least 24 px square and inside the screen (nothing squeezed or cut off on a phone)
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll('media-control-bar > *')]
      .map((el) => ({ name: el.localName, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0)
      .map(({ name, box }) => ({ name, width: box.width, height: box.height, right: box.right })),
  );
  const width = page.viewportSize()?.width ?? 0;
  const spacer = 'span';
  expect(controls.filter((c) => c.name !== spacer && (c.width < 24 || c.height < 24 || c.right > width))).toEqual([]);
  expect(controls.map((c) => c.name)).toContain('media-play-button');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
