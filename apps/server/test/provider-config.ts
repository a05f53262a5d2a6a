import { type AppConfig, loadConfig } from '../src/config.ts';

/**
 * The app's settings for Stripe on the provider stand-in at `stubUrl`: the platform's keys, the
 * Connect OAuth app and the payments API with its webhook secret.
 */
export function stripeConnectConfig(
  stubUrl: string,
  keys: { secretKey: string; publishableKey: string; clientId: string; webhookSecret: string },
): Partial<AppConfig> {
  const base = loadConfig({});
  return {
    platformBilling: {
      ...base.platformBilling,
      stripeSecretKey: keys.secretKey,
      stripePublishableKey: keys.publishableKey,
    },
    oauthApps: {
      ...base.oauthApps,
      stripeConnect: { clientId: keys.clientId, authorizeUrl: 'https://connect.stripe.com', apiBase: stubUrl },
    },
    payments: { ...base.payments, stripeApiBase: stubUrl, stripeWebhookSecret: keys.webhookSecret },
  };
}

/** The app's settings for Zoom on the provider stand-in at `stubUrl`: its API and the OAuth app (client zoom-client). */
export function zoomConfig(stubUrl: string, clientSecret: string): Partial<AppConfig> {
  const base = loadConfig({});
  return {
    providerUrls: { ...base.providerUrls, zoomApi: stubUrl },
    oauthApps: {
      ...base.oauthApps,
      zoom: {
        clientId: 'zoom-client',
        clientSecret,
        authorizeUrl: 'https://zoom.us/oauth/authorize',
        tokenUrl: `${stubUrl}/zoom/oauth/token`,
      },
    },
  };
}

/** The platform's own billing (the studios' plans) on the Stripe stand-in; `webhookSecret` signs its webhooks. */
export function platformBillingConfig(
  stub: { secretKey: string; url: string },
  contactUrl: string,
  webhookSecret?: string,
): Partial<AppConfig> {
  return {
    platformBilling: {
      stripeSecretKey: stub.secretKey,
      stripePublishableKey: 'pk_test_stub',
      stripeApiBase: stub.url,
      contactUrl,
      ...(webhookSecret === undefined ? {} : { webhookSecret }),
    },
  };
}
