import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, logIn } from './helpers';

// The staff's course screens on the demo tenant: an admin makes a course of two sections and three
// chapters, reorders one by keyboard, uploads a tiny generated video and sees it transcoded, prices the
// course at $30 and publishes it. Each run's course carries the run's tag in its name.

/** A 2-second 320x240 test picture with a tone, made by the ffmpeg binary from the npm registry. */
function tinyVideo(): Buffer {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = join(mkdtempSync(join(tmpdir(), 'atrium-course-video-')), 'flow.mp4');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return readFileSync(file);
}

/** Nothing wider than the screen: no sideways scrolling at phone width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The chapter titles of a section, in the order shown. */
async function chaptersOf(page: Page, section: string): Promise<string[]> {
  const list = page.getByRole('list', { name: section, exact: true });
  return (await list.locator(':scope > li .course-outline__body > p:first-child').allInnerTexts()).map((t) => t.trim());
}

async function addSection(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add Section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Section' });
  await dialog.getByLabel('Section title').fill(title);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
}

async function openChapterDialog(page: Page, section: string, kind: string) {
  await page.getByRole('button', { name: `Add chapter to ${section}` }).click();
  await page.getByRole('menuitem', { name: kind }).click();
}

async function addTextChapter(page: Page, section: string, title: string, text: string) {
  await openChapterDialog(page, section, 'Text');
  const dialog = page.getByRole('dialog', { name: 'Add text chapter' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type(text);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${title} is added successfully.`)).toBeVisible();
}

test('an admin builds a course of two sections and three chapters, uploads a video and publishes it at $30', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const name = `Yoga at home ${tag}`;
  const video = tinyVideo();

  // The Courses item of the admin menu opens /services; the list passes axe.
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard|\/getstarted/);
  await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A new course is a draft, named in a dialog; the editor opens on it.
  await page.getByRole('button', { name: 'Add Course' }).click();
  const create = page.getByRole('dialog', { name: 'Add Course' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Course name is required!')).toBeVisible();
  await create.getByLabel('Course name').fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // Two sections; two text chapters in the first.
  await addSection(page, 'Warm up');
  await addSection(page, 'Practice');
  await addTextChapter(page, 'Warm up', 'Welcome', 'Roll out your mat.');
  await addTextChapter(page, 'Warm up', 'Breathing', 'Breathe in for four counts.');
  expect(await chaptersOf(page, 'Warm up')).toEqual(['Welcome', 'Breathing']);

  // A video chapter in the second. Its upload is cut once: the first PATCH delivers only the first half of
  // the bytes to the server and the browser sees the connection reset; the uploader asks the server where
  // it stopped (HEAD) and sends the rest from there. Then the transcode's progress, until it is ready.
  const half = Math.floor(video.length / 2);
  const patches: { offset: string | null; bytes: number }[] = [];
  const methods: string[] = [];
  await page.route('**/rest/video/upload/*', async (route) => {
    const request = route.request();
    methods.push(request.method());
    if (request.method() !== 'PATCH') return route.continue();
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    patches.push({ offset: await request.headerValue('upload-offset'), bytes: body.length });
    if (patches.length > 1) return route.continue();
    // Node does not resolve *.localhost: to the loopback address, with the studio's Host.
    const url = new URL(request.url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    await route.fetch({
      url: url.toString(),
      headers: { ...request.headers(), host },
      postData: body.subarray(0, half),
    });
    return route.abort('connectionreset');
  });
  await openChapterDialog(page, 'Practice', 'Video');
  const videoDialog = page.getByRole('dialog', { name: 'Add video chapter' });
  await videoDialog.getByLabel('Title').fill('First flow');
  const chooser = page.waitForEvent('filechooser');
  await videoDialog.getByRole('button', { name: 'Upload video' }).click();
  await (await chooser).setFiles({ name: `first-flow-${tag}.mp4`, mimeType: 'video/mp4', buffer: video });
  await expect(videoDialog.getByText('First flow is ready to watch.')).toBeVisible({ timeout: 120_000 });
  expect(patches).toEqual([
    { offset: '0', bytes: video.length },
    { offset: String(half), bytes: video.length - half },
  ]);
  expect(methods.indexOf('HEAD')).toBeGreaterThan(0);
  await page.unroute('**/rest/video/upload/*');
  await videoDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(videoDialog).toBeHidden();
  const flow = page.getByRole('list', { name: 'Practice', exact: true }).getByRole('listitem');
  await expect(flow).toContainText('First flow');
  await expect(flow).toContainText('Ready · 0:02');

  // Reorder by keyboard: Breathing up, with focus kept on its button and the move announced.
  const up = page.getByRole('button', { name: 'Move Breathing up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sequence updated.')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Breathing moved to position 1 of 2 in Warm up.' }),
  ).toBeAttached();
  expect(await chaptersOf(page, 'Warm up')).toEqual(['Breathing', 'Welcome']);
  await expect(page.getByRole('button', { name: 'Move Breathing down' })).toBeFocused();
  // Kept by the server.
  await page.reload();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await chaptersOf(page, 'Warm up')).toEqual(['Breathing', 'Welcome']);
  expect(await chaptersOf(page, 'Practice')).toEqual(['First flow']);
  await expectAccessible(page);

  // The price: $30.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('radio', { name: 'Paid' }).check();
  await page.getByLabel('Price (USD)').fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Updated successfully.')).toBeVisible();
  await expect(page.getByText('$30.00', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Publishing a course without a description, image or teacher asks first, in the spec's words.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish course' });
  await expect(confirm).toContainText('You can add more course information later. Would you like to Proceed?');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`${name} is published.`)).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  // The students tab: nobody yet; staff enrol Mia Member, who has not started.
  await page.getByRole('tab', { name: 'Students' }).click();
  await expect(page.getByText('No students yet.')).toBeVisible();
  await page.getByPlaceholder('Search Contact').fill('Mia');
  await page.getByRole('option', { name: /Mia Member/ }).click();
  await expect(page.getByText(`Mia Member is enrolled in ${name}.`)).toBeVisible();
  const student = page.getByRole('row').filter({ hasText: 'Mia Member' });
  await expect(student).toContainText('Enrolled by staff');
  await expect(student).toContainText('0% · 0 of 3 chapters');
  await expect(student).toContainText('Not started');
  await expectAccessible(page);
  // Chapter by chapter, from studentProgress.
  await student.getByRole('button', { name: 'Progress of Mia Member by chapter' }).click();
  const progress = page.getByRole('dialog', { name: `Mia Member: ${name}` });
  await expect(progress.getByRole('row')).toHaveCount(4);
  await expect(progress.getByRole('row').nth(1)).toContainText('Breathing');
  await expect(progress.getByRole('row').nth(3)).toContainText('First flow');
  await expect(progress.getByRole('row').nth(3)).toContainText('0:00 of 0:02');
  await expectAccessible(page);
  await progress.getByRole('button', { name: 'Close' }).click();

  // On a phone (320 px) the editor fits, and the move buttons are still there.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('button', { name: 'Move Welcome up' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list: $30, published, no students yet; searchable by name.
  await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
  await expect(page).toHaveURL(/\/services$/);
  await page.getByRole('searchbox', { name: 'Search courses' }).or(page.getByLabel('Search courses')).fill(tag);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$30.00');
  await expect(row).toContainText('Published');
  await expect(row).toContainText('2 sections, 3 chapters');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
});
