import { startTestIdentityProvider, TEST_CLIENT, type TestIdentityProvider } from './identity-provider.ts';
import { type ProviderStub, startProviderStub } from './provider-stub.ts';
import { type StripeStub, startStripeStub } from './stripe.ts';

/** The keys a developer types into Settings > Integrations when the server points at the stand-ins. */
export const LOCAL_KEYS = {
  platformStripeSecret: 'sk_test_local_platform',
  platformStripePublishable: 'pk_test_local_platform',
  stripeWebhookSecret: 'whsec_local_platform_connect',
  razorpay: ['rzp_test_local', 'local_razorpay_secret'] as [string, string],
  razorpayWebhookSecret: 'local_razorpay_webhook_secret',
  /** Settings > Integrations > PhonePe: Merchant Id, Salt Key, Salt Index. */
  phonepe: { merchantId: 'LOCALMERCHANT', saltKey: 'local-phonepe-salt-key', saltIndex: '1' },
  /** Settings > Integrations > PaymentSpring: public key and private key (live or test fields alike). */
  paymentspring: { publicKey: 'local_ps_public_key', privateKey: 'local_ps_private_key' },
  twilio: ['AC00000000000000000000000000000001', 'local_twilio_token'] as [string, string],
  plivo: ['MALOCALPLIVOID00001', 'local_plivo_token'] as [string, string],
  brevo: 'xkeysib-local-0000000000000001',
  mailchimp: '0123456789abcdef0123456789abcdef-us1',
  mailchimpLists: { local001: { name: 'Local members' }, local002: { name: 'Local leads' } },
};

/** The server itself on loopback (Node does not resolve `*.localhost`), from the first origin's port. */
function serverOf(origins: string[]): string {
  const first = new URL(origins[0] ?? 'http://localhost:3000');
  return `http://127.0.0.1:${first.port || '80'}`;
}

export interface LocalStubs {
  /** The variables that point the server at the stand-ins. */
  env: Record<string, string>;
  providers: ProviderStub;
  stripe: StripeStub;
  identity: TestIdentityProvider;
  close(): Promise<void>;
}

/**
 * Every stand-in on loopback ports, with the accounts of LOCAL_KEYS, and the env vars that point a
 * server on `origins` (the tenant hosts the browser uses) at them: Stripe billing (Settings > Plan),
 * Stripe Connect and Checkout, Razorpay (key check, orders, checkout), PhonePe (pay page), Twilio, Plivo, Brevo, Mailchimp, Google/Microsoft/Zoho/Zoom OAuth (with
 * consent pages) and an OpenID Connect identity provider for social login.
 */
export async function startLocalStubs(origins: string[]): Promise<LocalStubs> {
  const k = LOCAL_KEYS;
  const oauthApps = ['google', 'microsoft', 'zoho', 'zoom'] as const;
  const providers = await startProviderStub({
    razorpay: [k.razorpay],
    twilio: [k.twilio],
    plivo: [k.plivo],
    brevo: [k.brevo],
    mailchimp: { keys: [k.mailchimp], lists: k.mailchimpLists },
    stripe: { secretKey: k.platformStripeSecret, codes: {}, customers: {} },
    // Accounts connected through the local authorize page can take card payments on its Checkout page.
    stripeCheckout: {
      secretKey: k.platformStripeSecret,
      accounts: [],
      webhook: { url: `${serverOf(origins)}/webhooks/stripe`, secret: k.stripeWebhookSecret },
    },
    // Razorpay's orders and hosted checkout for the local key pair; its webhooks go to the server.
    razorpayCheckout: {
      webhook: { url: `${serverOf(origins)}/webhooks/razorpay`, secret: k.razorpayWebhookSecret },
    },
    phonepe: { merchants: [k.phonepe] },
    paymentspring: { merchants: [k.paymentspring] },
    oauth: {
      clients: Object.fromEntries(oauthApps.map((app) => [app, [`local-${app}-client`, `local-${app}-secret`]])),
      codes: {},
    },
  });
  const stripe = await startStripeStub({ secretKey: k.platformStripeSecret });
  const identity = await startTestIdentityProvider({
    redirectUris: origins.map((origin) => `${origin}/public/oauth/local/callback`),
  });
  const p = providers.url;
  const oauthEnv = Object.fromEntries(
    oauthApps.flatMap((app) => {
      const name = app.toUpperCase();
      return [
        [`${name}_OAUTH_CLIENT_ID`, `local-${app}-client`],
        [`${name}_OAUTH_CLIENT_SECRET`, `local-${app}-secret`],
        [`${name}_OAUTH_AUTHORIZE_URL`, `${p}/${app}/authorize`],
        [`${name}_OAUTH_TOKEN_URL`, `${p}/${app}/token`],
      ];
    }),
  );
  const env: Record<string, string> = {
    PLATFORM_STRIPE_SECRET_KEY: k.platformStripeSecret,
    PLATFORM_STRIPE_PUBLISHABLE_KEY: k.platformStripePublishable,
    STRIPE_API_BASE: stripe.url,
    STRIPE_CONNECT_CLIENT_ID: 'ca_local_connect',
    STRIPE_CONNECT_URL: p,
    STRIPE_CONNECT_API_BASE: p,
    STRIPE_WEBHOOK_SECRET: k.stripeWebhookSecret,
    RAZORPAY_API_URL: p,
    RAZORPAY_PAYMENTS_API_BASE: p,
    RAZORPAY_WEBHOOK_SECRET: k.razorpayWebhookSecret,
    PHONEPE_API_BASE: p,
    PAYMENTSPRING_API_BASE: `${p}/api/v1`,
    TWILIO_API_URL: p,
    PLIVO_API_URL: p,
    BREVO_API_URL: p,
    MAILCHIMP_API_URL: `${p}/{dc}`,
    ZOOM_API_URL: p,
    ...oauthEnv,
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'local',
        name: 'Local identity provider',
        issuer: identity.issuer,
        clientId: TEST_CLIENT.clientId,
        clientSecret: TEST_CLIENT.clientSecret,
        allowInsecure: true,
      },
    ]),
  };
  return {
    env,
    providers,
    stripe,
    identity,
    close: async () => {
      await Promise.all([providers.close(), stripe.close(), identity.close()]);
    },
  };
}
