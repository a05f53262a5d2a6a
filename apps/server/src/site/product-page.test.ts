import { formatMoney, type TenantConfig } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { makeShop, type ShopFixture } from '../modules/shop/shop-fixtures.ts';
import { FORMAT_MINOR_JS } from './island-shared.js.ts';
import { priceMinorOf, productPageHtml } from './product-page.ts';
import { moneyFormatOf } from './shop-page.ts';

// The server-rendered /merchandise/{id} with the shop's cart island (issue 30; docs/decisions/website.md
// "Visitors' pages on a phone").

let app: App;
let fx: ShopFixture;

const get = (host: string, url: string) => app.inject({ url, headers: { host } });
const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);
const ldOf = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}');

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  fx = await makeShop(app);
  const described = await app.inject({
    method: 'PUT',
    url: `/rest/item/${fx.shirt}`,
    headers: bearer(fx.adminToken, fx.shop.host),
    payload: { description: 'Soft <organic> cotton.\nMade locally.' },
  });
  expect([200, 204], described.body).toContain(described.statusCode);
});

describe("a product's page from the server", () => {
  it("is the studio's page: SEO head, schema.org Product in the studio's currency, the shop's card and cart island", async () => {
    const response = await get(fx.shop.host, `/merchandise/${fx.shirt}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain(`<title>Studio T-shirt | Studio ${fx.shop.orgId}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="Studio ${fx.shop.orgId}">`);
    expect(html).toContain('<meta name="description" content="Soft &lt;organic&gt; cotton. Made locally.">');
    expect(html).toContain(`<link rel="canonical" href="http://${fx.shop.host}/merchandise/${fx.shirt}">`);
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(ldOf(html)).toMatchObject({
      '@type': 'Product',
      name: 'Studio T-shirt',
      description: 'Soft <organic> cotton.\nMade locally.',
      category: 'Clothing',
      url: `http://${fx.shop.host}/merchandise/${fx.shirt}`,
      offers: { '@type': 'Offer', price: '25.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // the shop card's texts, the name as the page's one h1
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<h1 id="shop-product-title">Studio T-shirt</h1>');
    expect(html).toContain('<p class="shop-product__text">Soft &lt;organic&gt; cotton.\nMade locally.</p>');
    expect(html).toContain('<strong>$25.00</strong><span class="shop-badge shop-badge--low">Only 5 left</span>');
    expect(html).toContain('<option value="5">5</option></select>');
    expect(html).not.toContain('<option value="6">');
    expect(html).toContain(`data-shop-add="${fx.shirt}"`);
    expect(html).toContain('<a href="/merchandise">All products</a>');
    // the add-to-cart is the shop's island with its cart, as on /merchandise
    expect(html).toContain('data-shop-cart data-symbol="$" data-digits="2" data-checkout="/checkout"');
    expect(scripts(html)).toEqual(['/site/boot.js', '/site/shop.js']);
    expect(html).not.toContain('/assets/index-abc.js"></script>');
    for (const unseen of ['Cotton Co', 'TS-1']) expect(html).not.toContain(unseen);
    expect(html).not.toMatch(/atrium/i);
  });

  it('a bundle lists what it holds; an untracked product offers 1 to 9 and says its price in the description', async () => {
    const kit = (await get(fx.shop.host, `/merchandise/${fx.kit}`)).body;
    expect(kit).toContain('<h2 id="shop-product-contents">Includes</h2>');
    expect(kit).toContain('<li>1 × Yoga mat</li>');
    expect(ldOf(kit).offers.price).toBe('35.00');
    const bottle = (await get(fx.shop.host, `/merchandise/${fx.bottle}`)).body;
    expect(bottle).toContain('<strong>$12.50</strong></p>');
    expect(bottle).toContain('<option value="9">9</option>');
    expect(bottle).toMatch(/<meta name="description" content="Water bottle, \$12\.50, at Studio [^"]+\.">/);
  });

  it("404s an archived, hidden, service, another studio's, unknown or malformed product: 'Product not found'", async () => {
    for (const [host, id] of [
      [fx.shop.host, fx.archived],
      [fx.shop.host, fx.hidden],
      [fx.shop.host, fx.inHiddenCategory],
      [fx.shop.host, fx.service],
      [fx.shop.host, fx.foreignItem],
      [fx.other.host, fx.shirt],
      [fx.shop.host, '00000000-0000-4000-8000-000000000000'],
      [fx.shop.host, 'no%20such'],
    ] as const) {
      const response = await get(host, `/merchandise/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.body).toContain('<title>Product not found');
      expect(response.body).toContain('<h1>Product not found</h1>');
      expect(response.body).toContain('It may no longer be for sale. Please see the shop.');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toContain('data-shop-add');
      expect(response.body).not.toContain('Studio T-shirt');
    }
  });

  it('says out of stock with the add disabled, and prints minor units as the islands do', async () => {
    const detail = JSON.parse((await get(fx.shop.host, `/public/pitem/${fx.shirt}`)).body);
    const out = productPageHtml({ ...detail, inStock: false, stockLeft: 0 }, { name: 'S' } as TenantConfig, 'u');
    expect(out).toContain('<span class="shop-badge shop-badge--out">Out of stock</span>');
    expect(out).toMatch(/data-shop-add="[^"]+" aria-describedby="shop-product-title" disabled>Add to cart/);
    expect(out).toContain('"availability":"https://schema.org/OutOfStock"');

    const formatMinor = new Function(`${FORMAT_MINOR_JS}; return formatMinor;`)() as (
      minor: number,
      symbol: string,
      digits: number,
    ) => string;
    for (const [price, currency] of [
      [1234.5, 'USD'],
      [500, 'JPY'],
      [1.234, 'KWD'],
    ] as const) {
      const minor = priceMinorOf({ price, currency });
      const { symbol, digits } = moneyFormatOf(currency);
      expect(formatMinor(minor, symbol, digits)).toBe(formatMoney(minor, currency));
      const html = productPageHtml({ ...detail, price, currency }, { name: 'S' } as TenantConfig, 'u');
      expect(html).toContain(`<strong>${formatMoney(minor, currency)}</strong>`);
      expect(ldOf(html).offers).toMatchObject({
        price: (minor / 10 ** digits).toFixed(digits),
        priceCurrency: currency,
      });
    }
  });
});
