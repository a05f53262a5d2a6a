// Desk checkout under concurrency and the invoice PDF, over HTTP against the real server on PostgreSQL:
// 50 checkouts at once for the last 3 units of an item (exactly 3 sold, 47 refused with 409, no 5xx),
// 50 submissions at once of one checkout with the same idempotency key (one invoice, one payment),
// 50 submissions at once of one PaymentSpring card token for an invoice (one charge at the local
// stand-in, one payment), then the invoice PDF, one at a time and 4 at once. The counts are asserted:
// a wrong one exits 1.
// Usage: npm run bench:checkout   (BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_checkout,
// BENCH_PDFS=24 documents per PDF measurement)
// Not part of npm test. The PostgreSQL database is created when missing and its schema dropped first.
import { randomUUID } from 'node:crypto';
import { startProviderStub } from '@atrium/provider-stubs/provider-stub';
import { openBenchDatabase } from './lib/bench-db.mjs';
import { benchCall, checker, countBy, percentile } from './lib/bench-http.mjs';
import { startAtrium } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_bench_checkout';
const PDFS = Number(process.env.BENCH_PDFS ?? 24);
const BUYERS = 50;
const HOST = `demo.localhost:${PORT}`;
const BASE = `http://127.0.0.1:${PORT}`;

let token = '';
async function call(method, path, body) {
  const read = (response) => response.arrayBuffer();
  const { status, ms, content: raw } = await benchCall(BASE, HOST, method, path, body, token, read);
  return { status, ms, raw };
}
const jsonOf = (answer) => JSON.parse(answer.raw.toString('utf8'));

async function created(method, path, body) {
  const answer = await call(method, path, body);
  if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${answer.raw.toString('utf8')}`);
  return jsonOf(answer);
}

const { failures, check } = checker();

const db = await openBenchDatabase(PG_URL);
const PS = { publicKey: 'bench_ps_public', privateKey: 'bench_ps_private' };
const stub = await startProviderStub({ paymentspring: { merchants: [PS] } });
const server = await startAtrium(PORT, {
  databaseUrl: PG_URL,
  env: { PAYMENTSPRING_API_BASE: `${stub.url}/api/v1` },
});
const results = {};
try {
  const login = await call('POST', '/login', { userId: 'admin@demo.test', password: 'Atrium-demo-1' });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  token = jsonOf(login).access_token;
  const category = await created('POST', '/snode/icategory', { name: 'Bench goods', categoryType: 'PRODUCT' });
  const scarce = await created('POST', '/rest/item', {
    name: 'Last tees',
    categoryId: category.guId,
    price: 25,
    stock: 3,
  });
  const plenty = await created('POST', '/rest/item', {
    name: 'Bench mat',
    categoryId: category.guId,
    price: 40,
    stock: null,
  });

  console.log(`== ${BUYERS} checkouts at once for the last 3 units`);
  let started = performance.now();
  const rush = await Promise.all(
    Array.from({ length: BUYERS }, () =>
      call('POST', '/item/checkout', {
        idempotencyKey: randomUUID(),
        items: [{ guId: scarce.guId, qty: 1 }],
        paymentMethod: 'cash',
      }),
    ),
  );
  results.rush = { ms: performance.now() - started, counts: countBy(rush), times: rush.map((a) => a.ms) };
  const fiveHundreds = rush.filter((answer) => answer.status >= 500).length;
  console.log(`   answers: ${JSON.stringify(results.rush.counts)} in ${results.rush.ms.toFixed(0)} ms`);
  check('exactly 3 sold (201)', results.rush.counts[201] === 3);
  check('47 refused with 409', results.rush.counts[409] === BUYERS - 3);
  check('no 5xx', fiveHundreds === 0);
  const stockLeft = jsonOf(await call('GET', `/rest/item/${scarce.guId}`)).stock;
  check(`stock left 0 (is ${stockLeft})`, stockLeft === 0);

  console.log(`== ${BUYERS} submissions at once of one checkout (same idempotency key)`);
  const key = `bench-${randomUUID()}`;
  const before = (await db.query('select count(*)::int as n from invoices')).rows[0].n;
  started = performance.now();
  const doubled = await Promise.all(
    Array.from({ length: BUYERS }, () =>
      call('POST', '/item/checkout', {
        idempotencyKey: key,
        items: [{ guId: plenty.guId, qty: 2 }],
        paymentMethod: 'cash',
      }),
    ),
  );
  results.doubled = { ms: performance.now() - started, counts: countBy(doubled), times: doubled.map((a) => a.ms) };
  const ids = new Set(doubled.filter((a) => a.status === 201).map((a) => jsonOf(a).id));
  const after = (await db.query('select count(*)::int as n from invoices')).rows[0].n;
  const [invoiceId] = [...ids];
  const payments = (
    await db.query('select count(*)::int as n from invoice_payments where invoice_id = $1', [invoiceId ?? null])
  ).rows[0].n;
  console.log(`   answers: ${JSON.stringify(results.doubled.counts)} in ${results.doubled.ms.toFixed(0)} ms`);
  check(
    `every answer 201 with one invoice (${ids.size} distinct)`,
    results.doubled.counts[201] === BUYERS && ids.size === 1,
  );
  check(`exactly one invoice made (${after - before})`, after - before === 1);
  check(`exactly one payment (${payments})`, payments === 1);

  console.log(`== ${BUYERS} submissions at once of one PaymentSpring card token`);
  const connected = await call('PUT', '/item/tenant/pspring', {
    testApiKey: PS.publicKey,
    testSecretKey: PS.privateKey,
    isTestMode: true,
    isProviderIntegrated: true,
  });
  if (connected.status !== 200) throw new Error(`pspring: ${connected.status}`);
  const [buyer] = jsonOf(await call('GET', '/rest/contact/?autoComplete=true&q=student@demo.test'));
  const owed = await created('POST', '/item/invoice', {
    contactId: buyer.id,
    items: [{ itemName: 'Bench card payment', price: '40.00', isTaxable: false }],
  });
  const made = await fetch(`${stub.url}/api/v1/tokens`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${PS.publicKey}:`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      card_number: '4242424242424242',
      card_exp_month: 12,
      card_exp_year: new Date().getFullYear() + 2,
      csc: '123',
      card_owner_name: 'Bench Buyer',
    }),
  }).then((response) => response.json());
  started = performance.now();
  const tokenRush = await Promise.all(
    Array.from({ length: BUYERS }, () =>
      call('POST', `/item/invoice/${owed.publicId}/paymentspring`, { token: made.id }),
    ),
  );
  results.token = { ms: performance.now() - started, counts: countBy(tokenRush), times: tokenRush.map((a) => a.ms) };
  const cardPayments = (
    await db.query('select count(*)::int as n from invoice_payments where invoice_id = $1', [owed.id])
  ).rows[0].n;
  console.log(`   answers: ${JSON.stringify(results.token.counts)} in ${results.token.ms.toFixed(0)} ms`);
  check(
    `exactly one charge at PaymentSpring (${stub.paymentspring.charges.size})`,
    stub.paymentspring.charges.size === 1,
  );
  check(`exactly one payment (${cardPayments})`, cardPayments === 1);
  check(
    'no 5xx',
    tokenRush.every((answer) => answer.status < 500),
  );

  console.log(`== the invoice PDF (/cform/pdf/ireport/{id}), ${PDFS} documents each way`);
  const pdf = () => call('GET', `/cform/pdf/ireport/${invoiceId}`);
  const first = await pdf();
  check('the PDF answers 200 with a PDF', first.status === 200 && first.raw.subarray(0, 5).toString() === '%PDF-');
  const sequential = [];
  started = performance.now();
  for (let i = 0; i < PDFS; i++) sequential.push((await pdf()).ms);
  const sequentialMs = performance.now() - started;
  const concurrent = [];
  started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < PDFS) {
        next++;
        const answer = await pdf();
        if (answer.status !== 200) failures.push(`PDF answered ${answer.status}`);
        concurrent.push(answer.ms);
      }
    }),
  );
  const concurrentMs = performance.now() - started;
  sequential.sort((a, b) => a - b);
  concurrent.sort((a, b) => a - b);
  results.pdf = {
    size: first.raw.length,
    firstMs: first.ms,
    sequential: { perDoc: sequentialMs / PDFS, p50: percentile(sequential, 50), p95: percentile(sequential, 95) },
    concurrent: { perDoc: concurrentMs / PDFS, p50: percentile(concurrent, 50), p95: percentile(concurrent, 95) },
  };

  const latency = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 95).toFixed(0)} / ${sorted.at(-1).toFixed(0)}`;
  };
  console.log(`\nPostgreSQL, demo tenant (${process.platform}, node ${process.version})`);
  console.log('| run | answers | wall ms | latency p50 / p95 / max ms |');
  console.log('|---|---|---:|---:|');
  console.log(
    `| ${BUYERS} checkouts, last 3 units | ${JSON.stringify(results.rush.counts)} | ${results.rush.ms.toFixed(0)} | ${latency(results.rush.times)} |`,
  );
  console.log(
    `| ${BUYERS} x one idempotency key | ${JSON.stringify(results.doubled.counts)} | ${results.doubled.ms.toFixed(0)} | ${latency(results.doubled.times)} |`,
  );
  console.log(
    `| ${BUYERS} x one PaymentSpring token | ${JSON.stringify(results.token.counts)} | ${results.token.ms.toFixed(0)} | ${latency(results.token.times)} |`,
  );
  const p = results.pdf;
  console.log(`\nInvoice PDF (${(p.size / 1024).toFixed(1)} KB), first ${p.firstMs.toFixed(0)} ms (fonts loaded)`);
  console.log('| PDFs | ms per document | p50 ms | p95 ms |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| one at a time | ${p.sequential.perDoc.toFixed(1)} | ${p.sequential.p50.toFixed(0)} | ${p.sequential.p95.toFixed(0)} |`,
  );
  console.log(
    `| 4 at once | ${p.concurrent.perDoc.toFixed(1)} | ${p.concurrent.p50.toFixed(0)} | ${p.concurrent.p95.toFixed(0)} |`,
  );
} finally {
  await db.end();
  await server.stop();
  await stub.close();
}
if (failures.length > 0) {
  console.error(`\n${failures.length} check(s) failed: ${failures.join('; ')}`);
  process.exit(1);
}
