import { formatMoney, type ShopItemDetail, type TenantConfig, toMinorUnits } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { publicItem } from '../modules/shop/shop-catalogue.service.ts';
import type { Platform } from '../platform.ts';
import { type AppAssets, NOT_FOUND_PAGE_NAME, renderSitePage, sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import { moneyFormatOf, quantityOptions, SHOP_CSS, stockBadge } from './shop-page.ts';
import type { SitePage } from './site-entry.ts';

// One product's page in the public shop, /merchandise/{id} (issue 30; docs/decisions/website.md, "Visitors'
// pages on a phone"), rendered on the server like the event's page: the item a visitor may buy (the same
// publicItem the app's GET /public/pitem/{id} answers) as HTML with the shop card's texts, the studio's brand,
// its search description and a schema.org Product. The add-to-cart and the cart beside it are the shop's
// island (/site/shop.js) unchanged: the same data-shop-add button and cart section as on /merchandise.
// A signed-in visitor gets the web app (boot.js), whose landing sends this address to its /merchandise.

export const PRODUCT_CSS = `${SHOP_CSS}
.shop-back{margin:0 0 12px}.shop-back a{color:var(--site-accent-ink)}
.shop-product{display:flex;flex-direction:column;gap:12px;min-width:0}
.shop-product h1{margin:0;overflow-wrap:anywhere}
.shop-product p{margin:0}
.site-page__body .shop-product img{width:100%;max-width:640px;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:8px;background:#f1f3f5}
.shop-product__category{color:#495057;font-size:.9rem}
.shop-product__text{white-space:pre-wrap;overflow-wrap:anywhere}
.shop-product__price{display:flex;align-items:center;gap:12px;flex-wrap:wrap}
.shop-product__price strong{font-size:1.35rem}
.shop-product__contents{margin:0;padding-left:1.25rem}
.shop-product .shop-card__buy{max-width:24rem}
.shop-product .shop-card__buy .shop-button{flex:1}`;

/** The product's shareable path. */
export const productPath = (guId: string) => `/merchandise/${encodeURIComponent(guId)}`;

/** The item's price in integer minor units of its currency. */
export const priceMinorOf = (item: Pick<ShopItemDetail, 'price' | 'currency'>) =>
  toMinorUnits(item.price, item.currency);

/** Schema.org's Product with its one offer, for search engines' product results. */
function jsonLd(item: ShopItemDetail, tenant: TenantConfig, url: string, image: string | undefined): string {
  const { digits } = moneyFormatOf(item.currency);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    ...(item.description ? { description: item.description.slice(0, 500) } : {}),
    ...(image ? { image } : {}),
    category: item.categoryName,
    url,
    brand: { '@type': 'Brand', name: tenant.name },
    offers: {
      '@type': 'Offer',
      url,
      price: (priceMinorOf(item) / 10 ** digits).toFixed(digits),
      priceCurrency: item.currency.toUpperCase(),
      availability: `https://schema.org/${item.inStock ? 'InStock' : 'OutOfStock'}`,
      seller: { '@type': 'Organization', name: tenant.name },
    },
  };
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The product as the shop's card draws it, larger: image, name (the h1), price, stock, Quantity, Add to cart; and the cart. */
export function productPageHtml(item: ShopItemDetail, tenant: TenantConfig, url: string, image?: string): string {
  const off = item.inStock ? '' : ' disabled';
  const contents = item.contents.length
    ? `<section aria-labelledby="shop-product-contents"><h2 id="shop-product-contents">Includes</h2><ul class="shop-product__contents">${item.contents.map((line) => `<li>${line.qty} × ${e(line.name)}</li>`).join('')}</ul></section>`
    : '';
  const { symbol, digits } = moneyFormatOf(item.currency);
  return `<p class="shop-back"><a href="/merchandise">All products</a></p><div class="shop-layout"><article class="shop-card shop-product" aria-labelledby="shop-product-title">${item.imageUrl ? `<img src="${e(item.imageUrl)}" alt="${e(item.name)}" width="640" height="480" fetchpriority="high">` : ''}<p class="shop-product__category">${e(item.categoryName)}</p><h1 id="shop-product-title">${e(item.name)}</h1><p class="shop-product__price"><strong>${e(formatMoney(priceMinorOf(item), item.currency))}</strong>${stockBadge(item)}</p>${item.description ? `<p class="shop-product__text">${e(item.description)}</p>` : ''}${contents}<div class="shop-card__buy"><label class="shop-qty">Quantity<select aria-label="Quantity of ${e(item.name)}"${off}>${quantityOptions(item.stockLeft)}</select></label><button class="shop-button" type="button" data-shop-add="${e(item.guId)}" aria-describedby="shop-product-title"${off}>Add to cart</button></div></article><section class="shop-cart" aria-labelledby="shop-cart-title" data-shop-cart data-symbol="${e(symbol)}" data-digits="${digits}" data-checkout="/checkout"><h2 id="shop-cart-title">Your cart</h2><div class="shop-cart__body"><p class="shop-muted">Loading your cart…</p></div></section></div>${jsonLd(item, tenant, url, image)}<script src="/site/shop.js" defer></script>`;
}

/** An unknown, hidden, archived or another studio's product: status 404, not indexed. */
export const PRODUCT_NOT_FOUND: SitePage = {
  name: NOT_FOUND_PAGE_NAME,
  title: 'Product not found',
  header: 'Product not found',
  subHeader: '',
  html: '<div class="shop-product"><div class="shop-alert shop-alert--error" role="alert"><p class="shop-alert__title">This product could not be found</p><p>It may no longer be for sale. Please see the shop.</p></div><p><a class="shop-button shop-button--plain" href="/merchandise">All products</a></p></div>',
  css: PRODUCT_CSS,
};

/** GET /merchandise/{id} as a server-rendered page (the island is the shop's /site/shop.js). */
export function registerProductPage(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  app.get<{ Params: { id: string } }>(
    '/merchandise/:id',
    { schema: { hide: true } },
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const tenant = requireTenant(request);
      const { config } = await platform.tenantConfigs.get(tenant);
      const origin = requestOrigin(request);
      const path = request.url.split('?')[0] ?? '/merchandise';
      let item: ShopItemDetail | null = null;
      try {
        item = await publicItem(platform.db, tenant, request.params.id, undefined);
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      }
      if (!item)
        return sendSitePage(
          reply,
          404,
          renderSitePage(config, PRODUCT_NOT_FOUND, { url: `${origin}${path}`, path }, assets),
        );
      const canonical = `${origin}${productPath(item.guId)}`;
      const image = item.imageUrl ? new URL(item.imageUrl, origin).toString() : undefined;
      const summary = item.description.replace(/\s+/g, ' ').trim();
      const price = formatMoney(priceMinorOf(item), item.currency);
      const page: SitePage = {
        name: `product:${item.guId}`,
        title: item.name,
        header: '',
        subHeader: '',
        html: productPageHtml(item, config, canonical, image),
        css: PRODUCT_CSS,
        description: (summary || `${item.name}, ${price}, at ${config.name}.`).slice(0, 160),
        ...(image ? { image } : {}),
      };
      return sendSitePage(reply, 200, renderSitePage(config, page, { url: canonical, path }, assets));
    },
  );
}
