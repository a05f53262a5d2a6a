// Lighthouse (mobile, the default simulated throttling) on the demo's public pages (home, about, the
// shop's merchandise page, the login page and the branded 404 page), in
// Debian's chromium. Usage: npm run bench:lighthouse (after npm run build).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startAtrium } from './server.mjs';

const PORT = 3220;
const pages = ['/', '/about', '/merchandise', '/login', '/nope'];
const app = await startAtrium(PORT);
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
try {
  console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const path of pages) {
    const result = await lighthouse(`http://demo.localhost:${PORT}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // the branded 404 page answers status 404, which Lighthouse otherwise refuses to audit
      ignoreStatusCode: true,
    });
    const { categories, audits } = result.lhr;
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    const value = (key) => audits[key]?.displayValue ?? '-';
    console.log(
      `| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${value('first-contentful-paint')} | ${value('largest-contentful-paint')} | ${value('total-blocking-time')} | ${value('cumulative-layout-shift')} | ${value('total-byte-weight')} |`,
    );
    const failing = Object.values(audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    );
    if (failing.length) console.log(`  ${path} failing audits: ${failing.map((a) => a.id).join(', ')}`);
  }
} finally {
  await chrome.kill();
  await app.stop();
}
