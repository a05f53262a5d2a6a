import { REGISTRATION_CONFIRMED, type TenantConfig } from '@atrium/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestOrigin } from '../lib/request-origin.ts';
import { IdentityProviders } from '../modules/social-login/identity-providers.ts';
import type { Platform } from '../platform.ts';
import { AUTH_ISLAND_JS } from './auth-island.js.ts';
import { type AppAssets, renderSitePage, sendSitePage, TENANT_CONFIG_ELEMENT } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';

// The studio's /login and /register, rendered here like the builder's pages (issue 30;
// docs/decisions/website.md "Visitors' pages on a phone"): the site's top bar, header and footer
// around the web app's card, with its labels, links and texts, and one small island
// (/site/auth.js) for the checks and the calls. After a login the island loads the web app, which
// lands the person by the same rules as its own login form (complete-sign-in.ts). A social sign-in
// coming back (/login#token=...) is handed to the web app at once: it spends the token and shows
// its dialogs. A bare domain (no studio) is the web app's, as before.

export const AUTH_CSS = `.auth-card{max-width:440px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}
.auth-card h1{font-size:1.625rem;line-height:1.35;margin:0 0 16px}
.auth-form{display:flex;flex-direction:column;gap:16px}
.auth-row{display:flex;gap:16px;flex-wrap:wrap}
.auth-row>.auth-field{flex:1 1 10rem;min-width:0}
.auth-field label{display:block;font-size:.875rem;font-weight:500;margin-bottom:2px}
.auth-req{color:#c92a2a}
.auth-hint{display:block;color:#5c636a;font-size:.75rem;margin:0 0 4px}
.auth-field input{width:100%;min-width:0;font:inherit;font-size:16px;min-height:42px;padding:6px 12px;border:1px solid #adb5bd;border-radius:4px;background:#fff;color:inherit}
.auth-field input:focus{outline:2px solid var(--site-accent-ink);outline-offset:1px}
.auth-field input[aria-invalid=true]{border-color:#c92a2a}
.auth-password{position:relative}
.auth-password input{padding-right:64px}
.auth-toggle{position:absolute;right:4px;top:4px;bottom:4px;font:inherit;font-size:.8125rem;font-weight:600;background:none;border:0;border-radius:4px;color:#1c5fb8;cursor:pointer;padding:0 8px}
.auth-error{color:#c92a2a;font-size:.875rem;margin:4px 0 0}
.auth-alert{border-radius:4px;padding:10px 14px;margin:0;background:#fff5f5;border:1px solid #ffc9c9;color:#a61e1e}
.auth-alert strong{display:block}
.auth-alert p{margin:0}
.auth-alert--ok{background:#ebfbee;border-color:#8ce99a;color:#1b5e20}
.auth-button{display:flex;align-items:center;justify-content:center;width:100%;font:inherit;font-weight:600;min-height:42px;padding:6px 16px;border:0;border-radius:4px;background:var(--site-accent);color:var(--site-accent-text);cursor:pointer;text-decoration:none}
.auth-button:focus-visible,.auth-toggle:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.auth-button:disabled{opacity:.7;cursor:progress}
a.auth-button--plain{background:#fff;color:#212529;border:1px solid #ced4da}
.auth-small{font-size:.875rem;margin:0}
.auth-center{text-align:center}
.auth-or{display:flex;align-items:center;gap:8px;color:#5c636a;font-size:.75rem;margin:16px 0 8px}
.auth-or::before,.auth-or::after{content:"";flex:1;border-top:1px solid #dee2e6}
.auth-social{display:flex;flex-direction:column;gap:8px}
.auth-card [hidden]{display:none!important}`;

/** Only same-site paths are followed after login, as the app's safeReturnUrl (landing.ts). */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** A provider button's full-page link, as the app's oauthStartUrl (social-login.ts). */
export function oauthStartUrl(providerId: string, returnUrl: string | null): string {
  const base = `/public/oauth/${encodeURIComponent(providerId)}/start`;
  const back = safeReturnUrl(returnUrl);
  return back && back.length <= 500 ? `${base}?redirectUrl=${encodeURIComponent(back)}` : base;
}

const errorOf = (id: string) => `<p class="auth-error" id="${id}-error" hidden></p>`;

interface LoginOptions {
  orgId: string;
  returnUrl: string | null;
  registered: boolean;
  providers: { id: string; name: string }[];
}

/** The login card: the app's LoginPage as HTML (labels, links, texts), filled in by the island. */
export function loginHtml({ orgId, returnUrl, registered, providers }: LoginOptions): string {
  const done = registered
    ? `<div class="auth-alert auth-alert--ok" role="status"><strong>Registration complete</strong><p>${e(REGISTRATION_CONFIRMED)}</p></div>`
    : '';
  const social = providers.length
    ? `<div class="auth-social"><p class="auth-or">or</p>${providers
        .map(
          (provider) =>
            `<a class="auth-button auth-button--plain" href="${e(oauthStartUrl(provider.id, returnUrl))}">Continue with ${e(provider.name)}</a>`,
        )
        .join('')}</div>`
    : '';
  return `<section class="auth-card" aria-labelledby="login-title"><h1 id="login-title">Login</h1><form id="login-form" class="auth-form" novalidate data-org="${e(orgId)}"><p class="auth-small auth-center" role="status" id="login-status" hidden></p>${done}<div class="auth-alert" role="alert" id="login-failure" hidden></div><div class="auth-field"><label for="login-email">Email</label><input id="login-email" name="email" type="email" autocomplete="username" required>${errorOf('login-email')}</div><div class="auth-field"><label for="login-password">Password</label><div class="auth-password"><input id="login-password" name="password" type="password" autocomplete="current-password" required><button type="button" class="auth-toggle" aria-controls="login-password" aria-pressed="false" aria-label="Show password" hidden>Show</button></div>${errorOf('login-password')}</div><p class="auth-small"><a href="/forgot-password">Forgot password?</a></p><button type="submit" class="auth-button">Login</button><p class="auth-small auth-center">Don't have an account? <a href="/register">Register</a></p></form>${social}</section>`;
}

/** The registration card: the app's RegisterPage as HTML, and the message the island shows after. */
export function registerHtml(orgId: string): string {
  const field = (name: string, label: string, attributes: string, required: boolean, hint = '') =>
    `<div class="auth-field"><label for="register-${name}">${e(label)}${required ? ' <span class="auth-req" aria-hidden="true">*</span>' : ''}</label>${hint}<input id="register-${name}" name="${name}"${required ? ' required' : ''} ${attributes}>${errorOf(`register-${name}`)}</div>`;
  const hint =
    '<span class="auth-hint" id="register-email-hint">We will email you a link to choose your password.</span>';
  return `<section class="auth-card" aria-labelledby="register-title"><h1 id="register-title">Register</h1><form id="register-form" class="auth-form" novalidate data-org="${e(orgId)}"><div class="auth-alert" role="alert" id="register-failure" hidden></div><div class="auth-row">${field('name', 'First name', 'autocomplete="given-name"', true)}${field('lastName', 'Last name', 'autocomplete="family-name"', false)}</div>${field('email', 'Email', 'type="email" autocomplete="email" aria-describedby="register-email-hint"', true, hint)}<button type="submit" class="auth-button">Register</button><p class="auth-small auth-center">Already have an account? <a href="/login">Login</a></p></form><div id="register-sent" hidden><div class="auth-alert auth-alert--ok" role="status"><strong>Check your email</strong><p id="register-sent-message"></p></div><p class="auth-small"><a href="/login">Back to Login</a></p></div></section>`;
}

/** The studio's config for the web app when the island hands over (it then skips GET /ping). */
const configScript = (json: string) =>
  `<script id="${TENANT_CONFIG_ELEMENT}" type="application/json">${json.replace(/</g, '\\u003c')}</script>`;

function page(name: string, title: string, html: string) {
  return { name, title, header: '', subHeader: '', html, css: AUTH_CSS };
}

/** Suspended studios keep their sign-in (staff still work there): the page is the login, not the notice. */
const signInOpen = (config: TenantConfig): TenantConfig => ({ ...config, isSuspended: false });

/** GET /login, GET /register and their island, /site/auth.js. */
export function registerAuthPages(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  const providers = new IdentityProviders(platform.config.oidcProviders, app.log);
  app.get('/site/auth.js', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(AUTH_ISLAND_JS),
  );

  type Build = (config: TenantConfig, query: URLSearchParams) => { name: string; title: string; html: string };
  const render =
    (build: Build, { openWhenSuspended }: { openWhenSuspended: boolean }) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      // No studio here (the bare domain, an unknown host): the web app answers, as before.
      if (!request.tenant) return reply.callNotFound();
      const { config, json } = await platform.tenantConfigs.get(request.tenant);
      const path = request.url.split('?')[0] ?? '/';
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const { name, title, html } = build(config, query);
      const body = `${html}${configScript(json)}<script src="/site/auth.js" defer></script>`;
      const url = `${requestOrigin(request)}${path}`;
      const shown = openWhenSuspended ? signInOpen(config) : config;
      return sendSitePage(reply, 200, renderSitePage(shown, page(name, title, body), { url, path }, assets));
    };

  app.get(
    '/login',
    { schema: { hide: true } },
    render(
      (config, query) => ({
        name: 'login',
        title: 'Login',
        html: loginHtml({
          orgId: config.orgId,
          returnUrl: query.get('returnUrl'),
          registered: query.get('registered') === '1',
          providers: providers.list(),
        }),
      }),
      { openWhenSuspended: true },
    ),
  );
  app.get(
    '/register',
    { schema: { hide: true } },
    // A suspended studio takes no new members: /register is the notice, as in the app.
    render((config) => ({ name: 'register', title: 'Register', html: registerHtml(config.orgId) }), {
      openWhenSuspended: false,
    }),
  );
}
