import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { makeShop, type ShopFixture } from '../modules/shop/shop-fixtures.ts';
import { moneyFormatOf } from './shop-page.ts';

// The server-rendered /merchandise with the cart as an island (issue 30; docs/decisions/website.md
// "Visitors' pages on a phone").

let app: App;
let fx: ShopFixture;

const get = (host: string, url: string) => app.inject({ url, headers: { host } });

beforeAll(async () => {
  const dist = webDistWithIndex();
  app = await startTestApp({ webDistDir: dist });
  fx = await makeShop(app);
});

describe('the shop page from the server', () => {
  it("lists what a visitor may buy, with prices, low stock and the cart's island, in the studio's brand", async () => {
    const response = await get(fx.shop.host, '/merchandise');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Merchandise | ');
    expect(html).toContain('<h1>Merchandise</h1>');
    expect(html).toContain(`<link rel="canonical" href="http://${fx.shop.host}/merchandise">`);
    expect(html).toMatch(/<meta name="description" content="Shop at [^"]*Studio T-shirt/);
    expect(html).toContain('>Clothing</h2>');
    expect(html).toContain(`<h3 id="shop-item-${fx.shirt}"><a href="/merchandise/${fx.shirt}">Studio T-shirt</a></h3>`);
    expect(html).toContain('$25.00');
    expect(html).toContain('Only 5 left');
    expect(html).toContain('$12.50');
    expect(html).toContain('Starter kit');
    expect(html).toContain(`data-shop-add="${fx.shirt}"`);
    expect(html).toContain('aria-label="Quantity of Studio T-shirt"');
    // five left: the quantity offers 1 to 5; an untracked item 1 to 9
    const shirtCard = html.slice(html.indexOf(`shop-item-${fx.shirt}`), html.indexOf(`data-shop-add="${fx.shirt}"`));
    expect(shirtCard).toContain('<option value="5">5</option>');
    expect(shirtCard).not.toContain('<option value="6">');
    for (const unseen of ['Staff hoodie', 'Old cap', 'Secret socks', 'Private lesson', 'Cotton Co', 'TS-1'])
      expect(html).not.toContain(unseen);
    expect(html).toContain('aria-labelledby="shop-cart-title"');
    expect(html).toContain('data-symbol="$" data-digits="2"');
    expect(html).toContain('<script src="/site/shop.js" defer></script>');
    expect(html).not.toMatch(/atrium/i);
    // The boot script and the island: no web app bundle for a visitor.
    expect(html.match(/<script src=/g)).toHaveLength(2);
    expect(html).not.toContain('/assets/index-abc.js"></script>');
  });

  it('shows another tenant only its own catalogue', async () => {
    const html = (await get(fx.other.host, '/merchandise')).body;
    expect(html).not.toContain('Studio T-shirt');
    // the other tenant has one category with an item of its own
    expect(html).toContain('data-shop-add=');
    expect(html).not.toContain(`data-shop-add="${fx.shirt}"`);
  });

  it('serves the island small, cached, and naming the cart header and quantity bounds', async () => {
    const response = await get(fx.shop.host, '/site/shop.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain("headers['x-cart-id']");
    expect(response.body).toContain('Math.min(9, Math.max(1,');
    expect(gzipSync(response.body).length).toBeLessThan(4_000);
    expect(() => new Function(response.body)).not.toThrow();
  });

  it('prints money as formatMoney does', () => {
    expect(moneyFormatOf('usd')).toEqual({ symbol: '$', digits: 2 });
    expect(moneyFormatOf('JPY')).toEqual({ symbol: '¥', digits: 0 });
    expect(moneyFormatOf('KWD').digits).toBe(3);
  });
});
