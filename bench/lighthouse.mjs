// Lighthouse (mobile, the default simulated throttling) on the demo's public pages (home, about, the
// shop's merchandise page and a product's page made for the run, the calendar, events and the first
// event's page, donations and a campaign's give form made for the run, the course listing and the demo
// course's page, the login page, the branded 404 page, a published public form and an open invoice made
// for the run), the registration page and the new-studio sign-up on the bare domain, in Debian's chromium.
// Usage: npm run bench:lighthouse (after npm run build). BENCH_PAGES=/login,/register audits only those
// (by path prefix: BENCH_PAGES=/events/,/donate/,/invoice/,/merchandise/ picks the pages made for the run).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { hostFetch } from './host-fetch.mjs';
import { demoTarget } from './lib/bench-http.mjs';
import { startAtrium } from './server.mjs';

const PORT = 3220;
const DEMO = `http://demo.localhost:${PORT}`;
// The demo studio takes cards (a Stripe account connected, as a studio selling online has; nothing is
// charged): the pages show what a paying visitor meets, the give form and the invoice's Pay with their islands.
const app = await startAtrium(PORT, { env: { SEED_DEMO_STRIPE_ACCOUNT: 'acct_lighthouse' } });

const headers = { host: `demo.localhost:${PORT}`, 'content-type': 'application/json' };
const token = await demoTarget(PORT).login();
/** A call to the demo studio as its admin. */
const demoCall = async (method, path, body) =>
  (
    await hostFetch(`http://127.0.0.1:${PORT}${path}`, {
      method,
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    })
  ).json();

/** The demo's first event to come (the seeded Weekend Retreat): its page. */
async function eventPath() {
  const { data } = await demoCall('GET', '/public/events');
  return `/events/${data[0].guId}`;
}

/** A campaign made for the run, with a goal, amounts and Other amount: its give form. */
async function donatePath() {
  const campaign = await demoCall('POST', '/snode/donation', {
    name: 'Lighthouse roof appeal',
    description: 'Help us keep the studio dry through the winter.',
    goal: 500_000,
    suggestedAmounts: [2000, 5000, 10_000],
  });
  return `/donate/${campaign.guId}`;
}

/** A product made for the run (the demo sells none), in stock with few left: its page in the shop. */
async function productPath() {
  const category = await demoCall('POST', '/snode/icategory', { name: 'Studio goods', categoryType: 'PRODUCT' });
  const item = await demoCall('POST', '/rest/item', {
    name: 'Cork yoga block',
    categoryId: category.guId,
    price: 18,
    stock: 4,
    description: 'A firm, light block of natural cork for standing poses and seated stretches.',
  });
  return `/merchandise/${item.guId}`;
}

/** An open invoice of the demo student's, made for the run: the page its emailed link opens. */
async function invoicePath() {
  const [contact] = await demoCall('GET', '/rest/contact/?autoComplete=true&q=student@demo.test');
  const invoice = await demoCall('POST', '/item/invoice', {
    contactId: contact.id,
    items: [
      { itemName: 'Ten-class pass', price: '120.00', isTaxable: false },
      { itemName: 'Yoga mat', price: '35.00', qty: 2 },
    ],
  });
  return `/invoice/${invoice.publicId}`;
}

/** A published waiver with a dropdown, a checkbox, guardians and a signature, as the form issue builds. */
async function publicFormPath() {
  const created = await hostFetch(`http://127.0.0.1:${PORT}/rest/customForm`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Lighthouse Waiver',
      formType: 'WAIVER',
      isPublished: true,
      isShowGuardian: true,
      isSignRequired: true,
      beforeForm: { description: '<p>Please read before you sign.</p>' },
      customFields: [
        { name: 'Level', type: 'dropdown', option1: 'Beginner', option2: 'Advanced', isMandatory: true },
        { name: 'I accept the risks', type: 'checkbox', isMandatory: true },
      ],
    }),
  });
  const form = await created.json();
  return `/regform/${form.guId}`;
}

const only = process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? null;
const allPages = [
  ...[
    '/',
    '/about',
    '/merchandise',
    await productPath(),
    '/calendar',
    '/events',
    await eventPath(),
    '/donations',
    await donatePath(),
    '/courses',
    '/courses/introductory-session',
    '/login',
    '/register',
    '/nope',
    await publicFormPath(),
    await invoicePath(),
  ].map((path) => [path, `${DEMO}${path}`]),
  ['/new-studio (bare domain)', `http://localhost:${PORT}/new-studio`],
];
const pages = only
  ? allPages.filter(([path]) =>
      only.some(
        (wanted) =>
          path === wanted || path.startsWith(`${wanted} `) || (wanted.endsWith('/') && path.startsWith(wanted)),
      ),
    )
  : allPages;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
/**
 * One page's Lighthouse run. A run whose trace Lighthouse could not read (its NO_NAVSTART, "Please run
 * Lighthouse again") is taken again, up to three times, and its error printed if it never reads.
 */
async function audit(url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // the branded 404 page answers status 404, which Lighthouse otherwise refuses to audit
      ignoreStatusCode: true,
    });
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) {
      console.log(`  ${url}: Lighthouse failed three times (${error.code}: ${error.message})`);
      return result;
    }
  }
}
/** Lighthouse's measure of this machine's processor at each page (its `benchmarkIndex`: higher is faster). */
const cpuIndexes = [];
try {
  console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes | JS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [path, url] of pages) {
    const result = await audit(url);
    const { categories, audits } = result.lhr;
    cpuIndexes.push(result.lhr.environment?.benchmarkIndex ?? 0);
    if (process.env.BENCH_LH_DIR) {
      const base = join(process.env.BENCH_LH_DIR, path.replace(/[^a-z0-9]+/gi, '_'));
      writeFileSync(`${base}.json`, result.report);
      if (result.artifacts?.Trace) writeFileSync(`${base}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    const value = (key) => audits[key]?.displayValue ?? '-';
    // The page's JavaScript as sent (gzip or brotli where the server compresses it), the 100 KB budget.
    const requests = audits['network-requests']?.details?.items ?? [];
    const scriptBytes = requests
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const js = requests.length ? `${(scriptBytes / 1024).toFixed(1)} KiB` : '-';
    console.log(
      `| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${value('first-contentful-paint')} | ${value('largest-contentful-paint')} | ${value('total-blocking-time')} | ${value('cumulative-layout-shift')} | ${value('total-byte-weight')} | ${js} |`,
    );
    const failing = Object.values(audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    );
    if (failing.length) console.log(`  ${path} failing audits: ${failing.map((a) => a.id).join(', ')}`);
  }
  // Simulated throttling multiplies the main thread's time by four, so the score follows the processor:
  // the index says how fast it was during the run (it moves with the machine's other load).
  const sorted = cpuIndexes.filter(Boolean).sort((a, b) => a - b);
  if (sorted.length) {
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `\nLighthouse CPU benchmark index: median ${Math.round(median)} (${Math.round(sorted[0])}-${Math.round(sorted.at(-1))})`,
    );
  }
} finally {
  await chrome.kill();
  await app.stop();
}
