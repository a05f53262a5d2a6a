import {
  brandAccentCss,
  brandColours,
  buildPublicMenu,
  type FooterLink,
  footerLinks,
  logoHeight,
  type PublicMenuItem,
  SITE_CSS,
  SUSPENDED_NOTICE,
  siteThemeCss,
  siteThemeOf,
  type TenantConfig,
  themeFontFiles,
  themeFontUrl,
  withScheme,
} from '@atrium/contracts';
import type { FastifyReply } from 'fastify';
import { ownMediaId } from './favicon.ts';
import { escapeHtml as e, safeStyleText } from './sanitize.ts';
import type { SitePage } from './site-entry.ts';

/** What the React app needs to take over the page when the visitor is signed in. */
export interface AppAssets {
  entryScript: string | null;
  styles: string[];
}

const DEFAULT_DESCRIPTION = (name: string) => `Classes, courses, events and more at ${name}.`;

function menuItem(item: PublicMenuItem, currentPath: string): string {
  if (item.type === 'group') {
    const children = item.children.map((child) => `<li>${menuItem(child, currentPath)}</li>`).join('');
    return `<details class="site-menu__group"><summary>${e(item.title)}</summary><ul>${children}</ul></details>`;
  }
  const current = !item.external && item.url === currentPath ? ' aria-current="page"' : '';
  const external = item.external ? ' target="_blank" rel="noopener noreferrer"' : '';
  return `<a href="${e(item.url)}"${current}${external}>${e(item.title)}</a>`;
}

/**
 * The tenant's own uploaded favicon is served resized to 16x16; another address is linked as it is.
 * With none, an empty icon: the browser would otherwise ask for /favicon.ico and log its 404.
 */
function favicon(favIcon: string | null): string {
  if (!favIcon) return '<link rel="icon" href="data:,">';
  const href = ownMediaId(favIcon) ? '/site/favicon.png' : favIcon;
  return `<link rel="icon" href="${e(href)}" sizes="16x16">`;
}

/** Website Settings colours: the theme colour paints the top bar and links, the header colour the header. */
function tenantColours(tenant: TenantConfig): string {
  const rules = tenantColourRules(tenant);
  return rules ? `<style>${rules}</style>` : '';
}

function tenantColourRules(tenant: TenantConfig): string {
  const { toolbar, header } = brandColours(tenant.org);
  const rules: string[] = [];
  const accent = brandAccentCss(tenant.org);
  if (accent) rules.push(accent);
  if (toolbar) {
    const { background: bg, text } = toolbar;
    rules.push(
      `.site-toolbar{background:${bg};color:${text}}.site-toolbar a{color:${text}}.site-toolbar__login{background:${text};color:${bg}!important}`,
    );
  }
  if (header) {
    const { background: bg, text } = header;
    rules.push(
      `.site-header{background:${bg}}.site-logo,.site-menu a,.site-menu summary{color:${text}}.site-menu__toggle span{background:${text}}`,
    );
  }
  return rules.join('');
}

/** The name of the site's 404 page (site.service.ts). */
export const NOT_FOUND_PAGE_NAME = 'not-found';

const descriptionOf = (tenant: TenantConfig) =>
  tenant.seoDescription || tenant.org.seoDescription || DEFAULT_DESCRIPTION(tenant.name);

/** The id of the element that carries the tenant's config into the web app (tenant-api.ts reads it). */
export const TENANT_CONFIG_ELEMENT = 'tenant-config';

/** JSON inside a script element: `<` escaped, so no text in it can close the element. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The web app's index.html for a path the app renders (/login, the shop, the faces), with the
 * tenant's title, description and icon in place of the build's neutral ones: the tab and a link
 * preview name the studio before the app has started (and never the platform). The tenant's config
 * (what GET /ping answers) rides along as inert JSON, so the app starts without waiting for /ping.
 */
export function tenantAppShell(
  indexHtml: string,
  tenant: { config: TenantConfig; json: string } | null,
  path = '',
): string {
  const config = tenant?.config ?? null;
  const prepaint = config ? appPrepaint(config, path) : null;
  const title = config ? config.title || config.name : '';
  const description = config ? descriptionOf(config) : '';
  const inline = tenant
    ? `<script id="${TENANT_CONFIG_ELEMENT}" type="application/json">${scriptJson(tenant.json)}</script>`
    : '';
  // replacer functions: a studio's text may hold `$&`, which a replacement string would expand
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${e(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${e(description)}">`,
    )
    .replace('</head>', () => `${favicon(config?.org.favIcon ?? null)}${inline}${prepaint?.style ?? ''}</head>`)
    .replace('<div id="root"></div>', () => `${prepaint?.html ?? ''}<div id="root"></div>`);
}

/**
 * The screens that open with a first paint from the server: where visitors land to sign in
 * (/login and /register are pages of their own: auth-pages.ts).
 */
const PREPAINT_TITLES: Readonly<Record<string, string>> = {
  '/forgot-password': 'Forgot Password',
};

/**
 * The sign-in screens' first paint: the site's own top bar, header and footer around the screen's
 * title, drawn from the HTML alone while the app's JavaScript loads (on a phone network, seconds).
 * The app is kept hidden behind it and removes it once its screen is up (web app-prepaint.ts), so
 * nothing is shown twice and nothing shifts.
 */
function appPrepaint(tenant: TenantConfig, path: string): { style: string; html: string } | null {
  const title = PREPAINT_TITLES[path.split('?')[0]?.replace(/\/+$/, '') ?? ''];
  if (!title) return null;
  const css = `#app-prepaint~#root{display:none}.site-prepaint{max-width:420px;margin:40px auto;padding:32px;border:1px solid #dee2e6;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.05)}.site-prepaint h1{margin:0 0 16px;font-size:26px}.site-prepaint p{margin:0;color:#495057}`;
  const main = `<main class="site-wrap site-page"><div class="site-prepaint"><h1>${e(title)}</h1><p role="status">Loading…</p></div></main>`;
  return {
    style: `<style id="app-prepaint-style">${SITE_CSS}${tenantColourRules(tenant)}${css}</style>`,
    html: `<div id="app-prepaint">${toolbar(tenant)}${navigation(tenant, path)}${main}${tenant.org.isShowFooter ? footer(tenant) : ''}</div>`,
  };
}

/** The theme's fonts (issue 29), preloaded so the text paints in them at once (they also swap: font-display). */
function themeFontPreloads(tenant: TenantConfig): string[] {
  return themeFontFiles(siteThemeOf(tenant.org.siteTheme)).map(
    (file) => `<link rel="preload" href="${themeFontUrl(file)}" as="font" type="font/woff2" crossorigin>`,
  );
}

function head(tenant: TenantConfig, page: SitePage, url: string, assets: AppAssets): string {
  const title = page.name === 'home' ? tenant.title : `${page.title} | ${tenant.title}`;
  const description = page.description || descriptionOf(tenant);
  const image = page.image || (tenant.org.logo ?? tenant.logo);
  const meta = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    tenant.seoKeywords ? `<meta name="keywords" content="${e(tenant.seoKeywords)}">` : '',
    // The 404 page (status 404 already) and a private link's page are never indexed and name no canonical address.
    page.name === NOT_FOUND_PAGE_NAME || page.noindex
      ? `<meta name="robots" content="noindex">`
      : `<meta name="robots" content="index, follow">\n<link rel="canonical" href="${e(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${e(tenant.name)}">`,
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    image ? `<meta property="og:image" content="${e(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(title)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    image ? `<meta name="twitter:image" content="${e(image)}">` : '',
    favicon(tenant.org.favIcon),
    ...themeFontPreloads(tenant),
    `<style>${SITE_CSS}</style>`,
    tenantColours(tenant),
    page.css ? `<style>${safeStyleText(page.css)}</style>` : '',
    `<style>${siteThemeCss(tenant.org, siteThemeOf(tenant.org.siteTheme))}</style>`,
    `<script src="/site/boot.js" defer data-app-entry="${e(assets.entryScript ?? '')}" data-app-styles="${e(assets.styles.join(' '))}"></script>`,
  ];
  return meta.filter(Boolean).join('\n');
}

function toolbar(tenant: TenantConfig, path = ''): string {
  const phone = tenant.phone ? `<a href="tel:${e(tenant.phone.replace(/[^+\d]/g, ''))}">${e(tenant.phone)}</a>` : '';
  const email = tenant.email ? `<a href="mailto:${e(tenant.email)}">${e(tenant.email)}</a>` : '';
  // The cart's count lives on the visitor's device: boot.js shows the link when it is above 0.
  const cart = '<a class="site-toolbar__cart" href="/checkout" hidden>Cart</a>';
  // On the login page itself its form's Login button is the only one (as the app's PublicToolbar).
  const login = path === '/login' ? '' : '<a class="site-toolbar__login" href="/login">Login</a>';
  return `<div class="site-toolbar"><div class="site-wrap site-toolbar__row"><div class="site-toolbar__contact">${phone}${email}</div><div class="site-toolbar__actions">${cart}${login}</div></div></div>`;
}

function navigation(tenant: TenantConfig, path: string): string {
  const home = tenant.webstate === 'ext_website' && tenant.website ? withScheme(tenant.website) : '/';
  const logo = tenant.org.logo
    ? `<img src="${e(tenant.org.logo)}" alt="${e(tenant.name)}" height="${logoHeight(tenant.org.logoHeight)}"${tenant.org.logoWidth ? ` width="${Math.round(tenant.org.logoWidth)}"` : ''}>`
    : `<span>${e(tenant.name)}</span>`;
  const items = buildPublicMenu(tenant)
    .map((item) => `<li>${menuItem(item, path)}</li>`)
    .join('');
  return `<header class="site-header"><div class="site-wrap site-header__row"><a class="site-logo" href="${e(home)}">${logo}</a><button type="button" class="site-menu__toggle" aria-expanded="false" aria-controls="site-menu" aria-label="Open site menu"><span></span><span></span><span></span></button><nav id="site-menu" class="site-menu" aria-label="Site menu"><ul>${items}</ul></nav></div></header>`;
}

function footer(tenant: TenantConfig): string {
  const { pages, legal } = footerLinks(tenant);
  const list = (links: FooterLink[]) =>
    `<ul>${links
      .map(
        (link) =>
          `<li><a href="${e(link.url)}"${link.external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${e(link.title)}</a></li>`,
      )
      .join('')}</ul>`;
  const column = (heading: string, body: string) =>
    body ? `<nav class="site-footer__col" aria-label="${e(heading)}"><h2>${e(heading)}</h2>${body}</nav>` : '';
  const socials = tenant.socials.length
    ? `<ul>${tenant.socials.map((s) => `<li><a href="${e(withScheme(s.value))}" target="_blank" rel="noopener noreferrer">${e(s.name[0]?.toUpperCase() + s.name.slice(1))}</a></li>`).join('')}</ul>`
    : '';
  const contact = [
    tenant.phone ? `<li><a href="tel:${e(tenant.phone.replace(/[^+\d]/g, ''))}">${e(tenant.phone)}</a></li>` : '',
    tenant.email ? `<li><a href="mailto:${e(tenant.email)}">${e(tenant.email)}</a></li>` : '',
    tenant.address.line1 ? `<li>${e(tenant.address.line1)}</li>` : '',
  ].join('');
  const year = new Date().getFullYear();
  return `<footer class="site-footer"><div class="site-wrap"><div class="site-footer__cols">
<div class="site-footer__col"><h2>${e(tenant.name)}</h2><p>${e(tenant.org.footerInfo.replace(/<[^>]*>/g, ''))}</p></div>
${column('Pages', pages.length ? list(pages) : '')}
${column('Legal', legal.length ? list(legal) : '')}
${column('Follow Us', socials)}
${column('Contact us', contact ? `<ul>${contact}</ul>` : '')}
</div><p class="site-footer__meta"><span>© ${year} ${e(tenant.name)}. All rights reserved.</span></p></div></footer>`;
}

/** A published website page as a complete, server-rendered document (spec 3 §2.2, spec 1 §9 SEO). */
export function renderSitePage(
  tenant: TenantConfig,
  page: SitePage,
  request: { url: string; path: string },
  assets: AppAssets,
): string {
  // Suspended by the platform operator (issue 28): every page of the site says so instead.
  if (tenant.isSuspended) {
    return renderSitePage(
      { ...tenant, isSuspended: false },
      {
        ...page,
        header: 'Site unavailable',
        subHeader: '',
        html: `<p role="status">${e(SUSPENDED_NOTICE)}</p><p>Staff of the studio can still <a href="/login">sign in</a>.</p>`,
      },
      request,
      assets,
    );
  }
  const heading =
    page.header || page.subHeader
      ? `<div class="site-page__head">${page.header ? `<h1>${e(page.header)}</h1>` : ''}${page.subHeader ? `<p class="site-page__sub">${e(page.subHeader)}</p>` : ''}</div>`
      : '';
  const showFooter = tenant.org.isShowFooter;
  return `<!doctype html>
<html lang="en">
<head>
${head(tenant, page, request.url, assets)}
</head>
<body>
<div id="root">${toolbar(tenant, request.path)}${navigation(tenant, request.path)}<main class="site-wrap site-page">${heading}<div class="site-page__body">${page.html}</div></main>${showFooter ? footer(tenant) : ''}</div>
</body>
</html>`;
}

/** An id in a visitor's address that can name a row (anything else is the page's 404 without a query). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A server-rendered page's HTML, never cached without asking again. */
export const sendSitePage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
