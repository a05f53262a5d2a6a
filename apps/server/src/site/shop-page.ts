import {
  findCurrency,
  formatMoney,
  type PublicCatalogue,
  QUANTITY_MAX,
  QUANTITY_MIN,
  type ShopItem,
  type TenantConfig,
  toMinorUnits,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withTenant } from '../db/client.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { publicCatalogue } from '../modules/shop/shop-catalogue.service.ts';
import { findPageByName } from '../modules/website/website.repo.ts';
import type { Platform } from '../platform.ts';
import { type AppAssets, renderSitePage, sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import { SHOP_ISLAND_JS } from './shop-island.js.ts';
import type { SitePage } from './site-entry.ts';

// The public shop, /merchandise (spec 3 §7.8), rendered on the server like the builder's pages: the
// studio's brand and SEO head, the catalogue as HTML. Only the cart runs script: /site/shop.js, a few
// KB, reads and saves the visitor's cart (kept by the server under the id this device stores) and
// hands over to the web app's /checkout (docs/decisions/website.md, "Visitors' pages on a phone").
// A signed-in visitor gets the web app, which takes the page over (boot.js), as on every site page.

export const SHOP_CSS = `.shop-layout{display:grid;gap:24px;grid-template-columns:minmax(0,1fr)}
@media (min-width:62em){.shop-layout{grid-template-columns:minmax(0,1fr) 22rem;align-items:start}.shop-layout>.shop-cart{position:sticky;top:1rem}}
.shop-category{margin:0 0 32px}.shop-category h2{font-size:1.35rem;margin:0 0 12px;overflow-wrap:anywhere}
.shop-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,14rem),1fr));list-style:none;margin:0;padding:0}
.shop-card{border:1px solid #dee2e6;border-radius:8px;overflow:hidden;display:flex;flex-direction:column;background:#fff}
.site-page__body .shop-card img{aspect-ratio:4/3;object-fit:cover;width:100%;height:auto;display:block;background:#f1f3f5}
.shop-card__body{padding:16px;display:flex;flex-direction:column;gap:6px;flex:1}
.shop-card h3{font-size:1.15rem;margin:0;line-height:1.3;overflow-wrap:anywhere}.shop-card h3 a{color:inherit}
.shop-card__text{margin:0;color:#495057;font-size:.9rem;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden;overflow-wrap:anywhere}
.shop-card__price{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap;margin:0}
.shop-card__price strong{font-size:1rem}
.shop-badge{display:inline-block;border-radius:999px;padding:0 10px;font-size:.75rem;font-weight:700;text-transform:uppercase;line-height:1.8}
.shop-badge--out{background:#f1f3f5;color:#343a40}.shop-badge--low{background:#fff4e6;color:#343a40}
.shop-card__buy{display:flex;gap:8px;align-items:flex-end;margin-top:auto}
.shop-qty{display:grid;gap:2px;font-size:.9rem;font-weight:500;width:80px;flex:none}
.shop-cart select,.shop-qty select,.shop-code input{font:inherit;padding:8px;border:1px solid #868e96;border-radius:6px;background:#fff;color:#212529;width:100%;min-height:40px}
.shop-button{display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:6px;padding:8px 16px;font:inherit;font-weight:600;background:var(--site-accent);color:var(--site-accent-text);cursor:pointer;text-decoration:none;min-height:40px}
.shop-card__buy .shop-button{flex:1}
.shop-button:disabled,.shop-button[aria-disabled=true]{opacity:.6;cursor:not-allowed}.shop-button[aria-busy=true]{cursor:progress}
.shop-button--plain{background:#fff;color:#212529;border:1px solid #868e96}
.shop-button--link{background:none;color:#c92a2a;padding:4px 8px;min-height:32px}
.shop-button:focus-visible,.shop-cart select:focus-visible,.shop-qty select:focus-visible,.shop-code input:focus-visible,.shop-cart a:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.shop-cart{border:1px solid #dee2e6;border-radius:8px;padding:16px;display:flex;flex-direction:column;gap:12px;min-width:0}
.shop-cart h2{font-size:1.35rem;margin:0}
.shop-cart p{margin:0}
.shop-cart__body{display:flex;flex-direction:column;gap:12px}
.shop-cart__lines{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.shop-line__name{font-weight:600;overflow-wrap:anywhere}
.shop-line__row{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.shop-line__row select{width:72px}
.shop-remove{background:none;border:0;border-radius:6px;color:#c92a2a;font-size:1.4rem;line-height:1;width:36px;height:36px;cursor:pointer}
.shop-remove:hover{background:#fff5f5}
.shop-code{display:flex;gap:8px;align-items:flex-end}
.shop-code label{display:grid;gap:2px;font-size:.9rem;font-weight:500;flex:1;min-width:0}
.shop-alert{border-radius:8px;padding:10px 12px;display:flex;flex-direction:column;gap:4px;overflow-wrap:anywhere}
.shop-alert--error{background:#fff5f5;color:#a51111}.shop-alert--ok{background:#e6fcf5;color:#0b5e45}.shop-alert--note{background:#fff9db;color:#5c3c00}
.shop-alert__title{font-weight:700}
.shop-alert__row{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap}
.shop-totals{margin:0}.shop-totals>div{display:flex;justify-content:space-between;gap:8px;padding:2px 0}
.shop-totals>.shop-totals__total{border-top:1px solid #dee2e6;font-weight:700;margin-top:4px;padding-top:6px}
.shop-totals dd{margin:0}
.shop-muted{color:#495057}`;

/** What the island needs to print money as the server does (formatMoney): the symbol and the digits. */
export function moneyFormatOf(currency: string): { symbol: string; digits: number } {
  const found = findCurrency(currency);
  return { symbol: found?.symbol ?? currency.toUpperCase(), digits: found?.minorDigits ?? 2 };
}

const price = (major: number, currency: string) => formatMoney(toMinorUnits(major, currency), currency);

export function quantityOptions(stockLeft: number | null): string {
  const most = stockLeft === null ? QUANTITY_MAX : Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, stockLeft));
  return Array.from({ length: most }, (_, index) => `<option value="${index + 1}">${index + 1}</option>`).join('');
}

/** 'Out of stock', or 'Only N left' when few are left. */
export function stockBadge(item: Pick<ShopItem, 'inStock' | 'stockLeft'>): string {
  return !item.inStock
    ? '<span class="shop-badge shop-badge--out">Out of stock</span>'
    : item.stockLeft !== null
      ? `<span class="shop-badge shop-badge--low">Only ${item.stockLeft} left</span>`
      : '';
}

function itemCard(item: ShopItem): string {
  const titleId = `shop-item-${e(item.guId)}`;
  const badge = stockBadge(item);
  const off = item.inStock ? '' : ' disabled';
  return `<li class="shop-card" aria-labelledby="${titleId}">${item.imageUrl ? `<img src="${e(item.imageUrl)}" alt="${e(item.name)}" loading="lazy" width="320" height="240">` : ''}<div class="shop-card__body"><h3 id="${titleId}"><a href="/merchandise/${e(encodeURIComponent(item.guId))}">${e(item.name)}</a></h3>${item.description ? `<p class="shop-card__text">${e(item.description)}</p>` : ''}<p class="shop-card__price"><strong>${e(price(item.price, item.currency))}</strong>${badge}</p><div class="shop-card__buy"><label class="shop-qty">Quantity<select aria-label="Quantity of ${e(item.name)}"${off}>${quantityOptions(item.stockLeft)}</select></label><button class="shop-button" type="button" data-shop-add="${e(item.guId)}" aria-describedby="${titleId}"${off}>Add to cart</button></div></div></li>`;
}

/** The catalogue's categories (those with something in them) as cards, and the cart the island fills. */
export function shopPageHtml(catalogue: PublicCatalogue): string {
  const categories = catalogue.categories.filter((category) => category.items.length > 0);
  const products =
    categories.length === 0
      ? '<p>No products for sale yet.</p>'
      : categories
          .map(
            (category) =>
              `<section class="shop-category" aria-labelledby="shop-category-${e(category.guId)}"><h2 id="shop-category-${e(category.guId)}">${e(category.name)}</h2><ul class="shop-grid">${category.items.map(itemCard).join('')}</ul></section>`,
          )
          .join('');
  const { symbol, digits } = moneyFormatOf(catalogue.currency);
  return `<div class="shop-layout"><section aria-label="Products">${products}</section><section class="shop-cart" aria-labelledby="shop-cart-title" data-shop-cart data-symbol="${e(symbol)}" data-digits="${digits}" data-checkout="/checkout"><h2 id="shop-cart-title">Your cart</h2><div class="shop-cart__body"><p class="shop-muted">Loading your cart…</p></div></section></div><script src="/site/shop.js" defer></script>`;
}

/** The studio's published merchandise page, for its header block and title (as the app showed them). */
async function merchandisePage(platform: Platform, tenantId: string) {
  const page = await withTenant(platform.db, tenantId, (tx) => findPageByName(tx, tenantId, 'merchandise'));
  return page?.isPublished ? page : null;
}

/** GET /merchandise as a server-rendered page, and its island's script. */
export function registerShopPage(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  app.get('/site/shop.js', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(SHOP_ISLAND_JS),
  );

  app.get('/merchandise', { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const tenant = requireTenant(request);
    const [{ config }, catalogue, published] = await Promise.all([
      platform.tenantConfigs.get(tenant),
      publicCatalogue(platform.db, tenant, undefined),
      merchandisePage(platform, tenant.tenantId),
    ]);
    const path = '/merchandise';
    const url = `${requestOrigin(request)}${path}`;
    const names = catalogue.categories.flatMap((category) => category.items.map((item) => item.name));
    const page: SitePage = {
      name: 'merchandise',
      title: published?.title || 'Merchandise',
      header: published?.header || 'Merchandise',
      subHeader: published?.subHeader ?? '',
      html: shopPageHtml(catalogue),
      css: SHOP_CSS,
      description: names.length ? `Shop at ${config.name}: ${names.join(', ')}`.slice(0, 160) : undefined,
    };
    return sendSitePage(reply, 200, renderSitePage(config as TenantConfig, page, { url, path }, assets));
  });
}
