import { ErrorBody, OAuthProvider, OAuthStartQuery, SocialLoginRequest, SocialLoginResponse } from '@atrium/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../lib/guards.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { Platform } from '../../platform.ts';
import { IdentityProviders } from './identity-providers.ts';
import { AUTHORIZATION_TTL_MS, OidcSignInFlow, SocialTokens } from './oidc-sign-in-flow.ts';
import { signInWithSocialToken } from './social-login.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };
const tags = ['auth'];
const STATE_COOKIE = 'atrium_oauth_state';
const COOKIE_PATH = '/public/oauth';

const ProviderParams = z.object({ provider: z.string().min(1).max(32) });
const CallbackQuery = z.object({
  state: z.string().min(1, 'state is required').max(200),
  code: z.string().max(4000).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
const Redirect = z.undefined().describe('302 redirect (see Location)');

/** The state cookie binds a flow to the browser that started it (no login CSRF with a foreign callback). */
function setStateCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
  );
}

function readStateCookie(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=');
  }
  return null;
}

function rawQueryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
}

/** Social login (OpenID Connect): spec 1 §4 "Login state", §7 POST /public/authToken, §8. */
export function registerSocialLoginRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const providers = new IdentityProviders(platform.config.oidcProviders, server.log);
  const socialTokens = new SocialTokens(platform.db);
  const flow = new OidcSignInFlow(platform.db, providers, socialTokens, server.log);

  app.get(
    '/public/oauth/providers',
    {
      schema: {
        tags,
        summary: 'Sign-in providers for the login page buttons',
        response: { 200: z.array(OAuthProvider), ...errors },
      },
    },
    (request) => {
      requireTenant(request);
      return providers.list();
    },
  );

  app.get(
    '/public/oauth/:provider/start',
    {
      schema: {
        tags,
        summary: 'Start a social sign-in: redirects to the identity provider',
        params: ProviderParams,
        querystring: OAuthStartQuery,
        response: { 302: Redirect, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { location, state } = await flow.start(
        tenant,
        request.params.provider,
        requestOrigin(request),
        request.query.redirectUrl ?? null,
      );
      setStateCookie(request, reply, state, AUTHORIZATION_TTL_MS / 1000);
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/public/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary: 'Identity provider callback: redirects to /login with a social token in the fragment',
        params: ProviderParams,
        querystring: CallbackQuery,
        response: { 302: Redirect, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const cookieState = readStateCookie(request);
      setStateCookie(request, reply, '', 0);
      const location = await flow.finish(tenant, request.params.provider, {
        state: request.query.state,
        error: request.query.error,
        rawQuery: rawQueryOf(request),
        cookieState,
      });
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/public/authToken',
    {
      schema: {
        tags,
        summary: 'Sign in with a social token (answers as login, or the org list to choose from)',
        body: SocialLoginRequest,
        response: { 200: SocialLoginResponse, ...errors },
      },
    },
    (request) => signInWithSocialToken(platform, socialTokens, requireTenant(request), request.body),
  );
}
