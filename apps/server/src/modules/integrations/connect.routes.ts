import {
  CampaignTenant,
  ConnectedEmailAccounts,
  ConnectProvider,
  ConnectQuery,
  ConnectUrl,
  IntegrationMessage,
  MailchimpCreateList,
  MailchimpList,
  MailchimpStats,
  MailchimpWrite,
  MailProviderAccounts,
  MeetingConnection,
  MxNameQuery,
  MxNameResult,
  ResyncStarted,
  StripeAccount,
  StripeLoginLink,
  StripePublishableKey,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireTenant } from '../../lib/guards.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import { admin, adminFirst, providerErrors, tags } from './admin-route.ts';
import { identifyEmailProvider } from './email-provider.ts';
import type { Integrations } from './integrations.service.ts';
import { createMailchimpList, getMailchimpList, mailchimpStats, saveMailchimp } from './mailchimp.service.ts';
import { startMailchimpResync } from './mailchimp-resync.service.ts';
import {
  CONNECT_TTL_MS,
  disconnectMeeting,
  disconnectStripe,
  finishConnect,
  listMailboxes,
  meetingConnection,
  revokeMailbox,
  startConnect,
  stripeAccount,
  stripeLoginLink,
  stripePublishableKey,
} from './oauth.service.ts';

const errors = providerErrors;
const preValidation = adminFirst;

/** The state cookie binds a connection to the browser that started it (no linking through a foreign link). */
const STATE_COOKIE = 'atrium_connect_state';
const COOKIE_PATH = '/authmgr/oauth/callback';

function stateCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function readStateCookie(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=');
  }
  return null;
}

const CallbackQuery = z.object({
  state: z.string().max(200).default(''),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  scope: z.string().max(2000).optional(),
});
const Redirect = z.undefined().describe('302 redirect (see Location)');

/** Stripe connect, Mailchimp, connected mailboxes and the online meeting (spec 2 §7 "Integrations"). */
export function registerConnectRoutes(server: FastifyInstance, ctx: Integrations): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ Mailchimp
  app.get(
    '/campaign/tenant/mailchimp',
    {
      preValidation,
      schema: { tags, summary: 'Mailchimp list data, masked', response: { 200: MailchimpList, ...errors } },
    },
    (request) => getMailchimpList(ctx, admin(request).tenant),
  );
  app.put(
    '/campaign/tenant/mailchimp',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Save the Mailchimp audience and key (checked with Mailchimp); Mailchimp becomes the campaign provider',
        body: MailchimpWrite,
        response: { 200: CampaignTenant, ...errors },
      },
    },
    (request) => saveMailchimp(ctx, admin(request).tenant, request.body),
  );
  app.post(
    '/campaign/tenant/mailchimp/list',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Create a Mailchimp audience (create mode) and make it the active list',
        body: MailchimpCreateList,
        response: { 200: CampaignTenant, ...errors },
      },
    },
    (request) => createMailchimpList(ctx, admin(request).tenant, request.body),
  );
  app.get(
    '/campaign/tenant/mailchimp/stats',
    {
      preValidation,
      schema: { tags, summary: 'The Mailchimp list stats', response: { 200: MailchimpStats, ...errors } },
    },
    (request) => mailchimpStats(ctx, admin(request).tenant),
  );
  app.post(
    '/campaign/tenant/mailchimp/resync',
    {
      preValidation,
      schema: {
        tags,
        summary: "Start pushing the mailing list's contacts to the audience (409 while one runs)",
        response: { 200: ResyncStarted, ...errors },
      },
    },
    (request) => startMailchimpResync(ctx, admin(request).tenant),
  );

  // ------------------------------------------------------------ Stripe
  app.get(
    '/item/stripe/account',
    {
      preValidation,
      schema: { tags, summary: 'The connected Stripe account', response: { 200: StripeAccount, ...errors } },
    },
    (request) => stripeAccount(ctx, admin(request).tenant),
  );
  app.delete(
    '/item/stripe/account',
    {
      preValidation,
      schema: { tags, summary: 'Disconnect the Stripe account', response: { 200: IntegrationMessage, ...errors } },
    },
    (request) => disconnectStripe(ctx, admin(request).tenant),
  );
  app.get(
    '/item/stripe/loginlink',
    {
      preValidation,
      schema: { tags, summary: 'A Stripe Express dashboard login link', response: { 200: StripeLoginLink, ...errors } },
    },
    (request) => stripeLoginLink(ctx, admin(request).tenant),
  );
  app.get(
    '/item/payment/key/stripe',
    {
      preValidation,
      schema: {
        tags,
        summary: 'The Stripe publishable key of the mode in use',
        response: { 200: StripePublishableKey, ...errors },
      },
    },
    (request) => stripePublishableKey(ctx, admin(request).tenant),
  );

  // ------------------------------------------------------------ OAuth connections
  app.get(
    '/authmgr/oauth/mxname',
    {
      preValidation,
      schema: {
        tags,
        summary: 'The email provider of an address (domain, then MX records)',
        querystring: MxNameQuery,
        response: { 200: MxNameResult, ...errors },
      },
    },
    async (request) => {
      admin(request);
      return { provider: await identifyEmailProvider(request.query.email, ctx.mxResolver) };
    },
  );
  app.get(
    '/authmgr/oauth/connect/:providerName',
    {
      preValidation,
      schema: {
        tags,
        summary: "The provider's authorize URL (the browser goes there); sets the state cookie",
        params: z.object({ providerName: ConnectProvider }),
        querystring: ConnectQuery,
        response: { 200: ConnectUrl, ...errors },
      },
    },
    async (request, reply) => {
      const auth = admin(request);
      const { url, state } = await startConnect(ctx, auth, request.params.providerName, {
        isShareAccount: request.query.isShareAccount,
        email: request.query.email,
        origin: requestOrigin(request),
      });
      reply.header('set-cookie', stateCookie(request, state, CONNECT_TTL_MS / 1000));
      reply.header('cache-control', 'no-store');
      return { url };
    },
  );
  app.get(
    '/authmgr/oauth/callback/:providerName',
    {
      schema: {
        tags,
        summary: 'Provider callback: exchanges the code once, then redirects to the connection screen',
        params: z.object({ providerName: ConnectProvider }),
        querystring: CallbackQuery,
        response: { 302: Redirect, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const cookieState = readStateCookie(request);
      reply.header('set-cookie', stateCookie(request, '', 0));
      const location = await finishConnect(ctx, tenant, request.params.providerName, {
        state: request.query.state,
        code: request.query.code,
        error: request.query.error,
        cookieState,
      });
      return reply.redirect(location, 302);
    },
  );
  app.get(
    '/authmgr/oauth/accounts',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Connected email accounts: your own and the shared ones',
        response: { 200: ConnectedEmailAccounts, ...errors },
      },
    },
    (request) => listMailboxes(ctx, admin(request)),
  );
  app.get(
    '/authmgr/oauth/providers/mail',
    {
      schema: {
        tags,
        summary: 'The mail accounts you may send from (your own and the shared ones): provider, address, shared flag',
        response: { 200: MailProviderAccounts, ...errors },
      },
    },
    // Every staff role (the contact email composer); the same listing as the admins' accounts screen.
    async (request) => {
      const { data } = await listMailboxes(ctx, requireStaff(request));
      return {
        data: data.map(({ _id, productName, email, isShareAccount, isOwn }) => ({
          _id,
          productName,
          email,
          isShareAccount,
          isOwn,
        })),
      };
    },
  );
  app.delete(
    '/authmgr/oauth/accounts/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Revoke a connected email account (its tokens are deleted)',
        params: z.object({ id: z.uuid('Unknown account') }),
        response: { 200: IntegrationMessage, ...errors },
      },
    },
    (request) => revokeMailbox(ctx, admin(request), request.params.id),
  );
  app.get(
    '/authmgr/oauth/meeting',
    {
      preValidation,
      schema: {
        tags,
        summary: 'The online meeting (Zoom) connection',
        response: { 200: MeetingConnection, ...errors },
      },
    },
    (request) => meetingConnection(ctx, admin(request).tenant),
  );
  app.delete(
    '/authmgr/oauth/meeting',
    {
      preValidation,
      schema: { tags, summary: 'Disconnect Zoom', response: { 200: IntegrationMessage, ...errors } },
    },
    (request) => disconnectMeeting(ctx, admin(request).tenant),
  );
}
