// Lighthouse (mobile, simulated throttling) on the demo's builder pages wearing a site theme with a font pair
// (issue 29): the fonts are self-hosted, preloaded and swap, so a themed page must score as the plain one.
// Usage: npm run build, then node bench/lighthouse-theme.mjs [fontPair] (default modern).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { hostFetch } from './host-fetch.mjs';
import { demoTarget } from './lib/bench-http.mjs';
import { startAtrium } from './server.mjs';

const PORT = 3221;
const DEMO = `http://demo.localhost:${PORT}`;
const fontPair = process.argv[2] ?? 'modern';
const app = await startAtrium(PORT);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const headers = { host: `demo.localhost:${PORT}`, 'content-type': 'application/json' };
  const token = await demoTarget(PORT).login();
  const saved = await hostFetch(`http://127.0.0.1:${PORT}/plugin/tenant/`, {
    method: 'PUT',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      themeColor: '#7048e8',
      siteTheme: { fontPair, buttonStyle: 'outline', cornerStyle: 'round' },
    }),
  });
  if (!saved.ok) throw new Error(`theme not saved: ${saved.status} ${await saved.text()}`);
  console.log(`theme: ${fontPair}, outline buttons, round corners, #7048e8`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | CLS | bytes |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const path of ['/', '/about', '/contact']) {
    const { lhr } = await lighthouse(`${DEMO}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const score = (key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
    const value = (key) => lhr.audits[key]?.displayValue ?? '-';
    console.log(
      `| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${value('first-contentful-paint')} | ${value('largest-contentful-paint')} | ${value('cumulative-layout-shift')} | ${value('total-byte-weight')} |`,
    );
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    );
    if (failing.length) console.log(`  ${path} failing audits: ${failing.map((a) => a.id).join(', ')}`);
  }
} finally {
  await chrome.kill();
  await app.stop();
}
