import {
  formatMoney,
  INVOICE_STATUS_LABELS,
  type InvoicePublic,
  type InvoiceStatus,
  OPEN_INVOICE_STATUSES,
  PAYMENT_METHOD_LABELS,
  type TenantConfig,
  takesCardPayments,
  toMinorUnits,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { getPublicInvoice } from '../modules/invoices/invoice-desk.service.ts';
import type { Platform } from '../platform.ts';
import { INVOICE_ISLAND_JS } from './invoice-island.js.ts';
import { type AppAssets, NOT_FOUND_PAGE_NAME, renderSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import type { SitePage } from './site-entry.ts';

// The invoice behind an emailed link, /invoice/{id}, rendered on the server like the builder's pages
// (docs/decisions/website.md, "Visitors' pages on a phone"): the app's PublicInvoicePage as HTML (the
// printed invoice, what the provider's return says, Download PDF, Pay). One island, /site/invoice.js:
// Pay (the provider's page), a page asked to start paying (?payment=card) starting by itself, and
// after a payment the wait for the provider's confirmation (the page is read again once it is paid).
// PaymentSpring's card form (no hosted page) and PhonePe's return (asked of the server until settled)
// stay the app's page. Kept out of search engines: the link is private to whoever holds it.

export const INVOICE_CSS = `.inv-page{max-width:900px;margin:0 auto;display:flex;flex-direction:column;gap:16px}
.inv-page p{margin:0}
.inv-paper{border:1px solid #dee2e6;border-radius:8px;padding:12px;display:flex;flex-direction:column;gap:16px;background:#fff}
@media (min-width:48em){.inv-paper{padding:24px}}
.inv-head{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;flex-wrap:wrap}
.inv-from,.inv-meta{display:flex;flex-direction:column;gap:2px;min-width:0;overflow-wrap:anywhere}
.inv-meta{align-items:flex-end;text-align:right}
.site-page__body .inv-logo{height:48px;width:auto;max-width:200px;object-fit:contain;display:block}
.inv-page h1{font-size:1.375rem;line-height:1.4;margin:0}
.inv-page h2{font-size:1rem;margin:0}
.inv-strong{font-weight:700}.inv-small{font-size:.875rem}.inv-muted{color:#495057}
.inv-status{display:inline-flex;align-items:center;gap:6px;font-size:.75rem;font-weight:700;text-transform:uppercase;border:1px solid #dee2e6;border-radius:999px;padding:0 10px;line-height:1.8;color:#343a40}
.inv-dot{width:8px;height:8px;border-radius:50%;display:inline-block}
.inv-scroll{overflow-x:auto}
.inv-scroll:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.inv-page table{min-width:480px;width:100%;border-collapse:collapse;font-size:.9rem}
.inv-page th,.inv-page td{padding:8px;border-bottom:1px solid #dee2e6;text-align:left}
.inv-page .inv-num{text-align:right}
.inv-totals{display:flex;flex-direction:column;gap:4px;margin-left:auto;width:100%}
@media (min-width:48em){.inv-totals{width:280px}}
.inv-totals>div,.inv-payments li{display:flex;justify-content:space-between;gap:8px}
.inv-totals .inv-strong{font-weight:700}
.inv-payments{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px;font-size:.875rem}
.inv-page hr{border:0;border-top:1px solid #dee2e6;margin:0;width:100%}
.inv-alert{border-radius:8px;padding:12px 16px;display:flex;flex-direction:column;gap:4px;overflow-wrap:anywhere;font-size:.875rem;color:#343a40}
.inv-alert__title{font-weight:700}
.inv-alert--red{background:#fff5f5}.inv-alert--gray{background:#f1f3f5}.inv-alert--teal{background:#e6fcf5}.inv-alert--blue{background:#e7f5ff}
.inv-alert--busy{flex-direction:row;align-items:center;gap:12px}
.inv-spinner{width:18px;height:18px;border:3px solid #a5d8ff;border-top-color:#1c7ed6;border-radius:50%;animation:inv-spin .8s linear infinite;flex:none}
@keyframes inv-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.inv-spinner{animation-duration:3s}}
.inv-actions{display:flex;justify-content:flex-end;gap:12px;flex-wrap:wrap}
.inv-button{display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:6px;padding:8px 18px;font:inherit;font-weight:600;background:var(--site-accent);color:var(--site-accent-text);cursor:pointer;text-decoration:none;min-height:40px}
.inv-button--light{background:var(--site-accent-tint);color:var(--site-accent-ink)}
.inv-button:disabled{opacity:.7;cursor:progress}
.inv-button:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.inv-page [hidden]{display:none!important}`;

/** Mantine's colours of the app's status dots (invoice-format STATUS_COLORS). */
const STATUS_DOTS: Record<InvoiceStatus, string> = {
  pending: '#fab005',
  partial: '#228be6',
  failed: '#fa5252',
  complete: '#12b886',
  reminder: '#fd7e14',
  void: '#868e96',
  refunded: '#be4bdb',
};

/** A major-unit amount from the invoice as the studio reads it, as the app's money (invoice-format.ts). */
const money = (major: number, currency: string) =>
  formatMoney(toMinorUnits(major, currency, { allowNegative: true }), currency);

/** The app's formatInvoiceDate: 'Nov 30, 2026' on the studio's calendar. */
export function invoiceDate(iso: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
  }
}

/** What the page says when the payer is back from the provider's page (`?payment=`), as the app. */
export type PaymentReturn = 'success' | 'cancel' | null;

function returnNotice(outcome: PaymentReturn, stillOwed: boolean): string {
  const alert = (colour: string, title: string, text: string, extra = '') =>
    `<div class="inv-alert inv-alert--${colour}" role="status"${extra}><p class="inv-alert__title">${title}</p><p>${text}</p></div>`;
  if (outcome === 'cancel' && stillOwed) return alert('gray', 'Payment cancelled', 'Your card was not charged.');
  if (outcome !== 'success') return '';
  if (!stillOwed) return alert('teal', 'Payment received', 'Thank you: this invoice is paid.');
  // The provider's confirmation (its webhook) has not landed yet: the island asks again until it has.
  return `<div class="inv-alert inv-alert--blue inv-alert--busy" role="status" aria-busy="true" data-inv-confirming><span class="inv-spinner" aria-hidden="true"></span><p>Confirming your payment…</p></div>${alert(
    'blue',
    'Payment still being confirmed',
    'Your payment has not been confirmed yet. Refresh this page in a minute to see it.',
    ' data-inv-waited hidden',
  )}`;
}

/** The printed invoice, as the app's InvoiceView: seller, number, date, status, buyer, lines, totals, payments. */
export function invoiceViewHtml(invoice: InvoicePublic, timeZone: string): string {
  const m = (value: number) => money(value, invoice.currency);
  const totals: [string, string, boolean?][] = [
    ['Subtotal', m(invoice.subTotal)],
    ...(invoice.discount ? [['Discount', `-${m(invoice.discount)}`] as [string, string]] : []),
    ...invoice.taxes
      .filter((tax) => tax.amount !== 0)
      .map((tax) => [`${tax.label} (${tax.rate}%)`, m(tax.amount)] as [string, string]),
    ...(invoice.cardFees ? [['Card fees', m(invoice.cardFees)] as [string, string]] : []),
    ['Total', m(invoice.total), true],
    ['Paid', m(invoice.amountPaid)],
    ...(invoice.amountRefunded ? [['Refunded', m(invoice.amountRefunded)] as [string, string]] : []),
    ['Balance', m(invoice.balance), true],
  ];
  const seller = invoice.tenant;
  const from = `<div class="inv-from">${seller.logo ? `<img class="inv-logo" src="${e(seller.logo)}" alt="${e(seller.name)}" height="48">` : ''}<p class="inv-strong">${e(seller.name)}</p>${[
    seller.address,
    seller.phone,
    seller.email,
  ]
    .filter(Boolean)
    .map((line) => `<p class="inv-small inv-muted">${e(line)}</p>`)
    .join('')}</div>`;
  const meta = `<div class="inv-meta"><h1>Invoice ${e(invoice.invoiceId)}</h1><p class="inv-small">${e(invoiceDate(invoice.createdAt, timeZone))}</p><p><span class="inv-status"><span class="inv-dot" aria-hidden="true" style="background:${STATUS_DOTS[invoice.status]}"></span>${e(INVOICE_STATUS_LABELS[invoice.status])}</span></p></div>`;
  const rows = invoice.items
    .map(
      (item) =>
        `<tr><td>${e(item.itemName)}</td><td class="inv-num">${item.qty}</td><td class="inv-num">${e(m(item.price))}</td><td class="inv-num">${e(m(item.tax))}</td><td class="inv-num">${e(m(item.itemTotal))}</td></tr>`,
    )
    .join('');
  const table = `<div class="inv-scroll" tabindex="0" role="region" aria-label="Invoice items"><table aria-label="Items"><thead><tr><th scope="col">Item</th><th scope="col" class="inv-num">Qty</th><th scope="col" class="inv-num">Price</th><th scope="col" class="inv-num">Tax</th><th scope="col" class="inv-num">Total</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const sums = `<div class="inv-totals" role="group" aria-label="Totals">${totals
    .map(
      ([label, value, strong]) =>
        `<div${strong ? ' class="inv-strong"' : ''}><span>${e(label)}</span><span data-testid="invoice-${e(label.toLowerCase())}">${e(value)}</span></div>`,
    )
    .join('')}</div>`;
  const payments = invoice.payments.length
    ? `<hr><h2>Payments</h2><ul class="inv-payments">${invoice.payments
        .map(
          (payment) =>
            `<li><span>${e(invoiceDate(payment.createdAt, timeZone))} · ${payment.kind === 'refund' ? 'Refund' : 'Payment'} (${e(PAYMENT_METHOD_LABELS[payment.method])})</span><span>${e(payment.kind === 'refund' ? `-${m(payment.amount)}` : m(payment.amount))}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  const note = invoice.note ? `<p class="inv-small inv-muted">${e(invoice.note)}</p>` : '';
  return `<div class="inv-paper"><div class="inv-head">${from}${meta}</div><div><p class="inv-strong inv-small">Bill to</p><p>${e(invoice.contact.name)}</p><p class="inv-small inv-muted">${e(invoice.contact.email)}</p></div>${table}${sums}${payments}${note}</div>`;
}

/** The whole page: the return notice, the payment's error, the invoice, Download PDF and Pay. */
export function invoicePageHtml(
  invoice: InvoicePublic,
  publicId: string,
  tenant: Pick<TenantConfig, 'paymentProvider' | 'timezone'>,
  outcome: PaymentReturn,
  asked: boolean,
): string {
  const stillOwed = invoice.balance > 0;
  const polling = outcome === 'success' && stillOwed;
  const open = OPEN_INVOICE_STATUSES.includes(invoice.status) && stillOwed && takesCardPayments(tenant.paymentProvider);
  const path = encodeURIComponent(publicId);
  // While the confirmation is awaited there is nothing to pay: the island shows Pay if the wait runs out.
  const pay = open
    ? `<button class="inv-button" type="button" data-inv-pay data-signed-out${polling ? ' hidden' : ''}>Pay ${e(money(invoice.balance, invoice.currency))}</button>`
    : '';
  const island = open || polling ? '<script src="/site/invoice.js" defer></script>' : '';
  return `<section class="inv-page" aria-label="Invoice" data-invoice="${e(publicId)}"${polling ? ' data-polling' : ''}${asked && open && !polling ? ' data-asked' : ''}>${returnNotice(outcome, stillOwed)}<div class="inv-alert inv-alert--red" role="alert" data-inv-error hidden><p class="inv-alert__title">The payment could not be started</p><p data-inv-error-text></p></div>${invoiceViewHtml(invoice, tenant.timezone)}<div class="inv-actions"><a class="inv-button inv-button--light" href="/cform/pdf/ireport/${e(path)}" target="_blank" rel="noopener">Download PDF</a>${pay}</div></section>${island}`;
}

/** An unknown link, or another studio's: the app's words, status 404. */
export const INVOICE_NOT_FOUND: SitePage = {
  name: NOT_FOUND_PAGE_NAME,
  title: 'Invoice not found',
  header: 'Invoice not found',
  subHeader: '',
  html: '<div class="inv-page"><div class="inv-alert inv-alert--red" role="alert"><p>This invoice link is not valid.</p></div></div>',
  css: INVOICE_CSS,
};

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('Cache-Control', 'private, no-store')
    .header('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);

type InvoiceRequest = FastifyRequest<{ Params: { id: string }; Querystring: { payment?: string; phonepe?: string } }>;

/** GET /invoice/{id} as a server-rendered page, and its island. `appShell`: the web app's page. */
export function registerInvoicePage(
  app: FastifyInstance,
  platform: Platform,
  assets: AppAssets,
  appShell: (request: FastifyRequest) => Promise<string | null>,
): void {
  app.get('/site/invoice.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(INVOICE_ISLAND_JS),
  );

  app.get('/invoice/:id', { schema: { hide: true } }, async (request: InvoiceRequest, reply) => {
    const tenant = requireTenant(request);
    const { config } = await platform.tenantConfigs.get(tenant);
    // PaymentSpring's card form (typed here, sent to PaymentSpring) and PhonePe's return (asked of the
    // server until settled) are the app's page.
    if (config.paymentProvider === 'PSPRING' || request.query.phonepe) {
      const shell = await appShell(request);
      if (shell) return send(reply, 200, shell);
    }
    const path = request.url.split('?')[0] ?? '/invoice';
    const url = `${requestOrigin(request)}${path}`;
    const id = request.params.id;
    let invoice: InvoicePublic | null = null;
    if (/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      try {
        invoice = await getPublicInvoice(platform, tenant, id);
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      }
    }
    if (!invoice) return send(reply, 404, renderSitePage(config, INVOICE_NOT_FOUND, { url, path }, assets));
    const payment = request.query.payment;
    const outcome: PaymentReturn = payment === 'success' || payment === 'cancel' ? payment : null;
    const page: SitePage = {
      name: 'invoice',
      title: `Invoice ${invoice.invoiceId}`,
      header: '',
      subHeader: '',
      html: invoicePageHtml(invoice, id, config, outcome, payment === 'card'),
      css: INVOICE_CSS,
      description: `Invoice ${invoice.invoiceId} from ${config.name}.`,
      noindex: true,
    };
    return send(reply, 200, renderSitePage(config, page, { url, path }, assets));
  });
}
