import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiUrl, expectAccessible, hostUrl, logIn, PASSWORD } from './helpers';
import { runMailbox } from './shared-ports';
import { newStudio, type StudioApi, signIn, tenantHost } from './studio-api';

// Issue 27 on the public site: the admin adds the "Member reviews" and "Notices" sections to the home
// page in the designer and publishes it; a visitor sees only the reviews whose member agreed to show
// them, and only the notices that are active and not expired (quotes stay on the members' board).
// A studio of its own, so the demo studio's reviews and notices (other specs) are left alone.

const mailbox = runMailbox();
const run = Date.now().toString(36);
const ORG = `reviewsite-${run}`;

/** A member of the studio who can sign in: made by the owner, password chosen from the emailed link. */
async function member(request: APIRequestContext, owner: StudioApi, firstName: string): Promise<StudioApi> {
  const email = `${firstName.toLowerCase()}.${run}@reviewsite.test`;
  const contact = await owner.call<{ guId: string }>('POST', '/snode/contact', {
    firstName,
    lastName: 'Member',
    email,
  });
  await owner.call('POST', '/rest/message/sendCredentials', { contactId: contact.guId });
  const token = (await mailbox.waitFor(email)).text.match(/\/reset-password\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no password link for ${email}`);
  const chosen = await request.post(apiUrl('/public/user/resetPassword'), {
    headers: tenantHost(ORG),
    data: { token: decodeURIComponent(token), password: PASSWORD },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  return signIn(request, ORG, email);
}

/** A day in the studio's zone (New York), `days` from today: far enough from midnight either way. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Drags a section from the designer's block library onto the canvas with the mouse (GrapesJS blocks
 * are native drag and drop: the drag is moved in steps over the canvas frame so it sees the drag
 * enter and move), and waits for `shows` in the canvas.
 */
async function addSection(page: Page, title: string, shows: Locator, onto?: Locator) {
  const designer = page.getByRole('application', { name: 'Page designer' });
  const block = designer.getByTitle(title, { exact: true });
  await block.scrollIntoViewIfNeeded();
  const from = await block.boundingBox();
  const frame = await designer.locator('.gjs-frame').boundingBox();
  if (!from || !frame) throw new Error(`no ${title} block or no canvas`);
  // `onto`: a part of the canvas to drop on (Playwright gives its box in the page's coordinates, as the block's)
  const target = onto ? await onto.boundingBox() : null;
  if (onto && !target) throw new Error(`nothing to drop ${title} onto`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // near the top of the canvas's visible part: a block low in its panel scrolls the page, and can take the canvas's
  // own top out of view
  const top = Math.max(frame.y, 0);
  const to = target
    ? { x: target.x + target.width / 2, y: target.y + target.height / 2 }
    : { x: frame.x + frame.width / 2, y: top + Math.min(60, (frame.y + frame.height - top) / 2) };
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(
      from.x + ((to.x - from.x) * step) / 12,
      from.y + from.height / 2 + ((to.y - from.y - from.height / 2) * step) / 12,
    );
  }
  await page.mouse.move(to.x, to.y + 4);
  // dropped only once GrapesJS shows where the block will land (a release before that drops nothing)
  await expect(designer.locator('.gjs-placeholder').first()).toBeVisible();
  await page.mouse.up();
  await expect(shows).toBeVisible();
}

test('the home page shows the reviews members agreed to show and the active notices', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const studio = await newStudio(request, {
    orgId: ORG,
    businessName: `Review Site ${run}`,
    owner: { name: 'Olive Owner', email: `owner.${run}@reviewsite.test`, password: PASSWORD },
  });
  const owner = studio.owner;
  const [agreed, declined] = await Promise.all([member(request, owner, 'Agnes'), member(request, owner, 'Dora')]);
  await agreed.call('POST', '/providerservice/review', {
    stars: 5,
    reviewText: `Agnes agreed: the morning flow is wonderful ${run}.`,
    isShownOnWebsite: true,
  });
  await declined.call('POST', '/providerservice/review', {
    stars: 4,
    reviewText: `Dora kept this review private ${run}.`,
    isShownOnWebsite: false,
  });
  const notice = (message: string, extra: object = {}) =>
    owner.call('POST', '/edtest/noticeboard', { message: `<p>${message}</p>`, type: 'notice', ...extra });
  await notice(`Active notice: the studio is open on the holiday ${run}.`, { expiryDate: day(30) });
  await notice(`Expired notice: last month's workshop ${run}.`, { expiryDate: day(-3) });
  await notice(`Inactive notice: not yet announced ${run}.`, { isActive: false });
  await notice(`A quote for members only ${run}.`, { type: 'quote' });

  // The admin puts both sections on the home page in the designer and publishes it.
  await logIn(page, `owner.${run}@reviewsite.test`, ORG);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(hostUrl(ORG, '/website'));
  await expect(page.getByRole('heading', { name: 'Website - Lets build a website' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Website pages' })
    .getByRole('button', { name: /^Home \(/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Use Empty Template' }).click();
  const canvas = page.frameLocator('.gjs-frame');
  await expect(page.getByRole('application', { name: 'Page designer' }).locator('.gjs-frame')).toBeVisible({
    timeout: 20_000,
  });
  await addSection(page, 'Member reviews', canvas.getByRole('heading', { name: 'What our members say' }));
  // Dropped onto the reviews' sample quote, it still lands on the page beside them: a section never goes inside
  // another (there the server's quotes would replace it).
  await addSection(
    page,
    'Notices',
    canvas.getByRole('heading', { name: 'Notices' }),
    canvas.locator('[data-site-reviews] figure').first(),
  );
  await expect(canvas.locator('[data-gjs-type=wrapper] > section[data-site-notices-section]')).toHaveCount(1);
  await expect(canvas.locator('[data-site-reviews-section] [data-site-notices-section]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Home is published. Visitors see it now.')).toBeVisible();

  // A visitor: the agreed review and the active notice, nothing else of either.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(hostUrl(ORG, '/'));
  const reviews = visitor.locator('[data-site-reviews]');
  await expect(reviews.getByText(`Agnes agreed: the morning flow is wonderful ${run}.`)).toBeVisible();
  await expect(reviews.getByText('Agnes M.')).toBeVisible();
  await expect(reviews.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(visitor.getByText(`Dora kept this review private ${run}.`)).toHaveCount(0);
  await expect(reviews.locator('figure')).toHaveCount(1);
  const notices = visitor.locator('[data-site-notices]');
  await expect(notices.getByText(`Active notice: the studio is open on the holiday ${run}.`)).toBeVisible();
  await expect(notices.locator('article')).toHaveCount(1);
  for (const hidden of ['Expired notice', 'Inactive notice', 'A quote for members only']) {
    await expect(visitor.getByText(new RegExp(`^${hidden}`))).toHaveCount(0);
  }
  // The designer's sample texts never reach the visitor.
  await expect(visitor.getByText('Your members’ own reviews appear here', { exact: false })).toHaveCount(0);
  await expectAccessible(visitor);
  await visitor.context().close();
});
