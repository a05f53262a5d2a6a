import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { assertBareDomain } from '../modules/onboarding/studio-signup.service.ts';
import type { Platform } from '../platform.ts';
import { NEW_STUDIO_ISLAND_JS } from './new-studio-island.js.ts';
import { sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';

// The platform's sign-up page, /new-studio on the bare product domain (issue 13), rendered here as
// HTML (issue 30; docs/decisions/website.md "Visitors' pages on a phone"): the app's form with its
// labels and texts, and one small island (/site/new-studio.js) for the checks, the human check and
// the call. White label: nothing on it names the product. On a studio's own host it is "Page not
// found" (status 404), as the app said there.

const CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;line-height:1.55;color:#212529;background:#f8f9fa}
main{min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:32px 12px}
.auth-card{width:100%;max-width:480px;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}
h1{font-size:1.625rem;line-height:1.35;margin:0 0 8px}
.dimmed{color:#5c636a;font-size:.875rem;margin:0 0 20px}
form{display:flex;flex-direction:column;gap:16px}
.row{display:flex;gap:16px;flex-wrap:wrap}
.row>.field{flex:1 1 10rem;min-width:0}
label{display:block;font-size:.875rem;font-weight:500;margin-bottom:2px}
.req{color:#c92a2a}
.hint{display:block;color:#5c636a;font-size:.75rem;margin:0 0 4px;overflow-wrap:anywhere}
.control{position:relative;display:flex;align-items:stretch}
input{width:100%;min-width:0;font:inherit;font-size:16px;min-height:42px;padding:6px 12px;border:1px solid #adb5bd;border-radius:4px;background:#fff;color:inherit}
input:focus{outline:2px solid #1971c2;outline-offset:1px;border-color:#1971c2}
input[aria-invalid=true]{border-color:#c92a2a;color:#c92a2a}
.suffix{display:flex;align-items:center;padding:0 10px;color:#5c636a;font-size:.75rem;border:1px solid #adb5bd;border-left:0;border-radius:0 4px 4px 0;background:#f1f3f5;white-space:nowrap;max-width:45%;overflow:hidden;text-overflow:ellipsis}
.control--suffix input{border-radius:4px 0 0 4px}
.error{color:#c92a2a;font-size:.875rem;margin:4px 0 0}
.alert{color:#a61e1e;background:#fff5f5;border:1px solid #ffc9c9;border-radius:4px;padding:10px 14px;margin:0}
button{font:inherit;font-weight:600;min-height:42px;width:100%;border:0;border-radius:4px;background:#1971c2;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #1864ab;outline-offset:2px}
button:disabled{opacity:.7;cursor:progress}
.status{text-align:center;font-size:.875rem;margin:0}
[hidden]{display:none!important}`;

function shell(title: string, description: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><meta name="description" content="${e(description)}"><link rel="icon" href="data:,"><style>${CSS}</style></head><body><main>${body}</main>${script}</body></html>`;
}

function field(name: string, label: string, input: string, hint = ''): string {
  const id = `new-studio-${name}`;
  return `<div class="field"><label for="${id}">${e(label)} <span class="req" aria-hidden="true">*</span></label>${hint}${input}<p class="error" id="${id}-error" hidden></p></div>`;
}

const input = (name: string, attributes: string) =>
  `<input id="new-studio-${name}" name="${name}" required ${attributes}>`;

/** The sign-up form as HTML; `domain` is the host the new studio's address is under. */
export function newStudioHtml(domain: string): string {
  const bare = domain.split(':')[0] ?? domain;
  const address = `<span class="hint" id="new-studio-orgId-site">Your site will be at your-studio.${e(domain)}</span><div class="control control--suffix">${input('orgId', 'autocapitalize="none" spellcheck="false" aria-describedby="new-studio-orgId-site"')}<span class="suffix" aria-hidden="true">.${e(bare)}</span></div>`;
  const password = `<span class="hint" id="new-studio-password-hint">At least 8 characters.</span>${input('password', 'type="password" autocomplete="new-password" aria-describedby="new-studio-password-hint"')}`;
  return `<section class="auth-card" aria-labelledby="new-studio-title"><h1 id="new-studio-title">Create your studio</h1><p class="dimmed">Your website, bookings, memberships and payments in one place. It takes a minute.</p><form id="new-studio-form" novalidate aria-busy="false" data-domain="${e(domain)}"><p class="alert" role="alert" id="new-studio-failure" hidden></p>${field('businessName', 'Business name', input('businessName', 'autocomplete="organization"'))}${field('orgId', 'Web address', address)}<div class="row">${field('firstName', 'First name', input('firstName', 'autocomplete="given-name"'))}${field('lastName', 'Last name', input('lastName', 'autocomplete="family-name"'))}</div>${field('email', 'Email', input('email', 'type="email" autocomplete="email"'))}${field('password', 'Password', password)}<button type="submit">Create my studio</button><p class="status" role="status" id="new-studio-status" hidden></p></form></section>`;
}

export const NEW_STUDIO_NOT_FOUND_HTML =
  '<section class="auth-card"><h1>Page not found</h1><p>New studios are created on the main address, not on a studio\u2019s own site.</p></section>';

/** GET /new-studio and its island, /site/new-studio.js. */
export function registerNewStudioPage(app: FastifyInstance, platform: Platform): void {
  app.get('/site/new-studio.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(NEW_STUDIO_ISLAND_JS),
  );
  app.get('/new-studio', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.headers.host ?? '';
    try {
      await assertBareDomain(platform, host);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404)
        return sendSitePage(reply, 404, shell('Page not found', 'Page not found', NEW_STUDIO_NOT_FOUND_HTML));
      throw error;
    }
    const description = 'Your website, bookings, memberships and payments in one place. It takes a minute.';
    return sendSitePage(
      reply,
      200,
      shell(
        'Create your studio',
        description,
        newStudioHtml(host),
        '<script src="/site/new-studio.js" defer></script>',
      ),
    );
  });
}
