import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { INVOICE_ISLAND_JS } from './invoice-island.js.ts';

// The server-rendered /invoice/{id}, the page a payer opens by the emailed link (issue 30;
// docs/decisions/website.md "Visitors' pages on a phone").

let app: App;
let a: TestTenant;
let b: TestTenant;
let spring: TestTenant;
let staff = '';

const get = (host: string, url: string) => app.inject({ url, headers: { host } });
const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);

interface Made {
  id: string;
  publicId: string;
  invoiceId: string;
}

async function invoice(tenant: TestTenant, token: string, items: object[]): Promise<Made> {
  const response = await app.inject({
    method: 'POST',
    url: '/item/invoice',
    headers: bearer(token, tenant.host),
    payload: { contactId: tenant.users.student.id, items },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<Made>(response);
}

async function payCash(tenant: TestTenant, made: Made, amount: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/item/invoice/${made.id}/payment`,
    headers: bearer(staff, tenant.host),
    payload: { method: 'cash', amount, idempotencyKey: `key-${randomUUID()}` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  [a, b, spring] = await Promise.all([
    newTenant(app, { settings: { paymentProvider: 'STRIPE', currency: 'USD', timezone: 'America/New_York' } }),
    newTenant(app, { settings: { paymentProvider: 'STRIPE' } }),
    newTenant(app, { settings: { paymentProvider: 'PSPRING' } }),
  ]);
  staff = (await loginAs(app, a, 'staff')).access_token;
  const admin = (await loginAs(app, a, 'admin')).access_token;
  const saved = await app.inject({
    method: 'PUT',
    url: '/plugin/tenant/',
    headers: bearer(admin, a.host),
    payload: { themeColor: '#7048e8' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe('the invoice page from the server', () => {
  it("is the studio's page with the printed invoice, Download PDF and Pay, kept out of search engines", async () => {
    const made = await invoice(a, staff, [
      { itemName: 'Yoga <mat>', price: '40.00', qty: 2, isTaxable: false },
      { itemName: 'Drop-in class', itemType: 'service', price: 20, qty: 1, isTaxable: false },
    ]);
    await payCash(a, made, '30.00');
    const response = await get(a.host, `/invoice/${made.publicId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const html = response.body;
    // the studio's brand and head: its name, its colour, no canonical address, not indexed
    expect(html).toContain(`<title>Invoice ${made.invoiceId} | Studio ${a.orgId}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="Studio ${a.orgId}">`);
    expect(html).toContain(`<meta name="description" content="Invoice ${made.invoiceId} from Studio ${a.orgId}.">`);
    expect(html).toContain('--site-primary-500:#7048e8');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    // the app's InvoiceView as HTML
    expect(html).toContain(`<h1>Invoice ${made.invoiceId}</h1>`);
    expect(html).toContain(`<p class="inv-strong">Studio ${a.orgId}</p>`);
    expect(html).toMatch(/<span class="inv-dot" aria-hidden="true" style="background:#228be6"><\/span>Partial<\/span>/);
    expect(html).toContain('<p class="inv-strong inv-small">Bill to</p><p>student ');
    expect(html).toContain(
      '<tr><td>Yoga &lt;mat&gt;</td><td class="inv-num">2</td><td class="inv-num">$40.00</td><td class="inv-num">$0.00</td><td class="inv-num">$80.00</td></tr>',
    );
    expect(html).toContain('<span data-testid="invoice-subtotal">$100.00</span>');
    expect(html).toContain(
      '<div class="inv-strong"><span>Total</span><span data-testid="invoice-total">$100.00</span>',
    );
    expect(html).toContain('<span data-testid="invoice-paid">$30.00</span>');
    expect(html).toContain('<span data-testid="invoice-balance">$70.00</span>');
    expect(html).toMatch(
      /<h2>Payments<\/h2><ul class="inv-payments"><li><span>\w{3} \d{1,2}, \d{4} · Payment \(Cash\)<\/span><span>\$30\.00<\/span>/,
    );
    expect(html).toContain(
      `<a class="inv-button inv-button--light" href="/cform/pdf/ireport/${made.publicId}" target="_blank" rel="noopener">Download PDF</a>`,
    );
    expect(html).toContain('<button class="inv-button" type="button" data-inv-pay data-signed-out>Pay $70.00</button>');
    expect(html).toContain('The payment could not be started');
    expect(html).not.toContain('data-asked');
    expect(html).not.toMatch(/atrium/i);
    expect(scripts(html)).toEqual(['/site/boot.js', '/site/invoice.js']);

    // asked to start paying (?payment=card): the island starts by itself
    expect((await get(a.host, `/invoice/${made.publicId}?payment=card`)).body).toContain(' data-asked>');
  });

  it("says what the provider's return means: cancelled, confirming (the island waits), received", async () => {
    const made = await invoice(a, staff, [{ itemName: 'Class pack', price: '30', isTaxable: false }]);
    const cancelled = (await get(a.host, `/invoice/${made.publicId}?payment=cancel`)).body;
    expect(cancelled).toContain(
      '<div class="inv-alert inv-alert--gray" role="status"><p class="inv-alert__title">Payment cancelled</p><p>Your card was not charged.</p></div>',
    );
    expect(cancelled).toContain('>Pay $30.00</button>');

    const confirming = (await get(a.host, `/invoice/${made.publicId}?payment=success`)).body;
    expect(confirming).toContain(' data-polling');
    expect(confirming).toContain('role="status" aria-busy="true" data-inv-confirming>');
    expect(confirming).toContain('<p>Confirming your payment…</p>');
    expect(confirming).toContain('Payment still being confirmed');
    expect(confirming).toContain('data-inv-pay data-signed-out hidden>Pay $30.00</button>');

    await payCash(a, made, '30.00');
    const paid = (await get(a.host, `/invoice/${made.publicId}?payment=success`)).body;
    expect(paid).toContain('<p class="inv-alert__title">Payment received</p><p>Thank you: this invoice is paid.</p>');
    expect(paid).toContain('Complete</span>');
    expect(paid).toContain('<span data-testid="invoice-balance">$0.00</span>');
    expect(paid).not.toContain('data-inv-pay');
    expect(paid).not.toContain('data-polling');
    // nothing to pay, nothing to wait for: no island
    expect(scripts(paid)).toEqual(['/site/boot.js']);
  });

  it("404s another studio's invoice, an unknown link and a malformed one, in the app's words", async () => {
    const made = await invoice(a, staff, [{ itemName: 'Private <lesson>', price: '50', isTaxable: false }]);
    for (const [host, id] of [
      [b.host, made.publicId],
      [a.host, 'AAAAAAAAAAAAAAAAAAAAAAAA'],
      [a.host, 'no%20such'],
    ] as const) {
      const response = await get(host, `/invoice/${id}`);
      expect(response.statusCode, `${host} ${id}`).toBe(404);
      expect(response.body).toContain('<h1>Invoice not found</h1>');
      expect(response.body).toContain('This invoice link is not valid.');
      expect(response.body).not.toContain('Private &lt;lesson&gt;');
      expect(response.body).not.toMatch(/atrium/i);
    }
  });

  it("leaves PaymentSpring's card form and PhonePe's return to the web app", async () => {
    const token = (await loginAs(app, spring, 'staff')).access_token;
    const made = await invoice(spring, token, [{ itemName: 'Mat', price: '10', isTaxable: false }]);
    for (const [host, path] of [
      [spring.host, `/invoice/${made.publicId}?payment=card`],
      [a.host, `/invoice/${made.publicId}?payment=success&phonepe=T123`],
    ] as const) {
      const response = await get(host, path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('src="/assets/index-abc.js"');
      expect(response.body).not.toContain('inv-paper');
    }
  });

  it('serves the island small and cached', async () => {
    const response = await get(a.host, '/site/invoice.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toBe(INVOICE_ISLAND_JS);
    expect(gzipSync(INVOICE_ISLAND_JS).length).toBeLessThan(2_000);
    expect(() => new Function(INVOICE_ISLAND_JS)).not.toThrow();
  });
});
