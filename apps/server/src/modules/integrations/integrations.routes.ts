import {
  BrevoWrite,
  CampaignTenant,
  ErrorBody,
  IntegrationMessage,
  IntegrationsStatus,
  PaymentKeyList,
  PaymentKeyProvider,
  PaymentKeyRecord,
  PaymentKeyWrite,
  PhonePeWrite,
  PlivoWrite,
  SmsTenant,
  TwilioWrite,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { getCampaignTenant, saveBrevo } from './campaign-providers.service.ts';
import { registerConnectRoutes } from './connect.routes.ts';
import { dnsMxResolver } from './email-provider.ts';
import { type Integrations, integrationsStatus } from './integrations.service.ts';
import { Mailchimp } from './mailchimp.ts';
import { registerMailchimpJobs } from './mailchimp-resync.service.ts';
import { registerMailingListRoutes } from './mailing-list.routes.ts';
import { newConnectStore } from './oauth.service.ts';
import { OAuthClients } from './oauth-clients.ts';
import { registerOAuthProviderRoutes } from './oauth-providers.routes.ts';
import { deletePaymentKeys, listPaymentKeys, savePaymentKeys, savePhonePe } from './payment-keys.service.ts';
import { ProviderChecks } from './providers.ts';
import { getSmsTenant, savePlivo, saveTwilio } from './sms-providers.service.ts';
import { StripeConnect } from './stripe-connect.ts';
import { CredentialVault, credentialsKey } from './vault.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['integrations'];

/** Integrations are for admins only, reads included (decisions.md "Integrations"). */
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before the body is validated, so a non-admin learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/**
 * Spec 2 §7 "Integrations" and the payment key calls of "Payments". GET/PUT /item/tenant (Payment
 * Settings) belong to the settings module; the key records are read at GET /item/tenant/keys.
 */
export async function registerIntegrationRoutes(server: FastifyInstance, platform: Platform): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { config } = platform;
  const ctx: Integrations = {
    platform,
    vault: new CredentialVault(await credentialsKey(platform.db, config)),
    checks: new ProviderChecks(config.providerUrls),
    mailchimp: new Mailchimp(config.providerUrls.mailchimp),
    log: server.log,
    oauth: new OAuthClients(config.oauthApps, config.providerUrls.zoomApi),
    stripeConnect: new StripeConnect(config),
    connects: newConnectStore(platform.db),
    mxResolver: config.mxResolver ?? dnsMxResolver,
  };
  registerMailchimpJobs(ctx);
  registerConnectRoutes(server, ctx);
  registerMailingListRoutes(server, ctx);
  registerOAuthProviderRoutes(server, ctx);

  app.get(
    '/rest/integrations/status',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Which providers are integrated (the Third Party Settings green checks)',
        response: { 200: IntegrationsStatus, ...errors },
      },
    },
    (request) => integrationsStatus(ctx, admin(request).tenant),
  );

  app.get(
    '/item/tenant/keys',
    {
      preValidation,
      schema: {
        tags,
        summary: 'The payment key records, masked (secrets answered as has…/…Hint only)',
        response: { 200: PaymentKeyList, ...errors },
      },
    },
    (request) => listPaymentKeys(ctx, admin(request).tenant),
  );

  for (const provider of ['pspring', 'stripe', 'razorpay', 'paytm'] as const) {
    app.put(
      `/item/tenant/${provider}`,
      {
        preValidation,
        schema: {
          tags,
          summary: `Save the ${provider} keys; a secret left empty keeps the stored one`,
          body: PaymentKeyWrite,
          response: { 200: PaymentKeyRecord, ...errors },
        },
      },
      (request) => savePaymentKeys(ctx, admin(request).tenant, provider, request.body),
    );
  }

  app.put(
    '/item/tenant/phonepe',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Save the PhonePe merchant id, salt key and salt index',
        body: PhonePeWrite,
        response: { 200: PaymentKeyRecord, ...errors },
      },
    },
    (request) => savePhonePe(ctx, admin(request).tenant, request.body),
  );

  app.delete(
    '/item/tenant',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Remove a payment key record and its keys',
        querystring: z.object({ type: PaymentKeyProvider }),
        response: { 200: IntegrationMessage, ...errors },
      },
    },
    (request) => deletePaymentKeys(ctx, admin(request).tenant, request.query.type),
  );

  app.get(
    '/sms/tenant',
    {
      preValidation,
      schema: { tags, summary: 'The SMS provider and its settings, masked', response: { 200: SmsTenant, ...errors } },
    },
    (request) => getSmsTenant(ctx, admin(request).tenant),
  );

  app.put(
    '/sms/tenant/twilio',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Save Twilio (checked with Twilio) and make it the SMS provider',
        body: TwilioWrite,
        response: { 200: SmsTenant, ...errors },
      },
    },
    (request) => saveTwilio(ctx, admin(request).tenant, request.body),
  );

  app.put(
    '/sms/tenant/plivo',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Save Plivo (checked with Plivo) and make it the SMS provider',
        body: PlivoWrite,
        response: { 200: SmsTenant, ...errors },
      },
    },
    (request) => savePlivo(ctx, admin(request).tenant, request.body),
  );

  app.get(
    '/campaign/tenant',
    {
      preValidation,
      schema: {
        tags,
        summary: 'The campaign (email marketing) provider, masked',
        response: { 200: CampaignTenant, ...errors },
      },
    },
    (request) => getCampaignTenant(ctx, admin(request).tenant),
  );

  app.put(
    '/campaign/tenant/brevo',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Save Brevo (checked with Brevo) and make it the campaign provider',
        body: BrevoWrite,
        response: { 200: CampaignTenant, ...errors },
      },
    },
    (request) => saveBrevo(ctx, admin(request).tenant, request.body),
  );
}
