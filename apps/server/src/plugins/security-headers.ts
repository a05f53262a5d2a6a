import type { FastifyInstance } from 'fastify';

// Mantine writes inline style attributes, hence 'unsafe-inline' for styles only; no inline script runs.
// Forms post to this origin only, and to the card providers whose hosted page takes a posted form
// (Razorpay's checkout): `formTargets`. Scripts call this origin only, and the card provider that
// takes the card from the browser itself (PaymentSpring's token endpoint): `connectTargets`.
const csp = (formTargets: string[], connectTargets: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectTargets].join(' ')}`,
    // blob: is the MediaSource hls.js plays an HLS video through (the course player).
    "media-src 'self' blob: https:",
    "frame-src 'self' https:",
    "frame-ancestors 'self'",
    `form-action ${["'self'", ...formTargets].join(' ')}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');

// The API docs page (swagger-ui) ships its own inline bootstrap script.
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

export function registerSecurityHeaders(
  app: FastifyInstance,
  formTargets: string[] = [],
  connectTargets: string[] = [],
): void {
  const CSP = csp(formTargets, connectTargets);
  // Callback style (no promise per answer); still onSend, so every answer carries them, errors and
  // 404s included.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    reply.header('Content-Security-Policy', request.url.startsWith('/api/docs') ? DOCS_CSP : CSP);
    // Only over https (seen directly, or from a proxy TRUST_PROXY believes); no includeSubDomains,
    // since a tenant's custom domain may have other sites under it.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
    done(null, payload);
  });
}
